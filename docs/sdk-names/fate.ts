// What became of one official name in authworker: the same name (and use), changed (how), or absent (why, and what instead).
export type NameFate =
  | { readonly status: 'same' }
  | { readonly status: 'changed'; readonly how: string }
  | { readonly status: 'absent'; readonly why: string };

export const same: NameFate = { status: 'same' };
export const changed = (how: string): NameFate => ({ status: 'changed', how });
export const absent = (why: string): NameFate => ({ status: 'absent', why });

/** Reasons many names share. */
export const R = {
  hexclave: 'the 2.8 SDK\'s new brand name for the same thing: authworker keeps the Stack names',
  convex: 'no Convex integration',
  cli: 'CLI sign-in is not in the protocol authworker speaks',
  payments: 'payments (items, products, invoices, subscriptions) are not in the protocol authworker speaks',
  adminNotInProtocol: 'not in the protocol authworker speaks (server-and-admin.md, The admin app, lists the admin calls)',
  noHook: 'no hook: call the `get`/`list` method, or read it in a component with `useStackApp()`',
  hookOnObject: (hook: string) => `hooks are top-level in \`authworker/react\`: \`${hook}()\``,
  typeNamed: (ours: string) => `the type is named \`${ours}\``,
  noSession: 'a server app keeps no session: use `getUser({ tokenStore: request })` or `getUserFromRequest(request)`',
  accessTokenOptIn:
    'the access token alone (`refreshToken: null`), only with `exposeAccessToken: true` in the worker, else `TokenNotExposedError`; or list the backend in the worker\'s `forwardAuthTo`',
} as const;

/** The SDK's payment reads of a customer, on the client app and on the user alike. */
export const CUSTOMER_PAYMENT_FATES: Record<string, NameFate> = {
  getItem: absent(R.payments),
  useItem: absent(R.payments),
  listProducts: absent(R.payments),
  useProducts: absent(R.payments),
  listInvoices: absent(R.payments),
  useInvoices: absent(R.payments),
};

/** The SDK's token getters (its `AuthLike`), on the client app and on the user alike. */
export const AUTH_LIKE_FATES: Record<string, NameFate> = {
  getAccessToken: changed(
    'needs `exposeAccessToken: true` in the worker, else `TokenNotExposedError`; your same-origin backend gets the session from the worker\'s `forwardAuthTo` instead',
  ),
  useAccessToken: absent(R.noHook),
  getRefreshToken: changed('rejects with `TokenNotExposedError`, which names the replacement: the refresh token never leaves the worker'),
  useRefreshToken: absent(R.noHook),
  getAuthorizationHeader: changed(R.accessTokenOptIn),
  useAuthorizationHeader: absent(R.noHook),
  getAuthHeaders: changed(R.accessTokenOptIn),
  useAuthHeaders: absent(R.noHook),
  getAuthJson: changed(R.accessTokenOptIn),
  useAuthJson: absent(R.noHook),
};
