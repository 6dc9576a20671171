import { useStackApp } from '../../hooks.ts';
import { createKnownError, isKnownErrorCode } from '../../../runtime/protocol/errors.ts';
import { Card } from '../../components/frame.tsx';

/** Rebuilds the known error from `errorCode`, `message` and `details` (protocol.md §10.3). */
export function errorFromQuery(search: string): { code: string | null; message: string } {
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
  if (code && isKnownErrorCode(code)) return { code, message: createKnownError(code, details, message ?? undefined).message };
  return { code, message: message ?? 'Something went wrong.' };
}

export default function ErrorPage() {
  const app = useStackApp();
  const error = errorFromQuery(typeof location === 'undefined' ? '' : location.search);
  return (
    <Card title="Something went wrong" fullPage>
      <p className="aw-error" role="alert" data-error-code={error.code ?? undefined}>
        {error.message}
      </p>
      <p className="aw-alt">
        <a href={app.urls.signIn}>Back to sign in</a>
      </p>
    </Card>
  );
}
