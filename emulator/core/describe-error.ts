// What the emulator logs about an unexpected error: its class, code and message, never the object itself. Database
// drivers attach the failed statement's parameters to their errors (PGlite's `params`, pg's `detail`), and those hold
// what the request carried: webhook signing secrets, password hashes, tokens.
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return typeof error === 'string' ? error.slice(0, 500) : 'a non-Error value was thrown';
  const code = (error as Error & { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` [${code}]` : ''}: ${error.message.slice(0, 500)}`;
}
