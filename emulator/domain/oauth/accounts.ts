// domain/oauth/: the OAuth flows, the emulated providers and the accounts they connect.
// OAuth accounts: sign-in, sign-up and linking at the callback, the provider tokens
// kept for them, and connected-account access tokens with their scope rules.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { KnownError, type Dialect } from '../../core/known-errors.ts';
import type { Project } from '../projects.ts';
import { createOrUpgradeAnonymousUser, findUserByAuthEmail, getUser } from '../users.ts';
import { defaultProviderScope, refreshProviderToken, type ProviderTokenSet, type ProviderUserInfo } from './providers.ts';

/** Space-separated scopes, deduplicated. */
function extractScopes(text: string): string[] {
  return [...new Set(text.split(/\s+/).filter((s) => s !== ''))];
}

async function storeTokens(db: Kysely<Database>, projectId: string, providerId: string, accountId: string, scopes: string[], tokens: ProviderTokenSet, nowMillis: number) {
  const rows = [
    { kind: 'access', token: tokens.accessToken, expires_at_millis: tokens.expiresAtMillis },
    ...(tokens.refreshToken ? [{ kind: 'refresh', token: tokens.refreshToken, expires_at_millis: null }] : []),
  ];
  for (const row of rows) {
    await db
      .insertInto('oauth_tokens')
      .values({ id: crypto.randomUUID(), project_id: projectId, provider_id: providerId, account_id: accountId, scopes: JSON.stringify(scopes), created_at_millis: nowMillis, ...row })
      .execute();
  }
}

export interface CallbackOutcome {
  userId: string;
  isNewUser: boolean;
}

/** What the callback does once the provider answered: link, sign in, or sign up. */
export async function completeOAuthCallback(
  db: Kysely<Database>,
  project: Project,
  o: { providerId: string; type: 'authenticate' | 'link'; projectUserId: string | null; providerScope: string | null; userInfo: ProviderUserInfo; tokens: ProviderTokenSet; nowMillis: number; webhookDialect: Dialect },
): Promise<CallbackOutcome> {
  const { userInfo } = o;
  const scopes = extractScopes(`${defaultProviderScope(o.providerId)} ${o.providerScope ?? ''}`);
  const existing = await db
    .selectFrom('oauth_accounts')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('provider_id', '=', o.providerId)
    .where('account_id', '=', userInfo.accountId)
    .executeTakeFirst();
  const store = () => storeTokens(db, project.id, o.providerId, userInfo.accountId, scopes, o.tokens, o.nowMillis);

  if (o.type === 'link') {
    const userId = o.projectUserId ?? '';
    const current = await db.selectFrom('oauth_accounts').selectAll().where('user_id', '=', userId).where('provider_id', '=', o.providerId).executeTakeFirst();
    if (current && current.account_id !== userInfo.accountId) throw new KnownError('USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION');
    if (existing && existing.user_id !== userId) throw new KnownError('OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER');
    if (!existing) {
      await db
        .insertInto('oauth_accounts')
        .values({ project_id: project.id, provider_id: o.providerId, account_id: userInfo.accountId, user_id: userId, email: userInfo.email, created_at_millis: o.nowMillis })
        .execute();
    }
    await store();
    return { userId, isNewUser: false };
  }

  if (existing) {
    await store();
    return { userId: existing.user_id, isNewUser: false };
  }
  if (!project.config.sign_up_enabled) throw new KnownError('SIGN_UP_NOT_ENABLED');
  // The backend's merge strategy `link_method` (its default): an e-mail another user signs in with gets this provider
  // account added to that user, whatever its verification; no new user, that user's channels unchanged.
  const owner = userInfo.email === null ? null : await findUserByAuthEmail(db, project.id, userInfo.email);
  if (owner) {
    await db
      .insertInto('oauth_accounts')
      .values({ project_id: project.id, provider_id: o.providerId, account_id: userInfo.accountId, user_id: owner.row.id, email: userInfo.email, created_at_millis: o.nowMillis })
      .execute();
    await store();
    return { userId: owner.row.id, isNewUser: false };
  }
  // The flow's token (the 2.8 client sends its anonymous session's) makes this sign-up an upgrade of that user.
  const current = o.projectUserId === null ? null : await getUser(db, project.id, o.projectUserId);
  const user = await createOrUpgradeAnonymousUser(db, project.id, o.nowMillis, current, {
    displayName: userInfo.displayName,
    primaryEmail: userInfo.email,
    primaryEmailVerified: userInfo.emailVerified,
    primaryEmailAuthEnabled: userInfo.email !== null,
    oauthAccounts: [{ providerId: o.providerId, accountId: userInfo.accountId, email: userInfo.email }],
    webhookDialect: o.webhookDialect,
  });
  await store();
  return { userId: user.row.id, isNewUser: true };
}

const MIN_REMAINING_MILLIS = 5 * 60 * 1000;

/**
 * A provider access token of the user's connected account covering `scope`: a stored one valid for 5 more
 * minutes, else one refreshed with a stored refresh token that covers the scopes.
 */
export async function connectedAccountAccessToken(
  db: Kysely<Database>,
  project: Project,
  o: { userId: string; providerId: string; scope: string; nowMillis: number },
): Promise<string> {
  const provider = project.config.oauth_providers.find((p) => p.id === o.providerId);
  if (!provider || !provider.enabled) throw new KnownError('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
  if (provider.type === 'shared') throw new KnownError('OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS');
  const account = await db.selectFrom('oauth_accounts').selectAll().where('user_id', '=', o.userId).where('provider_id', '=', o.providerId).executeTakeFirst();
  if (!account) throw new KnownError('OAUTH_CONNECTION_NOT_CONNECTED_TO_USER');
  const wanted = extractScopes(o.scope);
  const tokens = await db
    .selectFrom('oauth_tokens')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('provider_id', '=', o.providerId)
    .where('account_id', '=', account.account_id)
    .orderBy('created_at_millis', 'desc')
    .execute();
  const covers = (scopes: unknown) => wanted.every((s) => (scopes as string[]).includes(s));
  const access = tokens.find((t) => t.kind === 'access' && covers(t.scopes) && (t.expires_at_millis ?? Infinity) > o.nowMillis + MIN_REMAINING_MILLIS);
  if (access) return access.token;
  for (const refresh of tokens.filter((t) => t.kind === 'refresh' && covers(t.scopes))) {
    const fresh = await refreshProviderToken(o.providerId, refresh.token, o.nowMillis);
    if (!fresh) continue;
    await storeTokens(db, project.id, o.providerId, account.account_id, refresh.scopes as string[], { ...fresh, refreshToken: null }, o.nowMillis);
    return fresh.accessToken;
  }
  throw new KnownError('OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE');
}

/** The emulated provider's known identities in a project, oldest first (offered again on its consent page). */
export function listProviderAccounts(db: Kysely<Database>, projectId: string, providerId: string): Promise<{ account_id: string; email: string | null }[]> {
  return db
    .selectFrom('oauth_accounts')
    .select(['account_id', 'email'])
    .where('project_id', '=', projectId)
    .where('provider_id', '=', providerId)
    .orderBy('created_at_millis')
    .execute();
}
