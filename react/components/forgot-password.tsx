import { useState } from 'react';
import { useStackApp } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useErrorText } from './error-text.ts';
import { Card } from './frame.tsx';
import { ActionForm, TextField } from './kit.tsx';

/** The official `ForgotPassword`'s props. */
export interface ForgotPasswordProps {
  fullPage?: boolean;
}

/** The official `ForgotPassword`: sends a password-reset link to the address typed (to a signed-in user too). */
export function ForgotPassword({ fullPage }: ForgotPasswordProps) {
  const errorText = useErrorText();
  const app = useStackApp();
  const t = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const send = async () => {
    const result = await app.sendForgotPasswordEmail(email);
    if (result.status === 'error') return errorText(result.error);
    setSent(true);
    return null;
  };
  return (
    <Card title={t('Reset your password')} fullPage={fullPage} centered>
      {sent ? (
        <p role="status">{t('If an account uses {email}, we sent it a link to choose a new password.', { email })}</p>
      ) : (
        <ActionForm action={send} submitLabel={t('Send reset link')} busyLabel={t('Sending…')}>
          <TextField label={t('E-mail')} name="email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        </ActionForm>
      )}
      <p className="aw-alt">
        <a href={app.urls.signIn}>{t('Back to sign in')}</a>
      </p>
    </Card>
  );
}
