import { CredentialForm } from './credential-form.tsx';

export default function SignUpPage() {
  return <CredentialForm mode="sign-up" />;
}
