import { AuthPageView } from '../../components/auth-page.tsx';

/** The sign-in page: the `SignIn` component, its forms shown to a signed-in user too (another account, or offline). */
export default function SignInPage() {
  return <AuthPageView type="sign-in" fullPage firstTab="password" whenSignedIn="form" />;
}
