import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startReceivingGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, waitUntil, type Collected, type WsConnection } from '../support/events.js';

/**
 * End to end: every kind `/_control/inbound` delivers, on a cloud and an on-premise channel, read typed through
 * `channelEvents` (`content { __typename … }`). The simulator builds its notifications without the gateway's code,
 * so a misreading on either side fails here.
 */

const CLOUD = 'channel-001';
const ON_PREMISE = 'channel-003';
const CONTACT = '4915112345678';

const EVENTS = `subscription ($channelId: ID!) {
  channelEvents(channelId: $channelId) {
    __typename
    ... on MessageEchoEvent { id to echoType: type }
    ... on ContactPreferenceEvent { contact category value }
    ... on InboundMessage {
      id
      type
      from
      fromPhone
      fromUserId
      username
      preview
      content {
        __typename
        ... on TextContent { body }
        ... on MediaContent { mediaKind: kind mediaId caption fileName voice animated }
        ... on LocationContent { latitude longitude name }
        ... on ContactsContent { contacts { formattedName } }
        ... on InteractiveReplyContent { replyKind: kind replyId title flowResponse }
        ... on ButtonReplyContent { text payload }
        ... on ReactionContent { messageId emoji removed }
        ... on OrderContent { catalogId items { productRetailerId quantity } }
        ... on SystemContent { systemType newWaId }
        ... on UnsupportedContent { errors { code } }
      }
    }
  }
}`;

type Json = Record<string, unknown>;

describe('simulator traffic read typed through channelEvents', () => {
  let gateway: TestGateway;
  let connection: WsConnection;
  const events = new Map<string, Collected<Json>>();

  beforeAll(async () => {
    gateway = await startReceivingGateway([CLOUD, ON_PREMISE], {
      CHANNEL_API_KEYS: JSON.stringify({ [CLOUD]: `sim-key-${CLOUD}`, [ON_PREMISE]: `sim-key-${ON_PREMISE}` }),
    });
    connection = connectWs(gateway.url);
    for (const channelId of [CLOUD, ON_PREMISE]) {
      events.set(channelId, collect<Json>(connection, EVENTS, { channelId }, 'channelEvents'));
      await waitUntil(() => gateway.gateway.services.events.subscriberCount('message', channelId) === 1, `the subscriber on ${channelId}`);
    }
  });

  afterAll(async () => {
    for (const collected of events.values()) collected.unsubscribe();
    await connection.dispose();
    await gateway.close();
  });

  /** Posts one item to the simulator and returns the event the gateway published for it (the next one when it has no id). */
  const receive = async (channelId: string, body: Json): Promise<Json> => {
    const collected = events.get(channelId)!;
    const before = collected.items.length;
    const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId, ...(body.userId === undefined && { from: CONTACT }), ...body }),
    });
    expect(response.status).toBe(202);
    const { messageId } = (await response.json()) as { messageId: string | null };
    const matches = (item: Json, index: number) => (messageId === null ? index >= before : item.id === messageId);
    await waitUntil(() => collected.items.some(matches) || collected.errors.length > 0, `the event of ${messageId ?? 'the item'}`);
    expect(collected.errors).toEqual([]);
    return collected.items.find(matches)!;
  };

  const bothHostings = [
    ['cloud', CLOUD],
    ['on-premise', ON_PREMISE],
  ] as const;

  describe.each(bothHostings)('%s', (hosting, channelId) => {
    it('text', async () => {
      const event = await receive(channelId, { text: 'Is my order on its way?' });
      expect(event).toMatchObject({
        type: 'text',
        preview: 'Is my order on its way?',
        content: { __typename: 'TextContent', body: 'Is my order on its way?' },
      });
    });

    it('image with caption: the media id the simulator serves, downloadable through the gateway', async () => {
      const event = await receive(channelId, { kind: 'image', caption: 'The parcel arrived damaged' });
      expect(event).toMatchObject({ type: 'image', content: { __typename: 'MediaContent', mediaKind: 'IMAGE', caption: 'The parcel arrived damaged' } });
      const { mediaId } = event.content as { mediaId: string };
      const download = await fetch(`${gateway.url.replace(/\/graphql$/, '')}/media/${channelId}/${encodeURIComponent(mediaId)}`);
      expect([download.status, download.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(
        Buffer.from(await download.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    });

    it.each([
      ['video', {}, { mediaKind: 'VIDEO' }],
      ['audio', {}, { mediaKind: 'AUDIO' }],
      ['voice', {}, { mediaKind: 'AUDIO', voice: true }],
      ['document', { fileName: 'invoice-4711.pdf' }, { mediaKind: 'DOCUMENT', fileName: 'invoice-4711.pdf' }],
      ['sticker', {}, { mediaKind: 'STICKER' }],
    ])('%s', async (kind, extra, fields) => {
      const event = await receive(channelId, { kind, ...extra });
      expect(event.content).toMatchObject({ __typename: 'MediaContent', mediaId: expect.any(String), ...fields });
    });

    it('location', async () => {
      const event = await receive(channelId, { kind: 'location', latitude: 48.137154, longitude: 11.576124, locationName: 'Marienplatz' });
      expect(event.content).toEqual({ __typename: 'LocationContent', latitude: 48.137154, longitude: 11.576124, name: 'Marienplatz' });
    });

    it('contacts card', async () => {
      const event = await receive(channelId, { kind: 'contacts' });
      expect(event.content).toEqual({ __typename: 'ContactsContent', contacts: [{ formattedName: 'Lena Fischer' }] });
    });

    it('button reply and list reply', async () => {
      const button = await receive(channelId, { kind: 'button_reply', replyId: 'yes', title: 'Yes, confirm' });
      expect(button.content).toEqual({ __typename: 'InteractiveReplyContent', replyKind: 'BUTTON', replyId: 'yes', title: 'Yes, confirm', flowResponse: null });
      const list = await receive(channelId, { kind: 'list_reply', replyId: 'slot-2', title: 'Tuesday 10:00' });
      expect(list.content).toEqual({ __typename: 'InteractiveReplyContent', replyKind: 'LIST', replyId: 'slot-2', title: 'Tuesday 10:00', flowResponse: null });
    });

    it('template quick-reply button', async () => {
      const event = await receive(channelId, { kind: 'template_button', text: 'Track my order', payload: 'TRACK' });
      expect(event.content).toEqual({ __typename: 'ButtonReplyContent', text: 'Track my order', payload: 'TRACK' });
    });

    it('reaction and its removal', async () => {
      const reaction = await receive(channelId, { kind: 'reaction', messageId: 'wamid.HBgLNDkxNTExMjM0NTY3OBUCABEYEjQ=', emoji: '👍' });
      expect(reaction.content).toEqual({ __typename: 'ReactionContent', messageId: 'wamid.HBgLNDkxNTExMjM0NTY3OBUCABEYEjQ=', emoji: '👍', removed: false });
      const removal = await receive(channelId, { kind: 'reaction', messageId: 'wamid.HBgLNDkxNTExMjM0NTY3OBUCABEYEjQ=' });
      expect(removal.content).toEqual({ __typename: 'ReactionContent', messageId: 'wamid.HBgLNDkxNTExMjM0NTY3OBUCABEYEjQ=', emoji: null, removed: true });
    });

    it('order', async () => {
      const event = await receive(channelId, { kind: 'order', catalogId: 'cat-7', items: [{ productRetailerId: 'sku-1', quantity: 3 }] });
      expect(event.content).toEqual({ __typename: 'OrderContent', catalogId: 'cat-7', items: [{ productRetailerId: 'sku-1', quantity: 3 }] });
    });

    it('number change', async () => {
      const event = await receive(channelId, { kind: 'system', newWaId: '4915187654321' });
      expect(event.content).toEqual({
        __typename: 'SystemContent',
        systemType: hosting === 'cloud' ? 'user_changed_number' : 'customer_changed_number',
        newWaId: '4915187654321',
      });
    });

    it('unsupported', async () => {
      const event = await receive(channelId, { kind: 'unsupported' });
      expect(event.content).toEqual({ __typename: 'UnsupportedContent', errors: [{ code: hosting === 'cloud' ? 131051 : 501 }] });
    });
  });

  describe('cloud only', () => {
    it('a sender known only by its user id: that id is its contact key, no phone, its username', async () => {
      const event = await receive(CLOUD, { userId: 'US.13491208655302741918', username: '@mia.s', text: 'Hi, I use a username now' });
      expect(event).toMatchObject({
        __typename: 'InboundMessage',
        from: 'US.13491208655302741918',
        fromPhone: null,
        fromUserId: 'US.13491208655302741918',
        username: '@mia.s',
        content: { __typename: 'TextContent', body: 'Hi, I use a username now' },
      });
    });

    it('a reply to a sender known only by its user id goes as recipient, and its statuses name that user id', async () => {
      const userId = 'US.27390015487230045521';
      await receive(CLOUD, { userId, text: 'Can you call me back?' });
      const sent = await gateway.graphql<{ sendMessage: { id: string } }>(
        `mutation ($channelId: ID!, $to: String!) { sendMessage(channelId: $channelId, input: { to: $to, text: { body: "Of course" } }) { id } }`,
        { channelId: CLOUD, to: userId },
      );
      expect(sent.body.errors).toBeUndefined();
      const RECORD = `query ($channelId: ID!, $id: ID!) {
        channel(id: $channelId) { message(id: $id) { direction contact status statuses { status recipientUserId } } }
      }`;
      type Record = { direction: string; contact: string; status: string; statuses: Array<{ status: string; recipientUserId: string | null }> };
      let record: Record | null = null;
      await waitUntil(
        async () => {
          const read = await gateway.graphql<{ channel: { message: Record | null } }>(RECORD, { channelId: CLOUD, id: sent.body.data!.sendMessage.id });
          record = read.body.data!.channel.message;
          return record?.status === 'read';
        },
        'the read status of the reply',
        { pauseMs: 50 },
      );
      expect(record).toMatchObject({ direction: 'OUTBOUND', contact: userId, status: 'read' });
      expect(record!.statuses.map((status) => status.recipientUserId)).toEqual([userId, userId, userId]);
    });

    it("a user id change: the notice is the old id's, and the new id then finds the same conversation", async () => {
      const [previous, next] = ['US.41000000000000000001', 'US.41000000000000000002'];
      await receive(CLOUD, { userId: previous, text: 'Hello before the change' });
      const notice = await receive(CLOUD, { userId: previous, kind: 'system', newUserId: next });
      expect(notice).toMatchObject({ from: previous, fromPhone: null, content: { __typename: 'SystemContent', systemType: 'user_changed_user_id' } });
      const CONVERSATION = `query ($channelId: ID!, $contact: String!) { channel(id: $channelId) { conversation(contact: $contact) { contact contactUserId } } }`;
      const read = await gateway.graphql<{ channel: { conversation: Json | null } }>(CONVERSATION, { channelId: CLOUD, contact: next });
      expect(read.body.data!.channel.conversation).toEqual({ contact: previous, contactUserId: next });
    });

    it('an echo of the business app is a MessageEchoEvent to the contact', async () => {
      const event = await receive(CLOUD, { kind: 'echo', text: 'Sent from the phone app' });
      expect(event).toMatchObject({ __typename: 'MessageEchoEvent', to: CONTACT, echoType: 'text' });
    });

    it('a preference change is a ContactPreferenceEvent', async () => {
      const event = await receive(CLOUD, { kind: 'preference', value: 'stop' });
      expect(event).toEqual({ __typename: 'ContactPreferenceEvent', contact: CONTACT, category: 'marketing_messages', value: 'stop' });
    });

    it('flow reply', async () => {
      const event = await receive(CLOUD, { kind: 'flow_reply', flowResponse: { flow_token: 't-1', rating: '4' } });
      expect(event.content).toMatchObject({
        __typename: 'InteractiveReplyContent',
        replyKind: 'FLOW',
        replyId: null,
        flowResponse: { flow_token: 't-1', rating: '4' },
      });
    });

    it('edit: its content is the new version', async () => {
      const event = await receive(CLOUD, { kind: 'edit', messageId: 'wamid.ORIGINAL=', text: 'Corrected: 3 boxes' });
      expect(event).toMatchObject({ type: 'edit', content: { __typename: 'TextContent', body: 'Corrected: 3 boxes' } });
    });

    it('revoke: no content, UnsupportedContent without errors', async () => {
      const event = await receive(CLOUD, { kind: 'revoke', messageId: 'wamid.ORIGINAL=' });
      expect(event).toMatchObject({ type: 'revoke', content: { __typename: 'UnsupportedContent', errors: [] } });
    });
  });
});
