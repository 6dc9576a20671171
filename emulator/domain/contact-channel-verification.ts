// E-mail verification codes for contact channels (sign-up and the contact-channel routes).
import { KnownError } from '../core/known-errors.ts';
import { renderEmail, sendEmail } from './emails.ts';
import type { Project } from './projects.ts';
import { isTrustedRedirectUrl } from './redirect-urls.ts';
import { codeLink, createVerificationCode, redeemVerificationCode } from './verification-codes.ts';
import type { Services } from './services.ts';

export interface ChannelRef {
  userId: string;
  channelId: string;
  email: string;
}

/** Throws REDIRECT_URL_NOT_WHITELISTED for an untrusted callback. */
export async function sendChannelVerificationEmail(services: Services, project: Project, channel: ChannelRef, callbackUrl: string): Promise<void> {
  if (!isTrustedRedirectUrl(callbackUrl, project.config)) throw new KnownError('REDIRECT_URL_NOT_WHITELISTED');
  const now = services.clock.now();
  const code = await createVerificationCode(services.db, {
    projectId: project.id,
    type: 'contact_channel_verification',
    data: { user_id: channel.userId, channel_id: channel.channelId, email: channel.email },
    nowMillis: now,
  });
  const email = await renderEmail(services.db, project, 'email_verification', { emailVerificationLink: codeLink(callbackUrl, code) });
  await sendEmail(services.db, project, { to: channel.email, ...email }, now);
}

/** Marks the channel recorded in the code verified (if it still exists with the same value). */
export async function verifyChannelWithCode(services: Services, project: Project, code: string, consume: boolean): Promise<void> {
  const row = await redeemVerificationCode(services.db, {
    projectId: project.id,
    type: 'contact_channel_verification',
    code,
    nowMillis: services.clock.now(),
    consume,
  });
  if (!consume) return;
  const data = row.data as { user_id: string; channel_id: string; email: string };
  await services.db
    .updateTable('contact_channels')
    .set({ is_verified: true })
    .where('id', '=', data.channel_id)
    .where('user_id', '=', data.user_id)
    .where('value', '=', data.email)
    .execute();
}
