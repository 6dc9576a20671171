import { StackSetupError } from '../../runtime/protocol/setup-error.ts';
import type { ThemeColors, ThemeConfig } from './stack-theme.tsx';

/**
 * The `--aw-*` variable each official theme colour sets. `card` follows `background` (our page frame is the
 * card), `muted` is the tabs' and hovers' surface. Colours of surfaces our components do not draw (popover,
 * secondary, accent) set nothing.
 */
const VARIABLES: readonly (readonly [keyof ThemeColors, string])[] = [
  ['background', '--aw-bg'],
  ['card', '--aw-bg'],
  ['foreground', '--aw-fg'],
  ['cardForeground', '--aw-fg'],
  ['primary', '--aw-accent'],
  ['primaryForeground', '--aw-accent-fg'],
  ['muted', '--aw-surface'],
  ['mutedForeground', '--aw-muted'],
  ['destructive', '--aw-error'],
  ['destructiveForeground', '--aw-danger-fg'],
  ['border', '--aw-border'],
  ['input', '--aw-input-border'],
  ['ring', '--aw-ring'],
];

/** Our light colours: the components' defaults. */
export const LIGHT: Partial<ThemeColors> = {
  background: '#fff',
  foreground: '#18181b',
  primary: '#4f46e5',
  primaryForeground: '#fff',
  muted: '#f4f4f5',
  mutedForeground: '#52525b',
  destructive: '#b91c1c',
  destructiveForeground: '#fff',
  border: '#e4e4e7',
  input: '#a1a1aa',
};

/** Our dark colours, as the official theme has its own: used where the app's theme gives none. */
export const DARK: Partial<ThemeColors> = {
  background: '#111827',
  foreground: '#f9fafb',
  primary: '#a5b4fc',
  primaryForeground: '#111827',
  muted: '#1f2937',
  mutedForeground: '#9ca3af',
  destructive: '#fca5a5',
  destructiveForeground: '#111827',
  border: '#374151',
  input: '#6b7280',
};

/** The attributes and classes of the root element by which apps (and UI kits) say they are dark, as the official theme reads them. */
const DARK_ROOT = ':root:is([data-theme*=dark],[data-color-scheme*=dark],[data-mui-color-scheme*=dark],[data-joy-color-scheme*=dark],[class*=dark])';
/** The same for light: such a root stays light when the system prefers dark. */
const LIGHT_ROOT = '[data-theme*=light],[data-color-scheme*=light],[data-mui-color-scheme*=light],[data-joy-color-scheme*=light],[class*=light]';
/**
 * `rule` on `selector` where dark: the root says so, or the system prefers it and the root does not say light.
 * `defaults` gives the root selectors no specificity, so an app's plain `.aw-page` rule beats ours.
 */
export function whenDark(selector: string, rule: string, defaults = false): string {
  const root = (roots: string) => (defaults ? `:where(${roots})` : roots);
  return `@media (prefers-color-scheme:dark){${root(`:root:not(${LIGHT_ROOT})`)} ${selector}{${rule}}}${root(DARK_ROOT)} ${selector}{${rule}}`;
}

/** A value that could end the rule it sits in is refused: the theme is the app's code, not CSS text. */
function declaration(name: string, value: string, where: string): string {
  if (/[;{}<>\\]|\/\*/.test(value)) throw new StackSetupError(`authworker: StackTheme ${where} is not a CSS value: ${JSON.stringify(value)}.`);
  return `${name}:${value};`;
}

export function declarations(colors: Partial<ThemeColors> | undefined, mode: 'light' | 'dark'): string {
  return VARIABLES.flatMap(([key, name]) => {
    const value = colors?.[key];
    return value === undefined ? [] : [declaration(name, value, `theme.${mode}.${key}`)];
  }).join('');
}

/**
 * The CSS of a StackTheme: its light colours and radius on every component root (`.aw-page`, which beats the
 * defaults' zero specificity), the dark ones while the app's root element says it is dark.
 */
export function themeCss(theme: ThemeConfig = {}): string {
  const radius = theme.radius === undefined ? '' : declaration('--aw-radius', theme.radius, 'theme.radius');
  const dark = declarations({ ...DARK, ...theme.dark }, 'dark');
  return `.aw-page{${declarations(theme.light, 'light')}${radius}}${whenDark('.aw-page', dark)}`;
}

/** A short name for a CSS text, so React puts each distinct theme in the document once. */
export function cssKey(css: string): string {
  let hash = 0;
  for (let index = 0; index < css.length; index += 1) hash = (Math.imul(hash, 31) + css.charCodeAt(index)) | 0;
  return (hash >>> 0).toString(36);
}
