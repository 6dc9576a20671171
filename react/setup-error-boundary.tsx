import { Component, lazy, Suspense, type ReactNode } from 'react';

const SetupErrorPanel = lazy(() => import('./setup-error-panel.tsx'));

/**
 * A setup mistake (a worker set up for another API, a missing key) thrown while rendering is shown in place of the
 * app instead of unmounting it to a blank page: its message in development, a short sentence for people in
 * production. Every other error goes on to the app's own boundaries, as before.
 */
export class SetupErrorBoundary extends Component<{ children?: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error.name !== 'StackSetupError') throw error;
    return (
      <Suspense>
        <SetupErrorPanel error={error} />
      </Suspense>
    );
  }
}
