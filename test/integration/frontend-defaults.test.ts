import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmbeddedGateway, type EmbeddedGateway } from '../support/embedded-gateway.js';
import { ACME, GLOBEX, startTestGateway, type TestGateway } from '../support/gateway.js';
import { SUBSCRIPTIONS, collect, connectWs, waitUntil } from '../support/events.js';

const preflight = (url: string, origin: string) =>
  fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });

describe('browser-ready defaults on the embedded simulator (npm start with no upstream configured)', () => {
  let gateway: EmbeddedGateway;

  beforeAll(async () => {
    gateway = await startEmbeddedGateway();
  });

  afterAll(() => gateway.stop());

  it.each(['http://localhost:5173', 'http://127.0.0.1:3000', 'http://localhost'])(
    'allows the local front-end origin %s when CORS_ORIGINS is unset',
    async (origin) => {
      const answer = await preflight(gateway.url, origin);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    },
  );

  it.each([
    ['a cloud', 'channel-001'],
    ['an on-premise', 'channel-003'],
  ])("delivers %s channel's first inbound message to a subscription with no set-up: every channel starts connected", async (_kind, channelId) => {
    const openSubscriptions = () => gateway.services.metrics.openSubscriptions.get().then((metric) => metric.values[0]?.value ?? 0);
    await waitUntil(async () => (await openSubscriptions()) === 0);
    const connection = connectWs(gateway.url);
    try {
      const received = collect<{ from: string; text: string }>(connection, SUBSCRIPTIONS.messages, { channelId }, 'messageReceived');
      // The notification is sent once the subscription is registered, so it cannot miss it.
      await waitUntil(async () => (await openSubscriptions()) === 1);
      const inbound = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channelId, from: '4915100000042', text: 'hello' }),
      });
      expect(inbound.status).toBe(202);
      expect(await received.atLeast(1)).toEqual([expect.objectContaining({ from: '4915100000042', text: 'hello' })]);
    } finally {
      await connection.dispose();
    }
  });

  it("routes every notification of the served partner's channels by its business number, none unverified: the other seeded partner's channels do not point here", async () => {
    const routing = async (outcome: string) =>
      (await gateway.services.metrics.webhookRouting.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
    const ownBefore = await routing('own');
    const answered = new Map<string, number>();
    // What SIMULATOR_LIVE_EVENTS_MS does on each tick: one message to every seeded channel that has a webhook.
    for (let index = 1; index <= 16; index += 1) {
      const channelId = `channel-${String(index).padStart(3, '0')}`;
      const inbound = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channelId, from: '4915100000043', text: 'hello' }),
      });
      answered.set(channelId, inbound.status);
    }
    // channel-015 and channel-016 are partner-globex's; the gateway serves partner-acme.
    expect([answered.get('channel-015'), answered.get('channel-016')]).toEqual([409, 409]);
    const cloudDelivered = [...answered].filter(([channelId, status]) => status === 202 && ![3, 6, 9, 12].includes(Number(channelId.slice(-3)))).length;
    expect(cloudDelivered).toBe(10);
    await waitUntil(async () => (await routing('own')) - ownBefore === cloudDelivered);
    expect(await routing('unverified')).toBe(0);
  });

  it.each(['https://evil.example', 'http://localhost.evil.example', 'https://localhost:5173'])('still refuses %s', async (origin) => {
    expect((await preflight(gateway.url, origin)).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('defaults with a configured upstream', () => {
  let harness: TestGateway;

  beforeAll(async () => {
    harness = await startTestGateway();
  });

  afterAll(() => harness.close());

  it('keeps CORS closed when CORS_ORIGINS is unset, local origins included', async () => {
    expect((await preflight(harness.url, 'http://localhost:5173')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['an unknown partner id', 'partner-nope'],
    ['another partner', GLOBEX.id],
  ])('answers partner(id) for %s with NOT_FOUND after one A1 call, whatever is selected', async (_case, id) => {
    harness.simulator.recorder.clear();
    const { body } = await harness.graphql(`{ partner(id: "${id}") { id } }`);
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({ message: `Partner ${id} not found`, path: ['partner'], extensions: expect.objectContaining({ code: 'NOT_FOUND' }) }),
    ]);
    expect(harness.simulator.recorder.matching(/\/clients$/, 'GET')).toHaveLength(1);
  });

  it("answers the caller's own partner without an upstream call", async () => {
    harness.simulator.recorder.clear();
    const { body } = await harness.graphql(`{ partner(id: "${ACME.id}") { id } }`);
    expect(body).toEqual({ data: { partner: { id: ACME.id } } });
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });
});
