import { AccountSettings } from '../../components/account-settings.tsx';

export default function AccountSettingsPage() {
  return <AccountSettings fullPage />;
}
