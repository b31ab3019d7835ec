import { loadConfig, startupErrorLines } from './config.js';

/** `npm start`: validated config, the embedded simulator when no upstream is set, the gateway on it, SIGTERM drain. */
async function main() {
  const config = loadConfig();
  // Loaded once the configuration holds: a bad setting is reported without loading the gateway first, and a gateway
  // on a configured upstream never loads the simulator.
  const { createGateway } = await import('./http/server.js');
  const embedded = config.upstream ? null : await (await import('./embedded-simulator.js')).startEmbeddedSimulator(config);
  // The gateway checks what needs the schema (the persisted operations) before it starts anything.
  const gateway = await createGateway(embedded?.gatewayConfig ?? config);
  const url = await gateway.start();
  const { logger } = gateway.services;
  if (config.keystoreSecretGenerated) logger.warn('KEYSTORE_SECRET is not set: stored API keys and webhook credentials last only for this process');
  // With AUTH_ISSUER a caller without a gateway token must present a person's verified token: nobody acts unasked.
  if (config.partnerToken && config.gatewayTokens.length === 0 && !config.auth)
    logger.warn('GATEWAY_TOKENS is not set: anyone who reaches this port acts with PARTNER_TOKEN');
  process.stdout.write(
    embedded
      ? `hubgraph ready at ${url} (embedded upstream simulator at ${embedded.simulator.baseUrl()})\n`
      : `hubgraph ready at ${url} (upstream: ${config.upstream!.partner})\n`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // gateway.stop() is bounded by SHUTDOWN_TIMEOUT_MS; this is the last resort if something still hangs.
    const deadline = setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 5_000);
    deadline.unref();
    gateway
      .stop()
      .then(() => embedded?.simulator.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    startupErrorLines(error)
      .map((line) => `hubgraph: ${line}\n`)
      .join(''),
  );
  process.exit(1);
});
