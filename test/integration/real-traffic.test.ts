import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { postAcknowledged } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { CHANNEL_001_NUMBER, FIXTURE_BUSINESS_NUMBER } from '../support/notifications.js';
import { describeWithRedis, dropNamespace, testRedisUrl, uniqueNamespace } from '../support/redis.js';

/**
 * Real traffic beyond messages and statuses, posted through HTTP on memory and on Redis: echoes,
 * preferences, unknown fields and items naming no contact are all kept and readable typed.
 */
const CHANNEL = 'channel-001';
const KEYSTORE_SECRET = 'real-traffic-secret-0123456789ab';

type Item = Record<string, unknown>;

const EVENTS = `query ($channelId: ID!, $kinds: [ChannelEventKind!], $contact: String) {
  channel(id: $channelId) {
    events(kinds: $kinds, contact: $contact, first: 20) {
      nodes {
        __typename
        ... on InboundMessage { id from fromPhone fromUserId username }
        ... on MessageEchoEvent { id to type timestamp }
        ... on ContactPreferenceEvent { contact category value timestamp }
        ... on OtherNotificationEvent { field reason raw }
      }
    }
  }
}`;

const MESSAGE = `query ($channelId: ID!, $id: ID!) {
  channel(id: $channelId) { message(id: $id) { id direction contact type text sentFrom status } }
}`;

const CONVERSATION = `query ($channelId: ID!, $contact: String!) {
  channel(id: $channelId) {
    conversation(contact: $contact) { contact contactPhone contactUserId contactUsername lastInboundAt lastMessage { id direction sentFrom } }
  }
}`;

const cloud = (field: string, value: Item) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field,
          value: { messaging_product: 'whatsapp', metadata: { display_phone_number: CHANNEL_001_NUMBER, phone_number_id: '106540352242922' }, ...value },
        },
      ],
    },
  ],
});

/** The fixtures' message time, moved to a minute ago: a thread keeps messages of the retention window only. */
const FIXTURE_SECONDS = '1749416383';
const SENT_SECONDS = Math.floor(Date.now() / 1000) - 60;
const SENT_AT = new Date(SENT_SECONDS * 1000).toISOString();

/** A fixture of test/fixtures/notifications (real shapes from the platform's public reference). */
const fixture = (hosting: 'cloud' | 'on-premise', name: string): Item =>
  JSON.parse(
    readFileSync(new URL(`../fixtures/notifications/${hosting}/${name}.json`, import.meta.url), 'utf8')
      .replaceAll(FIXTURE_SECONDS, String(SENT_SECONDS))
      .replaceAll(`"${FIXTURE_BUSINESS_NUMBER}"`, `"${CHANNEL_001_NUMBER}"`),
  ) as Item;
/** The first message item of a cloud fixture, to aim a reaction at another message. */
const cloudItem = (notification: Item): Item => ((notification.entry as Item[])[0].changes as Item[])[0].value as Item;

const RECORD = `query ($channelId: ID!, $id: ID!) {
  channel(id: $channelId) {
    message(id: $id) {
      id type text editedAt revokedAt preview previousVersions
      reactions { emoji from at }
      content { __typename ... on TextContent { body } ... on MediaContent { kind caption } }
    }
  }
}`;

const THREAD = `query ($channelId: ID!, $contact: String!) {
  channel(id: $channelId) {
    conversation(contact: $contact) {
      contact movedTo lastInboundAt
      lastMessage { id preview content { __typename } }
      messages(first: 20) { nodes { id } }
    }
  }
}`;

function realTrafficSuite(label: string, env: () => Record<string, string>) {
  describe(`real traffic (${label})`, () => {
    const prefix = label === 'memory' ? '49172' : '49173';
    const contact = (index: number) => `${prefix}${String(index).padStart(6, '0')}`;
    let simulator: Simulator;
    let gateway: TestGateway;

    beforeAll(async () => {
      simulator = await startSimulator();
      gateway = await startTestGateway({ KEYSTORE_SECRET, ...env() }, {}, simulator);
    });
    afterAll(async () => {
      await gateway.close();
      await simulator.close();
    });

    const post = (body: unknown) => postAcknowledged(gateway.url, CHANNEL, body, webhookAuthorization(KEYSTORE_SECRET, CHANNEL));
    const read = async <T>(query: string, variables: Item): Promise<T> => {
      const { body } = await gateway.graphql<{ channel: T }>(query, { channelId: CHANNEL, ...variables });
      expect(body.errors).toBeUndefined();
      return body.data!.channel;
    };
    const events = async (variables: Item) => (await read<{ events: { nodes: Item[] } }>(EVENTS, variables)).events.nodes;

    it('an echo is an ECHO event and an OUTBOUND record of its conversation sent from the business app; a re-delivery is a duplicate', async () => {
      const to = contact(1);
      const echo = cloud('smb_message_echoes', {
        message_echoes: [
          { from: '15550783881', to: `+${to}`, id: `wamid.echo-${label}=`, timestamp: '1739321024', type: 'text', text: { body: 'sent from the phone' } },
        ],
      });
      await post(echo);
      await post(echo);
      expect(await events({ kinds: ['ECHO'], contact: to })).toEqual([
        { __typename: 'MessageEchoEvent', id: `wamid.echo-${label}=`, to, type: 'text', timestamp: '2025-02-12T00:43:44.000Z' },
      ]);
      expect((await read<{ message: Item }>(MESSAGE, { id: `wamid.echo-${label}=` })).message).toEqual({
        id: `wamid.echo-${label}=`,
        direction: 'OUTBOUND',
        contact: to,
        type: 'text',
        text: 'sent from the phone',
        sentFrom: 'BUSINESS_APP',
        status: 'sent',
      });
      expect((await read<{ conversation: Item }>(CONVERSATION, { contact: to })).conversation).toEqual({
        contact: to,
        contactPhone: to,
        contactUserId: null,
        contactUsername: null,
        // An echo is the business's message: it opens no window.
        lastInboundAt: null,
        lastMessage: { id: `wamid.echo-${label}=`, direction: 'OUTBOUND', sentFrom: 'BUSINESS_APP' },
      });
    });

    it('played and deleted statuses are kept in statuses, in the order received, without moving status backwards', async () => {
      const id = `wamid.HBgLNDkxNzI=played+${label}/deleted==`;
      const to = contact(3);
      const status = (name: string, seconds: number) => cloud('messages', { statuses: [{ id, status: name, timestamp: String(seconds), recipient_id: to }] });
      const at = Math.floor(Date.now() / 1000) - 50;
      // A voice note: sent, delivered, read, then played; the user deletes it later. A delivered arrives late.
      for (const [name, seconds] of [
        ['sent', at],
        ['read', at + 2],
        ['played', at + 3],
        ['delivered', at + 1],
        ['deleted', at + 4],
      ] as const) {
        await post(status(name, seconds));
      }
      const { message } = await read<{ message: Item }>(
        `query ($channelId: ID!, $id: ID!) { channel(id: $channelId) { message(id: $id) { status statuses { status } } } }`,
        { id },
      );
      expect(message).toEqual({
        status: 'read',
        statuses: ['sent', 'read', 'played', 'delivered', 'deleted'].map((name) => ({ status: name })),
      });
    });

    it("a status of an earlier message leaves the conversation's last message where it is", async () => {
      const who = contact(4);
      const sent = `wamid.HBgLNDkxNzI=earlier+${label}/reply==`;
      const answer = `wamid.HBgLNDkxNzI=later+${label}/answer==`;
      const at = Math.floor(Date.now() / 1000) - 40;
      const status = (name: string, seconds: number) =>
        cloud('messages', { statuses: [{ id: sent, status: name, timestamp: String(seconds), recipient_id: who }] });
      await post(status('sent', at));
      await post(cloud('messages', { messages: [{ from: who, id: answer, timestamp: String(at + 2), type: 'text', text: { body: 'Great, thank you!' } }] }));
      // The business's reply is read after the contact answered it.
      await post(status('read', at + 3));
      const { conversation } = await read<{ conversation: Item }>(THREAD, { contact: who });
      expect(conversation).toMatchObject({ lastMessage: { id: answer, preview: 'Great, thank you!' }, messages: { nodes: [{ id: answer }, { id: sent }] } });
    });

    it('a user_preferences item is a PREFERENCE event of its contact', async () => {
      const who = contact(2);
      await post(
        cloud('user_preferences', {
          contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: who }],
          user_preferences: [
            { wa_id: who, detail: 'User requested to stop marketing messages', category: 'marketing_messages', value: 'stop', timestamp: 1731705721 },
          ],
        }),
      );
      expect(await events({ kinds: ['PREFERENCE'], contact: who })).toEqual([
        { __typename: 'ContactPreferenceEvent', contact: who, category: 'marketing_messages', value: 'stop', timestamp: '2024-11-15T21:22:01.000Z' },
      ]);
    });

    it('an unknown field and a message naming no contact are kept as OTHER events, counted untyped, never dropped', async () => {
      const before = (await events({ kinds: ['OTHER'] })).length;
      const accountUpdate = {
        object: 'whatsapp_business_account',
        entry: [{ id: '1', changes: [{ field: `account_update_${label}`, value: { event: 'VERIFIED_ACCOUNT' } }] }],
      };
      await post(accountUpdate);
      await post({ messages: [{ id: `wamid.nobody-${label}`, from: '+49 151 ****5678', type: 'text', text: { body: 'masked' } }] });
      await post(accountUpdate);
      const kept = (await events({ kinds: ['OTHER'] })).slice(before);
      expect(kept).toEqual([
        { __typename: 'OtherNotificationEvent', field: `account_update_${label}`, reason: `field account_update_${label}`, raw: { event: 'VERIFIED_ACCOUNT' } },
        {
          __typename: 'OtherNotificationEvent',
          field: 'messages',
          reason: 'no contact key (neither a phone number nor a business-scoped user id)',
          raw: { id: `wamid.nobody-${label}`, from: '+49 151 ****5678', type: 'text', text: { body: 'masked' } },
        },
      ]);
      const metrics = await (await fetch(`${new URL(gateway.url).origin}/metrics`)).text();
      expect(metrics).toMatch(/hubgraph_webhook_items_total\{kind="other",typed="false"\} [1-9]/);
    });

    it('reactions, edits and revokes change the message they name, with no thread entry of their own; a number change moves the conversation on', async () => {
      const text = fixture('cloud', 'text');
      const textId = (cloudItem(text).messages as Item[])[0].id as string;
      const image = fixture('cloud', 'image-caption');
      const imageId = (cloudItem(image).messages as Item[])[0].id as string;
      await post(image);
      await post(text);
      const record = async (id: string) => (await read<{ message: Item }>(RECORD, { id })).message;
      expect(await record(textId)).toMatchObject({
        type: 'text',
        preview: 'Does it come in another color?',
        content: { __typename: 'TextContent', body: 'Does it come in another color?' },
        reactions: [],
      });
      expect((await record(imageId)).content).toEqual({ __typename: 'MediaContent', kind: 'IMAGE', caption: 'The best succulent ever?' });

      const aimed = (name: string) => {
        const notification = fixture('cloud', name);
        const item = (cloudItem(notification).messages as Item[])[0];
        (item.reaction as Item).message_id = textId;
        return notification;
      };
      await post(aimed('reaction'));
      expect((await record(textId)).reactions).toEqual([{ emoji: '👍', from: '16505551234', at: SENT_AT }]);
      await post(aimed('reaction-removed'));
      expect((await record(textId)).reactions).toEqual([]);

      await post(fixture('cloud', 'edit'));
      const edited = await record(textId);
      expect(edited).toMatchObject({
        editedAt: SENT_AT,
        content: { __typename: 'TextContent', body: 'Does it come in another colour?' },
        text: 'Does it come in another colour?',
      });
      expect(edited.previousVersions).toEqual([(cloudItem(text).messages as Item[])[0]]);
      await post(fixture('cloud', 'revoke'));
      expect((await record(imageId)).revokedAt).toBe(SENT_AT);

      const thread = async (who: string) => (await read<{ conversation: Item | null }>(THREAD, { contact: who })).conversation;
      expect(await thread('16505551234')).toMatchObject({
        movedTo: null,
        lastMessage: { id: textId, preview: 'Does it come in another colour?', content: { __typename: 'TextContent' } },
        messages: { nodes: [{ id: textId }, { id: imageId }] },
      });
      await post(fixture('cloud', 'system-user-changed-number'));
      const moved = await thread('+1 650 555 1234');
      expect(moved).toMatchObject({ contact: '16505551234', movedTo: '16505559876' });
      // The notice is the platform's, not the user's: the window is where the user's own messages put it.
      expect(moved!.lastInboundAt).toBe(SENT_AT);
    });

    it('a user id seen beside a wa_id is remembered: a later item with only the user id joins the wa_id conversation, found by either key', async () => {
      const waId = contact(5);
      const userId = `DE.${label === 'memory' ? 'alias1' : 'alias2'}`;
      const seconds = Math.floor(Date.now() / 1000) - 30;
      await post(
        cloud('messages', {
          contacts: [{ profile: { name: 'Ada' }, wa_id: waId, user_id: userId }],
          messages: [{ from: waId, id: `wamid.both-${label}`, timestamp: String(seconds), type: 'text', text: { body: 'with number' } }],
        }),
      );
      await post(
        cloud('messages', {
          contacts: [{ profile: { name: 'Ada', username: '@ada' }, user_id: userId }],
          messages: [{ from_user_id: userId, id: `wamid.user-${label}`, timestamp: String(seconds + 1), type: 'text', text: { body: 'without number' } }],
        }),
      );
      const byUserId = (await read<{ conversation: Item | null }>(THREAD, { contact: userId })).conversation;
      expect(byUserId).toMatchObject({ contact: waId, messages: { nodes: [{ id: `wamid.user-${label}` }, { id: `wamid.both-${label}` }] } });
      expect((await read<{ conversation: Item }>(CONVERSATION, { contact: ` +${waId} ` })).conversation).toMatchObject({
        contact: waId,
        contactPhone: waId,
        contactUserId: userId,
        contactUsername: '@ada',
      });
    });

    it('a sender known only by a business-scoped user id is kept: from is the user id, with its username', async () => {
      const userId = `US.${label === 'memory' ? '1349120865530274191' : '2349120865530274191'}`;
      await post(
        cloud('messages', {
          contacts: [{ profile: { name: 'Jo', username: '@jo' }, user_id: userId }],
          messages: [{ from_user_id: userId, id: `wamid.user-only-${label}`, timestamp: '1739321024', type: 'text', text: { body: 'no number' } }],
        }),
      );
      expect(await events({ kinds: ['MESSAGE'], contact: userId })).toEqual([
        { __typename: 'InboundMessage', id: `wamid.user-only-${label}`, from: userId, fromPhone: null, fromUserId: userId, username: '@jo' },
      ]);
      expect((await read<{ conversation: Item }>(CONVERSATION, { contact: userId })).conversation).toMatchObject({
        contact: userId,
        contactPhone: null,
        contactUserId: userId,
        contactUsername: '@jo',
      });
    });
  });
}

describe('contact and message arguments (memory)', () => {
  let simulator: Simulator;
  let gateway: TestGateway;
  beforeAll(async () => {
    simulator = await startSimulator();
    const keys = JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}`, 'channel-003': 'sim-key-channel-003' });
    gateway = await startTestGateway({ KEYSTORE_SECRET, CHANNEL_API_KEYS: keys }, {}, simulator);
  });
  afterAll(async () => {
    await gateway.close();
    await simulator.close();
  });
  const upstreamCalls = () => simulator.recorder.requests.filter((request) => /^\/(cloud|onprem)\//.test(request.path)).length;

  it('refuses a recipient that is no contact key with BAD_USER_INPUT on input.to before any upstream call', async () => {
    const before = upstreamCalls();
    for (const to of ['abc', '+49 151 ****5678', '49+151']) {
      const { body } = await gateway.graphql(
        `mutation ($to: String!) { sendMessage(channelId: "${CHANNEL}", input: { to: $to, text: { body: "hi" } }) { id } }`,
        { to },
      );
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.to' });
    }
    const onPremise = await gateway.graphql(
      `mutation { sendMessage(channelId: "channel-003", input: { to: "US.13491208655302741918", text: { body: "hi" } }) { id } }`,
    );
    expect(onPremise.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.to' });
    expect(upstreamCalls()).toBe(before);
  });

  it('reads contact arguments in any phone format, refuses anything else naming the argument', async () => {
    const window = (contact: string) =>
      gateway.graphql(`query ($contact: String!) { channel(id: "${CHANNEL}") { serviceWindow(contact: $contact) { state } } }`, { contact });
    expect((await window('+49 (151) 1234-5678 ')).body.errors).toBeUndefined();
    expect((await window('US.13491208655302741918')).body.errors).toBeUndefined();
    expect((await window('49151****678')).body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'contact' });
    const blocked = await gateway.graphql(`mutation { blockContact(channelId: "channel-003", phoneNumber: "+49 151 1234-5678") { success phoneNumber } }`);
    expect(blocked.body.errors).toBeUndefined();
    expect(blocked.body.data).toEqual({ blockContact: { success: true, phoneNumber: '4915112345678' } });
    expect(simulator.recorder.requests.at(-1)?.path).toBe('/onprem/v1/contacts/4915112345678/block');
  });

  it('takes real message ids (base64 with = + /) in Channel.message, and still refuses ".."', async () => {
    const message = (id: string) => gateway.graphql(`query ($id: ID!) { channel(id: "${CHANNEL}") { message(id: $id) { id } } }`, { id });
    const real = await message('wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=');
    expect(real.body).toEqual({ data: { channel: { message: null } } });
    expect((await message('wamid.a+b/c==')).body.errors).toBeUndefined();
    expect((await message('wamid/../x')).body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
  });
});

realTrafficSuite('memory', () => ({}));

describeWithRedis('on Redis', () => {
  const namespace = uniqueNamespace('real-traffic');
  afterAll(() => dropNamespace(namespace));
  realTrafficSuite('redis', () => ({ REDIS_URL: testRedisUrl(), REDIS_NAMESPACE: namespace }));
});
