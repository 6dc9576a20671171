// Builds docs/troubleshooting.md from the known-error catalogue, so the page cannot drift from the code.
// Regenerate with `npm run gen`; scripts/gen.test.ts checks it is current.
import { KNOWN_ERROR_CATALOGUE, knownErrorAncestry } from '../runtime/protocol/errors/catalogue.ts';

/** What to do, by code or by the nearest family in its ancestry. */
const ADVICE: Record<string, string> = {
  EMAIL_PASSWORD_MISMATCH: 'Show it to the user as it is; offer a retry or a password reset.',
  USER_EMAIL_ALREADY_EXISTS: 'The user should sign in instead, or use another e-mail.',
  SIGN_UP_NOT_ENABLED: 'Enable sign-up for the project (project settings; the emulator: `PATCH /projects/current`).',
  PASSWORD_AUTHENTICATION_NOT_ENABLED: 'Enable password sign-in for the project, or hide the password form.',
  PASSKEY_AUTHENTICATION_NOT_ENABLED: 'Enable passkeys for the project, or hide the passkey button.',
  REDIRECT_URL_NOT_WHITELISTED: "Add the app's domain to the project's trusted domains, or allow localhost in development.",
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: 'Handled by authworker: the user is asked for a TOTP code (`onTotpRequired`), then the sign-in continues.',
  INVALID_TOTP_CODE: 'Ask for the current six-digit code again.',
  CANNOT_GET_OWN_USER_WITHOUT_USER: 'Nobody is signed in: `getUser()` answers null for this.',
  USER_AUTHENTICATION_REQUIRED: 'Sign the user in first.',
  SCHEMA_ERROR: 'A request had the wrong shape. Check the arguments; report it if authworker sent it.',
  BODY_PARSING_ERROR: 'A request body was not valid JSON or had an unknown content type.',
  ALL_OVERLOADS_FAILED: 'No access type accepted the request; the details list why each failed.',
  TEAM_PERMISSION_REQUIRED: 'The user lacks this team permission; grant it with the server app.',
  EMAIL_ALREADY_VERIFIED: 'Nothing to do: the address is verified.',
  OUTER_OAUTH_TIMEOUT: 'The OAuth sign-in took over ten minutes: start it again.',
  UNSUPPORTED_ERROR: 'The service is newer than this client: update authworker.',
  INVALID_PROJECT_AUTHENTICATION: 'Check `projectId` and the key: the project id, the access type and the key must belong to one project.',
  PROJECT_AUTHENTICATION_REQUIRED: 'Pass the key this app needs: publishable (client), secret server (server) or super secret admin (admin).',
  INVALID_ADMIN_ACCESS_TOKEN: "The project owner's session expired or does not own this project: sign in to the internal project again.",
  INVALID_ACCESS_TOKEN: 'Handled by authworker: the access token is refreshed and the request retried. In your own backend: send a fresh token.',
  REFRESH_TOKEN_ERROR: 'The session ended (signed out elsewhere, revoked or expired): every tab is signed out; sign in again.',
  VERIFICATION_ERROR: 'The e-mailed code is unknown, expired, used or was tried too often: ask for a new e-mail.',
  PASSWORD_REQUIREMENTS_NOT_MET: 'Choose a password of 8 to 70 characters.',
  API_KEY_NOT_VALID: 'Create a new API key for the project.',
};

function adviceFor(code: keyof typeof KNOWN_ERROR_CATALOGUE): string {
  for (const ancestor of [code, ...knownErrorAncestry(code)]) {
    const advice = ADVICE[ancestor];
    if (advice) return advice;
  }
  if (code.startsWith('OAUTH_') || code.includes('OAUTH')) return "Check the project's OAuth provider settings and the user's connected accounts.";
  if (code.startsWith('TEAM_') || code.includes('PERMISSION')) return 'Check the team, membership or permission named in the message.';
  return 'See the message.';
}

function messageTemplate(code: keyof typeof KNOWN_ERROR_CATALOGUE): string {
  const row = KNOWN_ERROR_CATALOGUE[code];
  const fields = row.details ? Object.keys(row.details.shape) : [];
  const placeholders = Object.fromEntries(fields.map((field) => [field, `{${field}}`]));
  let text: string;
  try {
    text = row.message(placeholders);
  } catch {
    // Details that are lists or objects take no placeholder text.
    text = row.message({});
  }
  return text.replace(/\s*\n+\s*/g, ' ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function troubleshootingMarkdown(): string {
  const rows = (Object.keys(KNOWN_ERROR_CATALOGUE) as (keyof typeof KNOWN_ERROR_CATALOGUE)[])
    .filter((code) => KNOWN_ERROR_CATALOGUE[code].status !== null)
    .sort()
    .map((code) => {
      const row = KNOWN_ERROR_CATALOGUE[code];
      const family = knownErrorAncestry(code).filter((c) => c !== code).join(' < ') || '—';
      return `| \`${code}\` | ${row.status} | ${cell(family)} | ${cell(messageTemplate(code))} | ${cell(adviceFor(code))} |`;
    });
  return [
    '# Troubleshooting: the error catalogue',
    '',
    'Every known error the API can answer, as authworker rebuilds it: `error instanceof KnownErrors.<PascalCaseCode>`',
    'works for the code and each family it belongs to (for example every `ACCESS_TOKEN_EXPIRED` is also an',
    '`InvalidAccessToken`). `{field}` stands for a value from the error\'s `details`. Generated from',
    '`runtime/protocol/errors/catalogue.ts` by `npm run gen`; a test keeps it current.',
    '',
    '`isKnownError(error)` (from `authworker/errors` and `authworker/server`) is true for an error of any code',
    'below, and types it as `TypedKnownError`, a union discriminated by `code`: comparing `error.code` with a code',
    'gives `error.details` that code\'s fields (`KnownErrorDetails`, generated from the catalogue). `isKnownErrorOf(error,',
    'family)` does the same for a family\'s codes.',
    '',
    '```ts',
    "import { StackClientApp } from 'authworker';",
    "import { isKnownError } from 'authworker/errors';",
    "import { apiUrl } from './settings.ts';",
    '',
    "const app = new StackClientApp({ projectId: 'dfa45225-c0f9-490d-98d7-d2c978934c58', publishableClientKey: 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf', baseUrl: apiUrl });",
    "const signUp = await app.signUpWithCredential({ email: 'ada@example.com', password: 'correct horse battery', noRedirect: true });",
    "if (signUp.status === 'error' && isKnownError(signUp.error) && signUp.error.code === 'USER_EMAIL_ALREADY_EXISTS') {",
    '  // details: { email?: string; would_work_if_email_was_verified?: boolean } | undefined',
    "  if (signUp.error.details?.would_work_if_email_was_verified) console.log('Verify that e-mail to sign in with a password.');",
    '}',
    '```',
    '',
    'Errors that are not in the API\'s catalogue, raised by authworker itself:',
    '',
    '| error | when | what to do |',
    '|---|---|---|',
    '| `OfflineError` | the browser is offline (fails at once, no retries) | Wait for the connection; the session stays. |',
    '| `NetworkError` | the API stayed unreachable after 5 attempts, or (server and admin apps) did not answer within `requestTimeoutMs`, or a server could not fetch the project\'s key set to check a token | The message and `url` name the URL tried, then the cause (with Node\'s reason, such as `ECONNREFUSED`) and diagnostics from the API origin only. Check the API URL (`baseUrl`) and that the server is up. |',
    '| `HttpError` | any other non-ok answer | `Failed to send request to <url>: <status> <body>`. |',
    '| `UnknownKnownError` | a known-error answer with a code this version does not know (a `KnownError`: code, status, details) | Returned by result methods; `serverMessage` has the server\'s text. Update authworker for a typed class. |',
    '| `UntrustedRedirectError` | a redirect target is neither relative nor on this page\'s origin or the project\'s trusted domains | `Redirect URL <url> is not trusted; should be relative.` (the SDK\'s text) |',
    '| `StackSetupError` | an app was built without its project id or a key (client: `projectId`, `publishableClientKey`) | The message names the missing option; pass it. |',
    '| `NotImplementedError` | a feature that is not built yet | Listed in the README\'s status. |',
    '',
    '| code | status | family | message | what to do |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** docs/troubleshooting.md, one of `npm run gen`'s generators (scripts/gen.ts). */
export const troubleshootingFiles = () => ({ 'docs/troubleshooting.md': troubleshootingMarkdown() });
