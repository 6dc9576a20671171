import { projectHeaders } from './project-headers.ts';

/** Signs a user up on the demo project of a running emulator, over HTTP (no browser), as another device would. */
export async function signUpOverHttp(emulatorUrl: string, email: string, password: string): Promise<{ accessToken: string }> {
  const response = await fetch(`${emulatorUrl}/api/v1/auth/password/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...projectHeaders('client') },
    // The verification mail is never opened: the callback only has to be a URL.
    body: JSON.stringify({ email, password, verification_callback_url: 'http://localhost/handler/email-verification' }),
  });
  if (!response.ok) throw new Error(`sign-up on ${emulatorUrl} failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access_token: string };
  return { accessToken: body.access_token };
}
