// it-IT: every area's words, one lazy chunk.
import type { Translation } from '../../keys/index.ts';
import common from './common.ts';
import handler from './handler.ts';
import dialogs from './dialogs.ts';
import errors from './errors.ts';
import signIn from './sign-in.ts';
import teams from './teams.ts';
import userButton from './user-button.ts';

export default { common, handler, errors, dialogs, 'sign-in': signIn, 'user-button': userButton, teams } satisfies Translation;
