import type { CurrentUser } from '../../../runtime/client/user/current-user.ts';
import { SectionHeading } from '../frame.tsx';
import { useAction } from '../kit.tsx';
import { providerName } from '../oauth-buttons.tsx';

/** The project's OAuth providers: which are connected to this account, and a button to connect the others. */
export function ConnectedAccountsSection({ user, providers }: { user: CurrentUser; providers: { id: string }[] }) {
  return (
    <section aria-labelledby="aw-connected">
      <SectionHeading id="aw-connected">Connected accounts</SectionHeading>
      <ul>
        {providers.map(({ id }) => (
          <ProviderRow key={id} user={user} providerId={id} />
        ))}
      </ul>
    </section>
  );
}

function ProviderRow({ user, providerId }: { user: CurrentUser; providerId: string }) {
  const link = user.oauthProviders.find((p) => p.id === providerId);
  // Connecting leaves for the provider and comes back here; the page reloads with the new connection.
  const connect = useAction(async () => {
    await user.linkConnectedAccount(providerId);
  });
  const name = providerName(providerId);
  return (
    <li data-testid={`connected-${providerId}`}>
      {link ? (
        <span>
          {name}: connected{link.email ? ` as ${link.email}` : ''}
        </span>
      ) : (
        <button type="button" onClick={() => void connect.run()} disabled={connect.busy}>
          Connect {name}
        </button>
      )}
      {connect.error && (
        <p className="aw-error" role="alert">
          {connect.error}
        </p>
      )}
    </li>
  );
}
