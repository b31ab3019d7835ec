import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, postAcknowledged, waitUntil, type Collected, type WsConnection } from '../support/events.js';
import {
  addressedTo,
  CHANNEL_001_NUMBER,
  firstMessageItem,
  loadNotification,
  notificationNames,
  notificationValue,
  type Hosting,
} from '../support/notifications.js';
import { describeWithRedis, dropNamespace, testRedisUrl, uniqueNamespace } from '../support/redis.js';

/**
 * Acceptance of real traffic: every fixture of test/fixtures/notifications is posted through `POST /webhooks/:channelId`
 * and read back typed through the four ways a client reads it: the `channelEvents` subscription, `Channel.events`,
 * `Channel.message(id:)` and the conversation (`Channel.conversation(contact:)`, its `lastMessage` and `messages`).
 * What each fixture must show is declared in the table below from the fixture's own content as the platform's public
 * webhook reference defines it, never from the gateway's output.
 */

type Item = Record<string, unknown>;

/** Cloud fixtures go to a cloud channel, on-premise ones to an on-premise channel of the simulator's seed. */
const CHANNEL: Record<Hosting, string> = { cloud: 'channel-001', 'on-premise': 'channel-003' };

/**
 * The fixtures are written at their reference's times (2025 cloud, 2018 on-premise) and posted verbatim: the gateway
 * keeps threads of the retention window only, so this one retains ten years.
 */
const TEN_YEARS_MS = String(10 * 365 * 24 * 60 * 60 * 1000);

/** Every member at once; the fields whose types differ between members are aliased, as a client must. */
const CONTENT = `fragment Content on MessageContent {
  __typename
  ... on TextContent { body }
  ... on MediaContent { kind mediaId link mimeType sha256 caption fileName voice animated }
  ... on LocationContent { latitude longitude name address url }
  ... on ContactsContent {
    contacts {
      formattedName firstName lastName middleName prefix suffix birthday
      phones { phone waId type } emails { email type } organization { company department title } urls { url type }
      addresses { street city state zip country countryCode type }
    }
  }
  ... on InteractiveReplyContent { replyKind: kind replyId title description flowResponse }
  ... on ButtonReplyContent { text payload }
  ... on ReactionContent { messageId emoji removed }
  ... on OrderContent { catalogId orderText: text items { productRetailerId quantity itemPrice currency } }
  ... on SystemContent { systemType noticeBody: body newWaId newUserId }
  ... on TemplateContent { templateName: name language }
  ... on UnsupportedContent { errors { cursor channelId code title details } }
}`;

const EVENT = `fragment Event on ChannelEvent {
  __typename
  ... on InboundMessage {
    cursor id from fromPhone fromUserId username timestamp type text contactName displayPhoneNumber preview
    context { ...Context }
    referral { ...Referral }
    content { ...Content }
    changesMessageId
  }
  ... on MessageEchoEvent { cursor id to timestamp type preview content { ...Content } }
  ... on ContactPreferenceEvent { cursor contact category value timestamp }
  ... on MessageStatusEvent { cursor ...Status }
}`;

const CONTEXT = `fragment Context on MessageContext { replyTo replyToFrom forwarded frequentlyForwarded referredProductId }
fragment Referral on AdReferral { sourceUrl sourceType sourceId headline body mediaType ctwaClid }`;

const STATUS = `fragment Status on MessageStatusEvent {
  messageId status recipientId recipientUserId timestamp recipientType participant
  pricing { billable pricingModel category type }
  billingConversation { id expiresAt originType }
}`;

const RECORD = `fragment Record on MessageRecord {
  cursor id direction contact type text status sentFrom preview editedAt revokedAt previousVersions sentAt contactName
  context { ...Context }
  referral { ...Referral }
  reactions { emoji from at }
  content { ...Content }
  statuses { ...Status }
}`;

const EVENTS_AFTER = `query ($channelId: ID!, $after: String) {
  channel(id: $channelId) { events(after: $after, first: 10) { nodes { ...Event } endCursor } }
}
${EVENT} ${STATUS} ${CONTENT} ${CONTEXT}`;

const CHANNEL_EVENTS = `subscription ($channelId: ID!, $after: String) { channelEvents(channelId: $channelId, after: $after) { ...Event } }
${EVENT} ${STATUS} ${CONTENT} ${CONTEXT}`;

const MESSAGE = `query ($channelId: ID!, $id: ID!) { channel(id: $channelId) { message(id: $id) { ...Record } } }
${RECORD} ${STATUS} ${CONTENT} ${CONTEXT}`;

const CONVERSATION = `query ($channelId: ID!, $contact: String!) {
  channel(id: $channelId) {
    conversation(contact: $contact) {
      contact contactPhone contactUserId contactUsername contactName movedTo lastInboundAt
      lastMessage { ...Record }
      messages(first: 50) { nodes { ...Record } }
    }
  }
}
${RECORD} ${STATUS} ${CONTENT} ${CONTEXT}`;

// The reference's example user: Sheena Nelson, 16505551234, writing to the business number 15550783881 (cloud).
const SHEENA = '16505551234';
const USER_ID = 'US.13491208655302741918';
const CLOUD_AT = '2025-06-08T20:59:43.000Z';
/** When the user-id-only fixture was written. */
const USER_ID_ONLY_AT = '2025-06-08T20:59:45.000Z';
const ON_PREMISE_AT = '2018-02-15T11:30:35.000Z';

/** The item of a fixture, read from the fixture (its id, what a reaction, edit or revoke names). */
const itemOf = (hosting: Hosting, name: string) => firstMessageItem(hosting, name);
const idOf = (hosting: Hosting, name: string) => itemOf(hosting, name).id as string;

// Members of MessageContent as selected above; a field the fixture does not carry is null (the schema's rule).
const textContent = (body: string) => ({ __typename: 'TextContent', body });
const media = (fields: Item) => ({ __typename: 'MediaContent', link: null, caption: null, fileName: null, voice: null, animated: null, ...fields });
const card = (fields: Item) => ({
  firstName: null,
  lastName: null,
  middleName: null,
  prefix: null,
  suffix: null,
  birthday: null,
  phones: [],
  emails: [],
  organization: null,
  urls: [],
  addresses: [],
  ...fields,
});
const reply = (fields: Item) => ({ __typename: 'InteractiveReplyContent', replyId: null, title: null, description: null, flowResponse: null, ...fields });
const system = (fields: Item) => ({ __typename: 'SystemContent', noticeBody: null, newWaId: null, newUserId: null, ...fields });
const unsupported = (channelId: string, errors: Item[]) => ({
  __typename: 'UnsupportedContent',
  errors: errors.map((error) => ({ cursor: expect.any(String), channelId, ...error })),
});
/** The business number each hosting's samples answer (the reply's `context.from`). */
const ANSWERED = { cloud: '15550783881', 'on-premise': '16315558007' } as const;
const repliesTo = (replyTo: string | null, fields: Item = {}) => ({
  replyTo,
  replyToFrom: replyTo === null ? null : replyTo.startsWith('wamid.') ? ANSWERED.cloud : ANSWERED['on-premise'],
  forwarded: false,
  frequentlyForwarded: false,
  referredProductId: null,
  ...fields,
});

/** What a user's message shows, the same on its event and its record. */
interface MessageShows {
  type: string;
  text?: string | null;
  preview: string | null;
  content: Item;
  context?: Item | null;
  referral?: Item | null;
}

/** Who sent an item: its contact key and what the notification says of it. */
interface Sender {
  from: string;
  fromPhone: string | null;
  fromUserId: string | null;
  username: string | null;
  contactName: string | null;
}
const sheena: Sender = { from: SHEENA, fromPhone: SHEENA, fromUserId: null, username: null, contactName: 'Sheena Nelson' };
/** System notices carry no `contacts` array: no profile name. */
const sheenaWithoutProfile: Sender = { ...sheena, contactName: null };

interface Acceptance {
  hosting: Hosting;
  name: string;
  /** Posted just before the fixture: the business message a reaction names (known from its status, as a send is). */
  before?: Item;
  /** The item's event, as Channel.events and channelEvents show it. */
  event: Item;
  /** The record the item writes or changes, read by Channel.message(id:); null for an item of no message (a preference). */
  record: { id: string; shows: Item } | null;
  /**
   * The conversation the item belongs to, asked by a contact key, and what it shows. `entry`: the item's record is in the
   * thread and is the last message. `change`: the item changes `record` in the thread and has no entry of its own.
   */
  conversation: { contact: string; shows: Item; thread: 'entry' | 'change' } | null;
}

/** The cloud fixtures are posted addressed to the cloud channel's own number (the gateway routes by it). */
const displayNumber = (hosting: Hosting) => (hosting === 'cloud' ? CHANNEL_001_NUMBER : null);
const sentAt = (hosting: Hosting) => (hosting === 'cloud' ? CLOUD_AT : ON_PREMISE_AT);

/** A user's message: an event, an INBOUND record and the last entry of the sender's conversation, all showing `shows`. */
function message(hosting: Hosting, name: string, shows: MessageShows, options: { sender?: Sender; at?: string; conversation?: Item } = {}): Acceptance {
  const sender = options.sender ?? sheena;
  const { context = null, referral = null, text = null, ...typed } = shows;
  const id = idOf(hosting, name);
  return {
    hosting,
    name,
    event: {
      __typename: 'InboundMessage',
      id,
      ...sender,
      timestamp: options.at ?? sentAt(hosting),
      displayPhoneNumber: displayNumber(hosting),
      text,
      context,
      referral,
      ...typed,
    },
    record: {
      id,
      shows: {
        id,
        direction: 'INBOUND',
        contact: sender.from,
        status: 'received',
        sentFrom: null,
        text,
        editedAt: null,
        revokedAt: null,
        reactions: [],
        previousVersions: [],
        statuses: [],
        // The record says what the notification said: when it was sent, what it answers, the ad, the sender's name.
        sentAt: options.at ?? sentAt(hosting),
        context,
        referral,
        contactName: sender.contactName,
        ...typed,
      },
    },
    conversation: {
      contact: sender.from,
      shows: { contact: sender.from, contactPhone: sender.fromPhone, contactUserId: sender.fromUserId, movedTo: null, ...options.conversation },
      thread: 'entry',
    },
  };
}

/** A status notification of a business message, in the hosting's shape (the reference's status item, no pricing). */
function statusNotification(hosting: Hosting, id: string, status: string, timestamp: string, recipient = SHEENA): Item {
  const statuses = [{ id, status, timestamp, recipient_id: recipient }];
  if (hosting === 'on-premise') return { statuses };
  const notification = loadNotification('cloud', 'status-pricing');
  notificationValue('cloud', notification).statuses = statuses;
  return notification;
}

/** A reaction (or its removal) to the business message it names, which `before` makes known from its status. */
function reaction(hosting: Hosting, name: string, emoji: string | null, reactions: Item[], posted: { before: boolean }): Acceptance {
  const target = (itemOf(hosting, name).reaction as Item).message_id as string;
  const seconds = itemOf(hosting, name).timestamp as string;
  return {
    hosting,
    name,
    ...(posted.before && { before: statusNotification(hosting, target, 'delivered', seconds) }),
    event: {
      __typename: 'InboundMessage',
      id: idOf(hosting, name),
      ...sheena,
      type: 'reaction',
      preview: emoji ?? 'Reaction removed',
      content: { __typename: 'ReactionContent', messageId: target, emoji, removed: emoji === null },
    },
    record: { id: target, shows: { id: target, direction: 'OUTBOUND', status: 'delivered', reactions } },
    conversation: { contact: SHEENA, shows: { contact: SHEENA }, thread: 'change' },
  };
}

const sheenaConversation = { contactUsername: null, contactName: 'Sheena Nelson', lastInboundAt: CLOUD_AT };
const sheenaOnPremise = { contactUsername: null, contactName: 'Sheena Nelson', lastInboundAt: ON_PREMISE_AT };

const CLOUD: Acceptance[] = [
  message(
    'cloud',
    'text',
    {
      type: 'text',
      text: 'Does it come in another color?',
      preview: 'Does it come in another color?',
      content: textContent('Does it come in another color?'),
    },
    { conversation: sheenaConversation },
  ),
  message('cloud', 'image-caption', {
    type: 'image',
    preview: 'The best succulent ever?',
    content: media({
      kind: 'IMAGE',
      mediaId: '1003383421387256',
      mimeType: 'image/jpeg',
      sha256: 'VTU4mzvx0AqM7w0RxdUqYHJc9t0Ol8cjCxUjn1+N6dA=',
      caption: 'The best succulent ever?',
    }),
  }),
  message('cloud', 'video', {
    type: 'video',
    preview: 'Video',
    content: media({ kind: 'VIDEO', mediaId: '1236350287490060', mimeType: 'video/mp4', sha256: 'ZtXCYeZtTGhThqJMSX9uNQ6oOcyeeq4uAhXFbuqcEEo=' }),
  }),
  message('cloud', 'audio', {
    type: 'audio',
    preview: 'Audio',
    content: media({
      kind: 'AUDIO',
      mediaId: '1003383421387257',
      mimeType: 'audio/mpeg',
      sha256: 'mD8Dz1RpvxkyqGbGDzDVDQIrDkZKyA3ffI+3Ud6t05s=',
      voice: false,
    }),
  }),
  message('cloud', 'voice', {
    type: 'audio',
    preview: 'Voice message',
    content: media({
      kind: 'AUDIO',
      mediaId: '1003383421387258',
      mimeType: 'audio/ogg; codecs=opus',
      sha256: 'nH6G2aD3qKQ0FrL3mB9dKdPjbVq1QzqVf1mN0YcXgZk=',
      voice: true,
    }),
  }),
  message('cloud', 'document', {
    type: 'document',
    preview: 'Lucky Shrub Invoice',
    content: media({
      kind: 'DOCUMENT',
      mediaId: '1376223850470843',
      mimeType: 'application/pdf',
      sha256: 'Qj6nXtq2+aXnG8zRJ6wY1FdZ4p0jG3kDkT5eQx8bVvI=',
      caption: 'Lucky Shrub Invoice',
      fileName: 'lucky-shrub-invoice.pdf',
    }),
  }),
  message('cloud', 'sticker-animated', {
    type: 'sticker',
    preview: 'Sticker',
    content: media({
      kind: 'STICKER',
      mediaId: '1263573538123211',
      mimeType: 'image/webp',
      sha256: 'i2Zn1iFqAVkZ6o6jgV0pQmQPtnQd0n5fq9uXvqf2b7Y=',
      animated: true,
    }),
  }),
  message('cloud', 'location', {
    type: 'location',
    preview: '📍 Philz Coffee',
    content: {
      __typename: 'LocationContent',
      latitude: 37.483307,
      longitude: -122.148981,
      name: 'Philz Coffee',
      address: '1 Hacker Way, Menlo Park, CA 94025',
      url: 'https://www.philzcoffee.com/',
    },
  }),
  message('cloud', 'contacts', {
    type: 'contacts',
    preview: '👤 Dr. Barbara J. Johnson, Esq.',
    content: {
      __typename: 'ContactsContent',
      contacts: [
        card({
          formattedName: 'Dr. Barbara J. Johnson, Esq.',
          firstName: 'Barbara',
          lastName: 'Johnson',
          middleName: 'Joana',
          prefix: 'Dr.',
          suffix: 'Esq.',
          birthday: '1999-01-23',
          phones: [
            { phone: '+1 (415) 555-0205', waId: '14155550205', type: 'CELL' },
            { phone: '+1 (415) 555-0206', waId: null, type: 'WORK' },
          ],
          emails: [
            { email: 'bjohnson@luckyshrub.com', type: 'WORK' },
            { email: 'bjohnson@gmail.com', type: 'HOME' },
          ],
          organization: { company: 'Lucky Shrub', department: 'Legal', title: 'Lead Counsel' },
          urls: [{ url: 'https://www.luckyshrub.com', type: 'WORK' }],
          addresses: [{ street: '1 Hacker Way', city: 'Menlo Park', state: 'CA', zip: '94025', country: 'United States', countryCode: 'US', type: 'WORK' }],
        }),
      ],
    },
  }),
  message('cloud', 'interactive-button-reply', {
    type: 'interactive',
    preview: 'Change',
    content: reply({ replyKind: 'BUTTON', replyId: 'change-button', title: 'Change' }),
    context: repliesTo('wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRBU0tCVVRUT05TQUFBQUFBQUFBQQA='),
  }),
  message('cloud', 'interactive-list-reply', {
    type: 'interactive',
    preview: 'Priority Mail Express',
    content: reply({ replyKind: 'LIST', replyId: 'priority_express', title: 'Priority Mail Express', description: 'Next Day to 2 Days' }),
    context: repliesTo('wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRBU0tMSVNUQUFBQUFBQUFBQUFBQQA='),
  }),
  message('cloud', 'interactive-nfm-reply', {
    type: 'interactive',
    preview: 'Form sent',
    // response_json is a JSON string in the notification: the reply carries it parsed.
    content: reply({
      replyKind: 'FLOW',
      title: 'Sent',
      flowResponse: { screen_0_Choose_one_0: '0_Yes', screen_0_Leave_a_comment_1: 'Lovely plants', flow_token: 'unused' },
    }),
    context: repliesTo('wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRBU0tGTE9XQUFBQUFBQUFBQUFBQQA='),
  }),
  message('cloud', 'button', {
    type: 'button',
    preview: 'Unsubscribe',
    content: { __typename: 'ButtonReplyContent', text: 'Unsubscribe', payload: 'Unsubscribe from Promos' },
    context: repliesTo('wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRURU1QTEFURUFBQUFBQUFBQUFBQQA='),
  }),
  message('cloud', 'order', {
    type: 'order',
    // Two product lines, three pieces: the preview counts pieces.
    preview: 'Order: 2 products, 3 items',
    content: {
      __typename: 'OrderContent',
      catalogId: '194836987003835',
      orderText: 'Please deliver before Friday',
      items: [
        { productRetailerId: 'di9ozbzfi4', quantity: 2, itemPrice: 30, currency: 'USD' },
        { productRetailerId: 'nqryix03ez', quantity: 1, itemPrice: 25.5, currency: 'USD' },
      ],
    },
  }),
  message('cloud', 'context-reply', {
    type: 'text',
    text: 'Yes, the green one please',
    preview: 'Yes, the green one please',
    content: textContent('Yes, the green one please'),
    context: repliesTo('wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRBTlNXRVJFREFBQUFBQUFBQUFBQQA='),
  }),
  message('cloud', 'context-forwarded', {
    type: 'image',
    preview: 'Photo',
    content: media({ kind: 'IMAGE', mediaId: '1003383421387259', mimeType: 'image/jpeg', sha256: 'BnnoP1VxnSIdIo3J5pUO8B0hP8w8vUq4bWw3b8cP1cY=' }),
    context: repliesTo(null, { forwarded: true, frequentlyForwarded: true }),
  }),
  message('cloud', 'context-product', {
    type: 'text',
    text: 'Is this one in stock?',
    preview: 'Is this one in stock?',
    content: textContent('Is this one in stock?'),
    context: repliesTo('wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRDQVRBTE9HQUFBQUFBQUFBQUFBQQA=', { referredProductId: 'di9ozbzfi4' }),
  }),
  message('cloud', 'referral', {
    type: 'text',
    text: 'Hi! I saw your ad',
    preview: 'Hi! I saw your ad',
    content: textContent('Hi! I saw your ad'),
    referral: {
      sourceUrl: 'https://fb.me/3cr4Wqqkv',
      sourceType: 'ad',
      sourceId: '120226305854810726',
      headline: 'Lucky Shrub spring sale',
      body: 'Chat with us about our spring plants!',
      mediaType: 'image',
      ctwaClid: 'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0NiNhEgpGo0AHemvuSoifXaytfTzcchptiErTKCqTrJ5nW1h7IHYeYymGb5K5J5iKKEQ',
    },
  }),
  message('cloud', 'unsupported', {
    type: 'unsupported',
    preview: 'Unsupported message',
    content: unsupported(CHANNEL.cloud, [{ code: 131051, title: 'Message type unknown', details: 'Message type is currently not supported.' }]),
  }),
  message('cloud', 'system-customer-identity-changed', {
    type: 'system',
    preview: 'User identity changed',
    content: system({ systemType: 'customer_identity_changed', noticeBody: 'User identity changed' }),
  }),
  reaction('cloud', 'reaction', '👍', [{ emoji: '👍', from: SHEENA, at: CLOUD_AT }], { before: true }),
  reaction('cloud', 'reaction-removed', null, [], { before: false }),
  {
    hosting: 'cloud',
    name: 'edit',
    event: {
      __typename: 'InboundMessage',
      id: idOf('cloud', 'edit'),
      ...sheena,
      type: 'edit',
      text: null,
      preview: 'Does it come in another colour?',
      content: textContent('Does it come in another colour?'),
      changesMessageId: idOf('cloud', 'text'),
      context: null,
    },
    record: {
      id: idOf('cloud', 'text'),
      shows: {
        type: 'text',
        text: 'Does it come in another colour?',
        preview: 'Does it come in another colour?',
        content: textContent('Does it come in another colour?'),
        editedAt: CLOUD_AT,
        previousVersions: [itemOf('cloud', 'text')],
      },
    },
    conversation: { contact: SHEENA, shows: { contact: SHEENA }, thread: 'change' },
  },
  {
    hosting: 'cloud',
    name: 'revoke',
    event: {
      __typename: 'InboundMessage',
      id: idOf('cloud', 'revoke'),
      ...sheena,
      type: 'revoke',
      preview: 'This message was deleted',
      content: { __typename: 'UnsupportedContent', errors: [] },
      changesMessageId: idOf('cloud', 'image-caption'),
    },
    // Deleted for everyone: the record keeps that it was an image and when it was deleted, nothing of what it showed.
    record: {
      id: idOf('cloud', 'image-caption'),
      shows: { type: 'image', revokedAt: CLOUD_AT, preview: 'This message was deleted', content: null, previousVersions: [], text: null },
    },
    conversation: { contact: SHEENA, shows: { contact: SHEENA }, thread: 'change' },
  },
  message(
    'cloud',
    'system-user-changed-number',
    {
      type: 'system',
      preview: 'User Sheena Nelson changed from 16505551234 to 16505559876',
      content: system({ systemType: 'user_changed_number', noticeBody: 'User Sheena Nelson changed from 16505551234 to 16505559876', newWaId: '16505559876' }),
    },
    // The notice is the platform's, not the user's: the window stays where the user's own messages put it.
    { sender: sheenaWithoutProfile, conversation: { ...sheenaConversation, movedTo: '16505559876' } },
  ),
  message(
    'cloud',
    'system-user-changed-user-id',
    {
      type: 'system',
      preview: 'User Sheena Nelson changed from US.13491208655302741918 to US.13491208655302749999',
      content: system({
        systemType: 'user_changed_user_id',
        noticeBody: 'User Sheena Nelson changed from US.13491208655302741918 to US.13491208655302749999',
        newUserId: 'US.13491208655302749999',
      }),
    },
    {
      sender: { from: USER_ID, fromPhone: null, fromUserId: USER_ID, username: null, contactName: null },
      at: '2025-06-08T20:59:44.000Z',
      // The conversation of the old user id now names the user by its new one (both find it).
      conversation: { contactUserId: 'US.13491208655302749999', contactUsername: null, contactName: null, lastInboundAt: null },
    },
  ),
  message(
    'cloud',
    'user-id-only',
    { type: 'text', text: 'Hello from a username', preview: 'Hello from a username', content: textContent('Hello from a username') },
    {
      sender: { from: USER_ID, fromPhone: null, fromUserId: USER_ID, username: '@pablomorales', contactName: 'Pablo Morales' },
      at: '2025-06-08T20:59:45.000Z',
      conversation: { contactUsername: '@pablomorales', contactName: 'Pablo Morales', lastInboundAt: '2025-06-08T20:59:45.000Z' },
    },
  ),
  {
    hosting: 'cloud',
    name: 'smb-message-echoes',
    event: {
      __typename: 'MessageEchoEvent',
      id: idOf('cloud', 'smb-message-echoes'),
      to: SHEENA,
      timestamp: '2025-06-08T20:59:46.000Z',
      type: 'text',
      preview: 'Your order has shipped',
      content: textContent('Your order has shipped'),
    },
    record: {
      id: idOf('cloud', 'smb-message-echoes'),
      shows: {
        direction: 'OUTBOUND',
        contact: SHEENA,
        type: 'text',
        text: 'Your order has shipped',
        status: 'sent',
        sentFrom: 'BUSINESS_APP',
        preview: 'Your order has shipped',
        content: textContent('Your order has shipped'),
      },
    },
    // The echo names the user id beside the number: the user id's conversation (user-id-only above) joins the number's, so
    // its last inbound message is that one; the business's own message opens no window.
    conversation: {
      contact: USER_ID,
      shows: { contact: SHEENA, contactPhone: SHEENA, contactUserId: USER_ID, lastInboundAt: USER_ID_ONLY_AT },
      thread: 'entry',
    },
  },
  {
    hosting: 'cloud',
    name: 'smb-message-echoes-reaction',
    event: {
      __typename: 'MessageEchoEvent',
      id: idOf('cloud', 'smb-message-echoes-reaction'),
      to: SHEENA,
      timestamp: '2025-06-08T20:59:49.000Z',
      type: 'reaction',
      preview: '🙏',
      content: { __typename: 'ReactionContent', messageId: idOf('cloud', 'text'), emoji: '🙏', removed: false },
    },
    // The business reacting from its phone app: its reaction (keyed by its number, the echo's `from`) is on the message
    // named, the user's text; no record or thread entry of its own, and the user's window stays where it was.
    record: { id: idOf('cloud', 'text'), shows: { direction: 'INBOUND', reactions: [{ emoji: '🙏', from: '15550783881', at: '2025-06-08T20:59:49.000Z' }] } },
    conversation: { contact: SHEENA, shows: { contact: SHEENA, lastInboundAt: USER_ID_ONLY_AT }, thread: 'change' },
  },
  {
    hosting: 'cloud',
    name: 'user-preferences',
    event: { __typename: 'ContactPreferenceEvent', contact: SHEENA, category: 'marketing_messages', value: 'stop', timestamp: '2025-06-08T20:59:47.000Z' },
    record: null,
    conversation: null,
  },
  {
    hosting: 'cloud',
    name: 'status-pricing',
    event: {
      __typename: 'MessageStatusEvent',
      messageId: 'wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRTRU5UQllVU0FBQUFBQUFBQUFBQQA=',
      status: 'sent',
      recipientId: SHEENA,
      recipientUserId: USER_ID,
      timestamp: '2025-06-08T20:59:48.000Z',
      pricing: { billable: true, pricingModel: 'PMP', category: 'service', type: 'free_customer_service' },
      billingConversation: { id: 'a75d17ad06104c51166f948319b03c6a', expiresAt: '2025-06-09T20:59:48.000Z', originType: 'service' },
    },
    record: {
      id: 'wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRTRU5UQllVU0FBQUFBQUFBQUFBQQA=',
      shows: {
        direction: 'OUTBOUND',
        contact: SHEENA,
        type: null,
        text: null,
        status: 'sent',
        content: null,
        preview: null,
        statuses: [
          {
            messageId: 'wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRTRU5UQllVU0FBQUFBQUFBQUFBQQA=',
            status: 'sent',
            recipientId: SHEENA,
            recipientUserId: USER_ID,
            timestamp: '2025-06-08T20:59:48.000Z',
            pricing: { billable: true, pricingModel: 'PMP', category: 'service', type: 'free_customer_service' },
            billingConversation: { id: 'a75d17ad06104c51166f948319b03c6a', expiresAt: '2025-06-09T20:59:48.000Z', originType: 'service' },
          },
        ],
      },
    },
    // The status names both keys of its recipient: the user id now finds the wa_id's conversation.
    conversation: {
      contact: USER_ID,
      shows: { contact: SHEENA, contactPhone: SHEENA, contactUserId: USER_ID, lastInboundAt: USER_ID_ONLY_AT },
      thread: 'entry',
    },
  },
  // Last of the cloud rows: it names Sheena's user id (USER_ID, linked to her number above) as the previous one.
  message(
    'cloud',
    'system-user-changed-number-user-id',
    {
      type: 'system',
      preview: 'User Sheena Nelson changed from 16505551234 to 16505559876',
      content: system({
        systemType: 'user_changed_number',
        noticeBody: 'User Sheena Nelson changed from 16505551234 to 16505559876',
        newWaId: '16505559876',
        newUserId: 'US.13491208655302758888',
      }),
    },
    // The notice names the user by the old number and the previous user id; it moves the conversation to the new number
    // (whose conversation the new user id names from now on) and leaves the window where the user's messages put it.
    {
      sender: { ...sheenaWithoutProfile, fromUserId: USER_ID },
      at: '2025-06-08T20:59:50.000Z',
      conversation: { movedTo: '16505559876', lastInboundAt: USER_ID_ONLY_AT },
    },
  ),
];

const ON_PREMISE: Acceptance[] = [
  message(
    'on-premise',
    'text',
    { type: 'text', text: 'Hello this is an answer', preview: 'Hello this is an answer', content: textContent('Hello this is an answer') },
    { conversation: sheenaOnPremise },
  ),
  message('on-premise', 'image-caption', {
    type: 'image',
    preview: 'Check out my new phone!',
    content: media({
      kind: 'IMAGE',
      mediaId: 'b1c68f38-8734-4ad3-b4a1-ef0c10d683',
      mimeType: 'image/jpeg',
      sha256: '29ed500fa64eb55fc19dc4124acb300e5dcc54a0f822a301ae99944db',
      caption: 'Check out my new phone!',
    }),
  }),
  message('on-premise', 'video', {
    type: 'video',
    preview: 'Video',
    content: media({
      kind: 'VIDEO',
      mediaId: '24e2c9a6-7cc9-4a68-9a8d-8f22c1a0e3b7',
      mimeType: 'video/mp4',
      sha256: '3f1ec0b4fbb0a1e3e8d05d9f4e9a2c7b1d6a8f3e2c5b4a7d9e0f1a2b3c4d5e6f',
    }),
  }),
  message('on-premise', 'audio', {
    type: 'audio',
    preview: 'Audio',
    content: media({
      kind: 'AUDIO',
      mediaId: '463eb7ec-ff4e-4d9b-b110-1879cbd411b3',
      mimeType: 'audio/mpeg',
      sha256: 'fa9e1807d936b7cebe63654ea3a7912b1fa9479220258d823590521ef53b0711',
      voice: false,
    }),
  }),
  // On-premise notifies a voice note as its own type: the same AUDIO content as cloud's `voice: true`.
  message('on-premise', 'voice', {
    type: 'voice',
    preview: 'Voice message',
    content: media({
      kind: 'AUDIO',
      mediaId: '463eb7ec-ff4e-4d9b-b110-1879cbd411b2',
      mimeType: 'audio/ogg; codecs=opus',
      sha256: 'fa9e1807d936b7cebe63654ea3a7912b1fa9479220258d823590521ef53b0710',
      voice: true,
    }),
  }),
  message('on-premise', 'document', {
    type: 'document',
    preview: '80skaraokesonglistartist',
    content: media({
      kind: 'DOCUMENT',
      mediaId: 'fc233119-733f-49c-bcbd-b2f68f798e33',
      mimeType: 'application/pdf',
      sha256: '3b11fa6ef2bde1dd14726e09d3edaf782120919d06f6484f32d5d5caa4b8e',
      caption: '80skaraokesonglistartist',
      fileName: '80skaraokesonglistartist.pdf',
    }),
  }),
  message('on-premise', 'sticker', {
    type: 'sticker',
    preview: 'Sticker',
    content: media({
      kind: 'STICKER',
      mediaId: 'b1e4a1b4-07e0-4b8c-b0b7-54b1e0f3a3c8',
      mimeType: 'image/webp',
      sha256: 'a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f3a5b7c9d1e3f4a6b8c0d2e4f5a7b9',
      animated: false,
    }),
  }),
  message('on-premise', 'location', {
    type: 'location',
    preview: '📍 Main Street Beach',
    content: {
      __typename: 'LocationContent',
      latitude: 38.9806263495,
      longitude: -131.9428612257,
      name: 'Main Street Beach',
      address: 'Main Street Beach, Santa Cruz, CA',
      url: 'https://foursquare.com/v/4d7031d35b5df7744',
    },
  }),
  message('on-premise', 'contacts', {
    type: 'contacts',
    preview: '👤 Kerry Fisher',
    content: {
      __typename: 'ContactsContent',
      contacts: [
        card({
          formattedName: 'Kerry Fisher',
          firstName: 'Kerry',
          lastName: 'Fisher',
          birthday: '2012-08-18',
          phones: [
            { phone: '+1 (940) 555-1234', waId: null, type: 'CELL' },
            { phone: '+1 (650) 555-1234', waId: '16505551234', type: 'WORK' },
          ],
          emails: [{ email: 'kfish@fb.com', type: 'WORK' }],
          organization: { company: 'Facebook', department: null, title: null },
          urls: [{ url: 'https://www.facebook.com', type: 'WORK' }],
          addresses: [{ street: '1 Hacker Way', city: 'Menlo Park', state: 'CA', zip: '94025', country: 'United States', countryCode: 'us', type: 'WORK' }],
        }),
      ],
    },
  }),
  message('on-premise', 'interactive-button-reply', {
    type: 'interactive',
    preview: 'First Button’s Title',
    content: reply({ replyKind: 'BUTTON', replyId: 'unique-postback-id', title: 'First Button’s Title' }),
    context: repliesTo('QUJHR0ZsQTVGcGFBU0tCVVRUT05T'),
  }),
  message('on-premise', 'interactive-list-reply', {
    type: 'interactive',
    preview: 'Row title',
    content: reply({ replyKind: 'LIST', replyId: 'list_reply_id', title: 'Row title', description: 'Row description' }),
    context: repliesTo('QUJHR0ZsQTVGcGFBU0tMSVNU'),
  }),
  message('on-premise', 'button', {
    type: 'button',
    preview: 'No',
    content: { __typename: 'ButtonReplyContent', text: 'No', payload: 'No-Button-Payload' },
    context: repliesTo('QUJHR0ZsQTVGcGFURU1QTEFURQ=='),
  }),
  message('on-premise', 'order', {
    type: 'order',
    preview: 'Order: 1 product, 3 items',
    content: {
      __typename: 'OrderContent',
      catalogId: 'the-catalog_id',
      orderText: 'text-message-sent-along-with-the-order',
      items: [{ productRetailerId: 'the-product-SKU-identifier', quantity: 3, itemPrice: 12.5, currency: 'EUR' }],
    },
  }),
  message('on-premise', 'context-reply', {
    type: 'text',
    text: 'Yes, Friday works',
    preview: 'Yes, Friday works',
    content: textContent('Yes, Friday works'),
    context: repliesTo('QUJHR0ZsQTVGcGFBTlNXRVJFRA=='),
  }),
  message('on-premise', 'context-forwarded', {
    type: 'text',
    text: 'Look at this offer',
    preview: 'Look at this offer',
    content: textContent('Look at this offer'),
    context: repliesTo(null, { forwarded: true }),
  }),
  message('on-premise', 'referral', {
    type: 'image',
    preview: 'Photo',
    content: media({
      kind: 'IMAGE',
      mediaId: '3b4e2d1c-5a6f-4b7e-8c9d-0e1f2a3b4c5d',
      mimeType: 'image/jpeg',
      sha256: '9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c',
    }),
    referral: {
      sourceUrl: 'https://www.facebook.com/luckyshrub/posts/2155839544604302',
      sourceType: 'post',
      sourceId: '2155839544604302',
      headline: 'Chat with us',
      body: 'We are here to help',
      mediaType: 'image',
      ctwaClid: null,
    },
  }),
  message('on-premise', 'unknown', {
    type: 'unknown',
    preview: 'Unsupported message',
    content: unsupported(CHANNEL['on-premise'], [{ code: 501, title: 'Unknown message type', details: 'Message type is not currently supported' }]),
  }),
  message(
    'on-premise',
    'system-customer-identity-changed',
    {
      type: 'system',
      preview: 'Sheena Nelson’s security code changed',
      content: system({ systemType: 'customer_identity_changed', noticeBody: 'Sheena Nelson’s security code changed' }),
    },
    { sender: sheenaWithoutProfile, conversation: sheenaOnPremise },
  ),
  reaction('on-premise', 'reaction', '❤️', [{ emoji: '❤️', from: SHEENA, at: ON_PREMISE_AT }], { before: true }),
  // On-premise removes a reaction with an empty emoji.
  reaction('on-premise', 'reaction-removed', null, [], { before: false }),
  message(
    'on-premise',
    'system-customer-changed-number',
    {
      type: 'system',
      preview: '+1 (650) 555-1234 changed to +1 (650) 555-9876',
      content: system({ systemType: 'customer_changed_number', noticeBody: '+1 (650) 555-1234 changed to +1 (650) 555-9876', newWaId: '16505559876' }),
    },
    { sender: sheenaWithoutProfile, conversation: { ...sheenaOnPremise, movedTo: '16505559876' } },
  ),
  {
    hosting: 'on-premise',
    name: 'status',
    event: {
      __typename: 'MessageStatusEvent',
      messageId: 'QUJHR0ZsQTVGcGFTRU5UQllVUw==',
      status: 'read',
      recipientId: SHEENA,
      recipientUserId: null,
      timestamp: '2018-02-15T11:38:20.000Z',
      pricing: { billable: true, pricingModel: 'CBP', category: 'business_initiated', type: null },
      billingConversation: { id: '532b57b5f6e63595ccd74c6010e5c5c7', expiresAt: null, originType: 'business_initiated' },
    },
    record: {
      id: 'QUJHR0ZsQTVGcGFTRU5UQllVUw==',
      shows: {
        direction: 'OUTBOUND',
        contact: SHEENA,
        status: 'read',
        content: null,
        statuses: [
          {
            messageId: 'QUJHR0ZsQTVGcGFTRU5UQllVUw==',
            status: 'read',
            recipientId: SHEENA,
            recipientUserId: null,
            timestamp: '2018-02-15T11:38:20.000Z',
            pricing: { billable: true, pricingModel: 'CBP', category: 'business_initiated', type: null },
            billingConversation: { id: '532b57b5f6e63595ccd74c6010e5c5c7', expiresAt: null, originType: 'business_initiated' },
          },
        ],
      },
    },
    conversation: { contact: SHEENA, shows: { contact: SHEENA, contactPhone: SHEENA, lastInboundAt: ON_PREMISE_AT }, thread: 'entry' },
  },
];

const TABLE = [...CLOUD, ...ON_PREMISE];

describe('the acceptance table', () => {
  it.each(['cloud', 'on-premise'] as const)('names every %s fixture exactly once', (hosting) => {
    expect(
      TABLE.filter((row) => row.hosting === hosting)
        .map((row) => row.name)
        .sort(),
    ).toEqual(notificationNames(hosting));
  });
});

/** Every UnsupportedContent error carries the cursor of the event or record it belongs to. */
function expectErrorsAt(node: Item): void {
  const content = node.content as { errors?: Array<{ cursor: string }> } | null;
  for (const error of content?.errors ?? []) expect(error.cursor).toBe(node.cursor);
}

function acceptanceSuite(label: string, env: () => Record<string, string>) {
  describe(`every notification fixture, posted through HTTP, read typed four ways (${label})`, () => {
    let gateway: TestGateway;
    let connection: WsConnection;
    const subscriptions = {} as Record<Hosting, Collected<Item>>;
    /** Per hosting's channel: the cursor of the last event read, where the next fixture's events start. */
    const lastCursor = {} as Record<Hosting, string>;
    /** Per hosting's channel: the event before the fixtures', where the subscriptions start. */
    const startCursor = {} as Record<Hosting, string>;

    const read = async <T>(query: string, variables: Item): Promise<T> => {
      const { body } = await gateway.graphql<{ channel: T }>(query, variables);
      expect(body.errors).toBeUndefined();
      return body.data!.channel;
    };
    const post = async (hosting: Hosting, notification: Item) => {
      const channelId = CHANNEL[hosting];
      const addressed = hosting === 'cloud' ? addressedTo(notification, CHANNEL_001_NUMBER) : notification;
      await postAcknowledged(gateway.url, channelId, addressed, webhookAuthorization(gateway.config.keystoreSecret, channelId));
      const { events } = await read<{ events: { nodes: Item[]; endCursor: string | null } }>(EVENTS_AFTER, { channelId, after: lastCursor[hosting] });
      lastCursor[hosting] = events.endCursor ?? lastCursor[hosting];
      return events.nodes;
    };

    beforeAll(async () => {
      // Reads follow each other at once here: the per-caller cost budget (fair share) is not what this suite tests.
      gateway = await startTestGateway({ EVENT_RETENTION_MS: TEN_YEARS_MS, MAX_COST_PER_SECOND_PER_CALLER: '10000000', ...env() });
      connection = connectWs(gateway.url);
      for (const hosting of ['cloud', 'on-premise'] as const) {
        // A first event (of another contact) to start the subscription after, so it holds every fixture's event whenever it connected.
        const [start] = await post(hosting, statusNotification(hosting, `${hosting}-acceptance-start`, 'sent', '1700000000', '15550000001'));
        lastCursor[hosting] = startCursor[hosting] = start.cursor as string;
        subscriptions[hosting] = collect<Item>(connection, CHANNEL_EVENTS, { channelId: CHANNEL[hosting], after: start.cursor }, 'channelEvents');
      }
    });

    afterAll(async () => {
      for (const subscription of Object.values(subscriptions)) subscription.unsubscribe();
      await connection.dispose();
      await gateway.close();
    });

    // In the table's order, each after the one before: reactions, edits and revokes name messages posted earlier.
    it.each(TABLE.map((row) => [`${row.hosting}/${row.name}`, row] as const))('%s', async (_name, row) => {
      const channelId = CHANNEL[row.hosting];
      if (row.before) await post(row.hosting, row.before);

      // Channel.events: the notification's one event, typed.
      const events = await post(row.hosting, loadNotification(row.hosting, row.name));
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event).toMatchObject(row.event);
      expectErrorsAt(event);

      // channelEvents: the same event, whole.
      const subscription = subscriptions[row.hosting];
      await waitUntil(
        () => subscription.items.some((item) => item.cursor === event.cursor) || subscription.errors.length > 0,
        `${row.hosting}/${row.name} on channelEvents`,
      );
      expect(subscription.errors).toEqual([]);
      expect(subscription.items.find((item) => item.cursor === event.cursor)).toEqual(event);

      // Channel.message(id:): the record the item wrote or changed.
      let record: Item | null = null;
      if (row.record) {
        record = (await read<{ message: Item | null }>(MESSAGE, { channelId, id: row.record.id })).message;
        expect(record).toMatchObject(row.record.shows);
        expectErrorsAt(record!);
      }

      // The conversation: the record in its thread, the same as by id; the item's own entry only when it is a message of the thread.
      if (row.conversation) {
        const conversation = (
          await read<{ conversation: (Item & { lastMessage: Item | null; messages: { nodes: Item[] } }) | null }>(CONVERSATION, {
            channelId,
            contact: row.conversation.contact,
          })
        ).conversation;
        expect(conversation).toMatchObject(row.conversation.shows);
        const thread = conversation!.messages.nodes;
        expect(thread.find((node) => node.id === row.record!.id)).toEqual(record);
        // The fixtures share one send time: the last message is the thread's newest by the thread's tie-break (the id), as listed.
        if (row.conversation.thread === 'entry') expect(conversation!.lastMessage).toEqual(thread[0]);
        else expect(thread.map((node) => node.id)).not.toContain(event.id);
      }
    });

    it.each(['cloud', 'on-premise'] as const)('a %s subscription from the same cursor replays every event from the log as it came live', async (hosting) => {
      const live = subscriptions[hosting].items;
      expect(live.length).toBeGreaterThanOrEqual(TABLE.filter((row) => row.hosting === hosting).length);
      const replay = collect<Item>(connection, CHANNEL_EVENTS, { channelId: CHANNEL[hosting], after: startCursor[hosting] }, 'channelEvents');
      const replayed = await replay.atLeast(live.length);
      replay.unsubscribe();
      expect(replayed).toEqual(live);
    });
  });
}

acceptanceSuite('memory', () => ({}));

describeWithRedis('on Redis', () => {
  const namespace = uniqueNamespace('fixtures');
  afterAll(() => dropNamespace(namespace));
  acceptanceSuite('redis', () => ({ REDIS_URL: testRedisUrl(), REDIS_NAMESPACE: namespace }));
});
