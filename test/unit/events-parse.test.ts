import { describe, expect, it } from '@jest/globals';
import {
  channelOfGatewayWebhookUrl,
  gatewayWebhook,
  gatewayWebhookUrl,
  isWebhookAuthorized,
  webhookAuthorization,
} from '../../src/events/ingest/credentials.js';
import { MemoryDedupStore } from '../../src/events/log/dedup.js';
import { readNotification, toChannelError, toIsoTimestamp, type NumberRoutes } from '../../src/events/ingest/parse.js';

/** A notification's events, read once and typed with `routes` (none given: every change stays on `channelId`). */
const eventsOf = (channelId: string, body: unknown, routes: NumberRoutes = new Map()) => readNotification(channelId, body).events(routes);

const cloud = (...values: Array<Record<string, unknown>>) => ({
  object: 'chat_business_account',
  entry: [{ id: 'waba-1', changes: values.map((value) => ({ field: 'messages', value: { messaging_product: 'whatsapp', ...value } })) }],
});

describe('readNotification', () => {
  it('reads every entry, change and item of a cloud envelope', () => {
    const textMessage = { from: '4915112345678', id: 'wamid.A', timestamp: '1700000000', type: 'text', text: { body: 'hello' } };
    const body = {
      object: 'chat_business_account',
      entry: [
        {
          id: 'waba-1',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { display_phone_number: '49305550000', phone_number_id: 'pn-1' },
                contacts: [{ profile: { name: 'Mia' }, wa_id: '4915112345678' }],
                messages: [textMessage, { from: '4915112345678', id: 'wamid.B', timestamp: '1700000001', type: 'image', image: { id: 'media-1' } }],
              },
            },
            { field: 'messages', value: { statuses: [{ id: 'wamid.OUT', status: 'delivered', timestamp: '1700000002', recipient_id: '4915112345678' }] } },
          ],
        },
        {
          id: 'waba-2',
          changes: [{ field: 'messages', value: { errors: [{ code: 131052, title: 'Media download error', error_data: { details: 'too large' } }] } }],
        },
      ],
    };
    const parsed = eventsOf('channel-001', body);
    expect(parsed.shape).toBe('cloud');
    expect(parsed.problems).toEqual([]);
    expect(parsed.events.map((event) => [event.kind, event.dedupKey])).toEqual([
      ['message', 'message:channel-001:wamid.A'],
      ['message', 'message:channel-001:wamid.B'],
      ['status', 'status:channel-001:wamid.OUT:delivered'],
      ['error', expect.stringMatching(/^error:channel-001:[\w-]{43}$/)],
    ]);
    expect(parsed.events[0].payload).toEqual({
      channelId: 'channel-001',
      id: 'wamid.A',
      from: '4915112345678',
      fromPhone: '4915112345678',
      fromUserId: null,
      username: null,
      timestamp: '2023-11-14T22:13:20.000Z',
      type: 'text',
      text: 'hello',
      raw: textMessage,
      contactName: 'Mia',
      displayPhoneNumber: '49305550000',
      businessAccountId: 'waba-1',
      phoneNumberId: 'pn-1',
    });
    expect(parsed.events[1].payload).toMatchObject({ type: 'image', text: null });
    expect(parsed.events[2].payload).toEqual({
      channelId: 'channel-001',
      messageId: 'wamid.OUT',
      status: 'delivered',
      recipientId: '4915112345678',
      recipientUserId: null,
      toGroup: false,
      participant: null,
      timestamp: '2023-11-14T22:13:22.000Z',
      errors: [],
      pricing: null,
      billingConversation: null,
      raw: { id: 'wamid.OUT', status: 'delivered', timestamp: '1700000002', recipient_id: '4915112345678' },
    });
    expect(parsed.events[3].payload).toEqual({
      channelId: 'channel-001',
      code: 131052,
      title: 'Media download error',
      details: 'too large',
      raw: { code: 131052, title: 'Media download error', error_data: { details: 'too large' } },
    });
  });

  it('reads the on-premise shape (arrays at the root), including failed statuses with their errors', () => {
    const parsed = eventsOf('channel-003', {
      statuses: [
        {
          id: 'wamid.1',
          status: 'failed',
          timestamp: '1700000000',
          recipient_id: '999123',
          errors: [{ code: 1013, title: 'User is not valid', details: 'unknown' }],
        },
        { id: 'wamid.2', status: 'read', timestamp: '1700000001', recipient_id: '4915' },
      ],
      errors: [{ code: '1005', title: 'Access denied' }],
    });
    expect(parsed.shape).toBe('on-premise');
    expect(parsed.problems).toEqual([]);
    // Routing is of cloud changes only: an on-premise notification has none to report.
    expect(parsed.routing).toEqual([]);
    expect(parsed.events).toHaveLength(3);
    expect(parsed.events[0].payload).toMatchObject({
      messageId: 'wamid.1',
      status: 'failed',
      errors: [
        {
          channelId: 'channel-003',
          code: 1013,
          title: 'User is not valid',
          details: 'unknown',
          raw: { code: 1013, title: 'User is not valid', details: 'unknown' },
        },
      ],
    });
    expect(parsed.events[2]).toMatchObject({ kind: 'error', payload: { code: 1005, title: 'Access denied', details: null } });
  });

  it('keeps a malformed item as an untyped event beside the others, naming where it was and why', () => {
    const parsed = eventsOf(
      'channel-001',
      cloud({
        messages: [
          { from: '4915', id: 'wamid.good1', type: 'text', text: { body: 'a' } },
          { from: '4915', type: 'text' },
          'garbage',
          { from: '4915', id: 'wamid.good2', type: 'text', text: { body: 'b' } },
        ],
        statuses: [{ id: 'wamid.x' }, { id: 'wamid.y', status: 'sent' }],
        errors: [42],
      }),
    );
    expect(parsed.events.filter((event) => event.kind !== 'other').map((event) => event.dedupKey)).toEqual([
      'message:channel-001:wamid.good1',
      'message:channel-001:wamid.good2',
      'status:channel-001:wamid.y:sent',
    ]);
    expect(parsed.events.filter((event) => event.kind === 'other').map((event) => event.payload)).toEqual([
      { channelId: 'channel-001', field: 'messages', reason: 'missing id', raw: { from: '4915', type: 'text' } },
      { channelId: 'channel-001', field: 'messages', reason: 'not an object', raw: 'garbage' },
      { channelId: 'channel-001', field: 'messages', reason: 'missing status', raw: { id: 'wamid.x' } },
      { channelId: 'channel-001', field: 'messages', reason: 'not an object', raw: 42 },
    ]);
    expect(parsed.problems).toEqual([
      { path: 'entry[0].changes[0].value.messages[1]', reason: 'missing id' },
      { path: 'entry[0].changes[0].value.messages[2]', reason: 'not an object' },
      { path: 'entry[0].changes[0].value.statuses[0]', reason: 'missing status' },
      { path: 'entry[0].changes[0].value.errors[0]', reason: 'not an object' },
    ]);
  });

  it('reports broken entries and changes without losing the good ones', () => {
    const parsed = eventsOf('c', {
      object: 'chat_business_account',
      entry: [null, { id: 'w' }, { changes: [{ field: 'messages' }, { value: { messages: 'nope', statuses: [{ id: 'm', status: 'sent' }] } }] }],
    });
    expect(parsed.events.map((event) => event.kind)).toEqual(['other', 'other', 'other', 'other', 'status']);
    expect(parsed.events.slice(0, 4).map((event) => event.kind === 'other' && [event.payload.field, event.payload.raw])).toEqual([
      ['entry', null],
      ['entry', { id: 'w' }],
      ['messages', { field: 'messages' }],
      ['messages', { messages: 'nope' }],
    ]);
    expect(parsed.problems.map((problem) => problem.path)).toEqual(['entry[0]', 'entry[1]', 'entry[2].changes[0]', 'entry[2].changes[1].value.messages']);
  });

  it('gives identical error items the same key and different ones different keys', () => {
    const first = eventsOf('c', { errors: [{ code: 1, title: 'x' }] }).events[0].dedupKey;
    const reordered = eventsOf('c', { errors: [{ title: 'x', code: 1 }] }).events[0].dedupKey;
    const other = eventsOf('c', { errors: [{ code: 2, title: 'x' }] }).events[0].dedupKey;
    expect(reordered).toBe(first);
    expect(other).not.toBe(first);
  });

  it('gives identical untyped parts the same key and different ones different keys', () => {
    const keyOf = (body: unknown) => eventsOf('c', body).events[0].dedupKey;
    expect(keyOf({ hello: 'world' })).toBe(keyOf({ hello: 'world' }));
    expect(keyOf({ hello: 'moon' })).not.toBe(keyOf({ hello: 'world' }));
    expect(keyOf({ statuses: 'x' })).not.toBe(keyOf({ errors: 'x' }));
    expect(keyOf({ entry: [{ id: 'a' }] })).toBe(keyOf({ entry: [{ id: 'a' }] }));
    expect(keyOf({ entry: [{ id: 'b' }] })).not.toBe(keyOf({ entry: [{ id: 'a' }] }));
  });

  it("keeps the unknown keys beside an on-premise notification's items as one untyped event named by all of them", () => {
    const parsed = eventsOf('c', { statuses: [{ id: 'm', status: 'sent' }], meta: { api_status: 'stable' }, hello: 'world', extra: 1 });
    expect(parsed.events.map((event) => event.kind)).toEqual(['status', 'other']);
    expect(parsed.events[1].payload).toEqual({ channelId: 'c', field: 'hello,extra', reason: 'unknown keys', raw: { hello: 'world', extra: 1 } });
    expect(parsed.problems).toEqual([{ path: 'hello,extra', reason: 'unknown keys' }]);
  });

  it('rejects what is not an object, and keeps an object of neither shape untyped', () => {
    expect(eventsOf('c', [1, 2])).toMatchObject({ events: [], problems: [{ path: '', reason: 'the notification is not a JSON object' }] });
    expect(eventsOf('c', {})).toMatchObject({ events: [], problems: [{ path: '', reason: 'an empty notification' }] });
    expect(eventsOf('c', { hello: 'world' })).toMatchObject({
      shape: 'unknown',
      events: [{ kind: 'other', payload: { field: 'hello', reason: 'unknown keys', raw: { hello: 'world' } } }],
    });
  });

  it('converts Unix-second timestamps and leaves nonsense null', () => {
    expect(toIsoTimestamp('1700000000')).toBe('2023-11-14T22:13:20.000Z');
    expect(toIsoTimestamp(1700000000)).toBe('2023-11-14T22:13:20.000Z');
    expect(toIsoTimestamp('2024-01-02T03:04:05Z')).toBe('2024-01-02T03:04:05.000Z');
    expect(toIsoTimestamp('soon')).toBeNull();
    expect(toIsoTimestamp('9'.repeat(30))).toBeNull();
    expect(toIsoTimestamp(undefined)).toBeNull();
    expect(toIsoTimestamp('1700000000.25')).toBe('2023-11-14T22:13:20.250Z');
    // The last second a Date can hold, and the first it cannot.
    expect(toIsoTimestamp(8.64e12 - 1)).toBe('+275760-09-12T23:59:59.000Z');
    expect(toIsoTimestamp(8.64e12)).toBeNull();
    expect(toIsoTimestamp({})).toBeNull();
  });

  it('reads only numbers and strings as timestamps, digits anchored at both ends', () => {
    // An array would read as its one element's text; a timestamp is never one.
    expect(toIsoTimestamp(['1700000000'])).toBeNull();
    expect(toIsoTimestamp(['2024-01-02T03:04:05Z'])).toBeNull();
    expect(toIsoTimestamp(true)).toBeNull();
    // Number() would skip the blank; the digits must be all there is.
    expect(toIsoTimestamp(' 1700000000')).toBeNull();
  });

  it('reads error codes as 32-bit integers only, and the details wherever the hosting puts them', () => {
    const code = (value: unknown) => toChannelError('c', { code: value }).code;
    expect([code(131052), code('-5'), code(2_147_483_647), code(-2_147_483_647)]).toEqual([131052, -5, 2_147_483_647, -2_147_483_647]);
    expect([code(2_147_483_648), code(-2_147_483_648), code('12a'), code('1.5'), code(1.5), code(null), code(''), code('x9')]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    // Digits only, anchored at both ends (Number() would skip the blanks), and only in a number or a string.
    expect([code(' 42'), code('42 '), code(['42']), code(true)]).toEqual([null, null, null, null]);
    expect(toChannelError('c', { title: 7, details: 'on-premise', error_data: { details: 'cloud' }, message: 'm' })).toMatchObject({
      title: '7',
      details: 'on-premise',
    });
    expect(toChannelError('c', { title: { nested: true }, error_data: { details: 'cloud' }, message: 'm' })).toMatchObject({ title: null, details: 'cloud' });
    expect(toChannelError('c', { error_data: 'not an object', message: 'm' }).details).toBe('m');
    expect(toChannelError('c', {}).details).toBeNull();
  });

  it('reads senders and message fields defensively: names by wa_id only when complete, unknown type, no text', () => {
    const parsed = eventsOf(
      'c',
      cloud({
        metadata: { display_phone_number: 4930555 },
        contacts: [
          { wa_id: '1', profile: { name: '' } },
          { wa_id: '', profile: { name: 'Nobody' } },
          { wa_id: '2' },
          null,
          { wa_id: '3', profile: { name: 'Lea' } },
        ],
        messages: [
          { id: 'm1', from: '1', type: '', text: { body: 5 } },
          { id: 'm3', from: '3', timestamp: 'soon', text: 'not an object' },
        ],
      }),
    );
    expect(parsed.events.map((event) => event.payload)).toEqual([
      expect.objectContaining({ id: 'm1', type: 'unknown', text: null, contactName: null, displayPhoneNumber: '4930555', timestamp: null }),
      expect.objectContaining({ id: 'm3', type: 'unknown', text: null, contactName: 'Lea', displayPhoneNumber: '4930555' }),
    ]);
    const withoutMetadata = eventsOf('c', cloud({ contacts: 'nope', messages: [{ id: 'm', from: '3' }] }));
    expect(withoutMetadata.events[0].payload).toMatchObject({ contactName: null, displayPhoneNumber: null });
    expect(
      eventsOf('c', {
        messages: [
          { id: 'm', from: '' },
          { id: '', from: '1' },
        ],
      }).problems,
    ).toEqual([
      { path: 'messages[0]', reason: 'no contact key (neither a phone number nor a business-scoped user id)' },
      { path: 'messages[1]', reason: 'missing id' },
    ]);
  });

  it('finds a contacts entry by the keys it names only: an item lacking both keys takes no entry lacking one', () => {
    const parsed = eventsOf(
      'c',
      cloud({
        contacts: [
          { user_id: 'US.1', profile: { name: 'Jo' } },
          { wa_id: '49', profile: { name: 'Ana' } },
        ],
        messages: [{ id: 'm', from: '49151****678', type: 'text' }],
        statuses: [{ id: 's', status: 'sent' }],
      }),
    );
    expect(parsed.problems).toEqual([
      { path: 'entry[0].changes[0].value.messages[0]', reason: 'no contact key (neither a phone number nor a business-scoped user id)' },
    ]);
    expect(parsed.events[1].payload).toMatchObject({ messageId: 's', recipientId: null, recipientUserId: null });
  });

  it('reads status items defensively: error items that are objects only, no recipient', () => {
    const parsed = eventsOf('c', {
      statuses: [{ id: 'm', status: 'failed', errors: [{ code: 1 }, 'x', null], recipient_id: 49 }, 5, { status: 'sent' }],
    });
    expect(parsed.events[0].payload).toMatchObject({ recipientId: '49', errors: [{ channelId: 'c', code: 1, title: null, details: null, raw: { code: 1 } }] });
    expect(eventsOf('c', { statuses: [{ id: 'm', status: 'sent', errors: 'x' }] }).events[0].payload).toMatchObject({ recipientId: null, errors: [] });
    expect(parsed.problems).toEqual([
      { path: 'statuses[1]', reason: 'not an object' },
      { path: 'statuses[2]', reason: 'missing id' },
    ]);
  });

  it('reports lists that are not arrays and items that cannot be read, keeping their neighbours', () => {
    const unreadable = {
      get id(): string {
        throw new Error('unreadable');
      },
    };
    const parsed = eventsOf('c', { messages: null, statuses: { id: 'x' }, errors: 'x' });
    expect(parsed).toMatchObject({
      shape: 'on-premise',
      events: [
        { kind: 'other', payload: { field: 'statuses', reason: 'not an array', raw: { statuses: { id: 'x' } } } },
        { kind: 'other', payload: { field: 'errors', reason: 'not an array', raw: { errors: 'x' } } },
      ],
      problems: [
        { path: 'statuses', reason: 'not an array' },
        { path: 'errors', reason: 'not an array' },
      ],
    });
    const partly = eventsOf('c', { messages: [unreadable, { id: 'm', from: '1' }] });
    expect(partly.problems).toEqual([{ path: 'messages[0]', reason: 'unreadable item' }]);
    expect(partly.events.map((event) => event.dedupKey)).toEqual(['message:c:m']);
    expect(eventsOf('c', { errors: [] }).shape).toBe('on-premise');
    expect(eventsOf('c', 'text')).toEqual({
      shape: 'unknown',
      events: [],
      problems: [{ path: '', reason: 'the notification is not a JSON object' }],
      routing: [],
    });
    expect(eventsOf('c', { hello: 'world' }).problems).toEqual([{ path: 'hello', reason: 'unknown keys' }]);
    expect(eventsOf('c', { entry: [{ changes: [{ value: 'x' }, null] }] }).problems).toEqual([
      { path: 'entry[0].changes[0]', reason: 'no value object' },
      { path: 'entry[0].changes[1]', reason: 'no value object' },
    ]);
    expect(eventsOf('c', { entry: [{ changes: {} }] }).problems).toEqual([{ path: 'entry[0]', reason: 'no changes array' }]);
  });
});

describe('webhook credential', () => {
  it('is derived per channel and secret, and checked exactly', () => {
    const header = webhookAuthorization('secret-0123456789abcdef', 'channel-001');
    expect(header).toMatch(/^Basic [A-Za-z0-9+/=]+$/);
    expect(Buffer.from(header.slice(6), 'base64').toString()).toMatch(/^hubgraph:[\w-]{43}$/);
    expect(webhookAuthorization('secret-0123456789abcdef', 'channel-001')).toBe(header);
    expect(webhookAuthorization('secret-0123456789abcdef', 'channel-002')).not.toBe(header);
    expect(webhookAuthorization('another-secret-0123456789', 'channel-001')).not.toBe(header);
    expect(isWebhookAuthorized('secret-0123456789abcdef', 'channel-001', header)).toBe(true);
    expect(isWebhookAuthorized('secret-0123456789abcdef', 'channel-002', header)).toBe(false);
    expect(isWebhookAuthorized('secret-0123456789abcdef', 'channel-001', `${header}x`)).toBe(false);
    expect(isWebhookAuthorized('secret-0123456789abcdef', 'channel-001', undefined)).toBe(false);
    expect(isWebhookAuthorized('secret-0123456789abcdef', 'channel-001', `  ${header} `)).toBe(true);
  });

  it("is set on the webhook that connects a channel to the gateway's receiver, whose path names the channel as one segment", () => {
    const config = { publicUrl: 'https://gw.example.com', keystoreSecret: 'secret-0123456789abcdef' };
    expect(gatewayWebhookUrl(config.publicUrl, 'a/b c')).toBe('https://gw.example.com/webhooks/a%2Fb%20c');
    expect(gatewayWebhook(config, 'channel-001')).toEqual({
      url: 'https://gw.example.com/webhooks/channel-001',
      headers: { Authorization: webhookAuthorization(config.keystoreSecret, 'channel-001') },
    });
  });

  it("reads the channel back from the gateway's receiver URL, and none from any other URL", () => {
    const publicUrl = 'https://gw.example.com';
    expect(channelOfGatewayWebhookUrl(publicUrl, gatewayWebhookUrl(publicUrl, 'a/b c'))).toBe('a/b c');
    for (const url of [
      'https://gw.example.com/webhooks/',
      'https://gw.example.com/webhooks/a/b',
      'https://other.example.com/webhooks/a',
      'https://gw.example.com/webhooks/%E0%A4%A',
    ]) {
      expect(channelOfGatewayWebhookUrl(publicUrl, url)).toBeNull();
    }
  });
});

describe('MemoryDedupStore', () => {
  it('claims a key once within the TTL, again after it expires', () => {
    let now = 0;
    const store = new MemoryDedupStore(1_000, 10, () => now);
    expect(store.claim('a')).toBe(true);
    expect(store.claim('a')).toBe(false);
    now = 999;
    expect(store.claim('a')).toBe(false);
    now = 1_000;
    expect(store.claim('a')).toBe(true);
  });

  it('stays within its bound, forgetting the oldest first, and drops expired entries', () => {
    let now = 0;
    const store = new MemoryDedupStore(1_000, 3, () => now);
    for (const key of ['a', 'b', 'c', 'd']) {
      expect(store.claim(key)).toBe(true);
      now += 1;
    }
    expect(store.size).toBe(3);
    expect(store.claim('d')).toBe(false);
    expect(store.claim('a')).toBe(true);
    now += 2_000;
    expect(store.claim('z')).toBe(true);
    expect(store.size).toBe(1);
  });

  it('drops an entry at the very moment it expires', () => {
    let now = 0;
    const store = new MemoryDedupStore(1_000, 10, () => now);
    store.claim('a');
    now = 500;
    store.claim('b');
    now = 1_000;
    expect(store.claim('c')).toBe(true);
    expect(store.size).toBe(2);
  });

  it('keeps its rules when the clock is set back: an expired key behind a later one is claimable, and re-claimed as the newest', () => {
    let now = 10_000;
    const store = new MemoryDedupStore(1_000, 3, () => now);
    store.claim('future');
    now = 0;
    store.claim('b');
    store.claim('c');
    // The sweep stops at 'future' (expiring at 11,000); 'b' and 'c' expired at 1,000 but are still held.
    now = 1_000;
    expect(store.claim('b')).toBe(true);
    expect(store.size).toBe(3);
    // 'b' is now the newest: the bound evicts 'future', then 'c', and keeps 'b'.
    store.claim('d');
    store.claim('e');
    expect(store.claim('b')).toBe(false);
    expect(store.size).toBe(3);
  });
});

describe('readNotification: every kind of real traffic, nothing dropped', () => {
  const envelope = (field: string, value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: '102290129340398', changes: [{ field, value: { messaging_product: 'whatsapp', ...value } }] }],
  });

  it('reads a sender known only by a business-scoped user id, its username, and its wa_id when the contacts entry names it', () => {
    const userOnly = eventsOf(
      'c',
      envelope('messages', {
        contacts: [{ profile: { name: 'Jo', username: '@jo' }, user_id: 'US.13491208655302741918' }],
        messages: [{ from_user_id: 'US.13491208655302741918', id: 'wamid.u', type: 'text', text: { body: 'hi' } }],
      }),
    );
    expect(userOnly.events[0]).toMatchObject({
      kind: 'message',
      payload: { from: 'US.13491208655302741918', fromPhone: null, fromUserId: 'US.13491208655302741918', username: '@jo', contactName: 'Jo' },
    });
    const both = eventsOf(
      'c',
      envelope('messages', {
        contacts: [{ wa_id: '16505551234', user_id: 'US.ENT.99', profile: { name: 'Sam' } }],
        messages: [{ from: '+1 (650) 555-1234', id: 'wamid.b', type: 'text', text: { body: 'hi' } }],
      }),
    );
    expect(both.events[0].payload).toMatchObject({ from: '16505551234', fromPhone: '16505551234', fromUserId: 'US.ENT.99', contactName: 'Sam' });
    // A trailing blank or a format does not make another contact: the key is the digits.
    expect(eventsOf('c', { messages: [{ from: '16505551234 ', id: 'm' }] }).events[0].payload).toMatchObject({ from: '16505551234' });
  });

  it('reads a user id change naming the user by its old id in the notice only (previous_user_id) as a message of that id', () => {
    const notice = {
      id: 'wamid.HBgLMTY1MDU1NTEyMzQVAgASGBRTWVNURU1VU0VSSURBQUFBQUFBQQA=',
      timestamp: '1749416384',
      type: 'system',
      system: { body: 'User changed', user_id: 'US.13491208655302749999', previous_user_id: 'US.13491208655302741918', type: 'user_changed_user_id' },
    };
    const [event] = eventsOf('c', envelope('messages', { messages: [notice] })).events;
    expect(event).toMatchObject({ kind: 'message', payload: { from: 'US.13491208655302741918', fromPhone: null, fromUserId: 'US.13491208655302741918' } });
  });

  it('keeps a message with a masked number and no user id as an untyped event', () => {
    const parsed = eventsOf('c', { messages: [{ from: '49151****678', id: 'm', type: 'text' }] });
    expect(parsed.events).toEqual([
      {
        kind: 'other',
        dedupKey: expect.stringMatching(/^other:c:/),
        payload: {
          channelId: 'c',
          field: 'messages',
          reason: 'no contact key (neither a phone number nor a business-scoped user id)',
          raw: { from: '49151****678', id: 'm', type: 'text' },
        },
      },
    ]);
  });

  it('reads echoes (smb_message_echoes) with their recipient as a contact key', () => {
    const item = {
      from: '15550783881',
      to: '+16505551234',
      id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
      timestamp: '1739321024',
      type: 'text',
      text: { body: 'Here you go' },
    };
    const parsed = eventsOf('c', envelope('smb_message_echoes', { message_echoes: [item] }));
    expect(parsed.problems).toEqual([]);
    expect(parsed.events).toEqual([
      {
        kind: 'echo',
        dedupKey: `echo:c:${item.id}`,
        payload: {
          channelId: 'c',
          id: item.id,
          to: '16505551234',
          toUserId: null,
          timestamp: '2025-02-12T00:43:44.000Z',
          type: 'text',
          text: 'Here you go',
          raw: item,
        },
      },
    ]);
    // The recipient's user id beside its number (to_user_id) is kept with it.
    const withUserId = { ...item, to_user_id: 'US.13491208655302741918' };
    expect(eventsOf('c', envelope('smb_message_echoes', { message_echoes: [withUserId] })).events[0].payload).toMatchObject({
      to: '16505551234',
      toUserId: 'US.13491208655302741918',
    });
    expect(eventsOf('c', envelope('smb_message_echoes', { message_echoes: [{ ...item, to: 'nobody' }] })).events[0]).toMatchObject({
      kind: 'other',
      payload: { field: 'smb_message_echoes', reason: 'no contact key for the recipient' },
    });
  });

  it('reads user_preferences, and the on-premise system message telling the same, as preference events; a re-delivery has the same key', () => {
    const item = {
      wa_id: '16505551234',
      user_id: 'US.13491208655302741918',
      detail: 'User requested to stop marketing messages',
      category: 'marketing_messages',
      value: 'stop',
      timestamp: 1731705721,
    };
    const cloudPreference = eventsOf('c', envelope('user_preferences', { contacts: [{ wa_id: '16505551234' }], user_preferences: [item] }));
    expect(cloudPreference.events).toEqual([
      {
        kind: 'preference',
        dedupKey: expect.stringMatching(/^preference:c:/),
        payload: {
          channelId: 'c',
          contact: '16505551234',
          contactPhone: '16505551234',
          contactUserId: 'US.13491208655302741918',
          category: 'marketing_messages',
          value: 'stop',
          timestamp: '2024-11-15T21:22:01.000Z',
          raw: item,
        },
      },
    ]);
    expect(eventsOf('c', envelope('user_preferences', { user_preferences: [item] })).events[0].dedupKey).toBe(cloudPreference.events[0].dedupKey);
    const system = {
      from: '16505551234',
      id: 'gBGG-1',
      system: { body: 'User requested to resume marketing messages', marketing: 'resume', type: 'user_preference_changed' },
      timestamp: '1731705721',
      type: 'system',
    };
    expect(eventsOf('c', { messages: [system] }).events).toEqual([
      {
        kind: 'preference',
        dedupKey: expect.stringMatching(/^preference:c:/),
        payload: {
          channelId: 'c',
          contact: '16505551234',
          contactPhone: '16505551234',
          contactUserId: null,
          category: 'marketing_messages',
          value: 'resume',
          timestamp: '2024-11-15T21:22:01.000Z',
          raw: system,
        },
      },
    ]);
    const kindsOf = (...messages: unknown[]) => eventsOf('c', { messages }).events.map((event) => event.kind);
    // Only a system message of that type is a preference; one without a sender is no event of a contact.
    expect(
      kindsOf(
        { ...system, id: 'other-notice', system: { ...system.system, type: 'customer_identity_changed' } },
        { ...system, id: 'a-text', type: 'text', text: { body: 'hi' } },
        { ...system, id: 'no-system', system: undefined },
        { ...system, id: 'no-sender', from: undefined },
      ),
    ).toEqual(['message', 'message', 'message', 'other']);
    expect(eventsOf('c', { messages: [{ ...system, from_user_id: 'US.13491208655302741918' }] }).events[0].payload).toMatchObject({
      contactUserId: 'US.13491208655302741918',
    });
  });

  it('keeps any other field whole as an untyped event with its field, and extra keys beside typed items too', () => {
    const parsed = eventsOf('c', envelope('account_update', { event: 'VERIFIED_ACCOUNT' }));
    expect(parsed.events).toEqual([
      {
        kind: 'other',
        dedupKey: expect.stringMatching(/^other:c:/),
        payload: { channelId: 'c', field: 'account_update', reason: 'field account_update', raw: { event: 'VERIFIED_ACCOUNT' } },
      },
    ]);
    const mixed = eventsOf('c', envelope('messages', { statuses: [{ id: 'm', status: 'sent' }], user_id_update: [{ x: 1 }] }));
    expect(mixed.events.map((event) => event.kind)).toEqual(['status', 'other']);
    expect(mixed.events[1].payload).toMatchObject({ field: 'messages', reason: 'unknown keys', raw: { user_id_update: [{ x: 1 }] } });
  });

  it('reads pricing, the billing conversation and the user id of statuses; a group recipient is kept as given and marked', () => {
    const item = {
      id: 'wamid.s',
      status: 'delivered',
      timestamp: '1700000000',
      recipient_id: '16505551234',
      recipient_user_id: 'US.13491208655302741918',
      conversation: { id: 'CONVERSATION_ID', expiration_timestamp: '1700086400', origin: { type: 'service' } },
      pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
    };
    expect(eventsOf('c', envelope('messages', { statuses: [item] })).events[0].payload).toMatchObject({
      recipientId: '16505551234',
      recipientUserId: 'US.13491208655302741918',
      toGroup: false,
      pricing: { billable: true, pricingModel: 'CBP', category: 'service', type: null },
      billingConversation: { id: 'CONVERSATION_ID', expiresAt: '2023-11-15T22:13:20.000Z', originType: 'service' },
    });
    // billable is a boolean; anything else is not read as one.
    expect(
      eventsOf('c', envelope('messages', { statuses: [{ ...item, pricing: { billable: 'true', pricing_model: 'PMP' } }] })).events[0].payload,
    ).toMatchObject({ pricing: { billable: null, pricingModel: 'PMP' } });
    expect(eventsOf('c', envelope('messages', { statuses: [{ id: 'm', status: 'sent', recipient_user_id: 'US.1' }] })).events[0].payload).toMatchObject({
      recipientId: 'US.1',
      recipientUserId: 'US.1',
    });
    expect(
      eventsOf('c', envelope('messages', { statuses: [{ id: 'm', status: 'read', recipient_id: '120363025246125486@g.us', recipient_type: 'group' }] }))
        .events[0].payload,
    ).toMatchObject({
      recipientId: '120363025246125486@g.us',
      toGroup: true,
      participant: null,
      pricing: null,
      billingConversation: null,
    });
    // A group message's status names the member it is about: by wa_id (any format), else by business-scoped user id.
    const groupStatus = (fields: Record<string, string>) =>
      eventsOf('c', envelope('messages', { statuses: [{ id: 'm', status: 'read', recipient_id: 'GROUP_ID', recipient_type: 'group', ...fields }] })).events[0]
        .payload;
    expect(groupStatus({ recipient_participant_id: '+49 151 1234', recipient_participant_user_id: 'DE.1' })).toMatchObject({ participant: '491511234' });
    expect(groupStatus({ recipient_participant_user_id: 'DE.1' })).toMatchObject({ participant: 'DE.1', recipientUserId: null });
    expect(groupStatus({ recipient_participant_parent_user_id: 'DE.ENT.7' })).toMatchObject({ participant: 'DE.ENT.7' });
    // A one-to-one status names no participant, whatever it carries.
    expect(
      eventsOf('c', envelope('messages', { statuses: [{ id: 'm', status: 'read', recipient_id: '491', recipient_participant_id: '492' }] })).events[0].payload,
    ).toMatchObject({ participant: null });
  });

  it('reads template reviews, quality and category changes from what each value carries, and keeps one it cannot read whole', () => {
    const template = (field: string, value: Record<string, unknown>) =>
      eventsOf('c', envelope(field, { message_template_id: 7, message_template_name: 'welcome', message_template_language: 'en-US', ...value }));
    const base = {
      channelId: 'c',
      templateId: '7',
      templateName: 'welcome',
      language: 'en-US',
      status: null,
      reason: null,
      quality: null,
      previousCategory: null,
      newCategory: null,
    };
    const rejected = template('message_template_status_update', { event: 'REJECTED', reason: 'INVALID_FORMAT' });
    expect(rejected.events).toEqual([
      {
        kind: 'template',
        dedupKey: expect.stringMatching(/^template:c:[^:]+$/),
        payload: { ...base, change: 'STATUS', status: 'REJECTED', reason: 'INVALID_FORMAT', raw: expect.objectContaining({ event: 'REJECTED' }) },
      },
    ]);
    expect(rejected.problems).toEqual([]);
    for (const none of [undefined, '', 'NONE']) {
      expect(template('message_template_status_update', { event: 'APPROVED', reason: none }).events[0].payload).toMatchObject({
        change: 'STATUS',
        reason: null,
      });
    }
    // The platform's reference names the field of a quality update wrongly in places: the value tells the change.
    expect(template('message_template_status_update', { new_quality_score: 'YELLOW' }).events[0].payload).toEqual({
      ...base,
      change: 'QUALITY',
      quality: 'YELLOW',
      raw: expect.anything(),
    });
    expect(template('template_category_update', { correct_category: 'MARKETING', new_category: 'UTILITY' }).events[0].payload).toEqual({
      ...base,
      change: 'CATEGORY',
      previousCategory: 'UTILITY',
      newCategory: 'MARKETING',
      raw: expect.anything(),
    });
    expect(template('template_category_update', { previous_category: 'UTILITY', new_category: 'MARKETING' }).events[0].payload).toEqual({
      ...base,
      change: 'CATEGORY',
      previousCategory: 'UTILITY',
      newCategory: 'MARKETING',
      raw: expect.anything(),
    });
    for (const [value, reason] of [
      [{}, 'no event, quality score or category'],
      [{ message_template_name: '', event: 'APPROVED' }, 'missing message_template_name'],
    ] as const) {
      const unread = template('message_template_quality_update', value);
      expect(unread.events).toEqual([
        {
          kind: 'other',
          dedupKey: expect.stringMatching(/^other:c:/),
          payload: { channelId: 'c', field: 'message_template_quality_update', reason, raw: expect.anything() },
        },
      ]);
      expect(unread.problems).toEqual([{ path: 'entry[0].changes[0].value', reason }]);
    }
  });

  it('keeps an echo or a preference it cannot read as an untyped event naming why, and reads an echo without type or text body', () => {
    const echoes = (...items: unknown[]) => eventsOf('c', envelope('smb_message_echoes', { message_echoes: items }));
    const unread = echoes(
      { to: '49', type: 'text' },
      { id: 'e1', to: 49, type: 'text' },
      { id: 'e2', to: '49', text: { body: 7 } },
      { id: 'e3', to: '49', text: 'plain' },
    );
    expect(unread.problems).toEqual([
      { path: 'entry[0].changes[0].value.message_echoes[0]', reason: 'missing id' },
      { path: 'entry[0].changes[0].value.message_echoes[1]', reason: 'no contact key for the recipient' },
    ]);
    expect(unread.events.slice(2).map((event) => event.payload)).toEqual([
      expect.objectContaining({ id: 'e2', to: '49', type: 'unknown', text: null }),
      expect.objectContaining({ id: 'e3', type: 'unknown', text: null }),
    ]);
    const preferences = eventsOf(
      'c',
      envelope('user_preferences', {
        user_preferences: [
          { category: 'marketing_messages', value: 'stop' },
          { wa_id: '49', value: 'stop' },
          { wa_id: '49', category: 'marketing_messages' },
        ],
      }),
    );
    expect(preferences.problems.map((problem) => problem.reason)).toEqual(['no contact key', 'missing category or value', 'missing category or value']);
    expect(preferences.events.map((event) => event.kind)).toEqual(['other', 'other', 'other']);
  });

  it('keys a template notification by its entry time too: the same move notified again later is a new event', () => {
    const at = (time: number) =>
      eventsOf('c', {
        object: 'whatsapp_business_account',
        entry: [{ id: 'w', time, changes: [{ field: 'message_template_status_update', value: { message_template_name: 't', event: 'APPROVED' } }] }],
      }).events[0].dedupKey;
    expect(at(1)).toBe(at(1));
    expect(at(2)).not.toBe(at(1));
  });
});
