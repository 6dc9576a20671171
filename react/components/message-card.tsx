import type { ReactNode } from 'react';
import { Card } from './frame.tsx';
import { useAction } from './kit.tsx';

/** The official `MessageCard`'s props. */
export interface MessageCardProps {
  title: string;
  children?: ReactNode;
  fullPage?: boolean;
  primaryButtonText?: string;
  primaryAction?: () => Promise<void> | void;
  secondaryButtonText?: string;
  secondaryAction?: () => Promise<void> | void;
}

function CardButton({ text, action, secondary }: { text: string; action?: () => Promise<void> | void; secondary?: boolean }) {
  // The card's actions are the app's own (often a navigation): they run offline too.
  const { run, busy, error } = useAction(async () => {
    await action?.();
  }, true);
  return (
    <>
      <button className={secondary ? 'aw-button aw-secondary' : 'aw-button'} type="button" disabled={busy} onClick={() => void run()}>
        {text}
      </button>
      {error && (
        <p className="aw-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** A card with a title, a message and up to two actions; what the other components show for a finished or refused step. */
export function MessageCard({ title, children, fullPage, primaryButtonText, primaryAction, secondaryButtonText, secondaryAction }: MessageCardProps) {
  return (
    <Card title={title} fullPage={fullPage}>
      {children}
      {(primaryButtonText || secondaryButtonText) && (
        <div className="aw-actions">
          {secondaryButtonText && <CardButton text={secondaryButtonText} action={secondaryAction} secondary />}
          {primaryButtonText && <CardButton text={primaryButtonText} action={primaryAction} />}
        </div>
      )}
    </Card>
  );
}
