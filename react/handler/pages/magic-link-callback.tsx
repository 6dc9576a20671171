import { useCallback } from 'react';
import { useStackApp } from '../../hooks.ts';
import { errorText } from '../../components/error-text.ts';
import { codeFromUrl } from '../../components/kit.tsx';
import { CompletingSignInPage } from './completing-sign-in.tsx';

export default function MagicLinkCallbackPage() {
  const app = useStackApp();
  const complete = useCallback(async () => {
    const code = codeFromUrl();
    if (!code) return 'This sign-in link has no code. Open the link from the e-mail again.';
    const result = await app.signInWithMagicLink(code);
    return result.status === 'error' ? errorText(result.error) : null;
  }, [app]);
  return <CompletingSignInPage complete={complete} />;
}
