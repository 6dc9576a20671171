import { KnownError, UnknownKnownError } from '../../protocol/errors/base.ts';
import { loadKnownErrorClasses as catalogue } from '../../protocol/errors/loader.ts';
import type { KnownErrorCode } from '../../protocol/errors/table.ts';
import { err, ok, type Result } from '../../protocol/result.ts';

/**
 * Known errors that are outcomes (returned), per the official SDK; others throw. `expected` names codes
 * whose family (the code and its children) is returned; the catalogue is loaded only on a failure. A code
 * this client does not know (a newer service's) is returned too: it cannot be told apart from an outcome.
 */
export async function asResult<T>(run: () => Promise<T>, expected: readonly KnownErrorCode[]): Promise<Result<T, KnownError>> {
  try {
    return ok(await run());
  } catch (error) {
    if (error instanceof UnknownKnownError) return err(error);
    if (error instanceof KnownError) {
      const { isKnownErrorOf } = await catalogue();
      if (expected.some((code) => isKnownErrorOf(error, code))) return err(error);
    }
    throw error;
  }
}
