// The names a session token has in an answer's JSON, in both spellings the backends use.
export const TOKEN_FIELDS: ReadonlySet<string> = new Set(['access_token', 'refresh_token', 'accessToken', 'refreshToken']);
