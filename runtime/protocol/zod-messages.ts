// zod/mini ships without error texts ("Invalid input"); classic zod installs the English ones. The
// modules whose zod errors reach people import this so their messages read as before.
import { config, locales } from 'zod/mini';

config(locales.en());
