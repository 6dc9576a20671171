// The outer OAuth flow (10 min, keyed by the inner state of the provider round trip) and the authorization
// codes handed to the client afterwards (5 min, 64 hex chars, PKCE-bound).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const OUTER_FLOW_LIFETIME_MILLIS = 10 * 60 * 1000;
const AUTHORIZATION_CODE_LIFETIME_MILLIS = 5 * 60 * 1000;

export interface OuterFlow {
  projectId: string;
  providerId: string;
  publishableClientKey: string;
  redirectUri: string;
  scope: string;
  state: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  type: 'authenticate' | 'link';
  projectUserId: string | null;
  providerScope: string | null;
  errorRedirectUrl: string | null;
  afterCallbackRedirectUrl: string | null;
  /** PKCE verifier of the inner (emulator → provider) round trip. */
  innerCodeVerifier: string;
  /** `json` (the 2.8 client's fetch): answered 200 {location} without the inner cookie, which the callback then skips. */
  responseMode?: 'json' | 'redirect';
  /** Emulated providers: the identity picked on the consent page and the code handed back for it. */
  emulated?: { code: string; identity: EmulatedIdentity };
}

export interface EmulatedIdentity {
  accountId: string;
  email: string | null;
  displayName: string | null;
}

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function randomUrlSafe(bytes = 32): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes)))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function createOuterFlow(db: Kysely<Database>, flow: OuterFlow, nowMillis: number): Promise<string> {
  const innerState = randomUrlSafe();
  await db
    .insertInto('oauth_flows')
    .values({ id: innerState, project_id: flow.projectId, data: JSON.stringify(flow), created_at_millis: nowMillis, expires_at_millis: nowMillis + OUTER_FLOW_LIFETIME_MILLIS })
    .execute();
  return innerState;
}

export async function getOuterFlow(db: Kysely<Database>, innerState: string): Promise<{ flow: OuterFlow; expiresAtMillis: number } | null> {
  const row = await db.selectFrom('oauth_flows').selectAll().where('id', '=', innerState).executeTakeFirst();
  return row ? { flow: row.data as OuterFlow, expiresAtMillis: row.expires_at_millis } : null;
}

export async function updateOuterFlow(db: Kysely<Database>, innerState: string, flow: OuterFlow): Promise<void> {
  await db.updateTable('oauth_flows').set({ data: JSON.stringify(flow) }).where('id', '=', innerState).execute();
}

export interface AuthorizationCodeData {
  projectId: string;
  userId: string;
  redirectUri: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  isNewUser: boolean;
  afterCallbackRedirectUrl: string | null;
}

export async function createAuthorizationCode(db: Kysely<Database>, data: AuthorizationCodeData, nowMillis: number): Promise<string> {
  const code = randomHex(32);
  await db
    .insertInto('oauth_authorization_codes')
    .values({ code, project_id: data.projectId, data: JSON.stringify(data), expires_at_millis: nowMillis + AUTHORIZATION_CODE_LIFETIME_MILLIS, used_at_millis: null })
    .execute();
  return code;
}

/** The unused, unexpired code (null otherwise); it is marked used. */
export async function redeemAuthorizationCode(db: Kysely<Database>, projectId: string, code: string, nowMillis: number): Promise<AuthorizationCodeData | null> {
  const row = await db.selectFrom('oauth_authorization_codes').selectAll().where('code', '=', code).where('project_id', '=', projectId).executeTakeFirst();
  if (!row || row.used_at_millis !== null || row.expires_at_millis < nowMillis) return null;
  await db.updateTable('oauth_authorization_codes').set({ used_at_millis: nowMillis }).where('code', '=', code).execute();
  return row.data as AuthorizationCodeData;
}

export async function pkceChallenge(verifier: string, method: string): Promise<string> {
  if (method === 'plain') return verifier;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
