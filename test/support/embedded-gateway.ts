import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config.js';
import { startEmbeddedSimulator } from '../../src/embedded-simulator.js';
import { createGateway, type Gateway } from '../../src/http/server.js';
import { createLogger } from '../../src/observability/logger.js';
import type { Services } from '../../src/services.js';
import type { Simulator } from '../../simulator/server.js';
import { freePort } from './free-port.mjs';

export interface EmbeddedGateway {
  gateway: Gateway;
  services: Services;
  simulator: Simulator;
  /** Listening URL of /graphql. */
  url: string;
  /** Stops the gateway, then its simulator, in the order `npm start` does. */
  stop(): Promise<void>;
}

/**
 * The gateway as `npm start` runs it on a fresh machine: no upstream configured, so the embedded simulator starts
 * first (every channel connected) and the gateway runs on it (local CORS). Its port is chosen first because
 * PUBLIC_URL defaults to it.
 */
export async function startEmbeddedGateway(env: Record<string, string> = {}): Promise<EmbeddedGateway> {
  const silent = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const port = String(await freePort());
  const { simulator, gatewayConfig } = await startEmbeddedSimulator(loadConfig({ PORT: port, HOST: '127.0.0.1', SIMULATOR_PORT: '0', ...env }));
  const gateway = await createGateway(gatewayConfig, { logger: createLogger('fatal', silent) });
  const url = await gateway.start();
  return {
    gateway,
    services: gateway.services,
    simulator,
    url,
    async stop() {
      await gateway.stop();
      await simulator.close();
    },
  };
}
