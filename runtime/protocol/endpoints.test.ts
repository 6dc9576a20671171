import { z } from 'zod';
import { describe, expect, test } from 'vitest';
import {
  ENDPOINTS,
  bodySchemaFor,
  buildEndpointPath,
  buildQueryString,
  findEndpoints,
  matchEndpointPath,
  responseSpecFor,
  type EndpointDef,
  type EndpointName,
} from './endpoints.ts';
import { adminProjectSchema, clientProjectSchema } from './schemas/project.ts';

const rows = Object.entries(ENDPOINTS) as [EndpointName, EndpointDef][];

describe('row invariants', () => {
  test.each(rows)('%s: GET has no body; bodies and queries are strict', (_name, def) => {
    if (def.method === 'GET') expect(def.body).toBeUndefined();
    for (const schema of [def.body, def.serverBody, def.query]) {
      if (!(schema instanceof z.ZodObject)) continue;
      if (def.path.startsWith('/auth/oauth/callback')) continue;
      const result = schema.safeParse({ definitely_not_a_field: 'x' });
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
    }
  });

  test('only the session endpoints and password update read the refresh token', () => {
    const readers = rows.filter(([, d]) => d.readsRefreshToken).map(([n]) => n).sort();
    expect(readers).toEqual(['passwordUpdate', 'sessionRefresh', 'sessionSignOut']);
  });

  test('token endpoint is form-encoded and needs no project auth', () => {
    expect(ENDPOINTS.oauthToken.bodyEncoding).toBe('form');
    expect(ENDPOINTS.oauthToken.access).toEqual([]);
    expect(ENDPOINTS.oauthToken.body.safeParse({ grant_type: 'refresh_token', refresh_token: 'r', client_id: 'p', client_secret: 'pck' }).success).toBe(true);
    expect(ENDPOINTS.oauthToken.body.safeParse({ grant_type: 'refresh_token', refresh_token: 'r', client_id: 'p', client_secret: 'pck', x: 1 }).success).toBe(false);
  });

  test('sign-up body: verification_callback_url optional, extra keys rejected, password ≤ 70', () => {
    const body = ENDPOINTS.passwordSignUp.body;
    expect(body.safeParse({ email: 'a@b.co', password: 'password1' }).success).toBe(true);
    expect(body.safeParse({ email: 'a@b.co', password: 'x'.repeat(71) }).success).toBe(false);
    expect(body.safeParse({ email: 'a@b.co', password: 'password1', bot_challenge_token: 't' }).success).toBe(false);
  });

  test('codes must be exactly 45 chars', () => {
    expect(ENDPOINTS.otpSignIn.body.safeParse({ code: 'a'.repeat(45) }).success).toBe(true);
    expect(ENDPOINTS.otpSignIn.body.safeParse({ code: 'a'.repeat(44) }).success).toBe(false);
  });

  test('POST /users takes the create fields but no selected_team_id; the updates take it', () => {
    const create = ENDPOINTS.usersCreate.body;
    const createFields = {
      display_name: 'A', profile_image_url: null, client_metadata: {}, client_read_only_metadata: {}, server_metadata: {},
      primary_email: 'a@b.co', primary_email_verified: true, primary_email_auth_enabled: true, passkey_auth_enabled: false,
      password: 'password1', password_hash: '$2a$10$x', otp_auth_enabled: false, totp_secret_base64: null,
      oauth_providers: [{ id: 'github', account_id: '1', email: null }],
    };
    expect(create.safeParse(createFields).success).toBe(true);
    expect(create.safeParse({ selected_team_id: null }).success).toBe(false);
    expect(ENDPOINTS.usersUpdate.body.safeParse({ selected_team_id: null }).success).toBe(true);
    expect(bodySchemaFor(ENDPOINTS.usersMeUpdate, 'client')?.safeParse({ selected_team_id: null }).success).toBe(true);
    expect(bodySchemaFor(ENDPOINTS.usersMeUpdate, 'server')?.safeParse({ selected_team_id: null }).success).toBe(true);
  });

  test('client and server views differ as on the wire', () => {
    expect(responseSpecFor(ENDPOINTS.usersMe, 'client')).toBe(ENDPOINTS.usersMe.response);
    expect(responseSpecFor(ENDPOINTS.usersMe, 'server')).toBe(ENDPOINTS.usersMe.serverResponse);
    const clientPatch = bodySchemaFor(ENDPOINTS.usersMeUpdate, 'client') as z.ZodType;
    const serverPatch = bodySchemaFor(ENDPOINTS.usersMeUpdate, 'admin') as z.ZodType;
    expect(clientPatch.safeParse({ server_metadata: {} }).success).toBe(false);
    expect(serverPatch.safeParse({ server_metadata: {} }).success).toBe(true);
  });
});

describe('path helpers', () => {
  test('buildEndpointPath encodes each parameter as one segment', () => {
    expect(buildEndpointPath(ENDPOINTS.teamMembershipsDelete.path, { team_id: 't/1', user_id: 'me' })).toBe('/team-memberships/t%2F1/me');
    expect(() => buildEndpointPath('/teams/{team_id}', {} as { team_id: string })).toThrow(TypeError);
  });

  test('buildQueryString skips undefined values', () => {
    expect(buildQueryString({ user_id: 'me', team_id: undefined, recursive: 'true' })).toBe('?user_id=me&recursive=true');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });

  test('matchEndpointPath decodes parameters', () => {
    expect(matchEndpointPath('/contact-channels/{user_id}/{id}', '/contact-channels/me/c%201')).toEqual({
      user_id: 'me',
      id: 'c 1',
    });
    expect(matchEndpointPath('/teams/{team_id}', '/teams/a/b')).toBeNull();
    expect(matchEndpointPath('/teams/{team_id}', '/teams/%E0%A4%A')).toBeNull();
  });

  test('findEndpoints prefers literal segments', () => {
    expect(findEndpoints('get', '/users/me')[0]?.name).toBe('usersMe');
    expect(findEndpoints('GET', '/users/9b3f')[0]?.name).toBe('usersGet');
    expect(findEndpoints('POST', '/team-invitations/accept').map((f) => f.name)).toEqual(['teamInvitationsAccept']);
    expect(findEndpoints('GET', '/projects/current').map((f) => f.name).sort()).toEqual(['projectsCurrent', 'projectsCurrentAdmin']);
    expect(findEndpoints('GET', '/nope')).toEqual([]);
  });

  test.each([
    ['client', 'projectsCurrent', clientProjectSchema],
    ['server', 'projectsCurrent', clientProjectSchema],
    ['admin', 'projectsCurrentAdmin', adminProjectSchema],
  ] as const)('GET /projects/current for %s: one row, with the view of that access type', (accessType, name, view) => {
    const found = findEndpoints('GET', '/projects/current', accessType);
    expect(found.map((f) => f.name)).toEqual([name]);
    expect(responseSpecFor(ENDPOINTS[name], accessType)).toBe(view);
  });

  test('findEndpoints with an access type keeps rows that need no project auth', () => {
    expect(findEndpoints('POST', '/auth/oauth/token', 'client').map((f) => f.name)).toEqual(['oauthToken']);
    expect(findEndpoints('GET', '/users', 'client')).toEqual([]);
    expect(findEndpoints('GET', '/users', 'server').map((f) => f.name)).toEqual(['usersList']);
  });
});
