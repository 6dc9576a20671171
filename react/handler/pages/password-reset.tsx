import { PasswordReset } from '../../components/password-reset.tsx';

export default function PasswordResetPage() {
  return <PasswordReset fullPage />;
}
