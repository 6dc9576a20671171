import { useStackApp } from '../../hooks.ts';
import { createKnownError, isKnownErrorCode } from '../../../runtime/protocol/errors/index.ts';
import { errorTextOr } from '../../components/error-text.ts';
import { format, type Translate } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Card } from '../../components/frame.tsx';

/**
 * Rebuilds the known error from `errorCode`, `message` and `details`, for developers; people
 * read the words mapped from its code, never the query's own `message` (anyone can write a link to this page).
 */
export function errorFromQuery(search: string, t?: Translate): { code: string | null; error: Error; text: string } {
  const params = new URLSearchParams(search);
  const code = params.get('errorCode');
  const message = params.get('message');
  let details: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = JSON.parse(params.get('details') ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
  } catch {
    details = undefined;
  }
  const error = code && isKnownErrorCode(code) ? createKnownError(code, details, message ?? undefined) : new Error(message ?? 'Something went wrong.');
  const say: Translate = t ?? format;
  // Anyone can write this link: only a code-shaped code is shown, never other words from the query.
  const shown = code && /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : null;
  // Nothing more specific to say from the code: say what is known (the code, or that the link said nothing) and what to do.
  const text = errorTextOr(error, say, () =>
    shown ? say('The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.', { code: shown }) : say('This page was opened without saying what went wrong. Go back and try again.'),
  );
  return { code, error, text };
}

export default function ErrorPage() {
  const app = useStackApp();
  const t = useTranslation();
  const error = errorFromQuery(typeof location === 'undefined' ? '' : location.search, t);
  return (
    <Card title={t('Sign-in could not continue')} fullPage>
      <p className="aw-error" role="alert" data-error-code={error.code ?? undefined}>
        {error.text}
      </p>
      <p className="aw-alt">
        <a href={app.urls.signIn}>{t('Back to sign in')}</a>
      </p>
    </Card>
  );
}
