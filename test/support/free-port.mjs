import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 at the time of asking: for a server that must know its port before it starts (a
 * redis-server, a gateway whose PUBLIC_URL names its own port). Plain JavaScript so that Jest's global set-up
 * (redis-server.mjs) can use it untranspiled, as the suites and the benchmarks do.
 */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
