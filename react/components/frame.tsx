// The frame every component renders in: the `.aw-page` root with the styles and the StackTheme's CSS, the
// card of the page-like components, and their offline notice.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useSession } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ThemeContext } from './stack-theme.tsx';
import { COMPONENT_CSS } from './styles.ts';
import { cssKey, themeCss } from './theme-css.ts';

/** The heading level of the card around: 0 outside any component, 1 in a full page, 2 in an embedded card. */
const LevelContext = createContext(0);

/**
 * The components' CSS and the StackTheme's: React puts each `<style>` in the document's head once, however
 * many components render it.
 */
export function ComponentStyles() {
  const theme = useContext(ThemeContext);
  const css = theme ? themeCss(theme.theme) : null;
  return (
    <>
      <style href="authworker-components" precedence="authworker" nonce={theme?.nonce}>
        {COMPONENT_CSS}
      </style>
      {css && (
        <style href={`authworker-theme-${cssKey(css)}`} precedence="authworker" nonce={theme?.nonce}>
          {css}
        </style>
      )}
    </>
  );
}

/**
 * The root of a component: `.aw-page` (the --aw-* variables and font) with the styles, or, inside another
 * component, just its content.
 */
export function Scope({ className, inline, children }: { className?: string; inline?: boolean; children?: ReactNode }) {
  const level = useContext(LevelContext);
  const Tag = inline ? 'span' : 'div';
  if (level > 0) return className ? <Tag className={className}>{children}</Tag> : children;
  return (
    <Tag className={className ? `aw-page ${className}` : 'aw-page'}>
      <ComponentStyles />
      <LevelContext value={2}>{children}</LevelContext>
    </Tag>
  );
}

/** The browser's own online/offline events: a page opened while offline hears no `offline` event, but reads `onLine`. */
function subscribeToConnection(changed: () => void): () => void {
  addEventListener('online', changed);
  addEventListener('offline', changed);
  return () => {
    removeEventListener('online', changed);
    removeEventListener('offline', changed);
  };
}
const browserOffline = () => globalThis.navigator?.onLine === false;
const notOffline = () => false;

/**
 * Says that writes need a connection, while the browser is offline (a seam for pages built from the components).
 * The session says so once a request of the worker failed offline; the browser says so at once, on a page that
 * sends nothing as it opens (forgot-password, signed out) too.
 * @public
 */
export function OfflineNotice() {
  const t = useTranslation();
  const offline = useSyncExternalStore(subscribeToConnection, browserOffline, notOffline);
  return useSession().network === 'offline' || offline ? (
    <p className="aw-banner" role="status">
      {t('You are offline. This needs a connection.')}
    </p>
  ) : null;
}

export interface CardProps {
  title: ReactNode;
  /** The page's main content: a level-one heading, the card in the middle of the page. */
  fullPage?: boolean;
  /** The title in the middle, as the sign-in and sign-up cards have it. */
  centered?: boolean;
  children?: ReactNode;
}

/** The frame of a page-like component: its title (h1 in a full page, h2 otherwise), the offline notice, its content. */
export function Card({ title, fullPage, centered, children }: CardProps) {
  const outer = useContext(LevelContext);
  const level = outer > 0 ? Math.min(outer + 1, 3) : fullPage ? 1 : 2;
  const Title = level === 1 ? 'h1' : level === 2 ? 'h2' : 'h3';
  const heading = <Title className={level === 1 ? undefined : 'aw-title'}>{title}</Title>;
  return (
    <Scope className={fullPage && outer === 0 ? 'aw-card aw-full-page' : 'aw-card'}>
      <LevelContext value={level}>
        {centered ? <div className="aw-card-head">{heading}</div> : heading}
        <OfflineNotice />
        {children}
      </LevelContext>
    </Scope>
  );
}

/** A section's heading, one level below the card's title. */
export function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  const Heading = useContext(LevelContext) <= 1 ? 'h2' : 'h3';
  return <Heading id={id}>{children}</Heading>;
}
