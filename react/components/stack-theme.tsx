// StackTheme is the one component in the page's initial bundle: it wraps the app's tree, so loading it lazily
// would hold the whole tree back. It only hands the theme down; the lazy components turn it into CSS.
import { createContext, type ReactNode } from 'react';

/** The official theme's colours; each is any CSS colour. */
export interface ThemeColors {
  background: string;
  foreground: string;
  card: string;
  cardForeground: string;
  popover: string;
  popoverForeground: string;
  primary: string;
  primaryForeground: string;
  secondary: string;
  secondaryForeground: string;
  muted: string;
  mutedForeground: string;
  accent: string;
  accentForeground: string;
  destructive: string;
  destructiveForeground: string;
  border: string;
  input: string;
  ring: string;
}

/** `StackTheme`'s `theme`: light and dark colours (each partial) and the corner radius. */
export interface ThemeConfig {
  light?: Partial<ThemeColors>;
  dark?: Partial<ThemeColors>;
  radius?: string;
}

export interface StackThemeProps {
  theme?: ThemeConfig;
  children?: ReactNode;
  /** Set on the `<style>` elements the components add, for a Content-Security-Policy with style nonces. */
  nonce?: string;
}

/** What StackTheme hands to the components below it; null without one. */
export const ThemeContext = createContext<Omit<StackThemeProps, 'children'> | null>(null);

/**
 * Themes authworker's components (and the handler pages) with the official theme's colours, mapped onto the
 * `--aw-*` CSS variables; the dark colours apply while the app's root element says it is dark (docs/react.md).
 * @example
 * ```tsx
 * import { SignIn, StackTheme } from 'authworker/react';
 * return (
 *   <StackTheme theme={{ light: { primary: '#4f46e5' }, radius: '8px' }}>
 *     <SignIn />
 *   </StackTheme>
 * );
 * ```
 */
export function StackTheme({ theme, nonce, children }: StackThemeProps) {
  return <ThemeContext value={{ theme, nonce }}>{children}</ThemeContext>;
}
