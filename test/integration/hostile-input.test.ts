import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { connectWs, waitUntil } from '../support/events.js';
import { StallingProxy, describeWithRedis, uniqueNamespace } from '../support/redis.js';
import { ACME, metricValue, ROOM_FOR_REFUSALS, startTestGateway, type TestGateway } from '../support/gateway.js';

/**
 * Hostile input replayed against the real server: each case costs only its sender. Bodies are
 * written as text where the test's own JSON.stringify could not build them (deep nesting).
 */

const CLOUD = 'channel-001';
const KEYS = { [CLOUD]: `sim-key-${CLOUD}` };
const ENGAGED = '+4915112345678';
const SEND = `mutation Send($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }`;

/** A PNG (8-bit RGBA IHDR first, as the media rules read it) padded with filler to `bytes`. */
function pngOf(bytes: number): Buffer {
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR'),
    Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]),
  ]);
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 7)]);
}

type Answer = { errors?: Array<{ message: string; extensions?: Record<string, unknown> }>; data?: Record<string, unknown> | null };

/** `{"a":{"a":…1…}}` nested `depth` levels, as text. */
function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

async function postText(url: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Answer }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, body: (await response.json()) as Answer };
}

function sendWithInteractive(interactiveBody: string, idempotencyKey?: string): string {
  const key = idempotencyKey ? `"idempotencyKey":${JSON.stringify(idempotencyKey)},` : '';
  return `{"query":${JSON.stringify(SEND)},"variables":{"channelId":"${CLOUD}","input":{"to":"${ENGAGED}",${key}"interactive":{"type":"button","body":${interactiveBody}}}}}`;
}

describe('hostile input: failures are attributed where they belong, input is bounded', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), CIRCUIT_BREAKER_THRESHOLD: '5', ...ROOM_FOR_REFUSALS });
  });
  afterAll(async () => {
    await harness.close();
  });

  const sentMessages = () => harness.simulator.recorder.requests.filter((request) => request.path === '/cloud/messages');

  it('JSON nested 5,000 levels deep is refused before it is parsed (MAX_BODY_DEPTH), sends nothing, and opens no circuit', async () => {
    harness.simulator.recorder.clear();
    // More than the threshold: had they counted, the cloud circuit would be open.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { status, body } = await postText(harness.url, sendWithInteractive(deepJson(5_000), attempt % 2 ? `deep-${attempt}` : undefined));
      expect(status).toBe(413);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST' });
      expect(body.errors?.[0]?.message).toBe('The request body nests JSON deeper than 64 levels');
    }
    expect(sentMessages()).toHaveLength(0);
    expect(harness.gateway.services.breakers.cloud.worst).toBe('closed');
    const valid = await harness.graphql(SEND, { channelId: CLOUD, input: { to: ENGAGED, text: { body: 'still served' } } });
    expect(valid.body.errors).toBeUndefined();
    expect(sentMessages()).toHaveLength(1);
  });

  it('JSON at the depth limit passes; one level more and over 64 KiB are refused', async () => {
    // 31 objects inside interactive.body: 32 levels with interactive itself.
    const atLimit = await postText(harness.url, sendWithInteractive(deepJson(31)));
    expect(atLimit.body.errors?.[0]?.extensions?.code).not.toBe('BAD_USER_INPUT');
    const overLimit = await postText(harness.url, sendWithInteractive(deepJson(32)));
    expect(overLimit.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.interactive' });
    const large = await postText(harness.url, sendWithInteractive(JSON.stringify('x'.repeat(70 * 1024))));
    expect(large.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.interactive' });
    expect(large.body.errors?.[0]?.message).toMatch(/64 KiB/);
  });

  it('a deep inline JSON literal is refused the same way', async () => {
    const literal = `${'{a:'.repeat(40)}1${'}'.repeat(40)}`;
    const { body } = await harness.graphql(`mutation { sendMessage(channelId: "${CLOUD}", input: { to: "${ENGAGED}", interactive: ${literal} }) { id } }`);
    expect(body.errors?.[0]?.message).toMatch(/32 levels/);
  });

  it('a listing limit above its documented maximum is BAD_USER_INPUT naming limit, before anything is sent', async () => {
    harness.simulator.recorder.clear();
    const { body } = await harness.graphql('{ partner { channels(limit: 100000000) { total } } }');
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'limit' });
    expect(body.errors?.[0]?.message).toMatch(/at most 1000/);
    expect(harness.simulator.recorder.requests.filter((request) => request.path.includes('/channels'))).toHaveLength(0);
  });
});

describe('hostile input: credentials that cannot be sent (multi-tenant mode)', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ PARTNER_TOKEN: undefined, PARTNER_ID: undefined, CIRCUIT_BREAKER_THRESHOLD: '2' });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('a WebSocket connection_init whose authorization holds CR/LF is refused (4403): nothing reaches the partner API, no circuit counts', async () => {
    harness.simulator.recorder.clear();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const connection = connectWs(harness.url, { authorization: `Bearer ${ACME.token}\r\nX-Injected: yes`, 'x-partner-id': ACME.id });
      const done = new Promise<void>((resolve) => {
        connection.client.subscribe(
          { query: 'subscription { channelError(channelId: "channel-001") { code } }' },
          { next: () => undefined, error: () => resolve(), complete: () => resolve() },
        );
      });
      await done;
      await waitUntil(() => connection.closeCode() !== null, 'the refused socket to close');
      expect(connection.closeCode()).toBe(4403);
      await connection.dispose();
    }
    expect(harness.simulator.recorder.requests).toHaveLength(0);
    expect(harness.gateway.services.breakers.partner.worst).toBe('closed');
    const valid = await harness.graphql('{ partner { id } }', {}, { authorization: `Bearer ${ACME.token}`, 'x-partner-id': ACME.id });
    expect(valid.body.errors).toBeUndefined();
  });
});

describe('hostile input: uploadMedia at its documented inline limit (default MEDIA_INLINE_MAX_BYTES, 5 MiB)', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), MEDIA_INLINE_MAX_BYTES: undefined });
  });
  afterAll(async () => {
    await harness.close();
  });

  const UPLOAD = `mutation($channelId: ID!, $input: UploadMediaInput!) { uploadMedia(channelId: $channelId, input: $input) { id fileSize } }`;
  const png = pngOf;

  it('uploads a file of exactly 5 MiB', async () => {
    expect(harness.config.media.inlineMaxBytes).toBe(5 * 1024 * 1024);
    const { body } = await harness.graphql<{ uploadMedia: { id: string; fileSize: number } }>(UPLOAD, {
      channelId: CLOUD,
      input: { fileName: 'limit.png', mimeType: 'image/png', base64: png(5 * 1024 * 1024).toString('base64') },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data?.uploadMedia.fileSize).toBe(5 * 1024 * 1024);
  });

  it('refuses one byte more, and malformed base64 of that size, with BAD_USER_INPUT naming input.base64, nothing sent', async () => {
    harness.simulator.recorder.clear();
    for (const base64 of [png(5 * 1024 * 1024 + 1).toString('base64'), `${png(4 * 1024 * 1024).toString('base64')}$`]) {
      const { body } = await harness.graphql(UPLOAD, { channelId: CLOUD, input: { fileName: 'over.png', mimeType: 'image/png', base64 } });
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.base64' });
    }
    expect(harness.simulator.recorder.matching('/cloud/media', 'POST')).toHaveLength(0);
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One keep-alive connection, written to and read from by hand: answers are read one at a time. */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private closed = false;
  private readonly socket: Socket;
  private wake: () => void = () => undefined;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    this.socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    this.socket.on('error', () => undefined);
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  /** The next whole answer (Content-Length bodies), or null when the connection closed first. */
  async answer(): Promise<RawAnswer | null> {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end !== -1) {
        const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffer.length >= end + 4 + length) {
          const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
          this.buffer = this.buffer.subarray(end + 4 + length);
          return { status: Number(statusLine.split(' ')[1]), headers, body };
        }
      }
      if (this.closed) return null;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Resolves once the server closed the connection. */
  async closedByServer(): Promise<boolean> {
    while (!this.closed) await new Promise<void>((resolve) => (this.wake = resolve));
    return true;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

function rawPost(path: string, headers: Record<string, string | number>, body: Buffer): Buffer {
  const head = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: keep-alive', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]);
}
const HEALTH = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';

describe('hostile input: a refused request leaves its connection usable', () => {
  let harness: TestGateway;
  let port: number;
  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });
    port = Number(new URL(harness.url).port);
  });
  afterAll(async () => {
    await harness.close();
  });

  const boundary = 'hostile-boundary';
  const multipartZip = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    Buffer.alloc(256 * 1024, 2),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  it.each([
    ['an unknown media type (400, body unread)', `/media/${CLOUD}?type=bogus`, 'image/png', pngOf(256 * 1024), 400],
    ['a file over the limit of its kind, seen after its first bytes were read (413)', `/media/${CLOUD}`, 'image/png', pngOf(6 * 1024 * 1024), 413],
    ['a multipart file of a type the hosting refuses (400)', `/media/${CLOUD}`, `multipart/form-data; boundary=${boundary}`, multipartZip, 400],
  ])('POST /media/:channelId refusing %s answers, then the next request on the socket is answered', async (_name, path, contentType, body, status) => {
    const connection = new RawConnection(port);
    try {
      connection.write(rawPost(path, { 'content-type': contentType, 'content-length': body.length }, body));
      const refused = await connection.answer();
      expect(refused?.status).toBe(status);
      expect(refused?.headers['content-type']).toMatch(/application\/json/);
      connection.write(HEALTH);
      const next = await connection.answer();
      expect(next?.status).toBe(200);
      expect(JSON.parse(next?.body ?? '{}')).toEqual({ status: 'ok' });
    } finally {
      connection.destroy();
    }
  });

  it('a body declared too large to be worth reading is refused with Connection: close, and the connection closes', async () => {
    const connection = new RawConnection(port);
    try {
      connection.write(rawPost(`/media/${CLOUD}`, { 'content-type': 'image/png', 'content-length': 512 * 1024 * 1024 }, pngOf(1024)));
      const refused = await connection.answer();
      expect(refused?.status).toBe(413);
      expect(refused?.headers.connection).toBe('close');
      expect(await connection.closedByServer()).toBe(true);
    } finally {
      connection.destroy();
    }
  });
});

/** Opens a raw graphql-ws socket; resolves with it once open, or with the HTTP status that refused the upgrade. */
function openSocket(httpUrl: string, localAddress = '127.0.0.1'): Promise<{ socket: WebSocket } | { refused: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(httpUrl.replace(/^http/, 'ws'), 'graphql-transport-ws', { localAddress });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ refused: response.statusCode ?? 0 });
      response.resume();
    });
    socket.once('error', () => undefined);
  });
}

describe('hostile input: WebSocket bounds', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ WS_MAX_PAYLOAD_BYTES: String(64 * 1024), WS_MAX_CONNECTIONS: '3', WS_MAX_CONNECTIONS_PER_ADDRESS: '2' });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('a message over WS_MAX_PAYLOAD_BYTES, before any authentication, closes its connection with 1009', async () => {
    const opened = await openSocket(harness.url);
    if (!('socket' in opened)) throw new Error(`refused ${opened.refused}`);
    const closed = new Promise<number>((resolve) => opened.socket.once('close', (code) => resolve(code)));
    opened.socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'x'.repeat(256 * 1024) } }));
    expect(await closed).toBe(1009);
    await waitUntil(async () => (await metricValue(harness, 'hubgraph_websocket_refusals_total{reason="payload"}')) === 1);
  });

  it('caps connections per remote address (429) and per process (503), and frees the slots of closed ones', async () => {
    const first = await openSocket(harness.url);
    const second = await openSocket(harness.url);
    expect('socket' in first && 'socket' in second).toBe(true);
    expect(await openSocket(harness.url)).toEqual({ refused: 429 });
    const third = await openSocket(harness.url, '127.0.0.2');
    expect('socket' in third).toBe(true);
    expect(await openSocket(harness.url, '127.0.0.3')).toEqual({ refused: 503 });
    expect(await metricValue(harness, 'hubgraph_websocket_connections')).toBe(3);
    expect(await metricValue(harness, 'hubgraph_websocket_refusals_total{reason="address"}')).toBe(1);
    expect(await metricValue(harness, 'hubgraph_websocket_refusals_total{reason="process"}')).toBe(1);
    for (const opened of [first, second, third]) if ('socket' in opened) opened.socket.close();
    await waitUntil(async () => (await metricValue(harness, 'hubgraph_websocket_connections')) === 0);
    const again = await openSocket(harness.url);
    expect('socket' in again).toBe(true);
    if ('socket' in again) again.socket.close();
  });
});

describe('hostile input: one JSON error shape on every route, bounded request times', () => {
  let harness: TestGateway;
  let port: number;
  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), HTTP_HEADERS_TIMEOUT_MS: '500', HTTP_REQUEST_TIMEOUT_MS: '500' });
    port = Number(new URL(harness.url).port);
  });
  afterAll(async () => {
    await harness.close();
  });

  it.each([
    ['a malformed URL on the media route', 'GET', '/media/%E0%A4%A/x', 400],
    ['an unknown route', 'GET', '/wp-admin/setup.php', 404],
    ['an unknown route with a body', 'POST', '/nowhere', 404],
  ])('%s answers JSON without HTML, stack or file path', async (_name, method, path, status) => {
    const response = await fetch(new URL(path, harness.url), { method, ...(method === 'POST' && { body: 'x'.repeat(10_000) }) });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    expect(text).not.toMatch(/<html|<pre|at \w+ \(|\/work\/|node_modules|\.ts:/i);
    expect(JSON.parse(text)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it('errors over WebSocket are shaped as over HTTP: a refused variable names its field, an invalid query has its code', async () => {
    const connection = connectWs(harness.url);
    const errorsOf = (query: string, variables: Record<string, unknown> = {}) =>
      new Promise<Array<{ message: string; extensions?: Record<string, unknown> }>>((resolve) => {
        const seen: Array<{ message: string; extensions?: Record<string, unknown> }> = [];
        connection.client.subscribe(
          { query, variables },
          {
            next: (value) => seen.push(...((value.errors ?? []) as typeof seen)),
            error: (error) => resolve([...seen, ...(Array.isArray(error) ? (error as typeof seen) : [])]),
            complete: () => resolve(seen),
          },
        );
      });
    try {
      let deep: unknown = 1;
      for (let level = 0; level < 40; level += 1) deep = { a: deep };
      const refused = await errorsOf(SEND, { channelId: CLOUD, input: { to: ENGAGED, interactive: deep } });
      expect(refused[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.interactive' });
      const invalid = await errorsOf('{ noSuchField }');
      expect(invalid[0]?.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
      expect(JSON.stringify([refused, invalid])).not.toMatch(/\.ts:|node_modules|stack/);
    } finally {
      await connection.dispose();
    }
  });

  it('a body that stops arriving is answered 408 and its connection closed after HTTP_REQUEST_TIMEOUT_MS', async () => {
    const connection = new RawConnection(port);
    try {
      connection.write(rawPost('/graphql', { 'content-type': 'application/json', 'content-length': 1000 }, Buffer.from('{"query":')));
      const answer = await connection.answer();
      expect(answer?.status).toBe(408);
      expect(answer?.headers.connection).toBe('close');
      expect(await connection.closedByServer()).toBe(true);
    } finally {
      connection.destroy();
    }
  });

  it('headers that stop arriving are cut after HTTP_HEADERS_TIMEOUT_MS', async () => {
    const connection = new RawConnection(port);
    try {
      connection.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      // Node answers 408 (or just closes) once the headers are overdue.
      const answer = await connection.answer();
      if (answer) expect(answer.status).toBe(408);
      expect(await connection.closedByServer()).toBe(true);
    } finally {
      connection.destroy();
    }
  });
});

describeWithRedis('hostile input: a Redis that stops answering (behind a stalling proxy)', () => {
  let proxy: StallingProxy;
  let harness: TestGateway;
  beforeAll(async () => {
    proxy = await StallingProxy.start();
    harness = await startTestGateway({ REDIS_URL: proxy.url, REDIS_NAMESPACE: uniqueNamespace('stall'), REDIS_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    proxy.resume();
    await harness?.close();
    await proxy?.close();
  });

  const UPDATE = 'mutation { updateClient(clientId: "client-001", input: { partnerPayload: "stalled" }) { id } }';
  const clientWrites = () => harness.simulator.recorder.requests.filter((request) => request.method !== 'GET' && request.path.includes('/clients/'));

  async function overWebSocket(query: string): Promise<{ errors?: Array<{ extensions?: Record<string, unknown> }>; data?: unknown }> {
    const connection = connectWs(harness.url);
    try {
      return await new Promise((resolve, reject) => {
        let result: { errors?: Array<{ extensions?: Record<string, unknown> }>; data?: unknown } = {};
        connection.client.subscribe({ query }, { next: (value) => (result = value as typeof result), error: reject, complete: () => resolve(result) });
      });
    } finally {
      await connection.dispose();
    }
  }

  it('refuses writes before sending, over HTTP and over WebSocket alike, and serves them again once it answers', async () => {
    proxy.stall();
    harness.simulator.recorder.clear();
    try {
      const overHttp = await harness.graphql(UPDATE);
      expect(overHttp.body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', store: 'redis' });
      const overWs = await overWebSocket(UPDATE);
      expect(overWs.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', store: 'redis' });
      expect(clientWrites()).toHaveLength(0);
    } finally {
      proxy.resume();
    }
    await waitUntil(async () => (await overWebSocket(UPDATE)).errors === undefined, 'the update over WebSocket to succeed once Redis is back', { pauseMs: 50 });
    expect(clientWrites().length).toBeGreaterThan(0);
  });
});

describe('hostile input: empty and truncated uploads, webhook headers', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });
  });
  afterAll(async () => {
    await harness.close();
  });

  const mediaUrl = () => new URL(`/media/${CLOUD}`, harness.url);
  const boundary = 'upload-boundary';
  const part = (file: Buffer) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), file]);
  const png = pngOf(64 * 1024);

  it.each([
    ['an empty raw body', 'image/png', Buffer.alloc(0)],
    ['an empty multipart file', `multipart/form-data; boundary=${boundary}`, Buffer.concat([part(Buffer.alloc(0)), Buffer.from(`\r\n--${boundary}--\r\n`)])],
    ['a multipart body cut off before its closing boundary', `multipart/form-data; boundary=${boundary}`, part(png)],
  ])('POST /media/:channelId refuses %s with BAD_USER_INPUT', async (_name, contentType, body) => {
    const response = await fetch(mediaUrl(), { method: 'POST', headers: { 'content-type': contentType }, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'BAD_USER_INPUT', field: 'file' } });
  });

  const SET = `mutation Set($channelId: ID!, $input: WebhookInput!) { setWebhook(channelId: $channelId, input: $input) { url headers } }`;
  const READ = `query Read($id: ID!) { channel(id: $id) { webhook { url headers } } }`;

  it('refuses CR/LF in a webhook header value before sending', async () => {
    harness.simulator.recorder.clear();
    const { body } = await harness.graphql(SET, {
      channelId: CLOUD,
      input: { url: 'https://hooks.example.com/wa', headers: { 'X-Tenant': 't1\r\nX-Injected: yes' } },
    });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.headers.X-Tenant' });
    expect(harness.simulator.recorder.requests.filter((request) => request.path.includes('webhook'))).toHaveLength(0);
  });

  it('answers credential-like webhook headers redacted, in the mutation and when read back, and never logs them', async () => {
    const secrets = {
      Authorization: 'Bearer hook-secret-1',
      'Proxy-Authorization': 'Basic hook-secret-2',
      Cookie: 'sid=hook-secret-3',
      'X-Api-Key': 'hook-secret-4',
      'X-Session-Token': 'hook-secret-5',
      'X-Tenant': 't1',
    };
    const redacted = {
      Authorization: 'Bearer [redacted]',
      'Proxy-Authorization': 'Basic [redacted]',
      Cookie: '[redacted]',
      'X-Api-Key': '[redacted]',
      'X-Session-Token': '[redacted]',
      'X-Tenant': 't1',
    };
    const set = await harness.graphql<{ setWebhook: unknown }>(SET, { channelId: CLOUD, input: { url: 'https://hooks.example.com/wa', headers: secrets } });
    expect(set.body.errors).toBeUndefined();
    expect(set.body.data?.setWebhook).toEqual({ url: 'https://hooks.example.com/wa', headers: redacted });
    const read = await harness.graphql<{ channel: { webhook: unknown } }>(READ, { id: CLOUD });
    expect(read.body.data?.channel.webhook).toEqual({ url: 'https://hooks.example.com/wa', headers: redacted });
    expect(harness.logs.lines.join('\n')).not.toMatch(/hook-secret/);
  });
});

describe('hostile input: one operation fans out to a bounded number of upstream calls', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ MAX_UPSTREAM_CALLS_PER_OPERATION: '5', CACHE_TTL_LISTING_MS: '0', CACHE_TTL_USAGE_MS: '0' });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('refuses an operation estimated over the cap before anything is sent (explicit page sizes times nested calls)', async () => {
    harness.simulator.recorder.clear();
    const { status, body } = await harness.graphql('{ partner { clients(limit: 10) { nodes { id channels { total } } } } }');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', upstreamCallLimit: 5, estimatedUpstreamCalls: 11 });
    expect(body.errors?.[0]?.message).toMatch(/nothing was sent/);
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('stops an operation the estimate could not size at the cap: the calls past it fail their fields, unsent', async () => {
    harness.simulator.recorder.clear();
    const aliases = Array.from({ length: 8 }, (_, index) => `c${index}: client(id: "client-00${index + 1}") { id }`).join(' ');
    // Eight calls of one level each: estimated 8 > 5, refused whole.
    expect((await harness.graphql(`{ ${aliases} }`)).body.errors?.[0]?.extensions?.estimatedUpstreamCalls).toBe(8);
    // A paged list without a limit is sized by the upstream: counted at run time instead.
    const { body } = await harness.graphql<{ partner: { clients: { nodes: Array<{ channels: unknown }> } } }>(
      '{ partner { clients { nodes { id channels { total } } } } }',
    );
    const refused = (body.errors ?? []).filter((error) => error.extensions?.upstreamCallLimit === 5);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.message).toMatch(/reached its limit of 5 upstream calls/);
    expect(harness.simulator.recorder.requests.length).toBeLessThanOrEqual(5);
  });
});
