import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { Router } from 'express';

/**
 * GraphiQL at `/graphiql`, served entirely from this gateway's own node_modules (the graphiql package's
 * browser bundle and React's): the graph can be explored where Apollo's CDN, which the Sandbox needs, is
 * out of reach. Queries and mutations only; subscriptions stay with the Sandbox or a graphql-ws client.
 */
const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** Asset name under /graphiql/assets → file in node_modules. */
const ASSETS: Record<string, string> = {
  'react.production.min.js': join(packageDir('react'), 'umd', 'react.production.min.js'),
  'react-dom.production.min.js': join(packageDir('react-dom'), 'umd', 'react-dom.production.min.js'),
  'graphiql.min.js': join(packageDir('graphiql'), 'graphiql.min.js'),
  'graphiql.min.css': join(packageDir('graphiql'), 'graphiql.min.css'),
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width,initial-scale=1" />
    <title>hubgraph · GraphiQL</title>
    <link rel="stylesheet" href="/graphiql/assets/graphiql.min.css" />
    <style>
      body { margin: 0; height: 100vh; }
      #graphiql { height: 100vh; }
    </style>
  </head>
  <body>
    <div id="graphiql">Loading GraphiQL…</div>
    <script src="/graphiql/assets/react.production.min.js"></script>
    <script src="/graphiql/assets/react-dom.production.min.js"></script>
    <script src="/graphiql/assets/graphiql.min.js"></script>
    <script src="/graphiql/assets/start.js"></script>
  </body>
</html>
`;

// A file of its own rather than inline, so a Content-Security-Policy without 'unsafe-inline' allows it.
const START = `const fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).href });
ReactDOM.createRoot(document.getElementById('graphiql')).render(React.createElement(GraphiQL, { fetcher, defaultEditorToolsVisibility: true }));
`;

export function graphiqlRouter(): Router {
  const router = Router();
  router.get('/graphiql', (_request, response) => {
    response.type('html').send(PAGE);
  });
  router.get('/graphiql/assets/start.js', (_request, response) => {
    response.type('js').send(START);
  });
  router.get('/graphiql/assets/:name', (request, response, next) => {
    const file = ASSETS[request.params.name];
    if (!file) return next();
    response.sendFile(file, { maxAge: '1d' });
  });
  return router;
}

const SANDBOX_OFFLINE = '<p>Apollo Sandbox cannot be loaded; it appears that you might be offline.</p>';

/**
 * Apollo's local landing page (the Sandbox, loaded from Apollo's CDN) whose offline text points at the local
 * GraphiQL, which needs no internet.
 */
export function landingPageWithGraphiqlFallback(): ApolloServerPlugin {
  const sandbox = ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: false });
  return {
    async serverWillStart(service) {
      const listener = await sandbox.serverWillStart!(service);
      const landingPage = await listener?.renderLandingPage?.();
      if (!landingPage) return listener;
      return {
        ...listener,
        async renderLandingPage() {
          const html = typeof landingPage.html === 'string' ? landingPage.html : await landingPage.html();
          return {
            html: html.replace(
              SANDBOX_OFFLINE,
              `${SANDBOX_OFFLINE}\n  <p>Without internet, explore the graph with the local GraphiQL: <a href="/graphiql">/graphiql</a>.</p>`,
            ),
          };
        },
      };
    },
  };
}
