import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { client } from './apollo';
import { Dashboard } from './Dashboard';
import { Inbox } from './Inbox';
import './styles.css';

function App() {
  const [page, setPage] = useState<'dashboard' | 'inbox'>('dashboard');
  return (
    <>
      <header className="appbar">
        <span className="brand">hubgraph</span>
        <nav>
          <button onClick={() => setPage('dashboard')} aria-pressed={page === 'dashboard'}>
            Dashboard
          </button>
          <button onClick={() => setPage('inbox')} aria-pressed={page === 'inbox'}>
            Inbox
          </button>
        </nav>
      </header>
      {page === 'dashboard' ? <Dashboard /> : <Inbox />}
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
