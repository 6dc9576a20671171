// What people read when something fails: short, plain words, mapped from the error's code. The SDK's own text
// stays on the error object for developers (console, logs); none of it reaches the screen. The one mapping of the
// components, the handler pages built from them and the controls: the known-error codes (every one, the type checker sees to it), the
// backend's plain-text answers that people can meet, and the runtime's offline and network errors.

// Each text is a key of the message catalogue (react/i18n/keys/errors.ts): pass the component's `t` (or use
// useErrorText()) for the words in the provider's language; without one they are the English.

import { useCallback } from 'react';
import { HttpError } from '../../runtime/http/errors.ts';
import { KnownError } from '../../runtime/protocol/errors/base.ts';
import { isKnownErrorCode, type KnownErrorCode } from '../../runtime/protocol/errors/table.ts';
import type { errorKeys } from '../i18n/keys/errors.ts';
import { format, type Translate } from '../i18n/translator.ts';
import { useTranslation } from '../i18n/use-translation.ts';

type Details = Record<string, unknown> | undefined;
type ErrorKey = (typeof errorKeys)[number];
type Text = ErrorKey | ((details: Details, t: Translate) => string);

/** The catalogue's own words: what a caller without a translation reads. */
const inEnglish: Translate = format;

export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';
export const OFFLINE_TEXT = 'You are offline. Try again when you are back online.';
export const UNREACHABLE_TEXT = 'Cannot reach the server right now. Please try again in a moment.';
/** While a page still waits for its first answer: said within seconds, before the retries run out. */
export const STILL_WAITING_TEXT = 'The server is not answering yet. Still trying…';
/** Shown in place of a page that could not load because the server could not be reached; the page retries on its own. */
export const STILL_TRYING_TEXT = 'Cannot reach the server right now. Still trying…';
/** The same while the device is offline. */
export const OFFLINE_WAITING_TEXT = 'You are offline. This page loads when you are back online.';

const SETUP = 'Sign-in is not set up correctly for this app. Please tell the app’s owner.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const NOT_ALLOWED = 'You are not allowed to do this.';
const LINK_INVALID = 'This link or code is not valid. Ask for a new one.';
const SIGN_IN_AGAIN = 'Signing in did not finish. Please sign in again.';
const NOT_AVAILABLE = 'This sign-in option is not available here.';
const ACCOUNT_GONE = 'This account no longer exists.';

const count = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** Every known-error code to the words people read. */
const KNOWN_ERROR_TEXTS: Record<KnownErrorCode, Text> = {
  UNSUPPORTED_ERROR: SOMETHING_WENT_WRONG,
  BODY_PARSING_ERROR: SOMETHING_WENT_WRONG,
  SCHEMA_ERROR: (d, t) => t(/email/i.test(String(d?.['message'] ?? '')) ? 'Enter a valid e-mail address.' : 'Please check what you entered and try again.'),
  ALL_OVERLOADS_FAILED: 'Please check what you entered and try again.',
  PROJECT_AUTHENTICATION_ERROR: SETUP,
  INVALID_PROJECT_AUTHENTICATION: SETUP,
  PROJECT_KEY_WITHOUT_ACCESS_TYPE: SETUP,
  INVALID_ACCESS_TYPE: SETUP,
  ACCESS_TYPE_WITHOUT_PROJECT_ID: SETUP,
  ACCESS_TYPE_REQUIRED: SETUP,
  INSUFFICIENT_ACCESS_TYPE: SETUP,
  INVALID_PUBLISHABLE_CLIENT_KEY: SETUP,
  INVALID_SECRET_SERVER_KEY: SETUP,
  INVALID_SUPER_SECRET_ADMIN_KEY: SETUP,
  INVALID_ADMIN_ACCESS_TOKEN: SESSION_ENDED,
  UNPARSABLE_ADMIN_ACCESS_TOKEN: SESSION_ENDED,
  ADMIN_ACCESS_TOKEN_EXPIRED: SESSION_ENDED,
  INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN: SETUP,
  ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN: NOT_ALLOWED,
  PROJECT_AUTHENTICATION_REQUIRED: SETUP,
  CLIENT_AUTHENTICATION_REQUIRED: SETUP,
  SERVER_AUTHENTICATION_REQUIRED: SETUP,
  CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED: SETUP,
  CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED: SETUP,
  CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED: SETUP,
  ADMIN_AUTHENTICATION_REQUIRED: SETUP,
  EXPECTED_INTERNAL_PROJECT: SETUP,
  SESSION_AUTHENTICATION_ERROR: SESSION_ENDED,
  INVALID_SESSION_AUTHENTICATION: SESSION_ENDED,
  INVALID_ACCESS_TOKEN: SESSION_ENDED,
  UNPARSABLE_ACCESS_TOKEN: SESSION_ENDED,
  ACCESS_TOKEN_EXPIRED: SESSION_ENDED,
  INVALID_PROJECT_FOR_ACCESS_TOKEN: SESSION_ENDED,
  REFRESH_TOKEN_ERROR: SESSION_ENDED,
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: SESSION_ENDED,
  PROVIDER_REJECTED: SESSION_ENDED,
  USER_EMAIL_ALREADY_EXISTS: 'An account with this e-mail address already exists. Sign in instead.',
  CANNOT_GET_OWN_USER_WITHOUT_USER: SESSION_ENDED,
  USER_ID_DOES_NOT_EXIST: ACCOUNT_GONE,
  USER_NOT_FOUND: ACCOUNT_GONE,
  API_KEY_NOT_FOUND: 'This key does not exist.',
  PROJECT_NOT_FOUND: SETUP,
  SIGN_UP_NOT_ENABLED: 'New accounts cannot be created here.',
  PASSWORD_AUTHENTICATION_NOT_ENABLED: 'Signing in with a password is not available here.',
  PASSKEY_AUTHENTICATION_NOT_ENABLED: 'Signing in with a passkey is not available here.',
  EMAIL_PASSWORD_MISMATCH: 'Wrong e-mail or password.',
  REDIRECT_URL_NOT_WHITELISTED: SETUP,
  PASSWORD_REQUIREMENTS_NOT_MET: 'Choose a different password.',
  PASSWORD_TOO_SHORT: (d, t) => t('Choose a longer password: at least {count} characters.', { count: count(d?.['min_length'], 8) }),
  PASSWORD_TOO_LONG: (d, t) => t('Choose a shorter password: at most {count} characters.', { count: count(d?.['maxLength'], 70) }),
  USER_DOES_NOT_HAVE_PASSWORD: 'This account has no password. Sign in another way.',
  VERIFICATION_ERROR: LINK_INVALID,
  VERIFICATION_CODE_NOT_FOUND: LINK_INVALID,
  VERIFICATION_CODE_EXPIRED: 'This link or code has expired. Ask for a new one.',
  VERIFICATION_CODE_ALREADY_USED: 'This link or code has already been used. Ask for a new one.',
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: 'Too many wrong tries. Ask for a new code.',
  PASSWORD_CONFIRMATION_MISMATCH: 'Passwords do not match.',
  EMAIL_ALREADY_VERIFIED: 'This e-mail address is already verified.',
  EMAIL_NOT_ASSOCIATED_WITH_USER: 'No account uses this e-mail address.',
  EMAIL_IS_NOT_PRIMARY_EMAIL: 'Use the main e-mail address of your account.',
  PASSKEY_REGISTRATION_FAILED: 'The passkey could not be added. Please try again.',
  PASSKEY_WEBAUTHN_ERROR: 'The passkey did not work, or it was cancelled. Please try again.',
  PASSKEY_AUTHENTICATION_FAILED: 'Signing in with the passkey did not work. Please try again.',
  PERMISSION_NOT_FOUND: SETUP,
  CONTAINED_PERMISSION_NOT_FOUND: SETUP,
  TEAM_NOT_FOUND: 'This team no longer exists.',
  TEAM_ALREADY_EXISTS: 'This team already exists.',
  TEAM_MEMBERSHIP_NOT_FOUND: 'This person is not in the team.',
  EMAIL_TEMPLATE_ALREADY_EXISTS: SOMETHING_WENT_WRONG,
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: 'This account is not connected.',
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: 'This account is already connected to someone else.',
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: 'This connected account needs more access. Connect it again.',
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: SETUP,
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: SETUP,
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: SETUP,
  INVALID_SCOPE: SETUP,
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: 'You already connected a different account there.',
  OUTER_OAUTH_TIMEOUT: 'Signing in took too long. Please sign in again.',
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: NOT_AVAILABLE,
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: 'Enter the code from your authenticator app to finish signing in.',
  INVALID_TOTP_CODE: 'That code is not right. Please try again.',
  USER_AUTHENTICATION_REQUIRED: 'Please sign in first.',
  TEAM_MEMBERSHIP_ALREADY_EXISTS: 'You are already in this team.',
  TEAM_PERMISSION_REQUIRED: NOT_ALLOWED,
  TEAM_PERMISSION_NOT_FOUND: NOT_ALLOWED,
  INVALID_SHARED_OAUTH_PROVIDER_ID: SETUP,
  INVALID_STANDARD_OAUTH_PROVIDER_ID: SETUP,
  INVALID_AUTHORIZATION_CODE: SIGN_IN_AGAIN,
  OAUTH_PROVIDER_ACCESS_DENIED: 'Signing in was cancelled or refused.',
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: 'Another account already signs in with this e-mail address.',
  PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT: SETUP,
  CURRENT_PROJECT_NOT_FOUND: SETUP,
  BRANCH_DOES_NOT_EXIST: SETUP,
  ANONYMOUS_AUTHENTICATION_NOT_ALLOWED: 'Please sign in first.',
  RESTRICTED_USER_NOT_ALLOWED: 'Your account cannot do this yet. Finish setting it up first.',
  ANONYMOUS_ACCOUNTS_NOT_ENABLED: 'Please sign in first.',
  EMAIL_NOT_VERIFIED: 'Verify your e-mail address first.',
  SIGN_UP_REJECTED: 'Your sign-up was not accepted.',
  BOT_CHALLENGE_REQUIRED: 'Please confirm you are a person, then try again.',
  BOT_CHALLENGE_FAILED: 'Please confirm you are a person, then try again.',
  CANNOT_DELETE_CURRENT_SESSION: 'Sign out to end the session you are using now.',
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: 'Finish setting up your account before you join a team.',
  TEAM_INVITATION_EMAIL_MISMATCH: 'This invitation was sent to another e-mail address. Sign in with that one.',
  PROJECT_PERMISSION_REQUIRED: NOT_ALLOWED,
  WRONG_PERMISSION_SCOPE: SETUP,
  PERMISSION_ID_ALREADY_EXISTS: SOMETHING_WENT_WRONG,
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE: 'The connected account did not answer. Connect it again.',
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: 'This account is already used by someone else to sign in.',
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: 'This sign-in option is not working right now. Please try again later.',
  APPLE_BUNDLE_ID_NOT_CONFIGURED: SETUP,
  INVALID_APPLE_CREDENTIALS: SIGN_IN_AGAIN,
  CLI_AUTH_ERROR: SIGN_IN_AGAIN,
  CLI_AUTH_EXPIRED_ERROR: 'This sign-in request has expired. Start again.',
  CLI_AUTH_USED_ERROR: 'This sign-in request has already been used.',
  INVALID_POLLING_CODE: SIGN_IN_AGAIN,
  API_KEY_NOT_VALID: 'This key is not valid.',
  API_KEY_EXPIRED: 'This key has expired.',
  API_KEY_REVOKED: 'This key has been revoked.',
  WRONG_API_KEY_TYPE: 'This key is not valid.',
  PUBLIC_API_KEY_CANNOT_BE_REVOKED: SOMETHING_WENT_WRONG,
  EMAIL_RENDERING_ERROR: SOMETHING_WENT_WRONG,
  TEMPLATE_SOURCE_REWRITE_ERROR: SOMETHING_WENT_WRONG,
  REQUIRES_CUSTOM_EMAIL_SERVER: SETUP,
  EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE: SOMETHING_WENT_WRONG,
  EMAIL_NOT_EDITABLE: SOMETHING_WENT_WRONG,
  ITEM_NOT_FOUND: SOMETHING_WENT_WRONG,
  ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: SOMETHING_WENT_WRONG,
  CUSTOMER_DOES_NOT_EXIST: SOMETHING_WENT_WRONG,
  PRODUCT_DOES_NOT_EXIST: SOMETHING_WENT_WRONG,
  PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH: SOMETHING_WENT_WRONG,
  PRODUCT_ALREADY_GRANTED: 'You already have this.',
  SUBSCRIPTION_INVOICE_NOT_FOUND: SOMETHING_WENT_WRONG,
  ONE_TIME_PURCHASE_NOT_FOUND: SOMETHING_WENT_WRONG,
  SUBSCRIPTION_ALREADY_REFUNDED: 'This has already been refunded.',
  ONE_TIME_PURCHASE_ALREADY_REFUNDED: 'This has already been refunded.',
  TEST_MODE_PURCHASE_NON_REFUNDABLE: SOMETHING_WENT_WRONG,
  ITEM_QUANTITY_INSUFFICIENT_AMOUNT: 'You do not have enough left for this.',
  STRIPE_ACCOUNT_INFO_NOT_FOUND: SETUP,
  DEFAULT_PAYMENT_METHOD_REQUIRED: 'Add a payment method first.',
  NEW_PURCHASES_BLOCKED: 'Purchases are not possible right now.',
  DATA_VAULT_STORE_DOES_NOT_EXIST: SETUP,
  DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST: SOMETHING_WENT_WRONG,
  ANALYTICS_QUERY_TIMEOUT: SOMETHING_WENT_WRONG,
  ANALYTICS_QUERY_ERROR: SOMETHING_WENT_WRONG,
  ANALYTICS_NOT_ENABLED: SETUP,
};

/** The backend's plain-text (non-known-error) answers that people can meet on these pages. */
const PLAIN_ANSWER_TEXTS: [RegExp, ErrorKey][] = [
  [/^Magic link is not enabled/i, 'Signing in with an e-mailed link is not available here.'],
  [/^Client team creation is disabled/i, 'Creating teams is not available here.'],
  [/^Client user deletion is not enabled/i, 'Deleting your account is not available here. Ask the app’s owner.'],
  [/^Invalid profile image URL/i, 'This picture cannot be used. Choose another one.'],
  [/^User already has a password set/i, 'Your account already has a password.'],
  [/^Contact channel already exists/i, 'This e-mail address is already on your account.'],
  [/^Contact channel not found/i, 'This e-mail address is no longer on your account.'],
  [/^(OAuth cookie not found|Inner OAuth callback failed)/i, SIGN_IN_AGAIN],
];

/** An error rebuilt in the page may be a plain Error carrying the runtime's name (the worker bridge does that). */
const isNamed = (error: unknown, name: string) => error instanceof Error && error.name === name;

/** A page's code that did not load (its chunk's fetch failed): the server is out of reach, not the page broken. */
const isFailedLoad = (error: unknown) => error instanceof TypeError && /fetch|import/i.test(error.message);

/** The words a person reads for the known error `code` (its details may fill in a number), in `t`'s language. */
export function textForCode(code: KnownErrorCode, details?: Details, t: Translate = inEnglish): string {
  const text = KNOWN_ERROR_TEXTS[code];
  return typeof text === 'function' ? text(details, t) : t(text);
}

/** The catalogue key for a failure that is not a known error: what kind of failure it is. */
function failureKey(error: unknown): ErrorKey {
  if (isNamed(error, 'OfflineError')) return OFFLINE_TEXT;
  if (isNamed(error, 'NetworkError') || isNamed(error, 'WorkerUnavailableError') || isFailedLoad(error)) return UNREACHABLE_TEXT;
  if (isNamed(error, 'StackSetupError') || isNamed(error, 'RedirectRefusedError')) return SETUP;
  if (error instanceof HttpError) {
    if (error.status === 429) return 'Too many tries. Please wait a moment and try again.';
    if (error.status >= 500) return 'The server had a problem. Please try again later.';
    const known = PLAIN_ANSWER_TEXTS.find(([pattern]) => pattern.test(error.body.trim()));
    if (known) return known[1];
    if (error.status === 403) return NOT_ALLOWED;
  }
  return SOMETHING_WENT_WRONG;
}

/**
 * The words a person reads for `error`, in `t`'s language (English without one): from its known-error code (the
 * error's details may fill in a number), else from what kind of failure it is. Never the error's own message.
 */
export function errorText(error: unknown, t: Translate = inEnglish): string {
  if (error instanceof KnownError && isKnownErrorCode(error.code)) return textForCode(error.code, error.details, t);
  return t(failureKey(error));
}

/** `errorText`, or `fallback()` where it has nothing more specific to say than "Something went wrong". */
export function errorTextOr(error: unknown, t: Translate, fallback: () => string): string {
  const text = errorText(error, t);
  return text === t(SOMETHING_WENT_WRONG) ? fallback() : text;
}

/** `errorText` in the provider's language, for a component: `const errorText = useErrorText();`. */
export function useErrorText(): (error: unknown) => string {
  const t = useTranslation();
  return useCallback((error: unknown) => errorText(error, t), [t]);
}

/** What a page that could not load says while it keeps trying (offline, or the server out of reach), in `t`'s language. */
export function waitingText(error: unknown, t: Translate = inEnglish): string {
  return t(isNamed(error, 'OfflineError') ? OFFLINE_WAITING_TEXT : STILL_TRYING_TEXT);
}

/**
 * True for the failures that say nothing about the page itself: the device or the server is out of reach, or the
 * worker gave no answer in time (it may be waiting on a server that does not answer; a retry wakes it).
 */
export function isUnreachable(error: unknown): boolean {
  return isNamed(error, 'OfflineError') || isNamed(error, 'NetworkError') || isNamed(error, 'WorkerUnavailableError') || isFailedLoad(error);
}
