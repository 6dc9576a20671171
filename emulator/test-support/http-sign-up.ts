import { DEMO_PROJECT } from '../seed.ts';

/** Signs a user up on the demo project of a running emulator, over HTTP (no browser), as another device would. */
export async function signUpOverHttp(emulatorUrl: string, email: string, password: string): Promise<void> {
  const response = await fetch(`${emulatorUrl}/api/v1/auth/password/sign-up`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-stack-project-id': DEMO_PROJECT.id,
      'x-stack-access-type': 'client',
      'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey,
    },
    // The verification mail is never opened: the callback only has to be a URL.
    body: JSON.stringify({ email, password, verification_callback_url: 'http://localhost/handler/email-verification' }),
  });
  if (!response.ok) throw new Error(`sign-up on ${emulatorUrl} failed: ${response.status} ${await response.text()}`);
}
