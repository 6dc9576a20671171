import { useState } from 'react';
import type { CurrentUser } from '../../../runtime/client/user/current-user.ts';
import { SectionHeading } from '../frame.tsx';
import { useAction } from '../kit.tsx';

export function DeleteSection({ user }: { user: CurrentUser }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useAction(() => user.delete());
  return (
    <section aria-labelledby="aw-delete">
      <SectionHeading id="aw-delete">Delete account</SectionHeading>
      {!confirming ? (
        <button type="button" onClick={() => setConfirming(true)}>
          Delete my account…
        </button>
      ) : (
        <p>
          This cannot be undone.{' '}
          <button type="button" onClick={() => void remove.run()} disabled={remove.busy}>
            {remove.busy ? 'Deleting…' : 'Yes, delete my account'}
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </p>
      )}
      {remove.error && (
        <p className="aw-error" role="alert">
          {remove.error}
        </p>
      )}
    </section>
  );
}
