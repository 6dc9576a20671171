import { ForgotPassword } from '../../components/forgot-password.tsx';

export default function ForgotPasswordPage() {
  return <ForgotPassword fullPage />;
}
