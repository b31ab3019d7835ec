import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { client } from './apollo';
import { Dashboard } from './Dashboard';
import { Inbox } from './Inbox';
import { navigate, useRoute } from './route';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <App />
    </ApolloProvider>
  </StrictMode>,
);
