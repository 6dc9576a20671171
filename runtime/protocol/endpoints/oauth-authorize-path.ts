// The OAuth authorize route (protocol.md §7.5) on its own: the page builds that URL for a redirect, and
// importing the endpoint table for it would put every row's schemas on the start-up path.
export const OAUTH_AUTHORIZE_PATH = '/auth/oauth/authorize/{provider_id}';
