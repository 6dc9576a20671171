import { CredentialForm } from './credential-form.tsx';

export default function SignInPage() {
  return <CredentialForm mode="sign-in" />;
}
