import { describe, expect, it } from '@jest/globals';
import {
  contentOfMessage,
  contentOfSentBody,
  changedMessageIdOf,
  contextOfMessage,
  contextOfSentBody,
  editedMessageIdOf,
  previewOf,
  previewOfMessage,
  referralOfMessage,
  revokedMessageIdOf,
  PREVIEW_MAX,
  type MessageContentDto,
} from '../../src/events/ingest/content.js';
import { toChannelError } from '../../src/events/ingest/parse.js';
import { buildSendMessageBody } from '../../src/messaging/send-message.js';
import type { SendMessageInput } from '../../src/generated/graphql.js';
import { firstMessageItem, notificationNames, type Hosting } from '../support/notifications.js';

const CHANNEL = 'channel-001';
type Json = Record<string, unknown>;

const item = (hosting: Hosting, name: string) => firstMessageItem(hosting, name);
const content = (hosting: Hosting, name: string) => contentOfMessage(CHANNEL, item(hosting, name));
const sub = (value: Json, key: string) => value[key] as Json;

describe('contentOfMessage: every fixture of both hostings', () => {
  const hostings: Hosting[] = ['cloud', 'on-premise'];
  const withMessages = (hosting: Hosting) => notificationNames(hosting).filter((name) => !['status-pricing', 'status', 'user-preferences'].includes(name));

  it.each(hostings)('maps each %s message item without an unsupported result unless the item is one', (hosting) => {
    const unsupportedByDesign = new Set(['unsupported', 'unknown', 'revoke']);
    for (const name of withMessages(hosting)) {
      const mapped = contentOfMessage(CHANNEL, item(hosting, name));
      expect([name, mapped.__typename === 'UnsupportedContent']).toEqual([name, unsupportedByDesign.has(name)]);
      expect(typeof previewOf(mapped)).toBe('string');
    }
  });

  it.each(hostings)('text (%s)', (hosting) => {
    const source = item(hosting, 'text');
    expect(content(hosting, 'text')).toEqual({ __typename: 'TextContent', body: sub(source, 'text').body });
    expect(previewOf(content(hosting, 'text'))).toBe(sub(source, 'text').body);
  });

  it.each(hostings)('image with caption (%s)', (hosting) => {
    const image = sub(item(hosting, 'image-caption'), 'image');
    const mapped = content(hosting, 'image-caption');
    expect(mapped).toEqual({
      __typename: 'MediaContent',
      kind: 'IMAGE',
      mediaId: image.id,
      link: null,
      mimeType: image.mime_type,
      sha256: image.sha256,
      caption: image.caption,
      fileName: null,
      voice: null,
      animated: null,
    });
    expect(previewOf(mapped)).toBe(image.caption);
  });

  it.each(hostings)('video, audio, voice, document, sticker (%s)', (hosting) => {
    const video = sub(item(hosting, 'video'), 'video');
    expect(content(hosting, 'video')).toMatchObject({ kind: 'VIDEO', mediaId: video.id, mimeType: video.mime_type, caption: null, voice: null });
    expect(previewOf(content(hosting, 'video'))).toBe('Video');

    const audio = sub(item(hosting, 'audio'), 'audio');
    expect(content(hosting, 'audio')).toMatchObject({ kind: 'AUDIO', mediaId: audio.id, mimeType: audio.mime_type, voice: false, animated: null });
    expect(previewOf(content(hosting, 'audio'))).toBe('Audio');

    // On-premise notifies a voice note as type `voice`; cloud as audio with voice: true.
    const voiceItem = item(hosting, 'voice');
    const voice = sub(voiceItem, hosting === 'cloud' ? 'audio' : 'voice');
    expect(voiceItem.type).toBe(hosting === 'cloud' ? 'audio' : 'voice');
    expect(content(hosting, 'voice')).toMatchObject({ __typename: 'MediaContent', kind: 'AUDIO', mediaId: voice.id, sha256: voice.sha256, voice: true });
    expect(previewOf(content(hosting, 'voice'))).toBe('Voice message');

    const document = sub(item(hosting, 'document'), 'document');
    expect(content(hosting, 'document')).toMatchObject({ kind: 'DOCUMENT', mediaId: document.id, fileName: document.filename, caption: document.caption });
    const uncaptioned = { ...content(hosting, 'document'), caption: null } as MessageContentDto;
    expect(previewOf(uncaptioned)).toBe(`Document: ${String(document.filename)}`);

    const stickerName = hosting === 'cloud' ? 'sticker-animated' : 'sticker';
    const sticker = sub(item(hosting, stickerName), 'sticker');
    expect(content(hosting, stickerName)).toMatchObject({
      kind: 'STICKER',
      mediaId: sticker.id,
      mimeType: 'image/webp',
      animated: hosting === 'cloud',
      voice: null,
    });
    expect(previewOf(content(hosting, stickerName))).toBe('Sticker');
  });

  it.each(hostings)('location (%s)', (hosting) => {
    const location = sub(item(hosting, 'location'), 'location');
    const mapped = content(hosting, 'location');
    expect(mapped).toEqual({
      __typename: 'LocationContent',
      latitude: location.latitude,
      longitude: location.longitude,
      name: location.name,
      address: location.address,
      url: location.url,
    });
    expect(previewOf(mapped)).toBe(`📍 ${String(location.name)}`);
  });

  it('contacts (cloud): every field of the card', () => {
    const [card] = item('cloud', 'contacts').contacts as Json[];
    const name = sub(card, 'name');
    const mapped = content('cloud', 'contacts');
    expect(mapped).toEqual({
      __typename: 'ContactsContent',
      contacts: [
        {
          formattedName: name.formatted_name,
          firstName: name.first_name,
          lastName: name.last_name,
          middleName: name.middle_name,
          prefix: name.prefix,
          suffix: name.suffix,
          birthday: card.birthday,
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
        },
      ],
    });
    expect(previewOf(mapped)).toBe('👤 Dr. Barbara J. Johnson, Esq.');
  });

  it('contacts (on-premise): a card without middle name, prefix, department', () => {
    const mapped = content('on-premise', 'contacts');
    expect(mapped).toMatchObject({
      contacts: [
        {
          formattedName: 'Kerry Fisher',
          firstName: 'Kerry',
          middleName: null,
          prefix: null,
          organization: { company: 'Facebook', department: null, title: null },
          phones: [
            { phone: '+1 (940) 555-1234', waId: null, type: 'CELL' },
            { phone: '+1 (650) 555-1234', waId: '16505551234', type: 'WORK' },
          ],
        },
      ],
    });
    expect(previewOf(mapped)).toBe('👤 Kerry Fisher');
  });

  it.each(hostings)('interactive button_reply and list_reply (%s)', (hosting) => {
    const button = sub(sub(item(hosting, 'interactive-button-reply'), 'interactive'), 'button_reply');
    expect(content(hosting, 'interactive-button-reply')).toEqual({
      __typename: 'InteractiveReplyContent',
      kind: 'BUTTON',
      replyId: button.id,
      title: button.title,
      description: null,
      flowResponse: null,
    });
    expect(previewOf(content(hosting, 'interactive-button-reply'))).toBe(button.title);
    // The answer names the interactive message it answers (context.id), as the notification gives it.
    expect(contextOfMessage(item(hosting, 'interactive-button-reply'))?.replyTo).toBe(sub(item(hosting, 'interactive-button-reply'), 'context').id);

    const row = sub(sub(item(hosting, 'interactive-list-reply'), 'interactive'), 'list_reply');
    expect(content(hosting, 'interactive-list-reply')).toEqual({
      __typename: 'InteractiveReplyContent',
      kind: 'LIST',
      replyId: row.id,
      title: row.title,
      description: row.description,
      flowResponse: null,
    });
    expect(previewOf(content(hosting, 'interactive-list-reply'))).toBe(row.title);
  });

  it('interactive nfm_reply (cloud): the flow response parsed', () => {
    const flow = sub(sub(item('cloud', 'interactive-nfm-reply'), 'interactive'), 'nfm_reply');
    const mapped = content('cloud', 'interactive-nfm-reply');
    expect(mapped).toEqual({
      __typename: 'InteractiveReplyContent',
      kind: 'FLOW',
      replyId: null,
      title: flow.body,
      description: null,
      flowResponse: JSON.parse(flow.response_json as string) as unknown,
    });
    expect(mapped).toMatchObject({ flowResponse: { screen_0_Leave_a_comment_1: 'Lovely plants' } });
    expect(previewOf(mapped)).toBe('Form sent');
  });

  it.each(hostings)('button: a template quick reply (%s)', (hosting) => {
    const button = sub(item(hosting, 'button'), 'button');
    expect(content(hosting, 'button')).toEqual({ __typename: 'ButtonReplyContent', text: button.text, payload: button.payload });
    expect(previewOf(content(hosting, 'button'))).toBe(button.text);
  });

  it.each(hostings)('reaction and its removal (%s)', (hosting) => {
    const reaction = sub(item(hosting, 'reaction'), 'reaction');
    expect(content(hosting, 'reaction')).toEqual({ __typename: 'ReactionContent', messageId: reaction.message_id, emoji: reaction.emoji, removed: false });
    expect(previewOf(content(hosting, 'reaction'))).toBe(reaction.emoji);

    // Cloud omits the emoji of a removal; on-premise sends it empty.
    const removal = sub(item(hosting, 'reaction-removed'), 'reaction');
    expect(content(hosting, 'reaction-removed')).toEqual({ __typename: 'ReactionContent', messageId: removal.message_id, emoji: null, removed: true });
    expect(previewOf(content(hosting, 'reaction-removed'))).toBe('Reaction removed');
  });

  it.each(hostings)('order (%s)', (hosting) => {
    const order = sub(item(hosting, 'order'), 'order');
    const products = order.product_items as Json[];
    const mapped = content(hosting, 'order');
    expect(mapped).toEqual({
      __typename: 'OrderContent',
      catalogId: order.catalog_id,
      text: order.text,
      items: products.map((product) => ({
        productRetailerId: product.product_retailer_id,
        quantity: product.quantity,
        itemPrice: product.item_price,
        currency: product.currency,
      })),
    });
    // The cloud sample orders two products (2 and 1), the on-premise one a product three times.
    expect(previewOf(mapped)).toBe(products.length === 1 ? 'Order: 1 product, 3 items' : `Order: ${products.length} products, 3 items`);
  });

  it('system notices: a number change (both spellings), a user id change, an identity change', () => {
    const cloudChange = sub(item('cloud', 'system-user-changed-number'), 'system');
    expect(content('cloud', 'system-user-changed-number')).toEqual({
      __typename: 'SystemContent',
      systemType: 'user_changed_number',
      body: cloudChange.body,
      newWaId: cloudChange.wa_id,
      newUserId: null,
    });
    const onPremiseChange = sub(item('on-premise', 'system-customer-changed-number'), 'system');
    expect(content('on-premise', 'system-customer-changed-number')).toEqual({
      __typename: 'SystemContent',
      systemType: 'customer_changed_number',
      body: onPremiseChange.body,
      newWaId: onPremiseChange.new_wa_id,
      newUserId: null,
    });
    expect(content('cloud', 'system-user-changed-user-id')).toMatchObject({
      systemType: 'user_changed_user_id',
      newWaId: null,
      newUserId: 'US.13491208655302749999',
    });
    for (const hosting of hostings) {
      const identity = sub(item(hosting, 'system-customer-identity-changed'), 'system');
      const mapped = content(hosting, 'system-customer-identity-changed');
      expect(mapped).toEqual({ __typename: 'SystemContent', systemType: 'customer_identity_changed', body: identity.body, newWaId: null, newUserId: null });
      expect(previewOf(mapped)).toBe(identity.body);
    }
  });

  it('edit (cloud): the content of the new version, and the message it changes', () => {
    const edit = sub(item('cloud', 'edit'), 'edit');
    expect(content('cloud', 'edit')).toEqual({ __typename: 'TextContent', body: sub(sub(edit, 'message'), 'text').body });
    expect(editedMessageIdOf(item('cloud', 'edit'))).toBe(edit.original_message_id);
    expect(editedMessageIdOf(item('cloud', 'text'))).toBeNull();
    expect(revokedMessageIdOf(item('cloud', 'edit'))).toBeNull();
  });

  it('revoke (cloud): no content of its own, the message it deletes, "This message was deleted"', () => {
    const revoke = sub(item('cloud', 'revoke'), 'revoke');
    expect(content('cloud', 'revoke')).toEqual({ __typename: 'UnsupportedContent', errors: [] });
    expect(revokedMessageIdOf(item('cloud', 'revoke'))).toBe(revoke.original_message_id);
    expect(editedMessageIdOf(item('cloud', 'revoke'))).toBeNull();
    expect(previewOfMessage(CHANNEL, item('cloud', 'revoke'))).toBe('This message was deleted');
    expect(previewOfMessage(CHANNEL, item('cloud', 'text'))).toBe(previewOf(content('cloud', 'text')));
  });

  it('unsupported (cloud) and unknown (on-premise) carry their errors', () => {
    for (const [hosting, name] of [
      ['cloud', 'unsupported'],
      ['on-premise', 'unknown'],
    ] as const) {
      const source = item(hosting, name);
      const mapped = content(hosting, name);
      expect(mapped).toEqual({ __typename: 'UnsupportedContent', errors: (source.errors as Json[]).map((error) => toChannelError(CHANNEL, error)) });
      expect(mapped).toMatchObject({ errors: [{ channelId: CHANNEL, code: hosting === 'cloud' ? 131051 : 501 }] });
      expect(previewOf(mapped)).toBe('Unsupported message');
    }
    expect(content('cloud', 'unsupported')).toMatchObject({ errors: [{ details: 'Message type is currently not supported.' }] });
  });

  it('an echo and a user-id-only message map like any message item', () => {
    const echo = item('cloud', 'smb-message-echoes');
    expect(contentOfMessage(CHANNEL, echo)).toEqual({ __typename: 'TextContent', body: sub(echo, 'text').body });
    const userIdOnly = item('cloud', 'user-id-only');
    expect(userIdOnly.from).toBeUndefined();
    expect(contentOfMessage(CHANNEL, userIdOnly)).toEqual({ __typename: 'TextContent', body: 'Hello from a username' });
  });
});

describe('contextOfMessage and referralOfMessage', () => {
  it('reads a reply, a forward, a product question; null without context', () => {
    for (const hosting of ['cloud', 'on-premise'] as const) {
      const reply = sub(item(hosting, 'context-reply'), 'context');
      expect(contextOfMessage(item(hosting, 'context-reply'))).toEqual({
        replyTo: reply.id,
        replyToFrom: reply.from,
        forwarded: false,
        frequentlyForwarded: false,
        referredProductId: null,
      });
      expect(contextOfMessage(item(hosting, 'context-forwarded'))).toEqual({
        replyTo: null,
        replyToFrom: null,
        forwarded: true,
        frequentlyForwarded: hosting === 'cloud',
        referredProductId: null,
      });
      expect(contextOfMessage(item(hosting, 'text'))).toBeNull();
    }
    const product = sub(item('cloud', 'context-product'), 'context');
    expect(contextOfMessage(item('cloud', 'context-product'))).toEqual({
      replyTo: product.id,
      replyToFrom: product.from,
      forwarded: false,
      frequentlyForwarded: false,
      referredProductId: 'di9ozbzfi4',
    });
    // A quick reply names the template message it answers.
    expect(contextOfMessage(item('cloud', 'button'))?.replyTo).toBe(sub(item('cloud', 'button'), 'context').id);
  });

  it("reads an edit's context from its new version", () => {
    const edit = { type: 'edit', edit: { original_message_id: 'wamid.X=', message: { context: { id: 'wamid.Q==' }, type: 'text', text: { body: 'b' } } } };
    expect(contextOfMessage(edit)).toMatchObject({ replyTo: 'wamid.Q==' });
  });

  it("an edit's new version naming the message it edits is no reply: replyTo null, its flags kept", () => {
    const edit = {
      type: 'edit',
      edit: { original_message_id: 'wamid.M0', message: { context: { id: 'wamid.M0', forwarded: true }, type: 'text', text: { body: 'b' } } },
    };
    expect(contextOfMessage(edit)).toEqual({ replyTo: null, replyToFrom: null, forwarded: true, frequentlyForwarded: false, referredProductId: null });
    const selfOnly = { type: 'edit', edit: { original_message_id: 'wamid.M0', message: { context: { id: 'wamid.M0' }, type: 'text', text: { body: 'b' } } } };
    expect(contextOfMessage(selfOnly)).toBeNull();
  });

  it('names the message a reaction, an edit or a revoke changes; none for other items', () => {
    for (const hosting of ['cloud', 'on-premise'] as const) {
      expect(changedMessageIdOf(item(hosting, 'reaction'))).toBe(sub(item(hosting, 'reaction'), 'reaction').message_id);
      expect(changedMessageIdOf(item(hosting, 'text'))).toBeNull();
    }
    expect(changedMessageIdOf(item('cloud', 'edit'))).toBe(sub(item('cloud', 'edit'), 'edit').original_message_id);
    expect(changedMessageIdOf(item('cloud', 'revoke'))).toBe(sub(item('cloud', 'revoke'), 'revoke').original_message_id);
    expect(changedMessageIdOf({ type: 'reaction', reaction: { emoji: '👍' } })).toBeNull();
  });

  it("a send's context is the message it answers (`context.message_id`)", () => {
    expect(contextOfSentBody({ type: 'text', context: { message_id: 'wamid.Q' }, text: { body: 'b' } })).toMatchObject({
      replyTo: 'wamid.Q',
      forwarded: false,
    });
    expect(contextOfSentBody({ type: 'text', text: { body: 'b' } })).toBeNull();
  });

  it('reads every field of a click-to-chat referral', () => {
    for (const hosting of ['cloud', 'on-premise'] as const) {
      const referral = sub(item(hosting, 'referral'), 'referral');
      expect(referralOfMessage(item(hosting, 'referral'))).toEqual({
        sourceUrl: referral.source_url,
        sourceType: referral.source_type,
        sourceId: referral.source_id,
        headline: referral.headline,
        body: referral.body,
        mediaType: referral.media_type,
        ctwaClid: referral.ctwa_clid ?? null,
      });
      expect(referralOfMessage(item(hosting, 'text'))).toBeNull();
    }
    expect(referralOfMessage(item('cloud', 'referral'))?.ctwaClid).toMatch(/^Aff-/);
  });
});

describe('contentOfSentBody: the bodies the gateway builds', () => {
  const body = (input: Partial<SendMessageInput>, hosting: 'CLOUD' | 'ON_PREMISE' = 'CLOUD') =>
    buildSendMessageBody({ to: '16505551234', ...input }, { hosting, messagingProduct: 'whatsapp' });

  it('text, media by id and by link, location, contacts, template, interactive on both hostings', () => {
    for (const hosting of ['CLOUD', 'ON_PREMISE'] as const) {
      expect(contentOfSentBody(body({ text: { body: 'Hello there' } }, hosting))).toEqual({ __typename: 'TextContent', body: 'Hello there' });
      expect(contentOfSentBody(body({ image: { id: 'media-7', caption: 'Look' } }, hosting))).toEqual({
        __typename: 'MediaContent',
        kind: 'IMAGE',
        mediaId: 'media-7',
        link: null,
        mimeType: null,
        sha256: null,
        caption: 'Look',
        fileName: null,
        voice: null,
        animated: null,
      });
      expect(contentOfSentBody(body({ document: { link: 'https://example.com/a.pdf', filename: 'a.pdf' } }, hosting))).toMatchObject({
        kind: 'DOCUMENT',
        mediaId: null,
        link: 'https://example.com/a.pdf',
        fileName: 'a.pdf',
      });
      expect(contentOfSentBody(body({ audio: { id: 'media-8' } }, hosting))).toMatchObject({ kind: 'AUDIO', voice: false });
      expect(contentOfSentBody(body({ location: { latitude: 52.52, longitude: 13.405, name: 'Berlin', address: 'Mitte' } }, hosting))).toEqual({
        __typename: 'LocationContent',
        latitude: 52.52,
        longitude: 13.405,
        name: 'Berlin',
        address: 'Mitte',
        url: null,
      });
      const contacts = contentOfSentBody(
        body({ contacts: [{ name: { formattedName: 'Ana Ruiz', firstName: 'Ana' }, phones: [{ phone: '+49 151 1234', waId: '491511234' }] }] }, hosting),
      );
      expect(contacts).toMatchObject({
        contacts: [{ formattedName: 'Ana Ruiz', firstName: 'Ana', phones: [{ phone: '+49 151 1234', waId: '491511234', type: null }], emails: [] }],
      });
      expect(previewOf(contacts)).toBe('👤 Ana Ruiz');
      const template = contentOfSentBody(body({ template: { name: 'order_update', languageCode: 'en_US' } }, hosting));
      expect(template).toEqual({ __typename: 'TemplateContent', name: 'order_update', language: 'en_US', parameters: [] });
      expect(previewOf(template)).toBe('Template: order_update');
      const interactive = body({ interactive: { type: 'button', body: { text: 'Pick one' }, action: { buttons: [] } } }, hosting);
      expect(contentOfSentBody(interactive)).toEqual({
        __typename: 'InteractiveContent',
        interactiveKind: 'BUTTONS',
        header: null,
        bodyText: 'Pick one',
        footer: null,
        options: [],
      });
      // A raw interactive of a type the gateway does not model still shows its body's text.
      const other = body({ interactive: { type: 'carousel', body: { text: 'Swipe' }, action: {} } }, hosting);
      expect(contentOfSentBody(other)).toEqual({ __typename: 'TextContent', body: 'Swipe' });
    }
  });

  it('an echo of an interactive message sent from another app reads as the sent message, not as a reply', () => {
    const echo = { from: '15550783881', to: '16505551234', id: 'wamid.E==', timestamp: '1749416383', type: 'interactive' };
    const buttons = { type: 'button', body: { text: 'Pick one' }, action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A' } }] } };
    expect(contentOfMessage('channel-001', { ...echo, interactive: buttons })).toMatchObject({
      __typename: 'InteractiveContent',
      interactiveKind: 'BUTTONS',
      options: [{ id: 'a', title: 'A', description: null }],
    });
  });

  it('a reaction body (cloud), its removal, and bodies that are not content', () => {
    const reaction = { messaging_product: 'whatsapp', to: '1', type: 'reaction', reaction: { message_id: 'wamid.R==', emoji: '😀' } };
    expect(contentOfSentBody(reaction)).toEqual({ __typename: 'ReactionContent', messageId: 'wamid.R==', emoji: '😀', removed: false });
    expect(contentOfSentBody({ ...reaction, reaction: { message_id: 'wamid.R==', emoji: '' } })).toMatchObject({ emoji: null, removed: true });
    expect(contentOfSentBody({ type: 'interactive', interactive: { type: 'carousel' } })).toEqual({ __typename: 'UnsupportedContent', errors: [] });
    for (const odd of [null, 'text', [], {}, { type: 7 }, { type: 'hsm', hsm: {} }]) {
      expect(contentOfSentBody(odd)).toEqual({ __typename: 'UnsupportedContent', errors: [] });
    }
  });
});

describe('previewOf', () => {
  it('an order says its product lines, and its items when every line says how many; a request_welcome that the user opened the chat', () => {
    const line = (quantity: number | null) => ({ productRetailerId: 'p', quantity, itemPrice: null, currency: null });
    const order = (quantities: Array<number | null>) => previewOf({ __typename: 'OrderContent', catalogId: null, text: null, items: quantities.map(line) });
    expect(order([2, 4, 1])).toBe('Order: 3 products, 7 items');
    expect(order([1])).toBe('Order: 1 product, 1 item');
    expect(order([2, null])).toBe('Order: 2 products');
    expect(order([])).toBe('Order: 0 products');
    const welcome = { from: '16505551234', id: 'wamid.W', timestamp: '1749416383', type: 'request_welcome' };
    expect(contentOfMessage(CHANNEL, welcome)).toEqual({
      __typename: 'SystemContent',
      systemType: 'request_welcome',
      body: null,
      newWaId: null,
      newUserId: null,
    });
    expect(previewOfMessage(CHANNEL, welcome)).toBe('Opened the chat');
  });

  it('cuts a long line at PREVIEW_MAX characters with "…" and joins lines', () => {
    const long = '🌵'.repeat(150);
    const preview = previewOf({ __typename: 'TextContent', body: long })!;
    expect(Array.from(preview)).toHaveLength(PREVIEW_MAX);
    expect(preview.endsWith('…')).toBe(true);
    expect(previewOf({ __typename: 'TextContent', body: 'x'.repeat(PREVIEW_MAX) })).toBe('x'.repeat(PREVIEW_MAX));
    expect(previewOf({ __typename: 'TextContent', body: 'two\n\n  lines\t here ' })).toBe('two lines here');
    expect(previewOf({ __typename: 'TextContent', body: ' \n ' })).toBeNull();
  });

  it('falls back from name to address to coordinates, and counts several contacts', () => {
    const place = { __typename: 'LocationContent', latitude: 52.52, longitude: -13.4, name: null, address: null, url: null } as const;
    expect(previewOf(place)).toBe('📍 52.52, -13.4');
    expect(previewOf({ ...place, address: 'Unter den Linden' })).toBe('📍 Unter den Linden');
    const card = contentOfSentBody({ type: 'contacts', contacts: [{ name: { formatted_name: 'A' } }, { name: { formatted_name: 'B' } }, { name: {} }] });
    expect(previewOf(card)).toBe('👤 A +2');
    expect(previewOf({ __typename: 'ContactsContent', contacts: [] })).toBe('👤 Contact');
    expect(
      previewOf({
        __typename: 'OrderContent',
        catalogId: null,
        text: null,
        items: [{ productRetailerId: 'p', quantity: null, itemPrice: null, currency: null }],
      }),
    ).toBe('Order: 1 product');
    expect(previewOf({ __typename: 'SystemContent', systemType: 'user_changed_user_id', body: null, newWaId: null, newUserId: null })).toBe(
      'user_changed_user_id',
    );
    expect(
      previewOf({
        __typename: 'MediaContent',
        kind: 'IMAGE',
        caption: '  ',
        mediaId: null,
        link: null,
        mimeType: null,
        sha256: null,
        fileName: null,
        voice: null,
        animated: null,
      }),
    ).toBe('Photo');
  });
});

describe('hostile and malformed input: never a throw, nulls or UnsupportedContent', () => {
  const message = (type: unknown, fields: Json = {}) => ({ from: '1', id: 'wamid.H==', timestamp: '1', type, ...fields });
  const mapped = (type: unknown, fields: Json = {}) => contentOfMessage(CHANNEL, message(type, fields));
  const none = { __typename: 'UnsupportedContent', errors: [] };

  it('items that are not objects, or have no type', () => {
    for (const odd of [undefined, null, 1, 'text', [], [{ type: 'text' }], {}, { type: null }, { type: ['text'] }]) {
      expect(contentOfMessage(CHANNEL, odd)).toEqual(none);
      expect(contextOfMessage(odd)).toBeNull();
      expect(referralOfMessage(odd)).toBeNull();
      expect(editedMessageIdOf(odd)).toBeNull();
      expect(revokedMessageIdOf(odd)).toBeNull();
    }
  });

  it('a required field missing or of the wrong kind gives UnsupportedContent', () => {
    expect(mapped('text')).toEqual(none);
    expect(mapped('text', { text: { body: 42 } })).toEqual(none);
    expect(mapped('text', { text: 'hello' })).toEqual(none);
    expect(mapped('location', { location: { latitude: 'north', longitude: 1 } })).toEqual(none);
    expect(mapped('location', { location: { latitude: 1 } })).toEqual(none);
    expect(mapped('contacts', { contacts: { name: 'x' } })).toEqual(none);
    expect(mapped('reaction', { reaction: { emoji: '👍' } })).toEqual(none);
    expect(mapped('reaction', { reaction: { message_id: '', emoji: '👍' } })).toEqual(none);
    expect(mapped('button', { button: { payload: 'p' } })).toEqual(none);
    expect(mapped('interactive', { interactive: { type: 'call_permission_reply' } })).toEqual(none);
    expect(mapped('interactive')).toEqual(none);
    expect(mapped('order', { order: [] })).toEqual(none);
    expect(mapped('system', { system: { body: 'no type' } })).toEqual(none);
    expect(mapped('template', { template: { name: 'n' } })).toEqual(none);
    expect(mapped('poll', { poll: {} })).toEqual(none);
    // Names that exist on every object's prototype are not kinds.
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) expect(mapped(type)).toEqual(none);
  });

  it('malformed optional sub-objects give nulls, empty lists and plain false', () => {
    expect(mapped('image', { image: 'not an object' })).toEqual({
      __typename: 'MediaContent',
      kind: 'IMAGE',
      mediaId: null,
      link: null,
      mimeType: null,
      sha256: null,
      caption: null,
      fileName: null,
      voice: null,
      animated: null,
    });
    expect(mapped('audio', { audio: { id: 5, voice: 'yes' } })).toMatchObject({ mediaId: '5', voice: false });
    expect(mapped('sticker', { sticker: { animated: 1 } })).toMatchObject({ animated: false });
    expect(mapped('image', { image: { id: {}, caption: ['x'], mime_type: null, sha256: Number.NaN } })).toMatchObject({
      mediaId: null,
      caption: null,
      mimeType: null,
    });
    expect(mapped('location', { location: { latitude: '52.5', longitude: 13, name: { text: 'x' } } })).toEqual({
      __typename: 'LocationContent',
      latitude: 52.5,
      longitude: 13,
      name: null,
      address: null,
      url: null,
    });
    expect(mapped('contacts', { contacts: [null, 'x', { name: 'x', phones: 'y', emails: [null, { email: 3 }], org: [], urls: {}, addresses: [[]] }] })).toEqual(
      {
        __typename: 'ContactsContent',
        contacts: [
          {
            formattedName: '',
            firstName: null,
            lastName: null,
            middleName: null,
            prefix: null,
            suffix: null,
            birthday: null,
            phones: [],
            emails: [{ email: '3', type: null }],
            organization: null,
            urls: [],
            addresses: [],
          },
        ],
      },
    );
    expect(mapped('contacts', { contacts: [{ name: { first_name: 'Ana', last_name: 'Ruiz' } }] })).toMatchObject({ contacts: [{ formattedName: 'Ana Ruiz' }] });
    expect(mapped('interactive', { interactive: { type: 'button_reply', button_reply: null } })).toMatchObject({ kind: 'BUTTON', replyId: null, title: null });
    expect(previewOf(mapped('interactive', { interactive: { type: 'list_reply' } }))).toBeNull();
    expect(
      mapped('order', { order: { product_items: [null, { quantity: 2 }, { product_retailer_id: 'p', quantity: 1e12, item_price: 'free', currency: 9 }] } }),
    ).toEqual({
      __typename: 'OrderContent',
      catalogId: null,
      text: null,
      items: [{ productRetailerId: 'p', quantity: null, itemPrice: null, currency: '9' }],
    });
    expect(mapped('order', { order: { product_items: [{ product_retailer_id: 'p', quantity: 2.5 }] } })).toMatchObject({ items: [{ quantity: null }] });
    expect(mapped('system', { system: { type: 'user_changed_number', wa_id: '', new_wa_id: 4915 } })).toMatchObject({ newWaId: '4915' });
    expect(mapped('unsupported', { errors: 'boom' })).toEqual(none);
    expect(mapped('unknown', { errors: [null, 'x', { code: 'abc', title: 5 }] })).toMatchObject({ errors: [{ code: null, title: '5' }] });
  });

  it('a flow response that is not JSON gives null, JSON that is not an object is kept', () => {
    const flow = (response_json: unknown) => mapped('interactive', { interactive: { type: 'nfm_reply', nfm_reply: { response_json, body: 'Sent' } } });
    expect(flow('{not json')).toMatchObject({ kind: 'FLOW', flowResponse: null, title: 'Sent' });
    expect(flow(undefined)).toMatchObject({ flowResponse: null });
    expect(flow({ already: 'object' })).toMatchObject({ flowResponse: null });
    expect(flow('[1,2]')).toMatchObject({ flowResponse: [1, 2] });
    expect(flow('"text"')).toMatchObject({ flowResponse: 'text' });
    // Nested as deep as a webhook body may be, and one level deeper.
    const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
    expect(flow(nested(32))).toMatchObject({ flowResponse: JSON.parse(nested(32)) as unknown });
    expect(flow(nested(33))).toMatchObject({ flowResponse: null });
    expect(flow(nested(100_000))).toMatchObject({ flowResponse: null });
  });

  it('edits and revokes without their sub-object, or an edit of an edit', () => {
    expect(mapped('edit')).toEqual(none);
    expect(mapped('edit', { edit: { original_message_id: 'wamid.O==', message: 'text' } })).toEqual(none);
    expect(mapped('edit', { edit: { message: { type: 'edit', edit: { message: { type: 'text', text: { body: 'deep' } } } } } })).toEqual(none);
    expect(editedMessageIdOf(message('edit', { edit: { original_message_id: 12 } }))).toBe('12');
    expect(editedMessageIdOf(message('edit', { edit: { original_message_id: '' } }))).toBeNull();
    expect(revokedMessageIdOf(message('revoke', { revoke: null }))).toBeNull();
    expect(revokedMessageIdOf(message('text', { revoke: { original_message_id: 'wamid.O==' } }))).toBeNull();
    expect(previewOfMessage(CHANNEL, message('revoke', {}))).toBe('Unsupported message');
  });

  it('context and referral sub-objects of the wrong kind', () => {
    expect(contextOfMessage(message('text', { context: 'wamid.X' }))).toBeNull();
    expect(contextOfMessage(message('text', { context: { id: 5, forwarded: 'true', referred_product: 'p' } }))).toEqual({
      replyTo: '5',
      replyToFrom: null,
      forwarded: false,
      frequentlyForwarded: false,
      referredProductId: null,
    });
    expect(referralOfMessage(message('text', { referral: [] }))).toBeNull();
    expect(referralOfMessage(message('text', { referral: { source_url: {}, headline: 'h' } }))).toEqual({
      sourceUrl: null,
      sourceType: null,
      sourceId: null,
      headline: 'h',
      body: null,
      mediaType: null,
      ctwaClid: null,
    });
  });
});
