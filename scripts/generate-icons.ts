// Writes react/components/icons.generated.ts: the few SVG shapes the components draw, taken at dev time from
// `simple-icons` (OAuth brand marks) and `lucide-static` (UI icons), so the published package carries no icon
// package. `npm run gen` writes it; scripts/gen.test.ts fails when it is stale.
import nodes from 'lucide-static/icon-nodes.json' with { type: 'json' };
import * as brands from 'simple-icons';
import { generatedHeader } from './gen-header.ts';

/** Our provider ids and their simple-icons export; simple-icons has no mark for Microsoft or LinkedIn (neutral buttons). */
const BRANDS: Record<string, keyof typeof brands> = {
  apple: 'siApple',
  bitbucket: 'siBitbucket',
  discord: 'siDiscord',
  facebook: 'siFacebook',
  github: 'siGithub',
  gitlab: 'siGitlab',
  google: 'siGoogle',
  spotify: 'siSpotify',
  x: 'siX',
};

/** The lucide icons the kit draws, by the name our code uses. */
const UI_ICONS: Record<string, string> = {
  eye: 'eye',
  eyeOff: 'eye-off',
  passkey: 'key-round',
  mail: 'mail',
  spinner: 'loader-circle',
  check: 'check',
  chevronsUpDown: 'chevrons-up-down',
  plus: 'plus',
  settings: 'settings',
  user: 'user-round',
  account: 'circle-user',
  signIn: 'log-in',
  signOut: 'log-out',
  signUp: 'user-plus',
  theme: 'sun-moon',
};

/** A brand colour too dark to see on a dark card draws in the text colour instead (GitHub, Apple, X). */
function markColor(hex: string): string {
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0) < 0.12 ? 'currentColor' : `#${hex}`;
}

type IconNode = [tag: string, attributes: Record<string, string>][];

export const ICONS_FILE = 'react/components/icons.generated.ts';

export function iconsSource(): string {
  const brandRows = Object.entries(BRANDS).map(([id, name]) => {
    const icon = brands[name] as { path: string; hex: string; title: string };
    return `  ${id}: { title: ${JSON.stringify(icon.title)}, color: '${markColor(icon.hex)}', path: ${JSON.stringify(icon.path)} },`;
  });
  const uiRows = Object.entries(UI_ICONS).map(([name, lucideName]) => {
    const node = (nodes as unknown as Record<string, IconNode | undefined>)[lucideName];
    if (!node) throw new Error(`lucide-static has no icon ${lucideName}`);
    return `  ${name}: ${JSON.stringify(node.map(([tag, attributes]) => [tag, attributes]))},`;
  });
  return `${generatedHeader('simple-icons (CC0) and lucide-static (ISC), scripts/generate-icons.ts')}/** Brand marks on a 24x24 view box, filled: the provider's name and colour. */
export const BRAND_MARKS: Readonly<Record<string, { title: string; color: string; path: string }>> = {
${brandRows.join('\n')}
};

/** UI icons on a 24x24 view box, stroked: each a list of SVG elements and their attributes. */
export const UI_ICONS = {
${uiRows.join('\n')}
} as const satisfies Record<string, readonly (readonly [string, Readonly<Record<string, string>>])[]>;
`;
}

/** `npm run gen`'s entry for the icons (scripts/gen.ts). */
export const iconFiles = (): Record<string, string> => ({ [ICONS_FILE]: iconsSource() });
