import { useState } from 'react';
import type { ContactChannel } from '../../../runtime/client/user/contact-channels.ts';
import type { CurrentUser } from '../../../runtime/client/user/current-user.ts';
import { readKey } from '../../../runtime/client/reads/read-keys.ts';
import { useErrorText } from '../error-text.ts';
import { SectionHeading } from '../frame.tsx';
import { ActionForm, ReadState, TextField, useAccountRead, useAction } from '../kit.tsx';

// Each mutation names the channels as changed, which refetches the list below (useAccountRead).

function ChannelRow({ channel }: { channel: ContactChannel }) {
  const errorText = useErrorText();
  const [notice, setNotice] = useState<string | null>(null);
  const verify = useAction(async () => {
    const result = await channel.sendVerificationEmail();
    if (result.status === 'error') return errorText(result.error);
    setNotice('Verification e-mail sent.');
    return null;
  });
  const primary = useAction(() => channel.update({ isPrimary: true }));
  const remove = useAction(() => channel.delete());
  const error = verify.error ?? primary.error ?? remove.error;
  return (
    <li>
      <span>{channel.value}</span> {channel.isPrimary && <strong>primary</strong>} {channel.isVerified ? 'verified' : 'not verified'}{' '}
      {!channel.isVerified && (
        <button type="button" onClick={() => void verify.run()} disabled={verify.busy}>
          Send verification
        </button>
      )}
      {!channel.isPrimary && (
        <button type="button" onClick={() => void primary.run()} disabled={primary.busy}>
          Make primary
        </button>
      )}
      {!channel.isPrimary && (
        <button type="button" onClick={() => void remove.run()} disabled={remove.busy} aria-label={`Remove ${channel.value}`}>
          Remove
        </button>
      )}
      <span role="status">{notice}</span>
      {error && (
        <span className="aw-error" role="alert">
          {error}
        </span>
      )}
    </li>
  );
}

export function EmailsSection({ user }: { user: CurrentUser }) {
  const read = useAccountRead(readKey('contact-channels'), () => user.listContactChannels());
  const channels = read.value;
  const [email, setEmail] = useState('');
  const add = async () => {
    await user.createContactChannel({ value: email, type: 'email', usedForAuth: false });
    setEmail('');
  };
  return (
    <section aria-labelledby="aw-emails">
      <SectionHeading id="aw-emails">E-mail addresses</SectionHeading>
      <ReadState read={read} loading="Loading e-mail addresses…" />
      {channels && (
        <ul>
          {channels.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} />
          ))}
        </ul>
      )}
      <ActionForm action={add} submitLabel="Add e-mail" busyLabel="Adding…">
        <TextField label="New e-mail address" name="newEmail" type="email" autoComplete="email" value={email} onChange={setEmail} />
      </ActionForm>
    </section>
  );
}
