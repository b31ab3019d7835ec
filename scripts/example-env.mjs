// The environment `npm run example` gives the gateway and the inbox app: the app calls the gateway on the same PORT
// (VITE_HUBGRAPH_URL, unless set) and shows the simulator's URL (SIMULATOR_PORT, default PORT + 10) in its hints.
// With the development identity provider (`identity`: its issuer and the gateway's audience), the gateway verifies
// people's tokens from it (AUTH_ISSUER, AUTH_AUDIENCE) and the app signs in there (VITE_OIDC_*).
export function exampleEnvironment(env, identity = null) {
  const port = Number(env.PORT ?? 4000);
  const simulatorPort = Number(env.SIMULATOR_PORT ?? port + 10);
  return {
    ...env,
    SIMULATOR_PORT: String(simulatorPort),
    VITE_HUBGRAPH_URL: env.VITE_HUBGRAPH_URL ?? `http://localhost:${port}/graphql`,
    VITE_SIMULATOR_URL: env.VITE_SIMULATOR_URL ?? `http://127.0.0.1:${simulatorPort}`,
    ...(identity && {
      AUTH_ISSUER: identity.issuer,
      AUTH_AUDIENCE: identity.audience,
      VITE_OIDC_ISSUER: identity.issuer,
      VITE_OIDC_CLIENT_ID: identity.clientId,
    }),
  };
}

/** The development identity provider's port: EXAMPLE_IDP_PORT, default PORT + 20 (4020). */
export function identityProviderPort(env) {
  return Number(env.EXAMPLE_IDP_PORT ?? Number(env.PORT ?? 4000) + 20);
}

/** The inbox's dev-server URLs the provider may send a person back to (Vite's port 5173, by either loopback name). */
export const INBOX_DEV_URLS = ['http://localhost:5173/', 'http://127.0.0.1:5173/'];
