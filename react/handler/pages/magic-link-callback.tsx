import { useCallback } from 'react';
import { useStackApp } from '../../hooks.ts';
import { useErrorText } from '../../components/error-text.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { codeFromUrl } from '../../components/kit.tsx';
import { CompletingSignInPage } from './completing-sign-in.tsx';

export default function MagicLinkCallbackPage() {
  const app = useStackApp();
  const t = useTranslation();
  const errorText = useErrorText();
  const complete = useCallback(async () => {
    const code = codeFromUrl();
    if (!code) return t('This sign-in link has no code. Open the link from the e-mail again.');
    const result = await app.signInWithMagicLink(code);
    return result.status === 'error' ? errorText(result.error) : null;
  }, [app, t, errorText]);
  return <CompletingSignInPage complete={complete} />;
}
