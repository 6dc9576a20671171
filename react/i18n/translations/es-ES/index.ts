// es-ES: every area's words, one lazy chunk.
import type { Translation } from '../../keys/index.ts';
import common from './common.ts';
import teams from './teams.ts';
import userButton from './user-button.ts';

export default { common, 'user-button': userButton, teams } satisfies Translation;
