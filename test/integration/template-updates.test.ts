import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { gatewayWebhook, webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startReceivingGateway, startTestGateway, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, testRedisEnv, uniqueNamespace } from '../support/redis.js';
import { collect, connectWs, postAcknowledged, waitUntil, type Collected, type WsConnection } from '../support/events.js';
import { freePort } from '../support/free-port.mjs';

const CHANNEL = 'channel-001';
/** Live subscribers to the channel's template events on this gateway (templateUpdated and channelEvents each count once). */
const templateSubscribers = (gateway: TestGateway) => gateway.gateway.services.events.subscriberCount('template', CHANNEL);

const TEMPLATE_FIELDS = `cursor receivedAt channelId templateId templateName language change status reason quality previousCategory newCategory raw`;

/** The platform's template notifications (test/fixtures/notifications/README.md, "Template notifications"). */
const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/notifications/templates/${name}.json`, import.meta.url), 'utf8')) as {
    entry: Array<{ changes: Array<{ value: unknown }> }>;
  };

/** What each fixture must read as, declared from its content as the webhook reference defines it. */
const EXPECTED: Array<[string, Record<string, unknown>]> = [
  [
    'status-approved',
    {
      templateId: '1689556908129832',
      templateName: 'order_confirmation',
      language: 'en-US',
      change: 'STATUS',
      status: 'APPROVED',
      reason: null,
      quality: null,
      previousCategory: null,
      newCategory: null,
    },
  ],
  [
    'status-rejected',
    {
      templateId: '1689556908129833',
      templateName: 'summer_promo',
      language: 'en_US',
      change: 'STATUS',
      status: 'REJECTED',
      reason: 'INVALID_FORMAT',
      quality: null,
      previousCategory: null,
      newCategory: null,
    },
  ],
  [
    'quality-update',
    {
      templateId: '806312974732579',
      templateName: 'welcome_template',
      language: 'en-US',
      change: 'QUALITY',
      status: null,
      reason: null,
      quality: 'YELLOW',
      previousCategory: null,
      newCategory: null,
    },
  ],
  [
    'category-update',
    {
      templateId: '806312974732579',
      templateName: 'welcome_template',
      language: 'en-US',
      change: 'CATEGORY',
      status: null,
      reason: null,
      quality: null,
      previousCategory: 'UTILITY',
      newCategory: 'MARKETING',
    },
  ],
  [
    'category-update-impending',
    {
      templateId: '806312974732579',
      templateName: 'welcome_template',
      language: 'en-US',
      change: 'CATEGORY',
      status: null,
      reason: null,
      quality: null,
      previousCategory: 'UTILITY',
      newCategory: 'MARKETING',
    },
  ],
];

/** The same notifications on either event log: in memory and on Redis. */
function notificationSuite(env: () => Record<string, string>) {
  let gateway: TestGateway;
  let ws: WsConnection;

  beforeAll(async () => {
    gateway = await startReceivingGateway([CHANNEL], env());
    ws = connectWs(gateway.url);
  });

  afterAll(async () => {
    await ws.dispose();
    await gateway.close();
  });

  it('become TemplateUpdateEvents in templateUpdated, channelEvents and Channel.events (kind TEMPLATE), never untyped', async () => {
    const listening = templateSubscribers(gateway);
    const updates = collect<Record<string, unknown>>(
      ws,
      `subscription ($channelId: ID!) { templateUpdated(channelId: $channelId) { ${TEMPLATE_FIELDS} } }`,
      { channelId: CHANNEL },
      'templateUpdated',
    );
    const all = collect<Record<string, unknown>>(
      ws,
      `subscription ($channelId: ID!) { channelEvents(channelId: $channelId) { __typename ... on TemplateUpdateEvent { templateName change } } }`,
      { channelId: CHANNEL },
      'channelEvents',
    );
    // Subscriptions without `after` see live events only: both are started before anything is posted.
    await waitUntil(() => templateSubscribers(gateway) === listening + 2, 'both subscriptions');
    const authorization = webhookAuthorization(gateway.config.keystoreSecret, CHANNEL);
    for (const [name] of EXPECTED) await postAcknowledged(gateway.url, CHANNEL, fixture(name), authorization);

    const received = await updates.atLeast(EXPECTED.length);
    expect(received.map(({ cursor: _cursor, receivedAt: _receivedAt, ...rest }) => rest)).toEqual(
      EXPECTED.map(([name, expected]) => ({ channelId: CHANNEL, ...expected, raw: fixture(name).entry[0].changes[0].value })),
    );
    expect(await all.atLeast(EXPECTED.length)).toEqual(
      EXPECTED.map(([, expected]) => ({ __typename: 'TemplateUpdateEvent', templateName: expected.templateName, change: expected.change })),
    );

    const page = await gateway.execute<{ channel: { events: { nodes: Array<Record<string, unknown>> } } }>(
      `query ($channelId: ID!) {
        channel(id: $channelId) {
          events(kinds: [TEMPLATE]) { nodes { __typename ... on TemplateUpdateEvent { templateName change status quality newCategory cursor } } }
          untyped: events(kinds: [OTHER]) { nodes { __typename } }
        }
      }`,
      { channelId: CHANNEL },
    );
    expect(page.body.errors).toBeUndefined();
    const { events, untyped } = page.body.data!.channel as unknown as Record<string, { nodes: Array<Record<string, unknown>> }>;
    expect(events.nodes.map((node) => [node.templateName, node.change, node.status, node.quality, node.newCategory])).toEqual(
      EXPECTED.map(([, expected]) => [expected.templateName, expected.change, expected.status, expected.quality, expected.newCategory]),
    );
    expect(events.nodes.map((node) => node.cursor)).toEqual(received.map((item) => item.cursor));
    expect(untyped.nodes).toEqual([]);
    updates.unsubscribe();
    all.unsubscribe();
  });

  it('keeps a template notification without a template name untyped, and a re-delivery once', async () => {
    const broken = fixture('quality-update');
    delete (broken.entry[0].changes[0].value as Record<string, unknown>).message_template_name;
    const authorization = webhookAuthorization(gateway.config.keystoreSecret, CHANNEL);
    await postAcknowledged(gateway.url, CHANNEL, broken, authorization);
    await postAcknowledged(gateway.url, CHANNEL, fixture('status-approved'), authorization);
    const page = await gateway.execute<{ channel: { events: { nodes: Array<Record<string, unknown>> } } }>(
      `query ($channelId: ID!) { channel(id: $channelId) { events(kinds: [OTHER, TEMPLATE]) { nodes { __typename ... on OtherNotificationEvent { field reason } } } } }`,
      { channelId: CHANNEL },
    );
    const nodes = page.body.data!.channel.events.nodes;
    expect(nodes.filter((node) => node.__typename === 'OtherNotificationEvent')).toEqual([
      { __typename: 'OtherNotificationEvent', field: 'message_template_quality_update', reason: 'missing message_template_name' },
    ]);
    expect(nodes.filter((node) => node.__typename === 'TemplateUpdateEvent')).toHaveLength(EXPECTED.length);
  });
}

describe('template notifications through POST /webhooks/:channelId, in memory', () => {
  notificationSuite(() => ({}));
});

describeWithRedis('template notifications through POST /webhooks/:channelId, on Redis', () => {
  const namespace = uniqueNamespace('template-updates');
  afterAll(() => dropNamespace(namespace));
  notificationSuite(() => testRedisEnv(namespace));
});

describe('the simulator reviews a created template after SIMULATOR_TEMPLATE_REVIEW_MS and notifies it', () => {
  const REVIEW_MS = 400;
  let gateway: TestGateway;
  let ws: WsConnection;

  beforeAll(async () => {
    const port = await freePort();
    gateway = await startTestGateway({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CHANNEL_API_KEYS: JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}` }),
      SIMULATOR_TEMPLATE_REVIEW_MS: String(REVIEW_MS),
    });
    gateway.simulator.state.webhooks.set(CHANNEL, gatewayWebhook(gateway.config, CHANNEL));
    ws = connectWs(gateway.url);
  });

  afterAll(async () => {
    await ws.dispose();
    await gateway.close();
  });

  async function create(name: string): Promise<string> {
    const body = await gateway.execute<{ createLimitedTimeOfferTemplate: { id: string; status: string } }>(
      `mutation ($channelId: ID!, $input: LimitedTimeOfferTemplateInput!) { createLimitedTimeOfferTemplate(channelId: $channelId, input: $input) { id status } }`,
      {
        channelId: CHANNEL,
        input: { name, language: 'en_US', offerText: 'Hurry', hasExpiration: false, body: 'Deal', urlButtonText: 'Shop', url: 'https://shop.example/deal' },
      },
    );
    expect(body.body.errors).toBeUndefined();
    expect(body.body.data!.createLimitedTimeOfferTemplate.status).toBe('PENDING');
    return body.body.data!.createLimitedTimeOfferTemplate.id;
  }

  /** The first update of one template (the other test's review may come on the same channel). */
  /** templateUpdated, live once the earlier test's subscription has ended: it sees live events only, so nothing is created before. */
  async function templateUpdates() {
    await waitUntil(() => templateSubscribers(gateway) === 0, "the earlier test's subscription ended");
    const updates = collect<Record<string, unknown>>(
      ws,
      `subscription ($channelId: ID!) { templateUpdated(channelId: $channelId) { ${TEMPLATE_FIELDS} } }`,
      { channelId: CHANNEL },
      'templateUpdated',
    );
    await waitUntil(() => templateSubscribers(gateway) === 1, 'the subscription');
    return updates;
  }

  async function updateOf(updates: Collected<Record<string, unknown>>, templateName: string) {
    await waitUntil(() => updates.items.some((item) => item.templateName === templateName), `the review of ${templateName}`);
    return updates.items.find((item) => item.templateName === templateName)!;
  }

  const sendTemplate = (name: string) =>
    gateway.execute<{ sendMessage: { id: string } }>(
      `mutation ($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }`,
      { channelId: CHANNEL, input: { to: '4915112345678', template: { name, languageCode: 'en_US', urlButtonIndex: 0, urlButtonParameter: 'deal' } } },
    );

  it('approves it: the send fails as the upstream answers while PENDING, the notification comes in the real shape, then the send passes', async () => {
    const updates = await templateUpdates();
    const id = await create('flash_offer');
    const pending = await sendTemplate('flash_offer');
    expect(pending.body.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 132001 });

    const update = await updateOf(updates, 'flash_offer');
    expect(update).toMatchObject({
      channelId: CHANNEL,
      templateId: id,
      templateName: 'flash_offer',
      language: 'en_US',
      change: 'STATUS',
      status: 'APPROVED',
      reason: null,
    });
    const delivered = gateway.simulator.webhookDelivery.attempts.find((attempt) => JSON.stringify(attempt.body).includes('message_template_status_update'));
    expect(delivered).toMatchObject({ channelId: CHANNEL, status: 200 });
    expect(delivered!.body).toEqual({
      object: 'chat_business_account',
      entry: [
        {
          id: gateway.simulator.state.channels.get(CHANNEL)!.waba_account.id,
          time: expect.any(Number),
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'APPROVED',
                message_template_id: Number(id),
                message_template_name: 'flash_offer',
                message_template_language: 'en_US',
                reason: 'NONE',
                message_template_category: 'MARKETING',
              },
            },
          ],
        },
      ],
    });

    const approved = await sendTemplate('flash_offer');
    expect(approved.body.errors).toBeUndefined();
    expect(approved.body.data!.sendMessage.id).toMatch(/^wamid\./);
    updates.unsubscribe();
  });

  it('rejects a name starting with reject_ with its reason, and the template stays unsendable', async () => {
    const updates = await templateUpdates();
    const id = await create('reject_offer');
    const update = await updateOf(updates, 'reject_offer');
    expect(update).toMatchObject({ templateId: id, templateName: 'reject_offer', change: 'STATUS', status: 'REJECTED', reason: 'INVALID_FORMAT' });
    expect((update.raw as Record<string, unknown>).rejection_info).toEqual({ reason: expect.any(String), recommendation: expect.any(String) });
    const refused = await sendTemplate('reject_offer');
    expect(refused.body.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 132001 });
    updates.unsubscribe();
  });
});
