// The setup error: a client, server or admin app built without its project id or keys.

/** Thrown by the app constructors when a required option is missing; the message names the option. */
export class StackSetupError extends Error {
  override readonly name = 'StackSetupError';
}

/**
 * `value` when it is a non-empty string, else a setup error naming the option and, for apps that read one,
 * its environment variable.
 */
export function requireSetting(value: string | undefined, option: string, envName: string | null, appName: string): string {
  if (typeof value === 'string' && value !== '') return value;
  const fallback = envName === null ? '' : ` (or the ${envName} environment variable)`;
  throw new StackSetupError(`authworker: ${appName} needs the ${option} option${fallback}; it was not provided.`);
}
