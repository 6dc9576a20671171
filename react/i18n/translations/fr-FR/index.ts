// fr-FR: every area's words, one lazy chunk.
import type { Translation } from '../../keys/index.ts';
import common from './common.ts';
import signIn from './sign-in.ts';

export default { common, 'sign-in': signIn } satisfies Translation;
