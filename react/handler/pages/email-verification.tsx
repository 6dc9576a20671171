import { useEffect, useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { codeFromUrl, HandlerPage } from '../kit.tsx';
import { errorText } from '../../error-text.ts';

export default function EmailVerificationPage() {
  const app = useStackApp();
  const [state, setState] = useState<{ done: boolean; error: string | null }>({ done: false, error: null });
  useEffect(() => {
    const code = codeFromUrl();
    if (!code) return setState({ done: true, error: 'This verification link has no code. Ask for a new one.' });
    void app.verifyEmail(code).then(
      (result) => setState({ done: true, error: result.status === 'error' ? errorText(result.error) : null }),
      (caught: unknown) => setState({ done: true, error: errorText(caught) }),
    );
  }, [app]);
  return (
    <HandlerPage title="Verify your e-mail">
      {!state.done && <p aria-busy="true">Verifying…</p>}
      {state.done && !state.error && <p role="status">Your e-mail address is verified.</p>}
      {state.error && (
        <p className="aw-error" role="alert">
          {state.error}
        </p>
      )}
      <p className="aw-alt">
        <a href={app.urls.home}>Continue</a>
      </p>
    </HandlerPage>
  );
}
