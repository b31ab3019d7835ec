import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { areaBRequests, startTestGateway, useTestGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, startReceivingGateway, waitUntil, type WsConnection } from '../support/events.js';

/** The upstream fields the graph exposes last (issue 19, point 1), read over HTTP against the simulator. */
describe('upstream fields of A1, A4, A5, A8 and the insights points', () => {
  const harness = useTestGateway({ CACHE_TTL_LISTING_MS: '0' });

  it('ClientList and ChannelList echo the filters and sort the upstream applied', async () => {
    const { body } = await harness.graphql<{ partner: Record<string, { appliedFilters: unknown; appliedSort: string[] | null }> }>(
      `{ partner {
          clients(filter: { status: "active", contactInfo: { country: "DE" } }, orderBy: { field: CREATED_AT, direction: DESC }) { appliedFilters appliedSort }
          channels(filter: { search: "skyline" }, orderBy: { field: SETUP_INFO_PHONE_NUMBER }) { appliedFilters appliedSort }
          unfiltered: channels(limit: 1) { appliedFilters appliedSort }
      } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.partner).toEqual({
      clients: { appliedFilters: { status: 'active', 'contact_info.country': 'DE' }, appliedSort: ['-created_at'] },
      channels: { appliedFilters: { q: 'skyline' }, appliedSort: ['setup_info.phone_number'] },
      unfiltered: { appliedFilters: {}, appliedSort: [] },
    });
  });

  it('Client.manageableChannels carries A5 current_quality_update_event as sent; A4 channels have none', async () => {
    const { body } = await harness.graphql<{
      client: { manageableChannels: Array<{ id: string; currentQualityRating: string; currentQualityUpdateEvent: unknown }> };
      channel: { currentQualityUpdateEvent: unknown };
    }>(
      '{ client(id: "client-001") { manageableChannels { id currentQualityRating currentQualityUpdateEvent } } channel(id: "channel-004") { currentQualityUpdateEvent } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.client.manageableChannels).toEqual([
      { id: 'channel-001', currentQualityRating: 'High', currentQualityUpdateEvent: null },
      {
        id: 'channel-003',
        currentQualityRating: 'Low',
        currentQualityUpdateEvent: expect.objectContaining({ event: 'DOWNGRADE', current_quality_rating: 'Low' }),
      },
      { id: 'channel-004', currentQualityRating: 'High', currentQualityUpdateEvent: null },
    ]);
    expect(body.data?.channel.currentQualityUpdateEvent).toBeNull();
  });

  it('requestChannelCancellation answers the setup details of A8; channels read otherwise have none', async () => {
    const SETUP =
      'setupDetails { wasInUse ivr verificationMethod certificate newNameStatus defaultLanguage hasIntegrationLayer error configurationType region shardsNumber }';
    const { body } = await harness.graphql<{ requestChannelCancellation: { id: string; setupDetails: unknown } }>(
      `mutation { requestChannelCancellation(clientId: "client-002", channelId: "channel-008") { id ${SETUP} } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.requestChannelCancellation).toEqual({
      id: 'channel-008',
      setupDetails: {
        wasInUse: false,
        ivr: false,
        verificationMethod: 'sms',
        certificate: null,
        newNameStatus: null,
        defaultLanguage: 'en',
        hasIntegrationLayer: true,
        error: null,
        configurationType: null,
        region: null,
        shardsNumber: 1,
      },
    });
    const read = await harness.graphql<{ channel: { setupDetails: unknown } }>(`{ channel(id: "channel-008") { ${SETUP} } }`);
    expect(read.body).toEqual({ data: { channel: { setupDetails: null } } });
  });

  it('InsightPoint.sourceId is the source_id of each daily point', async () => {
    const { body } = await harness.graphql<{ client: { insights: { sources: { nodes: Array<{ id: string; insights: Array<{ sourceId: string }> }> } } } }>(
      `{ client(id: "client-001") { insights { sources(dateFrom: "2020-01-01T00:00:00Z", dateTo: "2099-01-01T00:00:00Z") { nodes { id insights { sourceId date } } } } } }`,
    );
    expect(body.errors).toBeUndefined();
    const nodes = body.data!.client.insights.sources.nodes;
    expect(nodes.flatMap((node) => node.insights).length).toBeGreaterThan(0);
    for (const node of nodes) for (const point of node.insights) expect(point.sourceId).toBe(node.id);
  });
});

describe('InboundMessage carries the sender profile name and the displayed number of the notification', () => {
  const CLOUD_CHANNEL = 'channel-001';
  const ON_PREMISE_CHANNEL = 'channel-003';
  const MESSAGES = `subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { id from contactName displayPhoneNumber } }`;
  let gateway: TestGateway;
  let connection: WsConnection;

  beforeAll(async () => {
    gateway = await startReceivingGateway([CLOUD_CHANNEL, ON_PREMISE_CHANNEL]);
    connection = connectWs(gateway.url);
  });
  afterAll(async () => {
    await connection.dispose();
    await gateway.close();
  });

  it.each([
    [CLOUD_CHANNEL, '49305550000'],
    [ON_PREMISE_CHANNEL, null],
  ])('on %s', async (channelId, displayPhoneNumber) => {
    const messages = collect<Record<string, unknown>>(connection, MESSAGES, { channelId }, 'messageReceived');
    await waitUntil(() => gateway.gateway.services.events.subscriberCount('message', channelId) === 1, `a message subscriber on ${channelId}`);
    const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId, from: '4915112345678', text: 'hello', name: 'Mia Schneider' }),
    });
    expect(response.status).toBe(202);
    const { messageId } = (await response.json()) as { messageId: string };
    const [message] = await messages.atLeast(1);
    expect(message).toEqual({ id: messageId, from: '4915112345678', contactName: 'Mia Schneider', displayPhoneNumber });
    messages.unsubscribe();
  });
});

const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const ONPREM_OTHER = 'channel-006';
const KEYS = Object.fromEntries([CLOUD, ONPREM, ONPREM_OTHER].map((channelId) => [channelId, `sim-key-${channelId}`]));
const SET = `mutation ($channelId: ID!, $input: WebhookInput!) { setWebhook(channelId: $channelId, input: $input) { url } }`;
const SET_WABA = `mutation ($channelId: ID!, $input: WabaWebhookInput!) { setWabaWebhook(channelId: $channelId, input: $input) { url } }`;
const CONNECT = `mutation ($channelId: ID!) { connectWebhookToGateway(channelId: $channelId) { url } }`;

describe('webhook URLs are https (notifications need HTTPS with a valid certificate)', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });

  it.each([
    ['setWebhook on cloud', SET, { channelId: CLOUD, input: { url: 'http://hooks.example.com/wa' } }],
    ['setWebhook on-premise', SET, { channelId: ONPREM, input: { url: 'http://hooks.example.com:8080/wa' } }],
    ['setWebhook to a loopback host', SET, { channelId: ONPREM, input: { url: 'http://127.0.0.1:8080/wa' } }],
    ['setWabaWebhook', SET_WABA, { channelId: CLOUD, input: { url: 'http://hooks.example.com/waba', headers: {} } }],
  ])('%s refuses plain http with BAD_USER_INPUT on input.url, sending nothing', async (_name, mutation, variables) => {
    const { body } = await harness.graphql(mutation, variables);
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('https://'),
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'input.url' }),
      }),
    ]);
    expect(areaBRequests(harness)).toEqual([]);
  });

  it('the simulated upstream refuses plain http too, except to a loopback host (the gateway on the same machine)', async () => {
    const post = (url: string) =>
      fetch(`${harness.simulator.baseUrl()}/onprem/v1/configs/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'svc-api-key': KEYS[ONPREM] },
        body: JSON.stringify({ url, headers: {} }),
      });
    const refused = await post('http://hooks.example.com/wa');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('https');
    expect((await post('http://127.0.0.1:9/webhooks/x')).status).toBe(200);
    expect((await post('https://hooks.example.com/wa')).status).toBe(200);
  });
});

describe('connectWebhookToGateway and a plain-http PUBLIC_URL', () => {
  it('explains that a non-loopback http PUBLIC_URL can never receive notifications, sending nothing', async () => {
    const harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), PUBLIC_URL: 'http://hubgraph.example.com' });
    try {
      const { body } = await harness.graphql(CONNECT, { channelId: ONPREM });
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(/PUBLIC_URL \(http:\/\/hubgraph\.example\.com\) is not https.*loopback/),
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'channelId' }),
        }),
      ]);
      expect(areaBRequests(harness)).toEqual([]);
    } finally {
      await harness.close();
    }
  });

  it('accepts a loopback http PUBLIC_URL, which only the embedded simulator on this machine reaches', async () => {
    const harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), PUBLIC_URL: 'http://localhost:4000' });
    try {
      const { body } = await harness.graphql(CONNECT, { channelId: ONPREM });
      expect(body).toEqual({ data: { connectWebhookToGateway: { url: `http://localhost:4000/webhooks/${ONPREM}` } } });
      expect(harness.simulator.state.webhooks.get(ONPREM)?.url).toBe(`http://localhost:4000/webhooks/${ONPREM}`);
    } finally {
      await harness.close();
    }
  });
});

describe('on-premise end of support', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });
  const SEND = `mutation ($channelId: ID!) { sendMessage(channelId: $channelId, input: { to: "4915112345678", text: { body: "hi" } }) { id } }`;

  it('logs one warning per on-premise channel used, once per process; cloud channels none', async () => {
    for (const channelId of [ONPREM, ONPREM, CLOUD, ONPREM_OTHER, ONPREM, ONPREM_OTHER]) {
      expect((await harness.graphql(SEND, { channelId })).body.errors).toBeUndefined();
    }
    const warnings = harness.logs.entries().filter((entry) => String(entry.msg).includes('on-premise hosting'));
    expect(warnings.map((entry) => [entry.channelId, entry.level])).toEqual([
      [ONPREM, 40],
      [ONPREM_OTHER, 40],
    ]);
    expect(warnings[0].msg).toMatch(/support ended in October 2025.*15 May 2024.*migrate it to cloud/);
  });
});
