// The setup error of spec §8: a server or admin app built without its project id or keys.

/** Thrown by the app constructors when a required option is missing; the message names the option. */
export class StackSetupError extends Error {
  override readonly name = 'StackSetupError';
}

/** `value` when it is a non-empty string, else a setup error naming the option and its environment variable. */
export function requireSetting(value: string | undefined, option: string, envName: string, appName: string): string {
  if (value !== undefined && value !== '') return value;
  throw new StackSetupError(
    `authworker: ${appName} needs the ${option} option (or the ${envName} environment variable); it was not provided.`,
  );
}
