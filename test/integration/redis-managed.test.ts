import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { ConfigError } from '../../src/config.js';
import { createLogger } from '../../src/observability/logger.js';
import { RedisConnection, type StoreErrorCause } from '../../src/store/redis.js';
import { waitUntil } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { LogCapture } from '../support/log-capture.js';
import { RedisServerProcess } from '../support/redis-server.mjs';
import { connectTestClient, describeWithRedis, DisposableRedis, uniqueNamespace } from '../support/redis.js';
import { freePort } from '../support/free-port.mjs';

const run = promisify(execFile);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hubgraph-redis-managed-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeWithRedis('a connection closed while its sockets are still being opened', () => {
  it("leaves no connection on the server: its own socket and its subscriber's are closed once they connect", async () => {
    const server = await DisposableRedis.start();
    const probe = await connectTestClient(server.url);
    try {
      const stat = async (name: string) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(await probe.info())?.[1]);
      const before = await stat('total_connections_received');
      const connection = new RedisConnection({ url: server.url, namespace: uniqueNamespace('closing'), timeoutMs: 2_000, logger: createLogger('silent') });
      connection.subscriber().destroy();
      await connection.close();
      // Both sockets reach the server (they were being opened); neither stays: only the probe is left.
      await waitUntil(async () => (await stat('total_connections_received')) === before + 2 && (await stat('connected_clients')) === 1, 'both sockets closed');
    } finally {
      probe.destroy();
      await server.kill();
    }
  });
});

describeWithRedis('REDIS_MODE=standalone against a cluster node', () => {
  let node: DisposableRedis;
  beforeAll(async () => {
    node = await DisposableRedis.start(['--cluster-enabled', 'yes']);
  });
  afterAll(() => node?.kill());

  it('stops the start with one line naming REDIS_MODE', async () => {
    const started = startTestGateway({ REDIS_URL: node.url, REDIS_NAMESPACE: uniqueNamespace('guard') });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    const error = (await started.catch((caught: unknown) => caught)) as ConfigError;
    expect(error.variable).toBe('REDIS_MODE');
    expect(error.message).toMatch(/^REDIS_MODE: .*cluster_enabled:1.*REDIS_MODE=cluster/);
    expect(error.message).not.toContain('\n');
  });
});

/** A CA, a server certificate for 127.0.0.1 and a client certificate, all made by openssl for this run. */
async function certificates(): Promise<{ ca: string; caKey: string; server: [cert: string, key: string]; client: [cert: string, key: string] }> {
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => run('openssl', args);
  await openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=hubgraph test CA',
    '-keyout',
    path('ca.key'),
    '-out',
    path('ca.pem'),
  );
  const signed = async (name: string, subject: string, extensions: string) => {
    await writeFile(path(`${name}.ext`), extensions);
    await openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', subject, '-keyout', path(`${name}.key`), '-out', path(`${name}.csr`));
    await openssl(
      'x509',
      '-req',
      '-in',
      path(`${name}.csr`),
      '-CA',
      path('ca.pem'),
      '-CAkey',
      path('ca.key'),
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      path(`${name}.ext`),
      '-out',
      path(`${name}.pem`),
    );
    return [path(`${name}.pem`), path(`${name}.key`)] as [string, string];
  };
  return {
    ca: path('ca.pem'),
    caKey: path('ca.key'),
    server: await signed('server', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n'),
    client: await signed('client', '/CN=hubgraph', 'extendedKeyUsage=clientAuth\n'),
  };
}

/** A managed endpoint as the providers run it: TLS only (client certificates required), a password, an evicting memory policy. */
describeWithRedis('a managed Redis: rediss:// with a private CA, client certificates and a password file', () => {
  const PASSWORD = 'managed-redis-password-42';
  let server: RedisServerProcess;
  let port: number;
  let files: Record<'REDIS_TLS_CA_FILE' | 'REDIS_TLS_CERT_FILE' | 'REDIS_TLS_KEY_FILE' | 'REDIS_PASSWORD_FILE', string>;
  let gateway: TestGateway;

  beforeAll(async () => {
    const made = await certificates();
    await writeFile(join(dir, 'password'), `${PASSWORD}\n`);
    files = {
      REDIS_TLS_CA_FILE: made.ca,
      REDIS_TLS_CERT_FILE: made.client[0],
      REDIS_TLS_KEY_FILE: made.client[1],
      REDIS_PASSWORD_FILE: join(dir, 'password'),
    };
    port = await freePort();
    // Debian's redis-server is built with TLS: --tls-port, and the plain port off (the last --port wins).
    server = await RedisServerProcess.start({
      args: [
        ...['--port', '0', '--tls-port', String(port)],
        ...['--tls-cert-file', made.server[0], '--tls-key-file', made.server[1], '--tls-ca-cert-file', made.ca, '--tls-auth-clients', 'yes'],
        ...['--requirepass', PASSWORD, '--maxmemory-policy', 'allkeys-lru'],
      ],
    });
    gateway = await startTestGateway({ REDIS_URL: `rediss://127.0.0.1:${port}`, REDIS_NAMESPACE: uniqueNamespace('managed'), ...files });
  });

  afterAll(async () => {
    await gateway?.close();
    await server?.stop();
  });

  it('connects with the CA, the client certificate and the password from the files: ready, and the cache lives there', async () => {
    await waitUntil(async () => (await fetch(new URL('/readyz', gateway.url))).status === 200, '/readyz 200 over TLS');
    const { body } = await gateway.graphql('{ partner { clients(limit: 1) { total } } }');
    expect(body.errors).toBeUndefined();
    const stored = await gateway.gateway.services.redis!.command<string[]>('', ['KEYS', `${gateway.config.redisNamespace}::res:*`]);
    expect(stored.length).toBeGreaterThan(0);
  });

  it('warns at start, naming maxmemory-policy, when the server evicts keys', () => {
    const warning = gateway.logs.entries().find((entry) => String(entry.msg).includes('maxmemory-policy'));
    expect(warning).toMatchObject({ level: 40, maxmemoryPolicy: 'allkeys-lru' });
    expect(String(warning?.msg)).toContain('noeviction');
  });

  /** A connection like the gateway's (PEM contents, as config.ts reads the files), with every failure cause it reported and its log. */
  async function probe(options: { password?: string; withCa?: boolean }) {
    const [ca, cert, key] = await Promise.all(
      [files.REDIS_TLS_CA_FILE, files.REDIS_TLS_CERT_FILE, files.REDIS_TLS_KEY_FILE].map((file) => readFile(file, 'utf8')),
    );
    const causes: StoreErrorCause[] = [];
    const logs = new LogCapture();
    const connection = new RedisConnection({
      url: `rediss://127.0.0.1:${port}`,
      namespace: uniqueNamespace('managed-probe'),
      timeoutMs: 500,
      logger: createLogger('info', logs),
      password: options.password ?? PASSWORD,
      tls: { ...(options.withCa !== false && { ca }), cert, key },
      onError: (cause) => causes.push(cause),
    });
    return { connection, causes, logs };
  }

  it.each([
    ['a wrong password', 'WRONGPASS', { password: 'not-the-password' }],
    ['a server certificate of an unknown CA', 'TLS', { withCa: false }],
  ] as const)('logs and counts %s as %s, never the password', async (_what, cause, options) => {
    const { connection, causes, logs } = await probe(options);
    try {
      await waitUntil(() => causes.includes(cause), `a ${cause} failure`);
      expect(await connection.ping()).toBe(false);
      expect(logs.entries()).toContainEqual(expect.objectContaining({ level: 40, cause, msg: 'redis connection problem' }));
      expect(logs.lines.join('\n')).not.toContain(PASSWORD);
    } finally {
      await connection.close();
    }
  });
});
