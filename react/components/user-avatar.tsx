import { Scope } from './frame.tsx';

/** The official `UserAvatar`'s props: any user-like object (the current user, a team member's profile). */
export interface UserAvatarProps {
  /** Width and height in pixels; 34 by default. */
  size?: number;
  user?: { profileImageUrl?: string | null; displayName?: string | null; primaryEmail?: string | null } | null;
  border?: boolean;
}

/**
 * A round avatar: the user's profile image, else the first two letters of the name (or e-mail), else a person
 * outline. An image with the user's name for assistive technology.
 */
export function UserAvatar({ size = 34, user, border }: UserAvatarProps) {
  const name = user?.displayName || user?.primaryEmail;
  const image = user?.profileImageUrl;
  return (
    <Scope inline>
      <span
        className={border ? 'aw-avatar aw-avatar-border' : 'aw-avatar'}
        role="img"
        aria-label={name ? `Avatar of ${name}` : 'Avatar'}
        style={{ width: size, height: size, fontSize: size * 0.4 }}
      >
        {image ? (
          <img src={image} alt="" />
        ) : name ? (
          name.slice(0, 2).toUpperCase()
        ) : (
          <svg width={size * 0.6} height={size * 0.6} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="12" cy="8" r="5" />
            <path d="M20 21a8 8 0 0 0-16 0" />
          </svg>
        )}
      </span>
    </Scope>
  );
}
