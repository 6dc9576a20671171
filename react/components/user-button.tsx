import * as Menu from '@radix-ui/react-dropdown-menu';
import { useState, type ReactNode } from 'react';
import { useSession, useStackApp, useUserState } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Scope } from './frame.tsx';
import { Icon } from './icons.tsx';
import { MenuStyles } from './menu-styles.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** An item of the app's own in the menu, after "Account settings". */
export interface UserButtonItem {
  text: string;
  icon: ReactNode;
  onClick: () => void | Promise<void>;
}

/** The official `UserButton`'s props. */
export interface UserButtonProps {
  /** The name and e-mail beside the avatar on the button too (the menu always shows them on top). */
  showUserInfo?: boolean;
  /** Adds "Toggle theme" to the menu, which calls this (your app switches its light and dark colours). */
  colorModeToggle?: () => void | Promise<void>;
  extraItems?: UserButtonItem[];
  /** A preview: this user's button and menu, whatever the session (the menu's items do nothing). */
  mockUser?: { displayName?: string; primaryEmail?: string; profileImageUrl?: string };
}

type ShownUser = { displayName?: string | null; primaryEmail?: string | null; profileImageUrl?: string | null };

/** The name and e-mail, each cut with an ellipsis and whole in a tooltip. */
function Who({ user }: { user: ShownUser }) {
  const name = user.displayName || user.primaryEmail;
  return (
    <span className="aw-who">
      <span title={name ?? undefined}>{name}</span>
      {user.displayName && user.primaryEmail && <span title={user.primaryEmail}>{user.primaryEmail}</span>}
    </span>
  );
}

function Item({ icon, text, onSelect }: { icon: ReactNode; text: string; onSelect: () => void }) {
  return (
    <Menu.Item className="aw-menu-item" onSelect={onSelect}>
      {icon}
      <span title={text}>{text}</span>
    </Menu.Item>
  );
}

/** Runs an item's action; a failure is logged, as the official SDK alerts it (the menu has closed). */
const run = (action: () => void | Promise<void>) => () => {
  Promise.resolve()
    .then(action)
    .catch((error: unknown) => console.error('[authworker] a UserButton item failed', error));
};

/**
 * The official `UserButton`: the avatar (and with `showUserInfo` the name and e-mail) opening a menu with the
 * user on top, "Account settings", the app's `extraItems`, "Toggle theme" with `colorModeToggle`, and "Sign out";
 * signed out, "Sign in" and "Sign up". Radix's menu: arrow keys, type-ahead, Escape, focus returned to the button.
 */
export function UserButton({ showUserInfo, colorModeToggle, extraItems, mockUser }: UserButtonProps) {
  const t = useTranslation();
  const app = useStackApp();
  const { user: live } = useUserState();
  const session = useSession();
  const [failed, setFailed] = useState(false);
  if (!mockUser && session.status === 'loading') return null;
  const user: ShownUser | null = mockUser ?? (session.status === 'signed-in' ? live : null);
  const preview = mockUser !== undefined;
  const go = (redirect: () => Promise<void>) => run(() => (preview ? undefined : redirect()));
  const signOut = () => {
    setFailed(false);
    if (preview) return;
    // Shown, not swallowed: the session could not be ended here, or the page to go to next is not trusted.
    app.signOut().catch((error: unknown) => {
      console.error('[authworker] sign-out failed', error);
      setFailed(true);
    });
  };
  return (
    <Scope inline className="aw-user-button">
      <MenuStyles />
      <Menu.Root modal={false}>
        {/* Named by whose account it is, and what it opens (the user's name or e-mail is their own words). */}
        <Menu.Trigger className="aw-trigger" aria-label={[user?.displayName || user?.primaryEmail, t('Account menu')].filter(Boolean).join(', ')}>
          <UserAvatar user={user} />
          {user && showUserInfo && <Who user={user} />}
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="aw-page aw-menu" align="end" sideOffset={6} collisionPadding={8}>
            <Menu.Label className="aw-menu-label">
              <UserAvatar user={user} />
              {user ? <Who user={user} /> : <span>{t('Not signed in')}</span>}
            </Menu.Label>
            <Menu.Separator className="aw-menu-separator" />
            {user ? (
              <Item icon={<Icon name="account" />} text={t('Account settings')} onSelect={go(() => app.redirectToAccountSettings())} />
            ) : (
              <>
                <Item icon={<Icon name="signIn" />} text={t('Sign in')} onSelect={go(() => app.redirectToSignIn())} />
                <Item icon={<Icon name="signUp" />} text={t('Sign up')} onSelect={go(() => app.redirectToSignUp())} />
              </>
            )}
            {user && extraItems?.map((item) => <Item key={item.text} icon={item.icon} text={item.text} onSelect={run(item.onClick)} />)}
            {colorModeToggle && <Item icon={<Icon name="theme" />} text={t('Toggle theme')} onSelect={run(colorModeToggle)} />}
            {user && <Item icon={<Icon name="signOut" />} text={t('Sign out')} onSelect={signOut} />}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
      {failed && (
        <span className="aw-error" role="alert">
          {t('Signing out did not finish. Please try again.')}
        </span>
      )}
    </Scope>
  );
}
