// zod/mini ships without error texts ("Invalid input"); classic zod installs the English ones. The
// modules whose zod errors reach people call this at load so their messages read as before (a call,
// not a bare import: the package is `sideEffects: false`, so a bundler may drop an import-only module).
import { config, locales } from 'zod/mini';

let installed = false;

export function useEnglishZodMessages(): void {
  if (installed) return;
  installed = true;
  config(locales.en());
}
