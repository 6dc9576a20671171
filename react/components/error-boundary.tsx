import { Component, type ComponentType, type ReactNode } from 'react';
import { errorTextOr, isUnreachable } from './error-text.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Scope } from './frame.tsx';
import { RetryingWhileUnreachable } from './waiting.tsx';

interface ErrorBoundaryProps {
  /** Called by "Try again" before the children render again (the handler makes new lazy pages there). */
  onRetry?: () => void;
  fullPage?: boolean;
  children?: ReactNode;
}

/**
 * A component that fails to render (the project could not be read, its code did not load) shows the error in
 * its place, in words for people, with a retry, instead of unmounting the app. Out of reach (offline, server
 * down) it says so and retries on its own.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { fullPage } = this.props;
    const className = fullPage ? 'aw-card aw-full-page' : 'aw-card';
    if (isUnreachable(error)) return <RetryingWhileUnreachable error={error} retry={this.retry} className={className} />;
    return <FailedView error={error} retry={this.retry} className={className} fullPage={fullPage} />;
  }
}

/** What a component that failed shows: the error in words for people, in the provider's language, and a retry. */
function FailedView({ error, retry, className, fullPage }: { error: Error; retry: () => void; className: string; fullPage?: boolean }) {
  const t = useTranslation();
  const title = t('This could not be shown');
  return (
    <Scope className={className}>
      {fullPage ? <h1>{title}</h1> : <h2 className="aw-title">{title}</h2>}
      <p className="aw-error" role="alert">
        {errorTextOr(error, t, () => t('An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.'))}
      </p>
      <button className="aw-button" type="button" onClick={retry}>
        {t('Try again')}
      </button>
    </Scope>
  );
}

/** `Component` inside an error boundary (full-page when its props say so): what the public lazy components render. */
export function guarded<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  return function Guarded(props: P) {
    return (
      <ErrorBoundary fullPage={(props as { fullPage?: boolean }).fullPage}>
        <Inner {...props} />
      </ErrorBoundary>
    );
  };
}
