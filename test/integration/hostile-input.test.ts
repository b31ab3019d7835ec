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
