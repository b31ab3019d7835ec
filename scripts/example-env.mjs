// The environment `npm run example` gives the gateway and the inbox app: the app calls the gateway on the same PORT
// (VITE_HUBGRAPH_URL, unless set) and shows the simulator's URL (SIMULATOR_PORT, default PORT + 10) in its hints.
export function exampleEnvironment(env) {
  const port = Number(env.PORT ?? 4000);
  const simulatorPort = Number(env.SIMULATOR_PORT ?? port + 10);
  return {
    ...env,
    SIMULATOR_PORT: String(simulatorPort),
    VITE_HUBGRAPH_URL: env.VITE_HUBGRAPH_URL ?? `http://localhost:${port}/graphql`,
    VITE_SIMULATOR_URL: env.VITE_SIMULATOR_URL ?? `http://127.0.0.1:${simulatorPort}`,
  };
}
