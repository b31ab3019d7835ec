import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/credentials.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, postNotification, type WsConnection } from '../support/events.js';
import { firstMessageItem, loadNotification, type Hosting } from '../support/notifications.js';
import { describeWithRedis, dropNamespace, testRedisUrl, uniqueNamespace } from '../support/redis.js';

const CHANNEL = 'channel-001';
type Item = Record<string, unknown>;

/**
 * Every member at once. GraphQL refuses one response name with two types in a selection, so the members whose field of
 * the same name differs in type (kind, body, name, text) are aliased, as a client must.
 */
const CONTENT_FIELDS = `
  id type preview
  context { replyTo forwarded frequentlyForwarded referredProductId }
  referral { sourceUrl sourceType sourceId headline body mediaType ctwaClid }
  content {
    __typename
    ... on TextContent { body }
    ... on MediaContent { kind mediaId link mimeType sha256 caption fileName voice animated }
    ... on LocationContent { latitude longitude name address url }
    ... on ContactsContent { contacts { formattedName phones { phone waId type } organization { company } } }
    ... on InteractiveReplyContent { replyKind: kind replyId title description flowResponse }
    ... on ButtonReplyContent { text payload }
    ... on ReactionContent { messageId emoji removed }
    ... on OrderContent { catalogId orderText: text items { productRetailerId quantity itemPrice currency } }
    ... on SystemContent { systemType noticeBody: body newWaId newUserId }
    ... on TemplateContent { templateName: name language }
    ... on UnsupportedContent { errors { cursor receivedAt channelId code title details } }
  }`;

const EVENTS_PAGE = `query ($channelId: ID!) {
  channel(id: $channelId) {
    events(first: 200, kinds: [MESSAGE]) { nodes { __typename ... on InboundMessage { cursor ${CONTENT_FIELDS} } } }
  }
}`;

const CHANNEL_EVENTS = `subscription ($channelId: ID!, $after: String) {
  channelEvents(channelId: $channelId, after: $after) { __typename ... on InboundMessage { cursor ${CONTENT_FIELDS} } }
}`;

/** The fixtures posted, each once, in this order. */
const POSTED: Array<[Hosting, string]> = [
  ['cloud', 'image-caption'],
  ['cloud', 'voice'],
  ['cloud', 'interactive-button-reply'],
  ['cloud', 'interactive-nfm-reply'],
  ['cloud', 'reaction'],
  ['cloud', 'context-reply'],
  ['cloud', 'referral'],
  ['cloud', 'unsupported'],
  ['cloud', 'revoke'],
  ['on-premise', 'voice'],
  ['on-premise', 'location'],
  ['on-premise', 'contacts'],
  ['on-premise', 'unknown'],
];

/** The suite against one store: the content is read from the logged `raw`, however the log keeps it. */
function contentSuite(label: string, env: () => Record<string, string>) {
  describe(`typed content of inbound messages through POST /webhooks/:channelId, Channel.events and channelEvents (${label})`, () => {
    let gateway: TestGateway;
    let connection: WsConnection;
    let nodes: Item[];

    const byId = (hosting: Hosting, name: string) => {
      const id = firstMessageItem(hosting, name).id;
      const node = nodes.find((candidate) => candidate.id === id);
      if (!node) throw new Error(`${hosting}/${name} is not among the events`);
      return node;
    };

    beforeAll(async () => {
      gateway = await startTestGateway(env());
      connection = connectWs(gateway.url);
      const credential = webhookAuthorization(gateway.config.keystoreSecret, CHANNEL);
      for (const [hosting, name] of POSTED) {
        expect(await postNotification(gateway.url, CHANNEL, loadNotification(hosting, name), credential)).toEqual({ status: 200, body: { received: true } });
      }
      await gateway.gateway.webhooks.drain();
      const { body } = await gateway.graphql<{ channel: { events: { nodes: Item[] } } }>(EVENTS_PAGE, { channelId: CHANNEL });
      expect(body.errors).toBeUndefined();
      nodes = body.data!.channel.events.nodes;
    });

    afterAll(async () => {
      await connection.dispose();
      await gateway.close();
    });

    it('keeps every posted message as an event with its upstream type', () => {
      expect(nodes.map((node) => node.type)).toEqual(POSTED.map(([hosting, name]) => firstMessageItem(hosting, name).type));
      expect(nodes.every((node) => node.__typename === 'InboundMessage')).toBe(true);
    });

    it('an image with caption, a cloud voice note and an on-premise voice note', () => {
      const image = firstMessageItem('cloud', 'image-caption').image as Item;
      expect(byId('cloud', 'image-caption')).toMatchObject({
        preview: image.caption,
        context: null,
        referral: null,
        content: {
          __typename: 'MediaContent',
          kind: 'IMAGE',
          mediaId: image.id,
          link: null,
          mimeType: 'image/jpeg',
          sha256: image.sha256,
          caption: image.caption,
          fileName: null,
          voice: null,
          animated: null,
        },
      });
      for (const hosting of ['cloud', 'on-premise'] as const) {
        expect(byId(hosting, 'voice')).toMatchObject({
          type: hosting === 'cloud' ? 'audio' : 'voice',
          preview: 'Voice message',
          content: { __typename: 'MediaContent', kind: 'AUDIO', voice: true, mimeType: 'audio/ogg; codecs=opus' },
        });
      }
    });

    it('a button reply, a flow reply with its parsed response, a reaction', () => {
      expect(byId('cloud', 'interactive-button-reply')).toMatchObject({
        preview: 'Change',
        content: {
          __typename: 'InteractiveReplyContent',
          replyKind: 'BUTTON',
          replyId: 'change-button',
          title: 'Change',
          description: null,
          flowResponse: null,
        },
        context: { replyTo: expect.stringMatching(/^wamid\./), forwarded: false },
      });
      expect(byId('cloud', 'interactive-nfm-reply')).toMatchObject({
        preview: 'Form sent',
        content: {
          replyKind: 'FLOW',
          replyId: null,
          flowResponse: { screen_0_Choose_one_0: '0_Yes', screen_0_Leave_a_comment_1: 'Lovely plants', flow_token: 'unused' },
        },
      });
      const reaction = firstMessageItem('cloud', 'reaction').reaction as Item;
      expect(byId('cloud', 'reaction')).toMatchObject({
        preview: reaction.emoji,
        content: { __typename: 'ReactionContent', messageId: reaction.message_id, emoji: reaction.emoji, removed: false },
      });
    });

    it('context of a reply, and the referral of a click-to-chat ad', () => {
      const context = firstMessageItem('cloud', 'context-reply').context as Item;
      expect(byId('cloud', 'context-reply')).toMatchObject({
        content: { __typename: 'TextContent', body: 'Yes, the green one please' },
        context: { replyTo: context.id, forwarded: false, frequentlyForwarded: false, referredProductId: null },
      });
      const referral = firstMessageItem('cloud', 'referral').referral as Item;
      expect(byId('cloud', 'referral')).toMatchObject({
        referral: {
          sourceUrl: referral.source_url,
          sourceType: 'ad',
          sourceId: referral.source_id,
          headline: referral.headline,
          body: referral.body,
          mediaType: 'image',
          ctwaClid: referral.ctwa_clid,
        },
      });
    });

    it('on-premise location and contacts', () => {
      expect(byId('on-premise', 'location')).toMatchObject({
        preview: '📍 Main Street Beach',
        content: { __typename: 'LocationContent', latitude: 38.9806263495, longitude: -131.9428612257, name: 'Main Street Beach' },
      });
      expect(byId('on-premise', 'contacts')).toMatchObject({
        preview: '👤 Kerry Fisher',
        content: { contacts: [{ formattedName: 'Kerry Fisher', organization: { company: 'Facebook' }, phones: [{ waId: null }, { waId: '16505551234' }] }] },
      });
    });

    it('unsupported (cloud) and unknown (on-premise) carry their errors at the cursor of their event; a revoke has none', () => {
      for (const [hosting, name, code] of [
        ['cloud', 'unsupported', 131051],
        ['on-premise', 'unknown', 501],
      ] as const) {
        const node = byId(hosting, name);
        expect(node).toMatchObject({ preview: 'Unsupported message', content: { __typename: 'UnsupportedContent', errors: [{ channelId: CHANNEL, code }] } });
        const [error] = (node.content as { errors: Item[] }).errors;
        expect(error.cursor).toBe(node.cursor);
        expect(typeof error.receivedAt).toBe('string');
      }
      expect(byId('cloud', 'revoke')).toMatchObject({ preview: 'Message deleted', content: { __typename: 'UnsupportedContent', errors: [] } });
    });

    it('channelEvents replays the same typed content', async () => {
      const replay = collect<Item>(connection, CHANNEL_EVENTS, { channelId: CHANNEL, after: nodes[0].cursor }, 'channelEvents');
      const items = await replay.atLeast(nodes.length - 1);
      replay.unsubscribe();
      expect(items).toEqual(nodes.slice(1));
    });
  });
}

contentSuite('memory', () => ({}));

describeWithRedis('on Redis', () => {
  const namespace = uniqueNamespace('content');
  afterAll(() => dropNamespace(namespace));
  contentSuite('redis', () => ({ REDIS_URL: testRedisUrl(), REDIS_NAMESPACE: namespace }));
});
