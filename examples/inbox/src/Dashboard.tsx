import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { retryAfterSeconds } from './errors';
import { graphql } from './gql';

const DASHBOARD = graphql(`
  query Dashboard {
    partner {
      id
      clients(limit: 20, orderBy: { field: NAME, direction: ASC }) {
        total
        nodes {
          id
          name
          channels {
            nodes {
              id
              displayName
              phoneNumber
              hosting
              hubStatus
              currentQualityRating
            }
          }
        }
      }
    }
  }
`);

const CLIENT_USAGE = graphql(`
  query ClientUsage($clientId: ID!, $from: DateTime!, $to: DateTime!) {
    client(id: $clientId) {
      id
      usage(from: $from, to: $to, granularity: MONTH) {
        balance
        currency
        totals {
          quantity
          totalPrice
        }
      }
    }
  }
`);

/** Last calendar month in UTC, as the ISO 8601 date-times `usage` takes. */
function lastMonth(now = new Date()) {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1000);
  return { from: from.toISOString(), to: to.toISOString() };
}

function Usage({ clientId }: { clientId: string }) {
  const { data, error, loading, refetch } = useQuery(CLIENT_USAGE, { variables: { clientId, ...lastMonth() } });
  const retryIn = retryAfterSeconds(error);
  // The usage endpoint allows 5 requests per 30 s: on RATE_LIMITED, ask again once the gateway says it may.
  useEffect(() => {
    if (retryIn === undefined) return;
    const timer = setTimeout(() => void refetch(), retryIn * 1000);
    return () => clearTimeout(timer);
  }, [retryIn, refetch]);
  if (retryIn !== undefined)
    return (
      <p role="status" className="notice">
        Usage is rate limited: retrying in {retryIn} s
      </p>
    );
  if (loading) return <p>Loading usage…</p>;
  const usage = data?.client?.usage;
  if (!usage)
    return (
      <p role="alert" className="alert">
        Usage is not available: {error?.message}
      </p>
    );
  return (
    <p data-testid="usage">
      Last month: {usage.totals.quantity} conversations, {usage.totals.totalPrice.toFixed(2)} {usage.currency}; balance {usage.balance.toFixed(2)}{' '}
      {usage.currency}
    </p>
  );
}

export function Dashboard() {
  const { data, error, loading } = useQuery(DASHBOARD);
  const [selected, setSelected] = useState<string | null>(null);
  if (loading) return <p className="page">Loading…</p>;
  if (!data?.partner)
    return (
      <p role="alert" className="alert">
        {error?.message ?? 'No data'}
      </p>
    );
  const clients = data.partner.clients;
  return (
    <main className="page">
      <h1>Clients ({clients?.total ?? '?'})</h1>
      {/* A failed listing is null with its error beside it (errorPolicy 'all'); the rest of the page stands. */}
      {error && (
        <p role="alert" className="alert">
          Some data could not be loaded: {error.message}
        </p>
      )}
      {clients?.nodes.map((client) => (
        <section key={client.id} className="client" data-testid="client">
          <h2>
            <button onClick={() => setSelected(client.id)}>{client.name ?? client.id}</button>
          </h2>
          {selected === client.id && <Usage clientId={client.id} />}
          <table>
            <thead>
              <tr>
                <th scope="col">Channel</th>
                <th scope="col">Hosting</th>
                <th scope="col">Hub status</th>
                <th scope="col">Quality rating</th>
              </tr>
            </thead>
            <tbody>
              {client.channels?.nodes.map((channel) => (
                <tr key={channel.id} data-testid="channel">
                  <td>{channel.displayName ?? channel.phoneNumber ?? channel.id}</td>
                  <td>{channel.hosting}</td>
                  <td data-testid="hub-status">{channel.hubStatus}</td>
                  <td>{channel.currentQualityRating ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </main>
  );
}
