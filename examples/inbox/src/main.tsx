import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { User } from 'oidc-client-ts';
import { client } from './apollo';
import { completeSignIn, signIn, startSignIn } from './auth';
import { Dashboard } from './Dashboard';
import { Inbox } from './Inbox';
import { navigate, useRoute } from './route';
import { SignedInAs } from './viewer';
import './styles.css';

function App() {
  const route = useRoute();
  return (
    <>
      <header className="appbar">
        <span className="brand">hubgraph</span>
        <nav>
          <button onClick={() => navigate({ page: 'dashboard' })} aria-pressed={route.page === 'dashboard'}>
            Dashboard
          </button>
          <button onClick={() => navigate({ page: 'inbox', channelId: null, contact: null })} aria-pressed={route.page === 'inbox'}>
            Inbox
          </button>
        </nav>
      </header>
      {route.page === 'dashboard' ? <Dashboard /> : <Inbox channelId={route.channelId} contact={route.contact} />}
    </>
  );
}

type Session = { state: 'checking' } | { state: 'signed-out'; problem?: string } | { state: 'signed-in'; user: User };

/**
 * With an identity provider (VITE_OIDC_ISSUER): the app once a person has signed in (authorization code with PKCE,
 * auth.ts), a sign-in button before. Without one: the app as it is, open or with a gateway token.
 */
function SignedIn({ children }: { children: React.ReactNode }) {
  const [session, setSession] = useState<Session>({ state: 'checking' });
  useEffect(() => {
    if (!signIn) return;
    completeSignIn(signIn).then(
      (user) => setSession(user && !user.expired ? { state: 'signed-in', user } : { state: 'signed-out' }),
      (error: Error) => setSession({ state: 'signed-out', problem: error.message }),
    );
    // A renewal that fails (the provider's session ended) signs the person out here too.
    const signedOut = () => setSession({ state: 'signed-out', problem: 'Your session has ended' });
    signIn.events.addSilentRenewError(signedOut);
    signIn.events.addUserSignedOut(signedOut);
    return () => {
      signIn?.events.removeSilentRenewError(signedOut);
      signIn?.events.removeUserSignedOut(signedOut);
    };
  }, []);
  if (!signIn) return children;
  const manager = signIn;
  if (session.state === 'checking') return <p className="placeholder">Signing in…</p>;
  if (session.state === 'signed-out') {
    return (
      <main className="page sign-in">
        <h1>hubgraph inbox</h1>
        {session.problem && (
          <p role="alert" className="alert">
            Sign-in failed: {session.problem}
          </p>
        )}
        <button className="primary" onClick={() => void startSignIn(manager)}>
          Sign in
        </button>
      </main>
    );
  }
  // Sign-out ends the provider's session too (it asks to confirm), or the next sign-in would pass without a password.
  return <SignedInAs onSignOut={() => void manager.signoutRedirect()}>{children}</SignedInAs>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <SignedIn>
        <App />
      </SignedIn>
    </ApolloProvider>
  </StrictMode>,
);
