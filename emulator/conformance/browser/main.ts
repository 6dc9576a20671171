// Page for the Chromium conformance run: the published @stackframe/js, bundled by Vite, driven through
// `window.conformance` by emulator/conformance/stack-js-browser.test.ts. The API base and the project come from
// the query string, so one build serves any emulator port.
import { StackClientApp } from '@stackframe/js';

const params = new URLSearchParams(location.search);
const app = new StackClientApp({
  tokenStore: 'memory',
  baseUrl: params.get('api') ?? '',
  projectId: params.get('project') ?? '',
  publishableClientKey: params.get('key') ?? '',
  analytics: { enabled: false },
  // signOut() would otherwise navigate to the home URL and end the run.
  redirectMethod: 'none',
});

export interface FlowReport {
  signUp: string;
  duplicateSignUp: string;
  email: string | null;
  displayName: string | null;
  clientMetadata: unknown;
  tokenDisplayName: string | null;
  contactChannels: string[];
  team: string;
  teams: string[];
  afterSignOut: string | null;
  signIn: string;
  wrongPassword: string;
  project: string;
}

const outcome = (r: { status: 'ok' } | { status: 'error'; error: Error }) => (r.status === 'ok' ? 'ok' : r.error.message);

async function runFlows(email: string, password: string): Promise<FlowReport> {
  const signUp = outcome(await app.signUpWithCredential({ email, password, noRedirect: true }));
  const duplicateSignUp = outcome(await app.signUpWithCredential({ email, password, noRedirect: true }));
  const user = await app.getUser({ or: 'throw' });
  await user.update({ displayName: 'Ada Lovelace', clientMetadata: { theme: 'dark' } });
  const updated = await app.getUser({ or: 'throw' });
  const tokenUser = await app.getPartialUser({ from: 'token' });
  const contactChannels = (await updated.listContactChannels()).map((c) => c.value);
  const team = await updated.createTeam({ displayName: 'Analytical Engines' });
  const teams = (await updated.listTeams()).map((t) => t.displayName);
  await app.signOut();
  const afterSignOut = (await app.getUser())?.primaryEmail ?? null;
  const signIn = outcome(await app.signInWithCredential({ email, password, noRedirect: true }));
  const wrongPassword = outcome(await app.signInWithCredential({ email, password: 'not the password', noRedirect: true }));
  const project = (await app.getProject()).displayName;
  return {
    signUp,
    duplicateSignUp,
    email: updated.primaryEmail,
    displayName: updated.displayName,
    clientMetadata: updated.clientMetadata,
    tokenDisplayName: tokenUser?.displayName ?? null,
    contactChannels,
    team: team.displayName,
    teams,
    afterSignOut,
    signIn,
    wrongPassword,
    project,
  };
}

Object.assign(window, { conformance: { runFlows } });
(document.getElementById('status') as HTMLElement).textContent = 'ready';
