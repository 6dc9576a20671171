import { useState } from 'react';
import type { CurrentUser } from '../../../runtime/client/user/current-user.ts';
import { base32, createTotpSecret, totpOtpauthUri, verifyTotpCode } from '../../../runtime/protocol/totp.ts';
import { useProject } from '../../project.ts';
import { QrCode } from '../../qr-code.tsx';
import { SectionHeading } from '../frame.tsx';
import { ActionForm, TextField, useAction } from '../kit.tsx';

/** TOTP two-factor authentication: a new secret is saved only once the user's app shows a matching code. */
export function MfaSection({ user }: { user: CurrentUser }) {
  const project = useProject();
  const [secret, setSecret] = useState<Uint8Array | null>(null);
  const [code, setCode] = useState('');
  const otpauthUri = (key: Uint8Array) => totpOtpauthUri({ secret: key, issuer: project.displayName, account: user.primaryEmail ?? user.id });
  const disable = useAction(() => user.update({ totpMultiFactorSecret: null }));
  const enable = async () => {
    if (!secret) return null;
    if (!(await verifyTotpCode(secret, code.replace(/\s+/g, '')))) return 'That code does not match. Check the time on your device and try again.';
    await user.update({ totpMultiFactorSecret: secret });
    setSecret(null);
    setCode('');
    return null;
  };
  return (
    <section aria-labelledby="aw-mfa">
      <SectionHeading id="aw-mfa">Two-factor authentication</SectionHeading>
      {user.isMultiFactorRequired ? (
        <>
          <p role="status">Two-factor authentication is on: sign-ins ask for a code from your authenticator app.</p>
          <button type="button" onClick={() => void disable.run()} disabled={disable.busy}>
            Turn off two-factor authentication
          </button>
          {disable.error && (
            <p className="aw-error" role="alert">
              {disable.error}
            </p>
          )}
        </>
      ) : secret === null ? (
        <button type="button" onClick={() => setSecret(createTotpSecret())}>
          Set up two-factor authentication
        </button>
      ) : (
        <>
          <p>Scan this code or add the key below to your authenticator app, then enter the code it shows.</p>
          <QrCode value={otpauthUri(secret)} label="QR code of the two-factor key, for your authenticator app" data-testid="totp-qr" />
          <p>
            Key: <code data-testid="totp-secret">{base32(secret)}</code>
          </p>
          <p>
            Or open: <code data-testid="totp-uri">{otpauthUri(secret)}</code>
          </p>
          <ActionForm action={enable} submitLabel="Turn on two-factor authentication" busyLabel="Saving…">
            <TextField label="Code from the app" name="totp" autoComplete="one-time-code" value={code} onChange={setCode} />
          </ActionForm>
        </>
      )}
    </section>
  );
}
