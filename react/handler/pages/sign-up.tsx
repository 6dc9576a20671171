import { AuthPageView } from '../../components/auth-page.tsx';

/** The sign-up page: the `SignUp` component, the password asked once. */
export default function SignUpPage() {
  return <AuthPageView type="sign-up" fullPage firstTab="password" noPasswordRepeat whenSignedIn="form" />;
}
