// The known-error catalogue in full (the 2.7 backend's codes plus the 2.8 service's): texts, details schemas and the 2.8 dialect rows,
// for the emulator, the server side, the docs and index.ts. Status and parent live in table.ts.
import * as z from 'zod/mini';
import { KNOWN_ERRORS_SINCE_2_8 } from './catalogue-2-8.ts';
import {
  INVALID_TOTP_CODE_TEXT,
  KNOWN_ERROR_CODES,
  KNOWN_ERROR_TABLE,
  isKnownErrorCode,
  knownErrorAncestry,
  type KnownErrorCode,
} from './table.ts';
import {
  bool,
  category,
  expiredAtSuffix,
  fixed,
  nullableNum,
  nullableStr,
  num,
  quoted,
  show,
  str,
  withDetails,
  type KnownErrorRow,
} from './entry.ts';

const DOCS_SENTENCE =
  'For more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication';

const OVERLOADS_FAILED_TEXT = 'This endpoint has multiple overloads, but they all failed to process the request.';

function overloadTexts(errors: readonly unknown[] | undefined): string[] {
  return (errors ?? []).map((e, i) => `Overload ${i + 1}: ${JSON.stringify(e, undefined, 2)}`);
}

// Not sent by the 2.7 backend; the 2.8 SDK's text (runtime/protocol/errors/catalogue-sdk.test.ts compares).
const ACCESS_TOKEN_EXPIRED_DEBUG_INFO =
  "\n\nDebug info: Most likely, you fetched the access token before it expired (for example, in a server component, pre-rendered page, or on page load), but then didn't refresh it before it expired. If this is the case, and you're using the SDK, make sure you call getAccessToken() every time you need to use the access token. If you're not using the SDK, make sure you refresh the access token with the refresh endpoint.";

const NOT_VERIFIED_TAIL =
  ' but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.';

/** The 2.7 backend's codes, in its order. */
const KNOWN_ERRORS_STACK = {
  UNSUPPORTED_ERROR: withDetails(500, null, { originalErrorCode: str }, (d) =>
    `An error occurred that is not currently supported (possibly because it was added in a version of Stack that is newer than this client). The original unsupported error code was: ${show(d.originalErrorCode)}`),
  BODY_PARSING_ERROR: withDetails(400, null, { message: str }, (d) => d.message ?? 'Request body could not be parsed.', {
    stackOmitsDetails: true,
  }),
  SCHEMA_ERROR: withDetails(400, null, { message: str }, (d) => d.message ?? 'Request validation failed.'),
  ALL_OVERLOADS_FAILED: withDetails(400, null, { overload_errors: z.array(z.unknown()) }, (d) =>
    [OVERLOADS_FAILED_TEXT].concat(overloadTexts(d.overload_errors)).join('\n\n'), {
    // The 2.8 text indents the overloads by two spaces, blank lines included.
    current: { message: (d) => `${OVERLOADS_FAILED_TEXT}\n\n${overloadTexts(d.overload_errors as unknown[] | undefined).join('\n\n').replace(/^/gm, '  ')}` },
  }),
  PROJECT_AUTHENTICATION_ERROR: category(null),
  INVALID_PROJECT_AUTHENTICATION: category('PROJECT_AUTHENTICATION_ERROR'),
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: fixed(400, 'INVALID_PROJECT_AUTHENTICATION',
    "Either an API key or an admin access token was provided, but the x-stack-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate."),
  INVALID_ACCESS_TYPE: withDetails(400, 'INVALID_PROJECT_AUTHENTICATION', { accessType: str }, (d) =>
    `The x-stack-access-type header must be 'client', 'server', or 'admin', but was '${show(d.accessType)}'.`, {
    stackOmitsDetails: true,
  }),
  ACCESS_TYPE_WITHOUT_PROJECT_ID: withDetails(400, 'INVALID_PROJECT_AUTHENTICATION', { request_type: str }, (d) =>
    `The x-stack-access-type header was '${show(d.request_type)}', but the x-stack-project-id header was not provided.\n\n${DOCS_SENTENCE}`),
  ACCESS_TYPE_REQUIRED: fixed(400, 'INVALID_PROJECT_AUTHENTICATION',
    `You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.\n\n${DOCS_SENTENCE}`),
  INSUFFICIENT_ACCESS_TYPE: withDetails(401, 'INVALID_PROJECT_AUTHENTICATION',
    { actual_access_type: str, allowed_access_types: z.array(str) }, (d) =>
      `The x-stack-access-type header must be ${(d.allowed_access_types ?? []).map((t) => `'${t}'`).join(' or ')}, but was '${show(d.actual_access_type)}'.`),
  INVALID_PUBLISHABLE_CLIENT_KEY: withDetails(401, 'INVALID_PROJECT_AUTHENTICATION', { project_id: str }, (d) =>
    `The publishable key is not valid for the project ${quoted(d.project_id)}. Does the project and/or the key exist?`),
  INVALID_SECRET_SERVER_KEY: withDetails(401, 'INVALID_PROJECT_AUTHENTICATION', { project_id: str }, (d) =>
    `The secret server key is not valid for the project ${quoted(d.project_id)}. Does the project and/or the key exist?`),
  INVALID_SUPER_SECRET_ADMIN_KEY: withDetails(401, 'INVALID_PROJECT_AUTHENTICATION', { project_id: str }, (d) =>
    `The super secret admin key is not valid for the project ${quoted(d.project_id)}. Does the project and/or the key exist?`),
  INVALID_ADMIN_ACCESS_TOKEN: category('INVALID_PROJECT_AUTHENTICATION'),
  UNPARSABLE_ADMIN_ACCESS_TOKEN: fixed(401, 'INVALID_ADMIN_ACCESS_TOKEN', 'Admin access token is not parsable.'),
  ADMIN_ACCESS_TOKEN_EXPIRED: withDetails(401, 'INVALID_ADMIN_ACCESS_TOKEN', { expired_at_millis: nullableNum }, (d) =>
    `Admin access token has expired. Please refresh it and try again.${expiredAtSuffix(d.expired_at_millis)}`),
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: fixed(401, 'INVALID_ADMIN_ACCESS_TOKEN', 'Admin access tokens must be created on the internal project.'),
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: fixed(401, 'INVALID_ADMIN_ACCESS_TOKEN', 'Admin access token does not have the required permissions to access this project.'),
  PROJECT_AUTHENTICATION_REQUIRED: category('PROJECT_AUTHENTICATION_ERROR'),
  CLIENT_AUTHENTICATION_REQUIRED: fixed(401, 'PROJECT_AUTHENTICATION_REQUIRED', 'The publishable client key must be provided.'),
  SERVER_AUTHENTICATION_REQUIRED: fixed(401, 'PROJECT_AUTHENTICATION_REQUIRED', 'The secret server key must be provided.'),
  CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED: fixed(401, 'PROJECT_AUTHENTICATION_REQUIRED', 'Either the publishable client key or the secret server key must be provided.'),
  CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED: fixed(401, 'PROJECT_AUTHENTICATION_REQUIRED', 'Either the publishable client key or the super secret admin key must be provided.'),
  CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED: fixed(401, 'PROJECT_AUTHENTICATION_REQUIRED',
    'Either the publishable client key, the secret server key, or the super secret admin key must be provided.'),
  ADMIN_AUTHENTICATION_REQUIRED: fixed(401, 'PROJECT_AUTHENTICATION_REQUIRED', 'The super secret admin key must be provided.'),
  EXPECTED_INTERNAL_PROJECT: fixed(401, 'PROJECT_AUTHENTICATION_ERROR', 'The project ID is expected to be internal.'),
  SESSION_AUTHENTICATION_ERROR: category(null),
  INVALID_SESSION_AUTHENTICATION: category('SESSION_AUTHENTICATION_ERROR'),
  INVALID_ACCESS_TOKEN: category('INVALID_SESSION_AUTHENTICATION'),
  UNPARSABLE_ACCESS_TOKEN: fixed(401, 'INVALID_ACCESS_TOKEN', 'Access token is not parsable.'),
  ACCESS_TOKEN_EXPIRED: withDetails(401, 'INVALID_ACCESS_TOKEN', { expired_at_millis: nullableNum }, (d) =>
    `Access token has expired. Please refresh it and try again.${expiredAtSuffix(d.expired_at_millis)}`, {
    current: {
      details: z.partial(z.object({ expired_at_millis: nullableNum, project_id: nullableStr, user_id: nullableStr, refresh_token_id: nullableStr })),
      defaults: { expired_at_millis: null, project_id: null, user_id: null, refresh_token_id: null },
      message: (d) =>
        `Access token has expired. Please refresh it and try again.${expiredAtSuffix(d.expired_at_millis)}` +
        (typeof d.project_id === 'string' ? ` Project ID: ${d.project_id}.` : '') +
        (typeof d.user_id === 'string' ? ` User ID: ${d.user_id}.` : '') +
        (typeof d.refresh_token_id === 'string' ? ` Refresh token ID: ${d.refresh_token_id}.` : '') +
        ACCESS_TOKEN_EXPIRED_DEBUG_INFO,
    },
  }),
  INVALID_PROJECT_FOR_ACCESS_TOKEN: fixed(401, 'INVALID_ACCESS_TOKEN', 'Access token not valid for this project.', {
    current: {
      details: z.partial(z.object({ expected_project_id: str, actual_project_id: str })),
      message: (d) =>
        `Access token not valid for this project. Expected project ID ${quoted(d.expected_project_id)}, but the token is for project ID ${quoted(d.actual_project_id)}.`,
    },
  }),
  REFRESH_TOKEN_ERROR: category(null),
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: fixed(401, 'REFRESH_TOKEN_ERROR', 'Refresh token not found for this project, or the session has expired/been revoked.'),
  PROVIDER_REJECTED: fixed(401, 'REFRESH_TOKEN_ERROR',
    'The provider refused to refresh their token. This usually means that the provider used to authenticate the user no longer regards this session as valid, and the user must re-authenticate.'),
  USER_EMAIL_ALREADY_EXISTS: fixed(409, null, 'User email already exists.', {
    current: {
      details: z.partial(z.object({ email: str, would_work_if_email_was_verified: bool })),
      defaults: { would_work_if_email_was_verified: false },
      message: (d) =>
        typeof d.email !== 'string'
          ? 'User email already exists.'
          : `A user with email ${JSON.stringify(d.email)} already exists${d.would_work_if_email_was_verified === true ? NOT_VERIFIED_TAIL : '.'}`,
    },
  }),
  CANNOT_GET_OWN_USER_WITHOUT_USER: fixed(400, null, "You have specified 'me' as a userId, but did not provide authentication for a user."),
  USER_ID_DOES_NOT_EXIST: withDetails(400, null, { user_id: str }, (d) => `The given user with the ID ${show(d.user_id)} does not exist.`),
  USER_NOT_FOUND: fixed(404, null, 'User not found.'),
  API_KEY_NOT_FOUND: fixed(404, null, 'API key not found.', { current: { parent: 'API_KEY_NOT_VALID' } }),
  PROJECT_NOT_FOUND: withDetails(404, null, { project_id: str }, (d) =>
    `Project ${show(d.project_id)} not found or is not accessible with the current user.`),
  SIGN_UP_NOT_ENABLED: fixed(400, null, 'Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.'),
  PASSWORD_AUTHENTICATION_NOT_ENABLED: fixed(400, null, 'Password authentication is not enabled for this project.'),
  PASSKEY_AUTHENTICATION_NOT_ENABLED: fixed(400, null, 'Passkey authentication is not enabled for this project.'),
  EMAIL_PASSWORD_MISMATCH: fixed(400, null, 'Wrong e-mail or password.'),
  REDIRECT_URL_NOT_WHITELISTED: fixed(400, null,
    'Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?'),
  PASSWORD_REQUIREMENTS_NOT_MET: category(null),
  PASSWORD_TOO_SHORT: withDetails(400, 'PASSWORD_REQUIREMENTS_NOT_MET', { min_length: num }, (d) =>
    `Password too short. Minimum length is ${d.min_length ?? 8}.`),
  // camelCase key on the wire: a fact of the protocol, not a typo here.
  PASSWORD_TOO_LONG: withDetails(400, 'PASSWORD_REQUIREMENTS_NOT_MET', { maxLength: num }, (d) =>
    `Password too long. Maximum length is ${d.maxLength ?? 70}.`),
  USER_DOES_NOT_HAVE_PASSWORD: fixed(400, null, 'This user does not have password authentication enabled.'),
  VERIFICATION_ERROR: category(null),
  VERIFICATION_CODE_NOT_FOUND: fixed(404, 'VERIFICATION_ERROR', 'The verification code does not exist for this project.'),
  VERIFICATION_CODE_EXPIRED: fixed(400, 'VERIFICATION_ERROR', 'The verification code has expired.'),
  VERIFICATION_CODE_ALREADY_USED: fixed(409, 'VERIFICATION_ERROR', 'The verification link has already been used.'),
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: fixed(400, 'VERIFICATION_ERROR',
    'The verification code nonce has reached the maximum number of attempts. This code is not valid anymore.'),
  PASSWORD_CONFIRMATION_MISMATCH: fixed(400, null, 'Passwords do not match.'),
  EMAIL_ALREADY_VERIFIED: fixed(409, null, 'The e-mail is already verified.'),
  EMAIL_NOT_ASSOCIATED_WITH_USER: fixed(400, null, 'The e-mail is not associated with a user that could log in with that e-mail.'),
  EMAIL_IS_NOT_PRIMARY_EMAIL: withDetails(400, null, { email: str, primary_email: nullableStr }, (d) =>
    `The given e-mail (${show(d.email)}) must equal the user's primary e-mail (${show(d.primary_email)}).`),
  PASSKEY_REGISTRATION_FAILED: withDetails(400, null, { message: str }, (d) => d.message ?? 'Passkey registration failed.', {
    stackOmitsDetails: true,
  }),
  PASSKEY_WEBAUTHN_ERROR: withDetails(400, null, { message: str, code: str }, (d) => d.message ?? 'The WebAuthn ceremony failed.'),
  PASSKEY_AUTHENTICATION_FAILED: withDetails(400, null, { message: str }, (d) => d.message ?? 'Passkey authentication failed.', {
    stackOmitsDetails: true,
  }),
  PERMISSION_NOT_FOUND: withDetails(404, null, { permission_id: str }, (d) =>
    `Permission ${quoted(d.permission_id)} not found. Make sure you created it on the dashboard.`),
  CONTAINED_PERMISSION_NOT_FOUND: withDetails(400, null, { permission_id: str }, (d) =>
    `Contained permission with ID ${quoted(d.permission_id)} not found. Make sure you created it on the dashboard.`),
  TEAM_NOT_FOUND: withDetails(404, null, { team_id: str }, (d) => `Team ${show(d.team_id)} not found.`),
  // Defined but never registered or sent by the backend; kept so the code is known.
  TEAM_ALREADY_EXISTS: withDetails(409, null, { team_id: str }, (d) => `Team ${show(d.team_id)} already exists.`),
  TEAM_MEMBERSHIP_NOT_FOUND: withDetails(404, null, { team_id: str, user_id: str }, (d) =>
    `User ${show(d.user_id)} is not found in team ${show(d.team_id)}.`),
  EMAIL_TEMPLATE_ALREADY_EXISTS: fixed(409, null, 'Email template already exists.'),
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: fixed(400, null, 'The OAuth connection is not connected to any user.'),
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: fixed(409, null, 'The OAuth connection is already connected to another user.'),
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: fixed(400, null, 'The OAuth connection does not have the required scope.'),
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: fixed(400, null,
    'Extra scopes are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use extra scopes.'),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: fixed(400, null,
    'Access tokens are not available with shared OAuth keys. Please add your own OAuth keys on the Stack dashboard to use access tokens.'),
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: withDetails(400, null, { client_id: nullableStr }, () =>
    'The OAuth client ID or secret is invalid. The client ID must be equal to the project ID, and the client secret must be a publishable client key.', {
    current: {
      defaults: { client_id: null },
      message: () =>
        'The OAuth client ID or secret is invalid. The client ID must be equal to the project ID (potentially with a hash and a branch ID), and the client secret must be a publishable client key.',
    },
  }),
  INVALID_SCOPE: withDetails(400, null, { scope: str }, (d) => `The scope ${quoted(d.scope)} is not a valid OAuth scope for Stack.`, {
    stackOmitsDetails: true,
  }),
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: fixed(409, null,
    'The user is already connected to another OAuth account. Did you maybe selected the wrong account?'),
  OUTER_OAUTH_TIMEOUT: fixed(408, null, 'The OAuth flow has timed out. Please sign in again.'),
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: fixed(400, null, 'The OAuth provider is not found or not enabled.'),
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: withDetails(400, null, { attempt_code: str }, () =>
    'Multi-factor authentication is required for this user.'),
  INVALID_TOTP_CODE: fixed(400, null, INVALID_TOTP_CODE_TEXT),
  USER_AUTHENTICATION_REQUIRED: fixed(401, null, 'User authentication required for this endpoint.'),
  TEAM_MEMBERSHIP_ALREADY_EXISTS: fixed(409, null, 'Team membership already exists.'),
  TEAM_PERMISSION_REQUIRED: withDetails(401, null, { team_id: str, user_id: str, permission_id: str }, (d) =>
    `User ${show(d.user_id)} does not have permission ${show(d.permission_id)} in team ${show(d.team_id)}.`),
  TEAM_PERMISSION_NOT_FOUND: withDetails(401, null, { team_id: str, user_id: str, permission_id: str }, (d) =>
    `User ${show(d.user_id)} does not have permission ${show(d.permission_id)} in team ${show(d.team_id)}.`),
  INVALID_SHARED_OAUTH_PROVIDER_ID: withDetails(400, null, { provider_id: str }, (d) =>
    `The shared OAuth provider with ID ${show(d.provider_id)} is not valid.`),
  INVALID_STANDARD_OAUTH_PROVIDER_ID: withDetails(400, null, { provider_id: str }, (d) =>
    `The standard OAuth provider with ID ${show(d.provider_id)} is not valid.`),
  INVALID_AUTHORIZATION_CODE: fixed(400, null, 'The given authorization code is invalid.'),
  OAUTH_PROVIDER_ACCESS_DENIED: fixed(400, null, 'The OAuth provider denied access to the user.'),
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: withDetails(409, null, { type: str }, (d) =>
    `This ${show(d.type)} is already used for authentication by another account.`, {
    current: {
      details: z.partial(z.object({ type: str, contact_channel_value: nullableStr, would_work_if_email_was_verified: bool })),
      defaults: { contact_channel_value: null, would_work_if_email_was_verified: false },
      // The 2.8 service quotes the value as "(<value>)"; copied as written.
      message: (d) =>
        `This ${show(d.type)}${typeof d.contact_channel_value === 'string' ? ` "(${d.contact_channel_value})"` : ''} is already used for authentication by another account` +
        (d.would_work_if_email_was_verified === true ? NOT_VERIFIED_TAIL : '.'),
    },
  }),
} satisfies Record<string, KnownErrorRow>;

/** Every known code: the 2.7 backend's first, then the codes the 2.8 service added. */
export const KNOWN_ERROR_CATALOGUE = { ...KNOWN_ERRORS_STACK, ...KNOWN_ERRORS_SINCE_2_8 } satisfies Record<string, KnownErrorRow>;

export { KNOWN_ERROR_CODES, isKnownErrorCode, knownErrorAncestry, type KnownErrorCode };

// Same codes as the table (contract/error-table.generated.ts, made from this catalogue), both ways.
KNOWN_ERROR_CATALOGUE satisfies Record<KnownErrorCode, KnownErrorRow>;
KNOWN_ERROR_TABLE satisfies Record<keyof typeof KNOWN_ERROR_CATALOGUE, unknown>;

export function knownErrorRow(code: KnownErrorCode): KnownErrorRow {
  return KNOWN_ERROR_CATALOGUE[code];
}
