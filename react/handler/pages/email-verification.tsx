import { EmailVerification } from '../../components/email-verification.tsx';

export default function EmailVerificationPage() {
  return <EmailVerification fullPage />;
}
