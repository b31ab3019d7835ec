import { useQuery } from '@apollo/client/react';
import { createContext, useContext } from 'react';
import { graphql } from './gql';

export const VIEWER = graphql(`
  query Viewer {
    viewer {
      actor {
        kind
        subject
        name
      }
      scopes
      allClients
      clientIds
    }
  }
`);

/**
 * The scopes of the signed-in person, from `Query.viewer`; null when nobody signs in (a gateway token or an open
 * gateway: every scope) or while it loads. The gateway enforces them whatever the app shows: the app only spares a
 * person controls they may not use.
 */
const ViewerScopes = createContext<readonly string[] | null>(null);

export function useMay(scope: string): boolean {
  const scopes = useContext(ViewerScopes);
  return scopes === null || scopes.includes(scope);
}

/** Who is signed in, with a sign-out, and their scopes for everything below. */
export function SignedInAs({ onSignOut, children }: { onSignOut: () => void; children: React.ReactNode }) {
  const { data, error } = useQuery(VIEWER);
  const viewer = data?.viewer;
  return (
    <ViewerScopes.Provider value={viewer?.scopes ?? null}>
      <div className="viewer-bar">
        {viewer && (
          <span title={`${viewer.scopes.join(' ')}; ${viewer.allClients ? 'every client' : `clients ${viewer.clientIds.join(', ')}`}`}>
            Signed in as <strong data-testid="viewer">{viewer.actor.name ?? viewer.actor.subject}</strong>
          </span>
        )}
        {error && (
          <span role="alert" className="alert">
            {error.message}
          </span>
        )}
        <button onClick={onSignOut}>Sign out</button>
      </div>
      {children}
    </ViewerScopes.Provider>
  );
}
