// What the setup boundary shows (loaded only then): the developer's message in development, people's words in production.
import { errorText } from './components/error-text.ts';
import { Scope } from './components/frame.tsx';

declare const process: { env: { NODE_ENV?: string } };

/** True unless the bundler built for production: every React build defines `process.env.NODE_ENV`. */
function isDevelopmentBuild(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return true;
  }
}

export default function SetupErrorPanel({ error }: { error: Error }) {
  if (!isDevelopmentBuild()) {
    return (
      <Scope className="aw-card">
        <p role="alert">{errorText(error)}</p>
      </Scope>
    );
  }
  // Developers' words, shown in development builds only: the error's own message says what to change.
  return (
    <Scope className="aw-card">
      <h2 className="aw-title">authworker is not set up correctly</h2>
      <p className="aw-error" role="alert" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {error.message}
      </p>
      <p>This panel replaces the app in development builds only; in production people read: “{errorText(error)}”</p>
    </Scope>
  );
}
