import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SIM_STALE_CONTACT } from '../../simulator/messaging-routes.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';

/** The simulated area B itself, called directly: the rules the gateway relies on being enforced. */
describe('simulator area B', () => {
  let simulator: Simulator;
  beforeAll(async () => {
    simulator = await startSimulator();
  });
  afterAll(async () => {
    await simulator.close();
  });

  async function call(path: string, key: string | null, body?: unknown, method = 'POST') {
    const response = await fetch(`${simulator.baseUrl()}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(key && { 'svc-api-key': key }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const text = { recipient_type: 'individual', to: '4915112345678', type: 'text', text: { body: 'hi' } };

  it('refuses a missing or unknown key and a key used on the other variant root', async () => {
    expect((await call('/cloud/messages', null, text)).status).toBe(401);
    expect((await call('/cloud/messages', 'nope', text)).status).toBe(401);
    const wrongRoot = await call('/cloud/messages', 'sim-key-channel-003', { messaging_product: 'whatsapp', ...text });
    expect(wrongRoot.status).toBe(400);
    expect(JSON.stringify(wrongRoot.body)).toContain('hosted on-premise');
  });

  it('answers each variant in its own shape and requires or refuses messaging_product', async () => {
    const cloud = await call('/cloud/messages', 'sim-key-channel-001', { messaging_product: 'whatsapp', ...text });
    expect(cloud).toEqual({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: '4915112345678', wa_id: '4915112345678' }],
        messages: [{ id: expect.stringMatching(/^wamid\./) }],
      },
    });
    expect((await call('/cloud/messages', 'sim-key-channel-001', text)).status).toBe(400);
    const onPremise = await call('/onprem/v1/messages', 'sim-key-channel-003', text);
    expect(onPremise).toEqual({ status: 200, body: { messages: [{ id: expect.any(String) }], meta: { api_status: 'stable', version: expect.any(String) } } });
    const withProduct = await call('/onprem/v1/messages', 'sim-key-channel-003', { messaging_product: 'whatsapp', ...text });
    expect(withProduct.status).toBe(400);
    expect(withProduct.body.errors).toEqual([expect.objectContaining({ code: 1009 })]);
    // Wrong prefix: the on-premise root has no unversioned messages path.
    expect((await call('/onprem/messages', 'sim-key-channel-003', text)).status).toBe(404);
  });

  it('enforces preview_url placement and on-premise-only provider', async () => {
    expect((await call('/cloud/messages', 'sim-key-channel-001', { messaging_product: 'whatsapp', ...text, preview_url: true })).status).toBe(400);
    expect((await call('/onprem/v1/messages', 'sim-key-channel-003', { ...text, text: { body: 'hi', preview_url: true } })).status).toBe(400);
    const image = { recipient_type: 'individual', to: '4915112345678', type: 'image', image: { link: 'https://x.example/a.png', provider: { name: 'p' } } };
    expect((await call('/cloud/messages', 'sim-key-channel-001', { messaging_product: 'whatsapp', ...image })).status).toBe(400);
    expect((await call('/onprem/v1/messages', 'sim-key-channel-003', image)).status).toBe(200);
  });

  it('outside the 24-hour window, cloud accepts a free-form send and fails it afterwards (131047); on-premise refuses it at once (470)', async () => {
    const accepted: unknown[] = [];
    const listener = (event: unknown) => accepted.push(event);
    simulator.events.on('message-accepted', listener);
    const stale = { ...text, to: SIM_STALE_CONTACT };
    const cloud = await call('/cloud/messages', 'sim-key-channel-001', { messaging_product: 'whatsapp', ...stale });
    const onPremise = await call('/onprem/v1/messages', 'sim-key-channel-003', stale);
    simulator.events.off('message-accepted', listener);
    expect(cloud).toEqual({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: SIM_STALE_CONTACT, wa_id: SIM_STALE_CONTACT }],
        messages: [{ id: expect.stringMatching(/^wamid\./) }],
      },
    });
    const [{ id }] = cloud.body.messages as Array<{ id: string }>;
    // Webhook delivery turns this error into the one `failed` status of the send.
    expect(accepted).toEqual([
      { channelId: 'channel-001', messageId: id, to: SIM_STALE_CONTACT, error: expect.objectContaining({ code: 131047, title: 'Re-engagement message' }) },
    ]);
    expect(onPremise.status).toBe(400);
    expect(onPremise.body.errors).toEqual([expect.objectContaining({ code: 470 })]);
  });

  it('refuses an inbound message given both a timestamp and hoursAgo, or a negative time', async () => {
    for (const time of [{ timestamp: 1_700_000_000, hoursAgo: 1 }, { hoursAgo: -1 }, { timestamp: -5 }, { timestamp: 1.5 }]) {
      const answer = await call('/_control/inbound', null, { channelId: 'channel-001', from: '4915112345678', text: 'hi', ...time });
      expect(answer.status).toBe(400);
    }
  });

  it('on cloud refuses a webhook URL with a port, except to a loopback host, which only a gateway on this machine can be', async () => {
    const [key, channelId] = ['sim-key-channel-001', 'channel-001'];
    const refused = await call('/cloud/v1/configs/webhook', key, { url: 'https://hooks.example.com:8443/x', headers: {} });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('explicit port');
    for (const url of ['http://localhost:4000/webhooks/channel-001', 'http://127.0.0.1:41400/webhooks/channel-001']) {
      expect((await call('/cloud/v1/configs/webhook', key, { url, headers: {} })).status).toBe(200);
      expect(simulator.state.webhooks.get(channelId)?.url).toBe(url);
    }
  });

  it('refuses a plain-http webhook URL, except to a loopback host (the gateway on the same machine)', async () => {
    const key = 'sim-key-channel-003';
    const refused = await call('/onprem/v1/configs/webhook', key, { url: 'http://hooks.example.com/wa', headers: {} });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('https');
    expect((await call('/onprem/v1/configs/webhook', key, { url: 'http://127.0.0.1:9/webhooks/x', headers: {} })).status).toBe(200);
    expect((await call('/onprem/v1/configs/webhook', key, { url: 'https://hooks.example.com/wa', headers: {} })).status).toBe(200);
  });

  it('removes the number webhook when A6 creates a key, and the new key works', async () => {
    await call('/cloud/v1/configs/webhook', 'sim-key-channel-001', { url: 'https://hooks.example.com/x', headers: {} });
    const created = await fetch(`${simulator.baseUrl()}/api/v2/partners/partner-acme/channels/channel-001/api_keys`, {
      method: 'POST',
      headers: { authorization: 'Bearer sim-partner-token-acme' },
    });
    const key = ((await created.json()) as { api_key: string }).api_key;
    const webhook = await call('/cloud/v1/configs/webhook', key, undefined, 'GET');
    expect(webhook).toEqual({ status: 200, body: { url: null, headers: {} } });
    const denied = await fetch(`${simulator.baseUrl()}/api/v2/partners/partner-acme/channels/channel-002/api_keys`, {
      method: 'POST',
      headers: { authorization: 'Bearer sim-partner-token-acme' },
    });
    // channel-002 is a draft, not among the partner's shared numbers (A5).
    expect(denied.status).toBe(403);
  });
});
