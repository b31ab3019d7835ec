import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { messagingState } from '../../simulator/messaging-routes.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { waitUntil } from '../support/events.js';

/**
 * `/_control/inbound` for every kind, on a cloud and an on-premise channel, read as a test receiver gets it over HTTP.
 * The expected shapes are written out here from the interface (spec §6) and the platform's public webhook reference,
 * not taken from the simulator's builders or the gateway's parser.
 */

const CLOUD = 'channel-001';
const ON_PREMISE = 'channel-003';
const CONTACT = '4915112345678';
const USER_ID = 'US.13491208655302741918';
const PARENT_USER_ID = 'US.ENT.11815799212886844830';

type Json = Record<string, unknown>;

describe('simulator: /_control/inbound speaks real traffic', () => {
  let simulator: Simulator;
  let receiver: Server;
  const received: Json[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString()) as Json);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    simulator = await startSimulator({ webhooks: { retryBaseMs: 5 } });
    for (const channelId of [CLOUD, ON_PREMISE]) simulator.state.webhooks.set(channelId, { url, headers: {} });
  });

  afterAll(async () => {
    await simulator.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  beforeEach(() => {
    received.length = 0;
  });

  const post = async (body: Json) => {
    const response = await fetch(`${simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  /** Posts one item and returns the answer and the notification the receiver got for it. */
  const deliver = async (body: Json) => {
    const answer = await post(body);
    expect(answer.status).toBe(202);
    await waitUntil(() => received.length === 1, 'the notification at the receiver');
    return { answer: answer.body, notification: received[0] };
  };

  /** The cloud envelope (spec §6) around one change; returns its value. */
  const cloudValue = (notification: Json, field: string): Json => {
    expect(notification).toEqual({
      object: 'chat_business_account',
      entry: [{ id: 'waba-1', changes: [{ field, value: expect.any(Object) }] }],
    });
    const value = (notification.entry as Array<{ changes: Array<{ value: Json }> }>)[0].changes[0].value;
    expect(value.messaging_product).toBe('whatsapp');
    expect(value.metadata).toEqual({ display_phone_number: '49305550000', phone_number_id: `pn-${CLOUD}` });
    return value;
  };

  const cloudMessage = async (body: Json) => {
    const { answer, notification } = await deliver({ channelId: CLOUD, from: CONTACT, ...body });
    const value = cloudValue(notification, 'messages');
    expect(Object.keys(value).sort()).toEqual(['contacts', 'messages', 'messaging_product', 'metadata']);
    expect(value.contacts).toEqual([{ profile: { name: 'Mia Schneider' }, wa_id: CONTACT }]);
    const [message] = value.messages as Json[];
    expect(message).toMatchObject({ from: CONTACT, id: answer.messageId, timestamp: String(answer.timestamp) });
    return { answer, message };
  };

  const onPremiseMessage = async (body: Json) => {
    const { answer, notification } = await deliver({ channelId: ON_PREMISE, from: CONTACT, ...body });
    // On-premise: the arrays at the root, no envelope.
    expect(Object.keys(notification).sort()).toEqual(['contacts', 'messages']);
    expect(notification.contacts).toEqual([{ profile: { name: 'Mia Schneider' }, wa_id: CONTACT }]);
    const [message] = notification.messages as Json[];
    expect(message).toMatchObject({ from: CONTACT, id: answer.messageId, timestamp: String(answer.timestamp) });
    return { answer, message };
  };

  const key = (channelId: string) => ({ 'svc-api-key': `sim-key-${channelId}` });
  const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

  describe('text keeps the older body working', () => {
    it('{channelId, from, text, name, hoursAgo} without a kind is a text message, written that long ago', async () => {
      const { answer, message } = await cloudMessage({ text: 'Is my order on its way?', hoursAgo: 2 });
      // The upstream's form: base64 with padding after `wamid.`; the simulator's ids always hold `+` and `/` too.
      expect(answer).toEqual({
        kind: 'text',
        messageId: expect.stringMatching(/^wamid\.[A-Za-z0-9+/]*\+[A-Za-z0-9+/]*={1,2}$/),
        timestamp: expect.any(Number),
      });
      expect(answer.messageId).toContain('/');
      expect(Math.abs((answer.timestamp as number) - (Date.now() / 1000 - 7200))).toBeLessThan(5);
      expect(message).toEqual({
        from: CONTACT,
        id: answer.messageId,
        timestamp: String(answer.timestamp),
        type: 'text',
        text: { body: 'Is my order on its way?' },
      });
    });

    it('on-premise: the same text at the root', async () => {
      const { message } = await onPremiseMessage({ kind: 'text', text: 'Hallo', timestamp: 1_760_000_000 });
      expect(message).toEqual({ from: CONTACT, id: expect.any(String), timestamp: '1760000000', type: 'text', text: { body: 'Hallo' } });
    });
  });

  describe('media kinds name a file the simulator serves', () => {
    it('cloud image with caption: the media id resolves to a record whose link downloads the same bytes', async () => {
      const { answer, message } = await cloudMessage({ kind: 'image', caption: 'The parcel arrived damaged' });
      expect(message.type).toBe('image');
      const image = message.image as Json;
      expect(image).toEqual({
        id: expect.stringMatching(/^\d+$/),
        mime_type: 'image/png',
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        caption: 'The parcel arrived damaged',
      });
      expect(answer.mediaId).toBe(image.id);

      const record = await fetch(`${simulator.urls.cloud}/${image.id as string}`, { headers: key(CLOUD) });
      expect(record.status).toBe(200);
      const { url, sha256: recordSha, mime_type } = (await record.json()) as Json;
      expect([recordSha, mime_type]).toEqual([image.sha256, 'image/png']);
      const link = new URL(url as string);
      const file = await fetch(`${simulator.urls.cloud}${link.pathname}${link.search}`, { headers: key(CLOUD) });
      expect(file.status).toBe(200);
      const bytes = await file.arrayBuffer();
      expect(sha256(bytes)).toBe(image.sha256);
      expect(Buffer.from(bytes).subarray(1, 4).toString()).toBe('PNG');
    });

    it("on-premise image: GET /v1/media/{id} answers the bytes of the notification's sha256", async () => {
      const { message } = await onPremiseMessage({ kind: 'image', caption: 'Receipt' });
      const image = message.image as Json;
      expect(image).toEqual({
        file: `/usr/local/wamedia/shared/${image.id as string}`,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        mime_type: 'image/png',
        sha256: expect.any(String),
        caption: 'Receipt',
      });
      const file = await fetch(`${simulator.urls.onPremise}/v1/media/${image.id as string}`, { headers: key(ON_PREMISE) });
      expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/png']);
      expect(sha256(await file.arrayBuffer())).toBe(image.sha256);
    });

    it("a media id is the channel's own: another channel cannot fetch it", async () => {
      const { message } = await cloudMessage({ kind: 'sticker' });
      const other = await fetch(`${simulator.urls.cloud}/${(message.sticker as Json).id as string}`, { headers: key('channel-002') });
      expect(other.status).toBe(404);
    });

    it.each([
      ['video', { caption: 'Unboxing' }, 'video', { mime_type: 'video/mp4', caption: 'Unboxing' }],
      ['audio', {}, 'audio', { mime_type: 'audio/mpeg', voice: false }],
      ['voice', {}, 'audio', { mime_type: 'audio/ogg; codecs=opus', voice: true }],
      [
        'document',
        { caption: 'Invoice 4711', fileName: 'invoice-4711.pdf' },
        'document',
        { mime_type: 'application/pdf', caption: 'Invoice 4711', filename: 'invoice-4711.pdf' },
      ],
      ['sticker', { animated: true }, 'sticker', { mime_type: 'image/webp', animated: true }],
    ])('cloud %s: type %s with the platform reference fields', async (kind, extra, type, fields) => {
      const { message } = await cloudMessage({ kind, ...extra });
      expect(message.type).toBe(type);
      expect(message[type]).toEqual({ id: expect.stringMatching(/^\d+$/), sha256: expect.stringMatching(/^[0-9a-f]{64}$/), ...fields });
    });

    it.each([
      ['video', { caption: 'Unboxing' }, 'video', { mime_type: 'video/mp4', caption: 'Unboxing' }],
      ['audio', {}, 'audio', { mime_type: 'audio/mpeg' }],
      // On-premise has its own type for voice notes, and no voice/animated flags.
      ['voice', {}, 'voice', { mime_type: 'audio/ogg; codecs=opus' }],
      ['document', { fileName: 'invoice-4711.pdf' }, 'document', { mime_type: 'application/pdf', filename: 'invoice-4711.pdf' }],
      ['sticker', {}, 'sticker', { mime_type: 'image/webp' }],
    ])('on-premise %s: type %s', async (kind, extra, type, fields) => {
      const { message } = await onPremiseMessage({ kind, ...extra });
      expect(message.type).toBe(type);
      expect(message[type]).toEqual({
        file: expect.stringMatching(/^\/usr\/local\/wamedia\/shared\//),
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        ...fields,
      });
      const file = await fetch(`${simulator.urls.onPremise}/v1/media/${(message[type] as Json).id as string}`, { headers: key(ON_PREMISE) });
      expect(file.status).toBe(200);
    });
  });

  it('/_control/inbound-file up to 100 MB: a document naming a file the simulator serves', async () => {
    const response = await fetch(`${simulator.baseUrl()}/_control/inbound-file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId: ON_PREMISE, from: CONTACT, bytes: 5_000_000 }),
    });
    expect(response.status).toBe(202);
    await waitUntil(() => received.length === 1, 'the notification at the receiver');
    const [message] = received[0].messages as Json[];
    expect(message).toMatchObject({ type: 'document', document: { mime_type: 'application/pdf', filename: 'file' } });
    const file = await fetch(`${simulator.urls.onPremise}/v1/media/${(message.document as Json).id as string}`, { headers: key(ON_PREMISE) });
    expect(file.status).toBe(200);
    expect(sha256(await file.arrayBuffer())).toBe((message.document as Json).sha256);
  });

  describe('structured kinds, both hostings', () => {
    /** Each hosting with the channel's own number, which `context.from` names. */
    const both: Array<[string, (body: Json) => ReturnType<typeof cloudMessage>, string]> = [
      ['cloud', (body: Json) => cloudMessage(body), '49305550000'],
      ['on-premise', (body: Json) => onPremiseMessage(body), '49305550002'],
    ];

    it.each(both)('%s location', async (_hosting, send) => {
      const { message } = await send({ kind: 'location', latitude: 48.137154, longitude: 11.576124, locationName: 'Marienplatz', address: '80331 München' });
      expect(message).toMatchObject({
        type: 'location',
        location: { latitude: 48.137154, longitude: 11.576124, name: 'Marienplatz', address: '80331 München' },
      });
    });

    it.each(both)('%s contacts card (default card, and one given in the upstream shape)', async (_hosting, send) => {
      const { message } = await send({ kind: 'contacts' });
      expect(message.type).toBe('contacts');
      expect(message.contacts).toEqual([
        expect.objectContaining({
          name: expect.objectContaining({ formatted_name: expect.any(String) }),
          phones: [expect.objectContaining({ wa_id: expect.any(String) })],
        }),
      ]);
      received.length = 0;
      const card = { name: { formatted_name: 'Jo Bauer', first_name: 'Jo' }, phones: [{ phone: '+49 151 1234-5678', type: 'CELL' }] };
      const { message: given } = await send({ kind: 'contacts', contacts: [card] });
      expect(given.contacts).toEqual([card]);
    });

    it.each(both)('%s button reply answers the message it names', async (_hosting, send, businessNumber) => {
      const { message } = await send({ kind: 'button_reply', replyId: 'yes', title: 'Yes', replyTo: 'wamid.PROMPT1' });
      expect(message).toMatchObject({
        context: { from: businessNumber, id: 'wamid.PROMPT1' },
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
      });
    });

    it.each(both)('%s list reply (a context even without replyTo: answers always have one)', async (hosting, send, businessNumber) => {
      const { message } = await send({ kind: 'list_reply', replyId: 'row-2', title: 'Tuesday', description: '10:00' });
      expect(message).toMatchObject({
        // Base64 with padding, after `wamid.` on cloud only.
        context: { from: businessNumber, id: expect.stringMatching(hosting === 'cloud' ? /^wamid\.[A-Za-z0-9+/]+={1,2}$/ : /^[A-Za-z0-9+/]+={1,2}$/) },
        type: 'interactive',
        interactive: { type: 'list_reply', list_reply: { id: 'row-2', title: 'Tuesday', description: '10:00' } },
      });
    });

    it.each(both)('%s template quick-reply button', async (_hosting, send) => {
      const { message } = await send({ kind: 'template_button', text: 'Stop promotions', payload: 'STOP' });
      expect(message).toMatchObject({ type: 'button', button: { text: 'Stop promotions', payload: 'STOP' }, context: expect.any(Object) });
    });

    it.each(both)('%s reaction, and its removal', async (hosting, send) => {
      const { message } = await send({ kind: 'reaction', messageId: 'wamid.HBgLNDkxNTExMjM0NTY3OBUCABEYEjQ=', emoji: '👍' });
      expect(message).toMatchObject({ type: 'reaction', reaction: { message_id: 'wamid.HBgLNDkxNTExMjM0NTY3OBUCABEYEjQ=', emoji: '👍' } });
      received.length = 0;
      const { message: removal } = await send({ kind: 'reaction', messageId: 'wamid.HBgLNDkxNTExMjM0NTY3OBUCABEYEjQ=' });
      // Cloud leaves the emoji out, on-premise sends it empty.
      expect(removal.reaction).toEqual({
        message_id: 'wamid.HBgLNDkxNTExMjM0NTY3OBUCABEYEjQ=',
        ...(hosting === 'on-premise' && { emoji: '' }),
      });
    });

    it.each(both)('%s order', async (_hosting, send) => {
      const { message } = await send({
        kind: 'order',
        catalogId: 'cat-7',
        text: 'Gift wrap please',
        items: [{ productRetailerId: 'sku-1', quantity: 3, itemPrice: 12.5, currency: 'EUR' }],
      });
      expect(message).toMatchObject({
        type: 'order',
        order: {
          catalog_id: 'cat-7',
          text: 'Gift wrap please',
          product_items: [{ product_retailer_id: 'sku-1', quantity: 3, item_price: 12.5, currency: 'EUR' }],
        },
      });
    });

    it('cloud flow reply: nfm_reply with response_json as a string', async () => {
      const { message } = await cloudMessage({ kind: 'flow_reply', flowResponse: { flow_token: 't-1', rating: '4' } });
      expect(message).toMatchObject({ type: 'interactive', interactive: { type: 'nfm_reply', nfm_reply: { name: 'flow', body: 'Sent' } } });
      expect(JSON.parse(((message.interactive as Json).nfm_reply as Json).response_json as string)).toEqual({ flow_token: 't-1', rating: '4' });
    });

    it('cloud unsupported, on-premise unknown: the item carries its errors', async () => {
      const { message } = await cloudMessage({ kind: 'unsupported' });
      expect(message).toMatchObject({
        type: 'unsupported',
        errors: [expect.objectContaining({ code: 131051, error_data: { details: expect.any(String) } })],
        unsupported: { type: expect.any(String) },
      });
      received.length = 0;
      const { message: unknown } = await onPremiseMessage({ kind: 'unsupported' });
      expect(unknown).toMatchObject({
        type: 'unknown',
        errors: [expect.objectContaining({ code: expect.any(Number), title: expect.any(String), details: expect.any(String) })],
      });
    });

    it('a number change: system without a contacts array, cloud wa_id (user_changed_number), on-premise new_wa_id (customer_changed_number)', async () => {
      const { answer, notification } = await deliver({ channelId: CLOUD, from: CONTACT, kind: 'system', newWaId: '4915187654321' });
      const value = cloudValue(notification, 'messages');
      expect(value.contacts).toBeUndefined();
      expect(value.messages).toEqual([
        {
          from: CONTACT,
          id: answer.messageId,
          timestamp: String(answer.timestamp),
          type: 'system',
          system: { body: `User Mia Schneider changed from ${CONTACT} to 4915187654321`, wa_id: '4915187654321', type: 'user_changed_number' },
        },
      ]);
      received.length = 0;
      const onPremise = await deliver({ channelId: ON_PREMISE, from: CONTACT, kind: 'system', newWaId: '4915187654321' });
      expect(Object.keys(onPremise.notification)).toEqual(['messages']);
      expect((onPremise.notification.messages as Json[])[0].system).toEqual({
        body: `User Mia Schneider changed from ${CONTACT} to 4915187654321`,
        new_wa_id: '4915187654321',
        type: 'customer_changed_number',
      });
    });
  });

  describe('cloud only: business-app coexistence, user ids, preferences', () => {
    it('a user id change: system without a contacts array or phone number, from_user_id the old id, user_id the new, previous_user_id the old', async () => {
      const { answer, notification } = await deliver({ channelId: CLOUD, userId: USER_ID, kind: 'system', newUserId: 'US.13491208655302749999' });
      const value = cloudValue(notification, 'messages');
      expect(value.contacts).toBeUndefined();
      expect(value.messages).toEqual([
        {
          from_user_id: USER_ID,
          id: answer.messageId,
          timestamp: String(answer.timestamp),
          type: 'system',
          system: {
            body: expect.stringContaining(`changed from ${USER_ID} to US.13491208655302749999`),
            user_id: 'US.13491208655302749999',
            previous_user_id: USER_ID,
            type: 'user_changed_user_id',
          },
        },
      ]);
    });

    it('a number change naming the new user id: user_changed_number with the new id in user_id and the previous in previous_user_id', async () => {
      const next = 'US.13491208655302758888';
      const { answer, notification } = await deliver({
        channelId: CLOUD,
        from: CONTACT,
        userId: USER_ID,
        kind: 'system',
        newWaId: '4915187654321',
        newUserId: next,
      });
      const value = cloudValue(notification, 'messages');
      expect(value.contacts).toBeUndefined();
      expect(value.messages).toEqual([
        {
          from: CONTACT,
          from_user_id: USER_ID,
          id: answer.messageId,
          timestamp: String(answer.timestamp),
          type: 'system',
          system: {
            body: `User Mia Schneider changed from ${CONTACT} to 4915187654321`,
            wa_id: '4915187654321',
            user_id: next,
            previous_user_id: USER_ID,
            type: 'user_changed_number',
          },
        },
      ]);
    });

    it('edit names the original message and carries the new content', async () => {
      const { message } = await cloudMessage({ kind: 'edit', messageId: 'wamid.ORIGINAL=', text: 'Corrected: 3 boxes' });
      expect(message).toMatchObject({
        type: 'edit',
        edit: { original_message_id: 'wamid.ORIGINAL=', message: { type: 'text', text: { body: 'Corrected: 3 boxes' } } },
      });
    });

    it('revoke names the original message', async () => {
      const { message } = await cloudMessage({ kind: 'revoke', messageId: 'wamid.ORIGINAL=' });
      expect(message).toMatchObject({ type: 'revoke', revoke: { original_message_id: 'wamid.ORIGINAL=' } });
    });

    it('a user-id-only sender: no from, from_user_id, profile username; contacts without wa_id', async () => {
      const { answer, notification } = await deliver({
        channelId: CLOUD,
        userId: USER_ID,
        parentUserId: PARENT_USER_ID,
        username: '@mia.s',
        name: 'Mia',
        text: 'Hi, I use a username now',
      });
      const value = cloudValue(notification, 'messages');
      expect(value.contacts).toEqual([{ profile: { name: 'Mia', username: '@mia.s' }, user_id: USER_ID, parent_user_id: PARENT_USER_ID }]);
      expect(value.messages).toEqual([
        {
          from_user_id: USER_ID,
          from_parent_user_id: PARENT_USER_ID,
          id: answer.messageId,
          timestamp: String(answer.timestamp),
          type: 'text',
          text: { body: 'Hi, I use a username now' },
        },
      ]);
    });

    it('a phone number beside the user id: both in contacts and the message', async () => {
      const { notification } = await deliver({ channelId: CLOUD, from: CONTACT, userId: USER_ID, kind: 'image' });
      const value = cloudValue(notification, 'messages');
      expect(value.contacts).toEqual([{ profile: { name: 'Mia Schneider' }, wa_id: CONTACT, user_id: USER_ID }]);
      expect((value.messages as Json[])[0]).toMatchObject({ from: CONTACT, from_user_id: USER_ID, type: 'image' });
    });

    it('an echo arrives under smb_message_echoes: from the business number to the contact', async () => {
      const { answer, notification } = await deliver({ channelId: CLOUD, from: CONTACT, kind: 'echo', text: 'Sent from the phone app' });
      const value = cloudValue(notification, 'smb_message_echoes');
      expect(Object.keys(value).sort()).toEqual(['message_echoes', 'messaging_product', 'metadata']);
      expect(value.message_echoes).toEqual([
        {
          from: '49305550000',
          to: CONTACT,
          id: answer.messageId,
          timestamp: String(answer.timestamp),
          type: 'text',
          text: { body: 'Sent from the phone app' },
        },
      ]);
    });

    it('a preference change arrives under user_preferences', async () => {
      const { answer, notification } = await deliver({ channelId: CLOUD, from: CONTACT, kind: 'preference', value: 'resume' });
      expect(answer).toEqual({ kind: 'preference', messageId: null, timestamp: expect.any(Number) });
      const value = cloudValue(notification, 'user_preferences');
      expect(value.contacts).toEqual([{ profile: { name: 'Mia Schneider' }, wa_id: CONTACT }]);
      expect(value.user_preferences).toEqual([
        { wa_id: CONTACT, detail: expect.stringContaining('resume'), category: 'marketing_messages', value: 'resume', timestamp: answer.timestamp },
      ]);
    });

    it.each([
      [{ kind: 'edit', messageId: 'wamid.X', text: 'x' }, 'kind edit exists only on cloud numbers'],
      [{ kind: 'revoke', messageId: 'wamid.X' }, 'kind revoke exists only on cloud numbers'],
      [{ kind: 'flow_reply' }, 'kind flow_reply exists only on cloud numbers'],
      [{ kind: 'echo', text: 'x' }, 'kind echo exists only on cloud numbers'],
      [{ kind: 'preference' }, 'kind preference exists only on cloud numbers'],
      [{ text: 'x', userId: USER_ID }, 'userId, parentUserId and username exist only on cloud numbers'],
      [{ kind: 'system', newWaId: '4915187654321', newUserId: USER_ID }, 'newUserId exists only on cloud numbers'],
    ])('on-premise refuses %j with 400, delivering nothing', async (body, message) => {
      const answer = await post({ channelId: ON_PREMISE, from: CONTACT, ...body });
      expect(answer).toEqual({ status: 400, body: { error: { code: 400, message: expect.stringContaining(message) } } });
      expect(received).toEqual([]);
    });
  });

  describe('the control body is checked, with clear 400s', () => {
    it.each([
      [{ channelId: CLOUD, from: CONTACT }, 'kind: must be one of text, image'],
      [{ channelId: CLOUD, from: CONTACT, kind: 'gif' }, 'kind: must be one of'],
      [{ channelId: CLOUD, text: 'hi' }, 'from: from (phone number) or userId (business-scoped user id) is required'],
      [{ channelId: CLOUD, from: 'abc', text: 'hi' }, 'from: must be a phone number in digits'],
      [{ channelId: CLOUD, userId: '13491208655302741918', text: 'hi' }, 'userId: must be a business-scoped user id'],
      [{ channelId: CLOUD, from: CONTACT, kind: 'reaction', emoji: '👍' }, 'messageId:'],
      [{ channelId: CLOUD, from: CONTACT, kind: 'text', caption: 'x', text: 'hi' }, 'caption'],
      [{ channelId: CLOUD, from: CONTACT, text: 'hi', timestamp: 1, hoursAgo: 1 }, 'hoursAgo: give timestamp or hoursAgo, not both'],
      [{ channelId: CLOUD, from: CONTACT, text: '' }, 'text:'],
      [{ channelId: CLOUD, from: CONTACT, kind: 'location', latitude: 91 }, 'latitude:'],
      [{ channelId: CLOUD, userId: USER_ID, kind: 'system', newWaId: '4915187654321' }, 'a number change needs the old number in from'],
      [{ channelId: CLOUD, from: CONTACT, kind: 'system' }, 'newWaId: a system notice is a number change (newWaId) or a user id change (newUserId)'],
      [
        { channelId: CLOUD, from: CONTACT, userId: USER_ID, kind: 'system', newUserId: 'US.13491208655302749999' },
        'userId: a user id change names the user by its old user id (userId) and no phone number (from)',
      ],
      [{ channelId: CLOUD, from: CONTACT, kind: 'system', newUserId: 'US.1' }, 'userId: a user id change names the user by its old user id'],
      [{ channelId: CLOUD, from: CONTACT, kind: 'order', items: [{ quantity: 1 }] }, 'items.0.productRetailerId:'],
    ])('%j → 400 naming the problem', async (body, message) => {
      const answer = await post(body);
      expect(answer).toEqual({ status: 400, body: { error: { code: 400, message: expect.stringContaining(message) } } });
    });

    it('an unknown channel is 404, a channel without webhook 409', async () => {
      expect((await post({ channelId: 'channel-nope', from: CONTACT, kind: 'voice' })).status).toBe(404);
      expect((await post({ channelId: 'channel-002', from: CONTACT, kind: 'voice' })).status).toBe(409);
    });
  });

  describe("the simulator's 24-hour window", () => {
    const lastInbound = (contact: string) => messagingState(simulator.state).lastInbound.get(CLOUD)?.get(contact);

    it("opens on a user's message of any kind, not on notices, echoes or preference changes", async () => {
      for (const [contact, body] of [
        ['4917000000001', { kind: 'system', newWaId: '4917000000009' }],
        ['4917000000002', { kind: 'echo', text: 'from the app' }],
        ['4917000000003', { kind: 'preference' }],
      ] as const) {
        await deliver({ channelId: CLOUD, from: contact, ...body });
        received.length = 0;
        expect(lastInbound(contact)).toBeUndefined();
      }
      const { answer } = await deliver({ channelId: CLOUD, from: '4917000000004', kind: 'reaction', messageId: 'wamid.X', emoji: '❤️' });
      expect(lastInbound('4917000000004')).toBe((answer.timestamp as number) * 1000);
      received.length = 0;
      const userOnly = await deliver({ channelId: CLOUD, userId: 'DE.777', kind: 'location' });
      expect(messagingState(simulator.state).lastInbound.get(CLOUD)?.get('DE.777')).toBe((userOnly.answer.timestamp as number) * 1000);
    });
  });
});

describe('simulator: live traffic (SIMULATOR_LIVE_EVENTS_MS) mixes kinds', () => {
  /** The kind a notification shows, read from its shape as a receiver would. */
  const kindOf = (notification: Json): string => {
    const value = Array.isArray(notification.entry)
      ? (notification.entry as Array<{ changes: Array<{ field: string; value: Json }> }>)[0].changes[0]
      : { field: 'messages', value: notification };
    if (value.field === 'smb_message_echoes') return 'echo';
    if (value.field === 'user_preferences') return 'preference';
    const [message] = value.value.messages as Json[];
    const type = message.type as string;
    if (type === 'interactive')
      return { button_reply: 'button_reply', list_reply: 'list_reply', nfm_reply: 'flow_reply' }[(message.interactive as Json).type as string]!;
    if (type === 'audio' && (message.audio as Json).voice === true) return 'voice';
    if (type === 'button') return 'template_button';
    if (type === 'unknown') return 'unsupported';
    if (type === 'text' && message.from === undefined) return 'text (user id only)';
    return type;
  };

  it('every channel with a webhook receives mostly texts and every kind its hosting has, each in its shape', async () => {
    const received = new Map<string, Json[]>();
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const channelId = request.url!.slice(1);
        received.set(channelId, [...(received.get(channelId) ?? []), JSON.parse(Buffer.concat(chunks).toString()) as Json]);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const simulator = await startSimulator({ webhooks: { liveEventsMs: 15 } });
    try {
      for (const channelId of [CLOUD, ON_PREMISE]) simulator.state.webhooks.set(channelId, { url: `${base}/${channelId}`, headers: {} });
      // Two cycles of 60 ticks: every kind has come at least once whatever the order deliveries finish in.
      await waitUntil(() => (received.get(CLOUD)?.length ?? 0) >= 120 && (received.get(ON_PREMISE)?.length ?? 0) >= 120, '120 live items per channel', {
        deadlineMs: 15_000,
      });
    } finally {
      await simulator.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
    const cloudKinds = received.get(CLOUD)!.map(kindOf);
    expect(new Set(cloudKinds)).toEqual(
      new Set([
        'text',
        'text (user id only)',
        'image',
        'voice',
        'location',
        'button_reply',
        'reaction',
        'document',
        'list_reply',
        'contacts',
        'sticker',
        'template_button',
        'edit',
        'video',
        'order',
        'audio',
        'flow_reply',
        'revoke',
        'echo',
        'system',
        'preference',
        'unsupported',
      ]),
    );
    expect(cloudKinds.filter((kind) => kind.startsWith('text')).length / cloudKinds.length).toBeGreaterThan(0.6);
    const onPremiseKinds = received.get(ON_PREMISE)!.map(kindOf);
    expect(new Set(onPremiseKinds)).toEqual(
      new Set([
        'text',
        'image',
        'voice',
        'location',
        'button_reply',
        'reaction',
        'document',
        'list_reply',
        'contacts',
        'sticker',
        'template_button',
        'video',
        'order',
        'audio',
        'system',
        'unsupported',
      ]),
    );
  });
});
