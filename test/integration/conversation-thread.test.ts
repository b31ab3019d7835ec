import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startReceivingGateway, type GraphQLAnswer, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, testRedisEnv, uniqueNamespace } from '../support/redis.js';
import { waitUntil } from '../support/events.js';

/**
 * End to end, the thread as an inbox reads it, from the simulator's notifications (built without the gateway's code):
 * messages delivered out of order, a reply naming whom it answers, a click-to-chat referral, an edit and a revoke of
 * earlier messages, and a status of a group message. On memory and on Redis.
 */

const CLOUD = 'channel-001';
const CONTACT = '4915100000431';
const GROUP = '120363025246125486';
const MEMBER = '4915100000432';
const namespace = uniqueNamespace('simulator-thread');

const THREAD = `query ($channelId: ID!, $contact: String!, $before: String) {
  channel(id: $channelId) {
    conversation(contact: $contact) {
      lastMessage { id }
      messages(first: 2, before: $before) {
        nodes {
          id cursor sentAt receivedAt contactName preview revokedAt editedAt text previousVersions
          context { replyTo replyToFrom forwarded }
          referral { sourceType sourceId headline mediaType ctwaClid }
          content { __typename ... on TextContent { body } }
        }
        endCursor
        hasMore
      }
    }
  }
}`;

const EVENTS = `query ($channelId: ID!) {
  channel(id: $channelId) {
    events(first: 100) {
      nodes {
        __typename
        ... on InboundMessage { id type changesMessageId businessAccountId phoneNumberId preview context { replyTo } }
        ... on MessageStatusEvent { messageId status recipientId recipientType participant }
      }
    }
    groupConversation: conversation(contact: "${GROUP}") { contact }
  }
}`;

type Json = Record<string, unknown>;
type ThreadAnswer = { channel: { conversation: { lastMessage: Json; messages: { nodes: Json[]; endCursor: string | null } } } };

describe('the thread from simulator traffic (memory)', () => threadSuite(() => ({})));
describeWithRedis('the thread from simulator traffic (Redis)', () => threadSuite(() => testRedisEnv(namespace)));

function threadSuite(storeEnv: () => Record<string, string>) {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startReceivingGateway([CLOUD], { CHANNEL_API_KEYS: JSON.stringify({ [CLOUD]: `sim-key-${CLOUD}` }), ...storeEnv() });
  });
  afterAll(async () => {
    await gateway.close();
    if (gateway.config.redisUrl) await dropNamespace(namespace, gateway.config.redisUrl);
  });

  const control = async (route: string, body: Json): Promise<string> => {
    const response = await fetch(`${gateway.simulator.baseUrl()}/_control/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId: CLOUD, ...body }),
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { messageId: string }).messageId;
  };
  const events = async () => {
    const { body } = await gateway.graphql<{ channel: { events: { nodes: Json[] }; groupConversation: Json | null } }>(EVENTS, { channelId: CLOUD });
    expect(body.errors).toBeUndefined();
    return body.data!.channel;
  };
  const logged = (id: string) => waitUntil(async () => (await events()).events.nodes.some((node) => node.id === id || node.messageId === id), `${id} logged`);

  it('reads a thread delivered out of order newest first by when it was sent, across pages, with what each message said and what happened to it', async () => {
    const now = Math.floor(Date.now() / 1000);
    // Written at -300, -200, -100 and -50 s, delivered in another order (the upstream re-delivers late).
    const first = await control('inbound', { from: CONTACT, name: 'Mia', kind: 'text', text: 'first', timestamp: now - 300 });
    const third = await control('inbound', { from: CONTACT, kind: 'text', text: 'third', timestamp: now - 100, replyTo: first });
    await logged(third);
    const second = await control('inbound', { from: CONTACT, kind: 'text', text: 'second', timestamp: now - 200 });
    const fourth = await control('inbound', {
      from: CONTACT,
      kind: 'text',
      text: 'I saw your ad',
      timestamp: now - 50,
      name: 'Mia S.',
      referral: { headline: 'Spring sale' },
    });
    await logged(second);
    await logged(fourth);
    // The user edits the first message and deletes the third, later.
    const edit = await control('inbound', { from: CONTACT, kind: 'edit', messageId: first, text: 'first, edited', timestamp: now - 40 });
    const revoke = await control('inbound', { from: CONTACT, kind: 'revoke', messageId: third, timestamp: now - 30 });
    await logged(edit);
    await logged(revoke);

    const pages: Json[][] = [];
    let before: string | null = null;
    let lastMessage: unknown;
    for (let page = 0; page < 3; page += 1) {
      const answer: GraphQLAnswer<ThreadAnswer> = await gateway.graphql<ThreadAnswer>(THREAD, { channelId: CLOUD, contact: CONTACT, before });
      expect(answer.body.errors).toBeUndefined();
      const { conversation }: ThreadAnswer['channel'] = answer.body.data!.channel;
      lastMessage ??= conversation.lastMessage;
      if (conversation.messages.nodes.length === 0) break;
      pages.push(conversation.messages.nodes);
      before = conversation.messages.endCursor;
    }
    expect(pages.map((page) => page.map((node) => node.id))).toEqual([
      [fourth, third],
      [second, first],
    ]);
    const thread = pages.flat();
    const sentAt = (seconds: number) => new Date(seconds * 1000).toISOString();
    expect(thread.map((node) => node.sentAt)).toEqual([sentAt(now - 50), sentAt(now - 100), sentAt(now - 200), sentAt(now - 300)]);
    // Received after the third though sent before it.
    expect(Date.parse(thread[2].receivedAt as string)).toBeGreaterThan(Date.parse(thread[1].receivedAt as string));
    expect(lastMessage).toEqual({ id: fourth });

    const [ad, deleted, , edited] = thread;
    // Each record keeps the profile name its own notification gave.
    expect(ad).toMatchObject({
      contactName: 'Mia S.',
      referral: { sourceType: 'ad', headline: 'Spring sale', mediaType: 'image', ctwaClid: expect.stringMatching(/^ARA/) },
      context: null,
    });
    expect(deleted).toMatchObject({
      preview: 'This message was deleted',
      content: null,
      text: null,
      context: null,
      previousVersions: [],
      revokedAt: sentAt(now - 30),
    });
    // The edited message keeps no reply of its own: the edit's inner context names the message it edits.
    expect(edited).toMatchObject({
      content: { __typename: 'TextContent', body: 'first, edited' },
      context: null,
      editedAt: sentAt(now - 40),
      contactName: 'Mia',
    });

    const { events: log } = await events();
    const byId = (id: string) => log.nodes.find((node) => node.id === id);
    expect(byId(third)).toMatchObject({ context: { replyTo: first } });
    expect(byId(edit)).toMatchObject({ type: 'edit', changesMessageId: first, context: null });
    expect(byId(revoke)).toMatchObject({ type: 'revoke', changesMessageId: third, preview: 'This message was deleted' });
    expect(byId(first)).toMatchObject({ changesMessageId: null, businessAccountId: expect.any(String), phoneNumberId: expect.any(String) });
  });

  it('a status of a group message says GROUP and the member, and starts no one-to-one conversation', async () => {
    const messageId = await control('group-status', { groupId: GROUP, participant: MEMBER, status: 'read' });
    await logged(messageId);
    const { events: log, groupConversation } = await events();
    expect(log.nodes.find((node) => node.messageId === messageId)).toEqual({
      __typename: 'MessageStatusEvent',
      messageId,
      status: 'read',
      recipientId: GROUP,
      recipientType: 'GROUP',
      participant: MEMBER,
    });
    expect(groupConversation).toBeNull();
  });

  it('a reply names whom it answers (context.from), kept with the record', async () => {
    const original = await control('inbound', { from: CONTACT, kind: 'text', text: 'question' });
    const answer = await control('inbound', { from: CONTACT, kind: 'text', text: 'answer', replyTo: original });
    await logged(answer);
    const { body } = await gateway.graphql<{ channel: { message: Json } }>(
      `query ($channelId: ID!, $id: ID!) { channel(id: $channelId) { message(id: $id) { context { replyTo replyToFrom } } } }`,
      { channelId: CLOUD, id: answer },
    );
    expect(body.data!.channel.message).toEqual({ context: { replyTo: original, replyToFrom: expect.stringMatching(/^\d+$/) } });
  });
}
