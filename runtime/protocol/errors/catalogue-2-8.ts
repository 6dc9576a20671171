// Known-error codes the 2.8 service added to the 2.7 backend's, as catalogue data.
import * as z from 'zod/mini';
import { category, fixed, num, quoted, show, str, withDetails, type KnownErrorRow } from './entry.ts';

const since = { since: '2.8' } as const;

const restrictedReason = z.partial(z.object({ type: z.string() }));

/** The second sentence of the two customer-type mismatch texts. */
function customerTypeSentence(what: 'item' | 'product', configured: string | null | undefined, actual: string | undefined): string {
  return typeof configured === 'string'
    ? `The ${what} is configured to only be available for ${configured} customers, but the customer is a ${show(actual)}.`
    : `The ${what} is missing a customer type field. Please make sure it is set up correctly in your project configuration.`;
}

export const KNOWN_ERRORS_SINCE_2_8 = {
  PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT: withDetails(401, 'PROJECT_AUTHENTICATION_REQUIRED', { project_id: str }, () =>
    'Publishable client keys are required for this project. Create one in Project Keys, or disable this requirement there to allow keyless client access.', since),
  CURRENT_PROJECT_NOT_FOUND: withDetails(400, null, { project_id: str }, (d) =>
    `The current project with ID ${show(d.project_id)} was not found. Please check the value of the x-stack-project-id header.`, since),
  BRANCH_DOES_NOT_EXIST: withDetails(400, null, { branch_id: str }, (d) => `The branch with ID ${show(d.branch_id)} does not exist.`, since),
  ANONYMOUS_AUTHENTICATION_NOT_ALLOWED: fixed(401, null,
    "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users.", since),
  RESTRICTED_USER_NOT_ALLOWED: withDetails(403, null, { restricted_reason: restrictedReason }, (d) =>
    `The user in the access token is in restricted state. Reason: ${show(d.restricted_reason?.type)}. Please pass the X-Stack-Allow-Restricted-User header if this is intended.`, since),
  ANONYMOUS_ACCOUNTS_NOT_ENABLED: fixed(400, null, 'Anonymous accounts are not enabled for this project.', since),
  EMAIL_NOT_VERIFIED: fixed(400, null, 'The email is not verified.', since),
  SIGN_UP_REJECTED: withDetails(403, null, { message: str }, (d) =>
    d.message ?? "Your sign up was rejected by an administrator's sign-up rule.", since),
  BOT_CHALLENGE_REQUIRED: fixed(409, null, 'An additional bot challenge is required before sign-up can continue.', since),
  BOT_CHALLENGE_FAILED: withDetails(400, null, { message: str }, (d) => d.message ?? 'The bot challenge failed.', since),
  // A child of REFRESH_TOKEN_ERROR: at the token endpoint it invalidates the session.
  CANNOT_DELETE_CURRENT_SESSION: fixed(400, 'REFRESH_TOKEN_ERROR', 'Cannot delete the current session.', since),
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: withDetails(403, null, { restricted_reason: restrictedReason }, (d) =>
    `Restricted users cannot accept team invitations. Reason: ${show(d.restricted_reason?.type)}. Please complete the onboarding process before accepting team invitations.`, since),
  TEAM_INVITATION_EMAIL_MISMATCH: fixed(403, null,
    'This team invitation was sent to a different email address. Sign in with the invited email, or add and verify that email on your account, then try again.', since),
  PROJECT_PERMISSION_REQUIRED: withDetails(401, null, { user_id: str, permission_id: str }, (d) =>
    `User ${show(d.user_id)} does not have permission ${show(d.permission_id)}.`, since),
  WRONG_PERMISSION_SCOPE: withDetails(404, null, { permission_id: str, expected_scope: str, actual_scope: z.nullable(z.string()) }, (d) =>
    `Permission ${quoted(d.permission_id)} not found. (It was found for a different scope ${quoted(d.actual_scope)}, but scope ${quoted(d.expected_scope)} was expected.)`, since),
  PERMISSION_ID_ALREADY_EXISTS: withDetails(400, null, { permission_id: str }, (d) =>
    `Permission with ID ${quoted(d.permission_id)} already exists. Choose a different ID.`, since),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE: withDetails(400, null, { provider: str, details: str }, (d) =>
    `Failed to retrieve an OAuth access token for the connected account (provider: ${show(d.provider)}). ${d.details ?? ''}`.trimEnd(), since),
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: fixed(400, null, 'A provider with the same account ID is already used for signing in.', since),
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: fixed(503, null, 'The OAuth provider is temporarily unavailable. Please try again later.', since),
  APPLE_BUNDLE_ID_NOT_CONFIGURED: fixed(400, null,
    "Apple Sign In is enabled, but no Bundle IDs are configured. Please add your app's Bundle ID in the Stack Auth dashboard under OAuth Providers > Apple > Apple Bundle IDs.", since),
  INVALID_APPLE_CREDENTIALS: fixed(400, null, 'The Apple Sign In credentials could not be verified. Please try signing in again.', since),
  CLI_AUTH_ERROR: withDetails(400, null, { message: str }, (d) => d.message ?? 'CLI authentication failed.', since),
  CLI_AUTH_EXPIRED_ERROR: withDetails(400, null, { message: str }, (d) =>
    d.message ?? 'CLI authentication request expired. Please try again.', since),
  CLI_AUTH_USED_ERROR: withDetails(400, null, { message: str }, (d) =>
    d.message ?? 'This authentication token has already been used.', since),
  // "passthrough object": the details are whatever the service attached.
  INVALID_POLLING_CODE: fixed(400, null, 'The polling code is invalid or does not exist.', { ...since, detailsArgument: true }),
  // Listed as "400 (category)"; like every other category it is never sent, so it is abstract here.
  API_KEY_NOT_VALID: category(null, since),
  API_KEY_EXPIRED: fixed(401, 'API_KEY_NOT_VALID', 'API key has expired.', since),
  API_KEY_REVOKED: fixed(401, 'API_KEY_NOT_VALID', 'API key has been revoked.', since),
  WRONG_API_KEY_TYPE: withDetails(400, 'API_KEY_NOT_VALID', { expected_type: str, actual_type: str }, (d) =>
    `This endpoint is for ${show(d.expected_type)} API keys, but a ${show(d.actual_type)} API key was provided.`, since),
  PUBLIC_API_KEY_CANNOT_BE_REVOKED: fixed(400, 'API_KEY_NOT_VALID', 'Public API keys cannot be revoked by the secretscanner endpoint.', since),
  EMAIL_RENDERING_ERROR: withDetails(400, null, { error: str }, (d) => `Failed to render email with theme: ${show(d.error)}`, since),
  TEMPLATE_SOURCE_REWRITE_ERROR: withDetails(400, null, { error: str }, (d) => `Failed to rewrite template source: ${show(d.error)}`, since),
  REQUIRES_CUSTOM_EMAIL_SERVER: fixed(400, null,
    'This action requires a custom SMTP server. Please edit your email server configuration and try again.', since),
  EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE: withDetails(409, null, { expires_at: str }, (d) =>
    `Email capacity boost is already active until ${show(d.expires_at)}.`, since),
  EMAIL_NOT_EDITABLE: withDetails(400, null, { email_id: str, status: str }, (d) =>
    `Email with ID ${quoted(d.email_id)} cannot be edited because it is in status ${quoted(d.status)}. Only emails in PAUSED, PREPARING, RENDERING, RENDER_ERROR, SCHEDULED, QUEUED, or SERVER_ERROR status can be edited.`, since),
  ITEM_NOT_FOUND: withDetails(404, null, { item_id: str }, (d) => `Item with ID ${quoted(d.item_id)} not found.`, since),
  // The end of this text is the 2.8 SDK's (known-errors-sdk.test.ts compares).
  ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH: withDetails(400, null,
    { item_id: str, customer_id: str, item_customer_type: z.nullable(z.string()), actual_customer_type: str }, (d) =>
      `The ${show(d.actual_customer_type)} with ID ${quoted(d.customer_id)} is not a valid customer for the item with ID ${quoted(d.item_id)}. ` +
      customerTypeSentence('item', d.item_customer_type, d.actual_customer_type), since),
  CUSTOMER_DOES_NOT_EXIST: withDetails(400, null, { customer_id: str }, (d) => `Customer with ID ${quoted(d.customer_id)} does not exist.`, since),
  // One wording for all three contexts: the plain context's.
  PRODUCT_DOES_NOT_EXIST: withDetails(400, null, { product_id: str, context: z.nullable(z.string()) }, (d) =>
    `Product with ID ${quoted(d.product_id)} does not exist.`, since),
  PRODUCT_CUSTOMER_TYPE_DOES_NOT_MATCH: withDetails(400, null,
    { product_id: z.nullable(z.string()), customer_id: str, product_customer_type: z.nullable(z.string()), actual_customer_type: str }, (d) =>
      `The ${show(d.actual_customer_type)} with ID ${quoted(d.customer_id)} is not a valid customer for the inline product that has been passed in. ` +
      customerTypeSentence('product', d.product_customer_type, d.actual_customer_type), since),
  PRODUCT_ALREADY_GRANTED: withDetails(400, null, { product_id: str, customer_id: str }, (d) =>
    `Customer with ID ${quoted(d.customer_id)} already owns product ${quoted(d.product_id)}.`, since),
  SUBSCRIPTION_INVOICE_NOT_FOUND: withDetails(404, null, { subscription_invoice_id: str }, (d) =>
    `Subscription invoice with ID ${quoted(d.subscription_invoice_id)} does not exist.`, since),
  ONE_TIME_PURCHASE_NOT_FOUND: withDetails(404, null, { one_time_purchase_id: str }, (d) =>
    `One-time purchase with ID ${quoted(d.one_time_purchase_id)} does not exist.`, since),
  SUBSCRIPTION_ALREADY_REFUNDED: withDetails(400, null, { subscription_id: str }, (d) =>
    `Subscription with ID ${quoted(d.subscription_id)} was already refunded.`, since),
  ONE_TIME_PURCHASE_ALREADY_REFUNDED: withDetails(400, null, { one_time_purchase_id: str }, (d) =>
    `One-time purchase with ID ${quoted(d.one_time_purchase_id)} was already refunded.`, since),
  TEST_MODE_PURCHASE_NON_REFUNDABLE: fixed(400, null, 'Test mode purchases are not refundable.', since),
  ITEM_QUANTITY_INSUFFICIENT_AMOUNT: withDetails(400, null, { item_id: str, customer_id: str, quantity: num }, (d) =>
    `The item with ID ${quoted(d.item_id)} has an insufficient quantity for the customer with ID ${quoted(d.customer_id)}. An attempt was made to charge ${show(d.quantity)} credits.`, since),
  STRIPE_ACCOUNT_INFO_NOT_FOUND: fixed(404, null,
    'Stripe account information not found. Please make sure the user has onboarded with Stripe.', since),
  DEFAULT_PAYMENT_METHOD_REQUIRED: withDetails(400, null, { customer_type: str, customer_id: str }, () =>
    'No default payment method is set for this customer.', since),
  NEW_PURCHASES_BLOCKED: fixed(403, null,
    'New purchases are currently blocked for this project. Please contact support for more information.', since),
  DATA_VAULT_STORE_DOES_NOT_EXIST: withDetails(400, null, { store_id: str }, (d) =>
    `Data vault store with ID ${show(d.store_id)} does not exist.`, since),
  DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST: withDetails(400, null, { store_id: str, hashed_key: str }, (d) =>
    `Data vault store with ID ${show(d.store_id)} does not contain a key with hash ${show(d.hashed_key)}.`, since),
  ANALYTICS_QUERY_TIMEOUT: withDetails(400, null, { timeout_ms: num }, (d) =>
    `The query timed out. Please try again with a shorter query or increase the timeout. Timeout was ${show(d.timeout_ms)}ms.`, since),
  ANALYTICS_QUERY_ERROR: withDetails(400, null, { error: str }, (d) => d.error ?? 'The analytics query failed.', since),
  ANALYTICS_NOT_ENABLED: fixed(400, null, 'Analytics is not enabled for this project.', since),
} satisfies Record<string, KnownErrorRow>;
