import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectWs, waitUntil } from '../support/events.js';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';

/**
 * Hostile input replayed against the real server: each case costs only its sender. Bodies are
 * written as text where the test's own JSON.stringify could not build them (deep nesting).
 */

const CLOUD = 'channel-001';
const KEYS = { [CLOUD]: `sim-key-${CLOUD}` };
const ENGAGED = '+4915112345678';
const SEND = `mutation Send($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }`;

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
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), CIRCUIT_BREAKER_THRESHOLD: '5' });
  });
  afterAll(async () => {
    await harness.close();
  });

  const sentMessages = () => harness.simulator.recorder.requests.filter((request) => request.path === '/cloud/messages');

  it('JSON nested 5,000 levels deep is BAD_USER_INPUT naming the field, sends nothing, and opens no circuit', async () => {
    harness.simulator.recorder.clear();
    // More than the threshold: had they counted, the cloud circuit would be open.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const { status, body } = await postText(harness.url, sendWithInteractive(deepJson(5_000), attempt % 2 ? `deep-${attempt}` : undefined));
      expect(status).toBe(400);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.interactive' });
      expect(body.errors?.[0]?.message).toMatch(/32 levels/);
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
      await waitUntil(() => connection.closeCode() !== null);
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
  /** A PNG signature followed by filler: `bytes` long. */
  const png = (bytes: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8, 7)]);

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

  const pngOf = (bytes: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes - 8, 1)]);
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
