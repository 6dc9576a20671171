// pages/ (beside routes/, above http/): the HTML pages of the emulated OAuth providers.
// The emulated OAuth provider: a server-rendered consent page on the emulator origin where a developer picks
// an identity used before or types a new one, then allows or denies. The answer goes back to the API callback.
import { Hono } from 'hono';
import { listProviderAccounts } from '../domain/oauth/accounts.ts';
import { getOuterFlow, updateOuterFlow, type EmulatedIdentity } from '../domain/oauth/flows.ts';
import { callbackUrl } from '../domain/oauth/providers.ts';
import type { AppEnv } from '../http/env.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function page(title: string, body: string): Response {
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
fieldset{border:1px solid #ccc;border-radius:.5rem;margin:1rem 0;padding:1rem}
label{display:block;margin:.5rem 0 .2rem}input[type=text],input[type=email]{width:100%;padding:.4rem;box-sizing:border-box}
button{padding:.5rem 1rem;margin:.5rem .5rem 0 0;cursor:pointer}
</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

function callbackRedirect(origin: string, providerId: string, params: Record<string, string>): Response {
  const url = new URL(callbackUrl(origin, providerId));
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return new Response(null, { status: 303, headers: { location: url.toString() } });
}

export const oauthConsentRoutes = new Hono<AppEnv>()
  .get('/oauth/:provider_id/authorize', async (c) => {
    const { db } = c.get('services');
    const providerId = c.req.param('provider_id');
    const state = c.req.query('state') ?? '';
    const stored = await getOuterFlow(db, state);
    if (!stored) return page('Unknown sign-in request', '<h1>Unknown sign-in request</h1><p>Start the sign-in again from the app.</p>');
    const known = await listProviderAccounts(db, stored.flow.projectId, providerId);
    const provider = escapeHtml(providerId);
    const hidden = `<input type="hidden" name="state" value="${escapeHtml(state)}">`;
    const existing = known.length === 0
      ? ''
      : `<fieldset><legend>Continue as an existing ${provider} account</legend>${known
          .map((a) => `<form method="post">${hidden}<input type="hidden" name="account_id" value="${escapeHtml(a.account_id)}"><input type="hidden" name="email" value="${escapeHtml(a.email ?? '')}"><button type="submit" name="action" value="allow">Continue as ${escapeHtml(a.email ?? a.account_id)}</button></form>`)
          .join('')}</fieldset>`;
    const body = `<h1>Sign in with ${provider} (emulated)</h1>
<p>The app is asking for the scopes <code>${escapeHtml(c.req.query('scope') ?? '')}</code>.</p>
${existing}
<form method="post">${hidden}<fieldset><legend>Use a new ${provider} account</legend>
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="off" required>
<label for="display_name">Display name (optional)</label><input id="display_name" name="display_name" type="text" autocomplete="off">
<label for="account_id">Account id (optional)</label><input id="account_id" name="account_id" type="text" autocomplete="off" aria-describedby="account_id_hint">
<p id="account_id_hint">Defaults to the e-mail address.</p>
</fieldset><button type="submit" name="action" value="allow">Allow</button></form>
<form method="post">${hidden}<button type="submit" name="action" value="deny">Deny access</button></form>`;
    return page(`Sign in with ${providerId}`, body);
  })
  .post('/oauth/:provider_id/authorize', async (c) => {
    const { db } = c.get('services');
    const providerId = c.req.param('provider_id');
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()).entries());
    const state = form.state ?? '';
    const origin = new URL(c.req.url).origin;
    if (form.action !== 'allow') return callbackRedirect(origin, providerId, { error: 'access_denied', state });
    const stored = await getOuterFlow(db, state);
    if (!stored) return page('Unknown sign-in request', '<h1>Unknown sign-in request</h1><p>Start the sign-in again from the app.</p>');
    const email = form.email?.trim() || null;
    const accountId = form.account_id?.trim() || email;
    if (!accountId) return page('Missing identity', '<h1>Missing identity</h1><p>Go back and enter an e-mail address.</p>');
    const identity: EmulatedIdentity = { accountId, email, displayName: form.display_name?.trim() || null };
    const code = crypto.randomUUID();
    await updateOuterFlow(db, state, { ...stored.flow, emulated: { code, identity } });
    return callbackRedirect(origin, providerId, { code, state });
  });
