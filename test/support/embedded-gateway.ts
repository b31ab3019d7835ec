import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config.js';
import { createGateway, type Gateway } from '../../src/http/server.js';
import { createLogger } from '../../src/observability/logger.js';
import { freePort } from './events.js';

/**
 * The gateway as `npm start` runs it on a fresh machine: no upstream configured, so it starts its embedded simulator
 * (every channel connected, local CORS). Its port is chosen first because PUBLIC_URL defaults to it.
 */
export async function startEmbeddedGateway(): Promise<Gateway> {
  const silent = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const port = String(await freePort());
  const gateway = await createGateway(loadConfig({ PORT: port, HOST: '127.0.0.1', SIMULATOR_PORT: '0' }), { logger: createLogger('fatal', silent) });
  await gateway.start();
  return gateway;
}
