// Words several components share. Each key is the English text, as in the official SDK, so `translationOverrides`
// written for it (`{ 'Sign in': 'Log in' }`) work unchanged; `{name}` marks a value filled in at render.
export const commonKeys = ['Loading…', 'Cancel', 'Save', 'Close'] as const;
