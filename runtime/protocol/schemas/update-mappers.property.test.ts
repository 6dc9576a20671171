// Model -> wire -> parse, property-based (issue 3, Tests): each create/update mapper's body passes the endpoint
// table's strict request schema unchanged, and reading its snake_case keys back gives the model again.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { AccessType } from '../headers.ts';
import { ENDPOINTS, bodySchemaFor, type EndpointName } from '../endpoints.ts';
import { toApiKeyCreateWire, toPermissionDefinitionWire, type ApiKeyCreate } from './admin.ts';
import { toContactChannelCreateWire, toContactChannelUpdateWire } from './contact-channel.ts';
import { toProjectUpdateWire, type AdminProjectUpdate } from './project.ts';
import { toTeamUpdateWire } from './team.ts';
import { toUserUpdateWire } from './user.ts';

const RUNS = { numRuns: 50 };

/** The body the table accepts for `name` as `accessType`, parsed strictly (unknown keys are an error). */
function parseBody(name: EndpointName, accessType: AccessType, body: unknown): unknown {
  const schema = bodySchemaFor(ENDPOINTS[name], accessType);
  if (schema === undefined) throw new Error(`${name} takes no body`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${name} (${accessType}) refused ${JSON.stringify(body)}: ${parsed.error.message}`);
  return parsed.data;
}

/** snake_case keys back to camelCase, one level (nested values are compared as they are). */
const camelKeys = (wire: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(wire).map(([key, value]) => [key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()), value]));

/** model -> wire -> parse is the identity on the wire, and the wire's keys name the model's fields. */
function expectRoundTrip(name: EndpointName, accessType: AccessType, model: Record<string, unknown>, wire: Record<string, unknown>): void {
  expect(parseBody(name, accessType, wire)).toEqual(wire);
  expect(camelKeys(wire)).toEqual(model);
}

const str = fc.string({ maxLength: 12 });
const nullableStr = fc.option(str, { nil: null });
const bool = fc.boolean();
const json = fc.jsonValue({ maxDepth: 2 });
/** Every key optional: an update names only what changes. */
const partial = <T extends Record<string, fc.Arbitrary<unknown>>>(model: T) => fc.record(model, { requiredKeys: [] });

const clientUserUpdate = partial({
  displayName: nullableStr,
  profileImageUrl: nullableStr,
  clientMetadata: json,
  selectedTeamId: nullableStr,
  totpSecretBase64: nullableStr,
  otpAuthEnabled: bool,
  passkeyAuthEnabled: fc.constant(false as const),
});
const serverUserUpdate = fc
  .tuple(
    clientUserUpdate,
    partial({
      primaryEmail: nullableStr,
      primaryEmailVerified: bool,
      primaryEmailAuthEnabled: bool,
      clientReadOnlyMetadata: json,
      serverMetadata: json,
      password: nullableStr,
      passwordHash: str,
    }),
  )
  .map(([client, server]) => ({ ...client, ...server }));

const teamUpdate = partial({ displayName: str, profileImageUrl: nullableStr, clientMetadata: json });
const serverTeamUpdate = fc.tuple(teamUpdate, partial({ clientReadOnlyMetadata: json, serverMetadata: json })).map(([a, b]) => ({ ...a, ...b }));

describe('user updates', () => {
  test('client: PATCH /users/me', () => {
    fc.assert(fc.property(clientUserUpdate, (model) => expectRoundTrip('usersMeUpdate', 'client', model, toUserUpdateWire(model))), RUNS);
  });

  test('server: PATCH /users/me, PATCH /users/{id}, POST /users', () => {
    fc.assert(
      fc.property(serverUserUpdate, (model) => {
        const wire = toUserUpdateWire(model);
        expectRoundTrip('usersMeUpdate', 'server', model, wire);
        expectRoundTrip('usersUpdate', 'server', model, wire);
        // POST /users has no selected team (a new user is in none).
        const { selectedTeamId: _none, ...create } = model;
        expectRoundTrip('usersCreate', 'admin', create, toUserUpdateWire(create));
      }),
      RUNS,
    );
  });
});

describe('team create and update', () => {
  test('client: POST /teams (display name required) and PATCH /teams/{id}', () => {
    fc.assert(
      fc.property(teamUpdate, str, (model, displayName) => {
        expectRoundTrip('teamsUpdate', 'client', model, toTeamUpdateWire(model));
        const create = { ...model, displayName };
        expectRoundTrip('teamsCreate', 'client', create, toTeamUpdateWire(create));
      }),
      RUNS,
    );
  });

  test('server: the metadata the client may not write', () => {
    fc.assert(fc.property(serverTeamUpdate, (model) => expectRoundTrip('teamsUpdate', 'server', model, toTeamUpdateWire(model))), RUNS);
  });
});

describe('contact channels', () => {
  const create = fc.record({ userId: str, value: str, type: fc.constant('email' as const), usedForAuth: bool, isPrimary: bool }, { requiredKeys: ['userId', 'value', 'type', 'usedForAuth'] });
  const update = partial({ value: str, type: fc.constant('email' as const), usedForAuth: bool, isPrimary: bool });

  test('client create and update', () => {
    fc.assert(
      fc.property(create, update, (c, u) => {
        expectRoundTrip('contactChannelsCreate', 'client', c, toContactChannelCreateWire(c));
        expectRoundTrip('contactChannelsUpdate', 'client', u, toContactChannelUpdateWire(u));
      }),
      RUNS,
    );
  });

  test('server create and update may set isVerified; the client body refuses it', () => {
    fc.assert(
      fc.property(create, update, bool, (c, u, isVerified) => {
        expectRoundTrip('contactChannelsCreate', 'server', { ...c, isVerified }, toContactChannelCreateWire({ ...c, isVerified }));
        expectRoundTrip('contactChannelsUpdate', 'server', { ...u, isVerified }, toContactChannelUpdateWire({ ...u, isVerified }));
        expect(() => parseBody('contactChannelsCreate', 'client', toContactChannelCreateWire({ ...c, isVerified }))).toThrow(/refused/);
      }),
      RUNS,
    );
  });
});

describe('admin bodies', () => {
  const permissionId = fc.stringMatching(/^[a-z0-9_:]{1,12}$/);

  test('permission definition create and update', () => {
    const definition = fc.record({ id: permissionId, description: str, containedPermissionIds: fc.array(permissionId, { maxLength: 3 }) }, { requiredKeys: ['id'] });
    fc.assert(
      fc.property(definition, (model) => {
        const wire = toPermissionDefinitionWire(model);
        expectRoundTrip('teamPermissionDefinitionsCreate', 'admin', model, wire);
        expectRoundTrip('teamPermissionDefinitionsUpdate', 'admin', model, wire);
      }),
      RUNS,
    );
  });

  test('API key create: the expiry as millis of the same instant', () => {
    const create = fc.record({
      description: str,
      expiresAt: fc.date({ min: new Date(0), max: new Date(4_102_444_800_000), noInvalidDate: true }),
      hasPublishableClientKey: bool,
      hasSecretServerKey: bool,
      hasSuperSecretAdminKey: bool,
    });
    fc.assert(
      fc.property(create, (model: ApiKeyCreate) => {
        const wire = toApiKeyCreateWire(model);
        expect(parseBody('apiKeysCreate', 'admin', wire)).toEqual(wire);
        const { expiresAtMillis, ...rest } = camelKeys(wire);
        expect({ ...rest, expiresAt: new Date(expiresAtMillis as number) }).toEqual(model);
      }),
      RUNS,
    );
  });

  test('project update: config nested, shared e-mail and OAuth entries without the standard-only fields', () => {
    const idRef = fc.record({ id: str });
    const standardEmail = fc.record({
      type: fc.constant('standard'),
      host: str,
      port: fc.integer({ min: 1, max: 65_535 }),
      username: str,
      password: str,
      senderName: str,
      senderEmail: str,
    });
    const standardProvider = fc.record(
      { id: str, enabled: bool, type: fc.constant('standard'), clientId: str, clientSecret: str, facebookConfigId: str, microsoftTenantId: str },
      { requiredKeys: ['id', 'enabled', 'type', 'clientId', 'clientSecret'] },
    );
    const config = partial({
      signUpEnabled: bool,
      credentialEnabled: bool,
      magicLinkEnabled: bool,
      passkeyEnabled: bool,
      clientTeamCreationEnabled: bool,
      clientUserDeletionEnabled: bool,
      // The API accepts only false.
      legacyGlobalJwtSigning: fc.constant(false),
      allowLocalhost: bool,
      createTeamOnSignUp: bool,
      teamCreatorDefaultPermissions: fc.array(idRef, { maxLength: 2 }),
      teamMemberDefaultPermissions: fc.array(idRef, { maxLength: 2 }),
      domains: fc.array(fc.record({ domain: str, handlerPath: str }), { maxLength: 2 }),
      emailConfig: fc.oneof(fc.constant({ type: 'shared' }), standardEmail),
      oauthProviders: fc.array(fc.oneof(fc.record({ id: str, enabled: bool, type: fc.constant('shared') }), standardProvider), { maxLength: 2 }),
    });
    const update = partial({ displayName: str, description: str, isProductionMode: bool, config });
    fc.assert(
      fc.property(update, (model: AdminProjectUpdate) => {
        const wire = toProjectUpdateWire(model);
        expect(parseBody('projectsCurrentUpdate', 'admin', wire)).toEqual(wire);
        expect(parseBody('internalProjectsCreate', 'client', { display_name: 'x', ...wire })).toEqual({ display_name: 'x', ...wire });
        const { config: wireConfig, ...top } = camelKeys(wire);
        const { config: modelConfig, ...modelTop } = model;
        expect(top).toEqual(modelTop);
        if (modelConfig === undefined) return void expect(wireConfig).toBeUndefined();
        const back = camelKeys(wireConfig as Record<string, unknown>);
        const nested = (items: unknown) => (items as Record<string, unknown>[] | undefined)?.map(camelKeys);
        expect({
          ...back,
          ...(back.domains === undefined ? {} : { domains: nested(back.domains) }),
          ...(back.emailConfig === undefined ? {} : { emailConfig: camelKeys(back.emailConfig as Record<string, unknown>) }),
          ...(back.oauthProviders === undefined ? {} : { oauthProviders: nested(back.oauthProviders) }),
        }).toEqual(modelConfig);
      }),
      RUNS,
    );
  });
});
