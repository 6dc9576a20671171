// ko-KR: every area's words, one lazy chunk.
import type { Translation } from '../../keys/index.ts';
import common from './common.ts';
import handler from './handler.ts';
import dialogs from './dialogs.ts';
import errors from './errors.ts';

export default { common, handler, errors, dialogs } satisfies Translation;
