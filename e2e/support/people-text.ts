// The words the components and handler pages show people, from their one mapping (react/components/error-text.ts).
import { errorText } from '../../react/components/error-text.ts';
import { createKnownError, type KnownErrorCode } from '../../runtime/protocol/errors/index.ts';

export { OFFLINE_TEXT, OFFLINE_WAITING_TEXT, SOMETHING_WENT_WRONG, STILL_TRYING_TEXT, STILL_WAITING_TEXT, errorText } from '../../react/components/error-text.ts';

/** What a page says for a known error with `code`. */
export const textFor = (code: KnownErrorCode, details?: Record<string, unknown>): string => errorText(createKnownError(code, details));
