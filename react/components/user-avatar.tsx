import { useTranslation } from '../i18n/use-translation.ts';
import { Scope } from './frame.tsx';
import { Icon } from './icons.tsx';

/** The official `UserAvatar`'s props: any user-like object (the current user, a team member's profile). */
export interface UserAvatarProps {
  /** Width and height in pixels; 34 by default. */
  size?: number;
  user?: { profileImageUrl?: string | null; displayName?: string | null; primaryEmail?: string | null } | null;
  border?: boolean;
}

/** Two letters: of a name's first and last words ("Ada Lovelace" → "AL", "Cher" → "CH"), or an e-mail's first two. */
export function initials(name: string): string {
  if (name.includes('@')) return [...name.split('@')[0]!].filter((c) => /[\p{L}\p{N}]/u.test(c)).slice(0, 2).join('').toUpperCase();
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [[...words[0]!][0], [...words.at(-1)!][0]] : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/**
 * A round avatar: the user's profile image, else initials of the name (or e-mail), else a person outline. An
 * image with the user's name for assistive technology.
 */
export function UserAvatar({ size = 34, user, border }: UserAvatarProps) {
  const t = useTranslation();
  const name = user?.displayName || user?.primaryEmail;
  const image = user?.profileImageUrl;
  return (
    <Scope inline>
      <span
        className={border ? 'aw-avatar aw-avatar-border' : 'aw-avatar'}
        role="img"
        aria-label={name ? t('Avatar of {name}', { name }) : t('Avatar')}
        style={{ width: size, height: size, fontSize: size * 0.4, flex: 'none' }}
      >
        {image ? <img src={image} alt="" /> : name ? initials(name) : <Icon name="user" size={size * 0.6} />}
      </span>
    </Scope>
  );
}
