import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { collect, connectWs, postAcknowledged, waitUntil, type Collected, type WsConnection } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { addressedTo, CHANNEL_001_NUMBER, loadNotification, notificationValue } from '../support/notifications.js';
import { describeWithRedis, dropNamespace, testRedisEnv, uniqueNamespace } from '../support/redis.js';

/**
 * Through the webhook route and the conversationUpdated subscription, on memory and on Redis: a
 * reaction, an edit or a revoke updates the conversation of the message it changes, and a contact
 * first seen by its business-scoped user id is one conversation with its wa_id once that is known.
 */
const CHANNEL = 'channel-001';
const KEYSTORE_SECRET = 'conversation-changes-secret-0123456789';

type Item = Record<string, unknown>;

const CONVERSATION_UPDATED = `subscription ($channelId: ID!) {
  conversationUpdated(channelId: $channelId) {
    contact movedTo lastInboundAt
    lastMessage { id preview editedAt revokedAt reactions { emoji from } }
  }
}`;

const CONVERSATION = `query ($channelId: ID!, $contact: String!, $before: String) {
  channel(id: $channelId) {
    conversation(contact: $contact) {
      id contact contactPhone contactUserId contactName lastInboundAt
      lastMessage { id }
      messages(first: 2, before: $before) { nodes { id contact cursor } endCursor hasMore }
    }
  }
}`;

const THREAD = `query ($channelId: ID!, $contact: String!) {
  channel(id: $channelId) { conversation(contact: $contact) { messages(first: 10) { nodes { id } } } }
}`;

const CONVERSATIONS = `query ($channelId: ID!) { channel(id: $channelId) { conversations(first: 50) { nodes { contact } } } }`;

const EVENTS = `query ($channelId: ID!, $contact: String) {
  channel(id: $channelId) { events(kinds: [MESSAGE], contact: $contact, first: 50) { nodes { ... on InboundMessage { id from } } } }
}`;

/** Seconds a little in the past: threads keep only messages of the retention window. */
const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * A cloud fixture of test/fixtures/notifications (real shapes from the platform's public reference)
 * with its first message item changed: its id, time and sender, and what `adjust` sets.
 */
function cloudMessage(name: string, fields: { id: string; seconds: number; from?: string; adjust?: (item: Item) => void }): Item {
  // Addressed to CHANNEL's own number: the gateway assigns a cloud change to the channel its metadata names.
  const notification = addressedTo(loadNotification('cloud', name), CHANNEL_001_NUMBER);
  const value = notificationValue('cloud', notification);
  const [item] = value.messages as Item[];
  Object.assign(item, { id: fields.id, timestamp: String(fields.seconds) });
  if (fields.from !== undefined) {
    item.from = fields.from;
    const [sender] = (value.contacts as Item[] | undefined) ?? [];
    if (sender) sender.wa_id = fields.from;
  }
  fields.adjust?.(item);
  return notification;
}

function conversationChangesSuite(label: string, env: () => Record<string, string>) {
  describe(`conversation changes (${label})`, () => {
    /** Contacts of this suite alone, so the memory and Redis suites never share a conversation. */
    const contact = (index: number) => `${label === 'memory' ? '49174' : '49175'}${String(index).padStart(6, '0')}`;
    let simulator: Simulator;
    let gateway: TestGateway;
    let connection: WsConnection;
    /** The channel's conversationUpdated, open for the whole suite. */
    let updates: Collected<Item>;

    beforeAll(async () => {
      simulator = await startSimulator();
      gateway = await startTestGateway({ KEYSTORE_SECRET, ...env() }, {}, simulator);
      connection = connectWs(gateway.url);
      const openSubscriptions = async () => (await gateway.gateway.services.metrics.openSubscriptions.get()).values[0]?.value ?? 0;
      updates = collect<Item>(connection, CONVERSATION_UPDATED, { channelId: CHANNEL }, 'conversationUpdated');
      await waitUntil(async () => (await openSubscriptions()) > 0, 'the conversationUpdated subscription to open');
    });
    afterAll(async () => {
      await connection.dispose();
      await gateway.close();
      await simulator.close();
    });

    const post = (body: unknown) => postAcknowledged(gateway.url, CHANNEL, body, webhookAuthorization(KEYSTORE_SECRET, CHANNEL));
    const read = async <T>(query: string, variables: Item): Promise<T> => {
      const { body } = await gateway.graphql<{ channel: T }>(query, { channelId: CHANNEL, ...variables });
      expect(body.errors).toBeUndefined();
      return body.data!.channel;
    };
    /** Posts, then the updates the notification made (`count` of them). */
    const postUpdated = async (body: unknown, count = 1) => {
      const before = updates.items.length;
      await post(body);
      return (await updates.atLeast(before + count)).slice(before);
    };

    it('a reaction, an edit and a revoke each publish conversationUpdated of the conversation the message is in, and join no thread', async () => {
      const who = contact(1);
      const wroteAt = secondsAgo(60);
      const messageId = `wamid.changed-${label}`;
      const aimed = (name: string, seconds: number, adjust: (item: Item) => void) =>
        cloudMessage(name, { id: `wamid.${name}-${label}`, seconds, from: who, adjust });
      expect(await postUpdated(cloudMessage('text', { id: messageId, seconds: wroteAt, from: who }))).toEqual([
        {
          contact: who,
          movedTo: null,
          lastInboundAt: iso(wroteAt),
          lastMessage: { id: messageId, preview: 'Does it come in another color?', editedAt: null, revokedAt: null, reactions: [] },
        },
      ]);

      const [reacted] = await postUpdated(aimed('reaction', wroteAt + 10, (item) => ((item.reaction as Item).message_id = messageId)));
      expect(reacted).toMatchObject({
        contact: who,
        lastInboundAt: iso(wroteAt + 10),
        lastMessage: { id: messageId, reactions: [{ emoji: '👍', from: who }] },
      });
      const [edited] = await postUpdated(aimed('edit', wroteAt + 20, (item) => ((item.edit as Item).original_message_id = messageId)));
      expect(edited).toMatchObject({ lastMessage: { id: messageId, preview: 'Does it come in another colour?', editedAt: iso(wroteAt + 20) } });
      const [revoked] = await postUpdated(aimed('revoke', wroteAt + 30, (item) => ((item.revoke as Item).original_message_id = messageId)));
      // A revoke withdraws a message: it is not the user writing, so the window stays where the edit put it.
      expect(revoked).toMatchObject({ lastInboundAt: iso(wroteAt + 20), lastMessage: { id: messageId, revokedAt: iso(wroteAt + 30) } });

      const thread = (await read<{ conversation: { messages: { nodes: Item[] } } }>(CONVERSATION, { contact: who })).conversation.messages;
      expect(thread.nodes.map((node) => node.id)).toEqual([messageId]);
    });

    it("the business's reaction from its phone app (smb_message_echoes) changes the message it names, a removal clears it: no thread entry, the window stays", async () => {
      const who = contact(5);
      const wroteAt = secondsAgo(60);
      const messageId = `wamid.echo-reacted-${label}`;
      await postUpdated(cloudMessage('text', { id: messageId, seconds: wroteAt, from: who }));
      /** The fixture's echoed reaction, sent by CHANNEL's number to `who` about the message above. */
      const businessReaction = (index: number, emoji: string) => {
        const notification = addressedTo(loadNotification('cloud', 'smb-message-echoes-reaction'), CHANNEL_001_NUMBER);
        const [item] = notificationValue('cloud', notification).message_echoes as Item[];
        Object.assign(item, { id: `wamid.echo-reaction-${index}-${label}`, from: CHANNEL_001_NUMBER, to: who, timestamp: String(wroteAt + 10 * index) });
        Object.assign(item.reaction as Item, { message_id: messageId, emoji });
        return notification;
      };

      expect(await postUpdated(businessReaction(1, '🙏'))).toMatchObject([
        { contact: who, lastInboundAt: iso(wroteAt), lastMessage: { id: messageId, reactions: [{ emoji: '🙏', from: CHANNEL_001_NUMBER }] } },
      ]);
      // The send API (and so an echo of the app) removes a reaction with an empty emoji.
      expect(await postUpdated(businessReaction(2, ''))).toMatchObject([
        { contact: who, lastInboundAt: iso(wroteAt), lastMessage: { id: messageId, reactions: [] } },
      ]);

      const thread = (await read<{ conversation: { messages: { nodes: Item[] } } }>(CONVERSATION, { contact: who })).conversation.messages;
      expect(thread.nodes.map((node) => node.id)).toEqual([messageId]);
    });

    it('a reaction from a new number to a message kept before the number change updates both conversations', async () => {
      const [oldNumber, newNumber] = [contact(2), contact(3)];
      const wroteAt = secondsAgo(60);
      const messageId = `wamid.before-change-${label}`;
      await postUpdated(cloudMessage('text', { id: messageId, seconds: wroteAt, from: oldNumber }));
      const changed = cloudMessage('system-user-changed-number', {
        id: `wamid.number-change-${label}`,
        seconds: wroteAt + 5,
        from: oldNumber,
        adjust: (item) => ((item.system as Item).wa_id = newNumber),
      });
      expect(await postUpdated(changed)).toMatchObject([{ contact: oldNumber, movedTo: newNumber }]);

      const reaction = cloudMessage('reaction', {
        id: `wamid.reaction-after-change-${label}`,
        seconds: wroteAt + 10,
        from: newNumber,
        adjust: (item) => ((item.reaction as Item).message_id = messageId),
      });
      const [forOld, forNew] = await postUpdated(reaction, 2);
      expect(forOld).toMatchObject({ contact: oldNumber, movedTo: newNumber, lastInboundAt: iso(wroteAt) });
      expect(forNew).toMatchObject({ contact: newNumber, lastInboundAt: iso(wroteAt + 10), lastMessage: null });
      const record = await read<{ conversation: { messages: { nodes: Item[] } } }>(CONVERSATION, { contact: oldNumber });
      expect(record.conversation.messages.nodes.map((node) => node.id)).toContain(messageId);
    });

    it('messages under a user id before its wa_id was known join the wa_id conversation when an item names both: listed once, one thread, events by either key', async () => {
      const waId = contact(4);
      const userId = `US.${label === 'memory' ? '4917400000004' : '4917500000004'}`;
      const wroteAt = secondsAgo(60);
      const userOnly = (index: number) =>
        cloudMessage('user-id-only', {
          id: `wamid.user-only-${index}-${label}`,
          seconds: wroteAt + index,
          adjust: (item) => (item.from_user_id = userId),
        });
      for (const index of [1, 2]) {
        const notification = userOnly(index);
        (notificationValue('cloud', notification).contacts as Item[])[0].user_id = userId;
        await post(notification);
      }
      expect((await read<{ conversation: Item }>(CONVERSATION, { contact: userId })).conversation).toMatchObject({ contact: userId, contactPhone: null });

      const both = cloudMessage('text', {
        id: `wamid.both-keys-${label}`,
        seconds: wroteAt + 10,
        from: waId,
        adjust: (item) => (item.from_user_id = userId),
      });
      (notificationValue('cloud', both).contacts as Item[])[0].user_id = userId;
      expect(await postUpdated(both)).toMatchObject([{ contact: waId, lastMessage: { id: `wamid.both-keys-${label}` } }]);

      const ids = [`wamid.both-keys-${label}`, `wamid.user-only-2-${label}`, `wamid.user-only-1-${label}`];
      const contacts = (await read<{ conversations: { nodes: Item[] } }>(CONVERSATIONS, {})).conversations.nodes.map((node) => node.contact);
      expect(contacts).toContain(waId);
      expect(contacts).not.toContain(userId);
      for (const key of [userId, waId, `+${waId}`]) {
        const { conversation } = await read<{ conversation: Item & { messages: { nodes: Item[]; endCursor: string } } }>(CONVERSATION, { contact: key });
        expect(conversation).toMatchObject({
          id: `${CHANNEL}:${waId}`,
          contact: waId,
          contactPhone: waId,
          contactUserId: userId,
          lastInboundAt: iso(wroteAt + 10),
        });
        expect(conversation.messages.nodes).toEqual([
          { id: ids[0], contact: waId, cursor: expect.any(String) },
          { id: ids[1], contact: waId, cursor: expect.any(String) },
        ]);
        // A record kept under the user id pages the wa_id's thread.
        const older = await read<{ conversation: { messages: { nodes: Item[]; hasMore: boolean } } }>(CONVERSATION, {
          contact: key,
          before: conversation.messages.nodes[1].cursor,
        });
        expect(older.conversation.messages).toMatchObject({ nodes: [{ id: ids[2], contact: waId }], hasMore: false });
      }
      for (const key of [userId, waId]) {
        const { events } = await read<{ events: { nodes: Item[] } }>(EVENTS, { contact: key });
        expect(events.nodes.map((node) => node.id)).toEqual([...ids].reverse());
      }
    });

    /** The user-id-only fixture sent by `userId` alone (no wa_id anywhere in it). */
    const fromUserIdOnly = (id: string, seconds: number, userId: string) => {
      const notification = cloudMessage('user-id-only', { id, seconds, adjust: (item) => (item.from_user_id = userId) });
      (notificationValue('cloud', notification).contacts as Item[])[0].user_id = userId;
      return notification;
    };
    const threadOf = async (contact: string) =>
      (await read<{ conversation: { messages: { nodes: Item[] } } }>(THREAD, { contact })).conversation.messages.nodes.map((node) => node.id);

    it('a user_preferences item naming the wa_id and the user id links them: the user id alone then writes into the wa_id conversation, found by either key', async () => {
      const waId = contact(6);
      const userId = `US.${label === 'memory' ? '4917400000006' : '4917500000006'}`;
      const wroteAt = secondsAgo(60);
      await postUpdated(cloudMessage('text', { id: `wamid.before-preference-${label}`, seconds: wroteAt, from: waId }));

      const preference = addressedTo(loadNotification('cloud', 'user-preferences'), CHANNEL_001_NUMBER);
      const value = notificationValue('cloud', preference);
      (value.contacts as Item[])[0].wa_id = waId;
      Object.assign((value.user_preferences as Item[])[0], { wa_id: waId, user_id: userId, timestamp: wroteAt + 5 });
      // The conversation takes the user id; a preference is no message: no time moves.
      expect(await postUpdated(preference)).toEqual([expect.objectContaining({ contact: waId, lastInboundAt: iso(wroteAt) })]);

      expect(await postUpdated(fromUserIdOnly(`wamid.after-preference-${label}`, wroteAt + 10, userId))).toMatchObject([
        { contact: waId, lastInboundAt: iso(wroteAt + 10), lastMessage: { id: `wamid.after-preference-${label}` } },
      ]);
      for (const key of [userId, waId]) {
        const { conversation } = await read<{ conversation: Item }>(CONVERSATION, { contact: key });
        expect(conversation).toMatchObject({ id: `${CHANNEL}:${waId}`, contact: waId, contactPhone: waId, contactUserId: userId });
        expect(await threadOf(key)).toEqual([`wamid.after-preference-${label}`, `wamid.before-preference-${label}`]);
      }
    });

    it('a preference or a message in a group that links nothing new and changes no keys publishes no conversationUpdated', async () => {
      const [waId, other] = [contact(11), contact(12)];
      const userId = `US.${label === 'memory' ? '4917400000011' : '4917500000011'}`;
      const wroteAt = secondsAgo(60);
      await postUpdated(cloudMessage('text', { id: `wamid.before-repeats-${label}`, seconds: wroteAt, from: waId }));
      const preference = (seconds: number, value: string) => {
        const notification = addressedTo(loadNotification('cloud', 'user-preferences'), CHANNEL_001_NUMBER);
        const item = notificationValue('cloud', notification);
        (item.contacts as Item[])[0].wa_id = waId;
        Object.assign((item.user_preferences as Item[])[0], { wa_id: waId, user_id: userId, value, timestamp: seconds });
        return notification;
      };
      // The first links the user id: the conversation takes it.
      expect(await postUpdated(preference(wroteAt + 5, 'stop'))).toEqual([expect.objectContaining({ contact: waId, lastInboundAt: iso(wroteAt) })]);
      expect((await read<{ conversation: Item }>(CONVERSATION, { contact: waId })).conversation).toMatchObject({ contactUserId: userId });

      // The same keys again, by another preference and by a message in a group: nothing changes, nothing is published.
      const before = updates.items.length;
      await post(preference(wroteAt + 6, 'resume'));
      await post(
        cloudMessage('text', {
          id: `wamid.in-group-${label}`,
          seconds: wroteAt + 7,
          from: waId,
          adjust: (item) => Object.assign(item, { group_id: `group-${label}`, from_user_id: userId }),
        }),
      );
      // A later change of another conversation is published next: the two before it published nothing.
      await post(cloudMessage('text', { id: `wamid.after-repeats-${label}`, seconds: wroteAt + 8, from: other }));
      expect((await updates.atLeast(before + 1)).slice(before)).toEqual([expect.objectContaining({ contact: other })]);
      expect((await read<{ conversation: Item }>(CONVERSATION, { contact: userId })).conversation).toMatchObject({
        contact: waId,
        contactUserId: userId,
        lastInboundAt: iso(wroteAt),
        lastMessage: { id: `wamid.before-repeats-${label}` },
      });
    });

    it('after a user_changed_user_id notice the new user id writes into the same conversation, found by the new and the old id', async () => {
      const [previous, next] = label === 'memory' ? ['US.4917400000007', 'US.4917400000008'] : ['US.4917500000007', 'US.4917500000008'];
      const wroteAt = secondsAgo(60);
      await postUpdated(fromUserIdOnly(`wamid.by-previous-id-${label}`, wroteAt, previous));

      const notice = cloudMessage('system-user-changed-user-id', {
        id: `wamid.user-id-change-${label}`,
        seconds: wroteAt + 5,
        adjust: (item) => {
          item.from_user_id = previous;
          Object.assign(item.system as Item, { body: `User changed from ${previous} to ${next}`, user_id: next, previous_user_id: previous });
        },
      });
      expect(await postUpdated(notice)).toMatchObject([{ contact: previous, lastInboundAt: iso(wroteAt) }]);
      expect(await postUpdated(fromUserIdOnly(`wamid.by-next-id-${label}`, wroteAt + 10, next))).toMatchObject([
        { contact: previous, lastInboundAt: iso(wroteAt + 10), lastMessage: { id: `wamid.by-next-id-${label}` } },
      ]);

      const ids = [`wamid.by-next-id-${label}`, `wamid.user-id-change-${label}`, `wamid.by-previous-id-${label}`];
      for (const key of [next, previous]) {
        const { conversation } = await read<{ conversation: Item }>(CONVERSATION, { contact: key });
        expect(conversation).toMatchObject({ id: `${CHANNEL}:${previous}`, contact: previous, contactPhone: null, contactUserId: next });
        expect(await threadOf(key)).toEqual(ids);
        const { events } = await read<{ events: { nodes: Item[] } }>(EVENTS, { contact: key });
        expect(events.nodes.map((node) => node.id)).toEqual([...ids].reverse());
      }
      const contacts = (await read<{ conversations: { nodes: Item[] } }>(CONVERSATIONS, {})).conversations.nodes.map((node) => node.contact);
      expect(contacts).toContain(previous);
      expect(contacts).not.toContain(next);
    });

    it('a user id two changes old finds the conversation after it joined the wa_id’s', async () => {
      const [first, second, third] = [1, 2, 3].map((index) => `US.${label === 'memory' ? '4917400001' : '4917500001'}${index}`);
      const waId = contact(10);
      const wroteAt = secondsAgo(60);
      await postUpdated(fromUserIdOnly(`wamid.by-first-${label}`, wroteAt, first));
      const change = (index: number, previous: string, next: string) =>
        cloudMessage('system-user-changed-user-id', {
          id: `wamid.id-change-${index}-${label}`,
          seconds: wroteAt + index,
          adjust: (item) => {
            item.from_user_id = previous;
            Object.assign(item.system as Item, { body: `User changed from ${previous} to ${next}`, user_id: next, previous_user_id: previous });
          },
        });
      await postUpdated(change(1, first, second));
      await postUpdated(change(2, second, third));
      // The wa_id beside the newest id: the conversation kept under the first id joins the wa_id's.
      const both = cloudMessage('text', { id: `wamid.with-wa-id-${label}`, seconds: wroteAt + 3, from: waId, adjust: (item) => (item.from_user_id = third) });
      (notificationValue('cloud', both).contacts as Item[])[0].user_id = third;
      await postUpdated(both);

      for (const key of [first, second, third, waId]) {
        const { conversation } = await read<{ conversation: Item | null }>(CONVERSATION, { contact: key });
        expect(conversation).toMatchObject({ id: `${CHANNEL}:${waId}`, contact: waId, contactUserId: third, lastMessage: { id: `wamid.with-wa-id-${label}` } });
      }
    });

    it('a user_changed_number notice naming the new user id links it to the new number: a conversation under that id merges into the new number’s, later messages by the id continue it', async () => {
      const [oldNumber, newNumber] = [contact(8), contact(9)];
      const [previous, next] = label === 'memory' ? ['US.4917400000018', 'US.4917400000019'] : ['US.4917500000018', 'US.4917500000019'];
      const wroteAt = secondsAgo(60);
      await postUpdated(cloudMessage('text', { id: `wamid.before-number-change-${label}`, seconds: wroteAt, from: oldNumber }));
      // The new user id wrote before the notice came: a conversation of its own, until the notice links it.
      await postUpdated(fromUserIdOnly(`wamid.new-id-early-${label}`, wroteAt + 5, next));

      const notice = cloudMessage('system-user-changed-number-user-id', {
        id: `wamid.number-change-with-user-id-${label}`,
        seconds: wroteAt + 10,
        from: oldNumber,
        adjust: (item) =>
          Object.assign(item.system as Item, {
            body: `User changed from ${oldNumber} to ${newNumber}`,
            wa_id: newNumber,
            user_id: next,
            previous_user_id: previous,
          }),
      });
      expect(await postUpdated(notice, 2)).toMatchObject([
        { contact: oldNumber, movedTo: newNumber, lastInboundAt: iso(wroteAt), lastMessage: { id: `wamid.number-change-with-user-id-${label}` } },
        { contact: newNumber, movedTo: null, lastInboundAt: iso(wroteAt + 5), lastMessage: { id: `wamid.new-id-early-${label}` } },
      ]);
      expect(await postUpdated(fromUserIdOnly(`wamid.new-id-${label}`, wroteAt + 20, next))).toMatchObject([
        { contact: newNumber, lastInboundAt: iso(wroteAt + 20), lastMessage: { id: `wamid.new-id-${label}` } },
      ]);

      for (const key of [next, newNumber]) {
        const { conversation } = await read<{ conversation: Item }>(CONVERSATION, { contact: key });
        expect(conversation).toMatchObject({ id: `${CHANNEL}:${newNumber}`, contact: newNumber, contactPhone: newNumber, contactUserId: next });
        expect(await threadOf(key)).toEqual([`wamid.new-id-${label}`, `wamid.new-id-early-${label}`]);
      }
      // The previous user id names the old number's conversation, which the notice ends.
      const { conversation: old } = await read<{ conversation: Item }>(CONVERSATION, { contact: previous });
      expect(old).toMatchObject({ contact: oldNumber, contactPhone: oldNumber, contactUserId: previous });
      expect(await threadOf(oldNumber)).toEqual([`wamid.number-change-with-user-id-${label}`, `wamid.before-number-change-${label}`]);
      const contacts = (await read<{ conversations: { nodes: Item[] } }>(CONVERSATIONS, {})).conversations.nodes.map((node) => node.contact);
      expect(contacts).toEqual(expect.arrayContaining([oldNumber, newNumber]));
      expect(contacts).not.toContain(next);
    });
  });
}

conversationChangesSuite('memory', () => ({}));

describeWithRedis('on Redis', () => {
  const namespace = uniqueNamespace('conversation-changes');
  afterAll(() => dropNamespace(namespace));
  conversationChangesSuite('redis', () => testRedisEnv(namespace));
});
