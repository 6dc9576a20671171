// zh-TW: every area's words, one lazy chunk.
import type { Translation } from '../../keys/index.ts';
import common from './common.ts';

export default { common } satisfies Translation;
