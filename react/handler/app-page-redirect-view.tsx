import { useEffect, useState } from 'react';
import { isTrustedRedirect, UntrustedRedirectError } from '../../runtime/flows/redirect-trust.ts';
import { useStackApp } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { isTrustedAppPage } from './app-page-redirect.ts';

/**
 * Sends the browser to the app's own page (a full page load, like the official SDK's handler: it works whatever
 * router the app uses), with the query it carries (`code`, `state`, `after_auth_return_to`), once the target is
 * trusted like every redirect. An untrusted one is not followed: people read why, developers get the SDK's error.
 */
export function AppPageRedirect({ target }: { target: string }) {
  const app = useStackApp();
  const t = useTranslation();
  const [refused, setRefused] = useState(false);
  // Relative and same-origin targets need nothing read: left for at once, during the render, as the handler always did.
  const atOnce = isTrustedRedirect(target);
  if (atOnce) location.replace(target);
  useEffect(() => {
    if (atOnce) return;
    let live = true;
    void isTrustedAppPage(app, target).then((trusted) => {
      if (!live) return;
      if (trusted) return location.replace(target);
      console.error(new UntrustedRedirectError(target));
      setRefused(true);
    });
    return () => {
      live = false;
    };
  }, [app, target, atOnce]);
  return refused ? (
    <div className="aw-page">
      <p className="aw-error" role="alert">
        {t('This page is set to send you to an address this app does not trust, so you stay here.')}
      </p>
    </div>
  ) : null;
}
