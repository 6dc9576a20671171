// The admin page's users section: the project's latest sign-ups, a page at a time (cursor paging).
import { useCallback, useState } from 'react';
import type { StackAdminApp } from '../runtime/admin/index.ts';
import { ErrorText, LoadingText, TABLE_STYLE, useLoaded } from './admin-kit.tsx';

export const USERS_PAGE_SIZE = 5;

/** `2025-02-20 14:03 UTC`: the same text in every time zone (and in tests). */
function utcMinute(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function UsersSection({ admin }: { admin: StackAdminApp }) {
  // The cursors of the pages walked so far; the last one is the page on screen (undefined: the first).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const load = useCallback(
    () => admin.listUsers({ limit: USERS_PAGE_SIZE, orderBy: 'signedUpAt', desc: true, ...(cursor === undefined ? {} : { cursor }) }),
    [admin, cursor],
  );
  const { state, reload } = useLoaded(load);
  const page = state.status === 'ready' ? state.value : state.status === 'loading' ? state.previous : undefined;
  const loading = state.status === 'loading';
  const next = page?.nextCursor ?? null;

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title">Latest users</h2>
      {page === undefined && loading && <LoadingText>Loading users…</LoadingText>}
      {state.status === 'failed' && <ErrorText message={state.message} />}
      {page !== undefined && (
        <table aria-busy={loading} data-testid="users-table" style={TABLE_STYLE}>
          <caption>
            Newest first, page <span data-testid="users-page">{cursors.length}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Name</th>
              <th scope="col">Signed up</th>
            </tr>
          </thead>
          <tbody>
            {page.length === 0 ? (
              <tr>
                <td colSpan={3}>No users yet.</td>
              </tr>
            ) : (
              page.map((user) => (
                <tr key={user.id} data-testid="user-row">
                  <td>{user.primaryEmail ?? '(no e-mail)'}</td>
                  <td>{user.displayName ?? ''}</td>
                  <td>
                    <time dateTime={user.signedUpAt.toISOString()}>{utcMinute(user.signedUpAt)}</time>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
      <p>
        {/* While a page loads, the previous one stays on screen and the buttons ignore clicks (keeping the focus). */}
        <button type="button" disabled={cursors.length === 1} onClick={() => !loading && setCursors(cursors.slice(0, -1))}>
          Previous page
        </button>{' '}
        <button type="button" disabled={next === null} onClick={() => !loading && next !== null && setCursors([...cursors, next])}>
          Next page
        </button>{' '}
        <button type="button" onClick={() => !loading && reload()}>
          Refresh
        </button>
      </p>
    </section>
  );
}
