import { describe, expect, it } from '@jest/globals';
import {
  changeOfEvent,
  changeOfSend,
  changeOfVerdict,
  linkOfMove,
  movedUserIdOf,
  newUserIdOf,
  type ConversationChange,
} from '../../src/events/conversations/changes.js';
import { checkContactKey, waIdOf } from '../../src/events/conversations/contact-keys.js';
import { compareNewestFirst, decodeListCursor, encodeListCursor } from '../../src/events/conversations/list-pages.js';
import { isoOrNull, SERVICE_WINDOW_MS, serviceWindow } from '../../src/events/conversations/window.js';
import { MemoryConversations } from '../../src/events/log/memory-conversations.js';
import type { ChannelEvent } from '../../src/events/types.js';

const NOW = 1_800_000_000_000;

const change = (overrides: Partial<ConversationChange>): ConversationChange => ({
  contact: '49',
  atMs: NOW,
  orderMs: NOW,
  messageId: null,
  inbound: false,
  name: null,
  text: null,
  closesWindow: false,
  phone: null,
  userId: null,
  username: null,
  movedTo: null,
  newUserId: null,
  movedUserId: null,
  keysOnly: false,
  ...overrides,
});

const store = () => new MemoryConversations({ retentionMs: SERVICE_WINDOW_MS, maxConversations: 100, maxThread: 100 });

describe('MemoryConversations.apply', () => {
  it('takes the last inbound time and profile name only from a newer inbound message, keeping a known name when none is given', () => {
    const conversations = store();
    conversations.apply('c', change({ inbound: true, atMs: NOW, name: 'Ada' }), NOW);
    conversations.apply('c', change({ inbound: true, atMs: NOW - 10, name: 'Older' }), NOW);
    conversations.apply('c', change({ inbound: false, atMs: NOW + 10, name: 'Not inbound' }), NOW);
    expect(conversations.get('c', '49', NOW)).toMatchObject({ lastInboundMs: NOW, name: 'Ada' });
    conversations.apply('c', change({ inbound: true, atMs: NOW + 20, name: null }), NOW);
    expect(conversations.get('c', '49', NOW)).toMatchObject({ lastInboundMs: NOW + 20, name: 'Ada' });
  });

  it('records the newest window verdict, and nothing for changes that close no window', () => {
    const conversations = store();
    conversations.apply('c', change({ closesWindow: false, atMs: NOW }), NOW);
    expect(conversations.get('c', '49', NOW)?.closedMs).toBeNull();
    conversations.apply('c', change({ closesWindow: true, atMs: NOW }), NOW);
    conversations.apply('c', change({ closesWindow: true, atMs: NOW - 5 }), NOW);
    expect(conversations.get('c', '49', NOW)?.closedMs).toBe(NOW);
    conversations.apply('c', change({ closesWindow: true, atMs: NOW + 5 }), NOW);
    expect(conversations.get('c', '49', NOW)?.closedMs).toBe(NOW + 5);
  });

  it('moves activity and the last message forward only, a tie going to the later change; a verdict adds no message', () => {
    const conversations = store();
    conversations.apply('c', change({ contact: '1', orderMs: NOW, messageId: 'a' }), NOW);
    conversations.apply('c', change({ contact: '2', orderMs: NOW + 1, messageId: 'b' }), NOW);
    conversations.apply('c', change({ contact: '1', orderMs: NOW - 1, messageId: 'older' }), NOW);
    expect(
      conversations.list('c', null, 10, NOW).map((conversation) => [conversation.contact, conversation.lastActivityMs, conversation.lastMessageId]),
    ).toEqual([
      ['2', NOW + 1, 'b'],
      ['1', NOW, 'a'],
    ]);
    conversations.apply('c', change({ contact: '1', orderMs: NOW, messageId: 'same-time' }), NOW);
    conversations.apply('c', change({ contact: '1', orderMs: NOW + 2, messageId: null, closesWindow: true }), NOW);
    expect(conversations.get('c', '1', NOW)).toMatchObject({ lastMessageId: 'same-time', lastActivityMs: NOW + 2 });
    expect(conversations.list('c', null, 10, NOW).map((conversation) => conversation.contact)).toEqual(['1', '2']);
    expect(conversations.thread('c', '1', null, 10, NOW).map((position) => position.member)).toEqual(['same-time', 'a', 'older']);
  });

  it('keeps a message once in its thread however often it is applied', () => {
    const conversations = store();
    conversations.apply('c', change({ orderMs: NOW, messageId: 'm' }), NOW);
    conversations.apply('c', change({ orderMs: NOW + 5, messageId: 'm' }), NOW);
    expect(conversations.thread('c', '49', null, 10, NOW)).toEqual([{ ms: NOW, member: 'm' }]);
  });

  it('starts an expired conversation afresh, listed once', () => {
    const conversations = store();
    conversations.apply('c', change({ inbound: true, orderMs: NOW, atMs: NOW, messageId: 'old', name: 'Ada' }), NOW);
    const later = NOW + SERVICE_WINDOW_MS + 1;
    conversations.apply('c', change({ orderMs: later, atMs: later, messageId: 'new' }), later);
    expect(conversations.list('c', null, 10, later)).toEqual([
      expect.objectContaining({ contact: '49', name: null, lastInboundMs: null, lastMessageId: 'new' }),
    ]);
    expect(conversations.thread('c', '49', null, 10, later)).toEqual([{ ms: later, member: 'new' }]);
  });

  it('answers nothing for channels and contacts it does not hold', () => {
    const conversations = store();
    conversations.apply('c', change({ messageId: 'm' }), NOW);
    expect(conversations.get('other', '49', NOW)).toBeNull();
    expect(conversations.list('other', null, 10, NOW)).toEqual([]);
    expect(conversations.thread('other', '49', null, 10, NOW)).toEqual([]);
    expect(conversations.thread('c', '50', null, 10, NOW)).toEqual([]);
    expect(conversations.thread('c', '49', null, 10, NOW + SERVICE_WINDOW_MS)).toEqual([]);
  });

  it('drops the oldest conversations of a channel past the bound and forgets the channel with the last one', () => {
    const conversations = new MemoryConversations({ retentionMs: 0, maxConversations: 1, maxThread: 10 });
    conversations.apply('a', change({ contact: '1' }), NOW);
    conversations.apply('b', change({ contact: '2' }), NOW);
    expect(conversations.list('a', null, 10, NOW)).toEqual([]);
    conversations.apply('a', change({ contact: '3' }), NOW);
    expect(conversations.list('a', null, 10, NOW).map((conversation) => conversation.contact)).toEqual(['3']);
  });

  it("merges a user id's conversation into its wa_id's when a change links them: the newer of each time, the keys the wa_id's lacks, both threads", () => {
    const conversations = store();
    conversations.apply('c', change({ contact: '4915', phone: '4915', inbound: true, atMs: NOW, orderMs: NOW, name: 'Old', messageId: 'm-phone' }), NOW);
    const byUserId = { contact: 'US.ada1', userId: 'US.ada1', username: 'ada' };
    conversations.apply('c', change({ ...byUserId, inbound: true, atMs: NOW + 30, orderMs: NOW + 30, name: 'Ada', messageId: 'm-user' }), NOW);
    conversations.apply('c', change({ ...byUserId, closesWindow: true, atMs: NOW + 40, orderMs: NOW + 40 }), NOW);
    expect(conversations.link('c', change({ contact: '4915', phone: '4915', userId: 'US.ada1' }), NOW + 50)).toBe(true);
    expect(conversations.get('c', '4915', NOW + 50)).toEqual({
      channelId: 'c',
      contact: '4915',
      contactPhone: '4915',
      contactUserId: 'US.ada1',
      contactUsername: 'ada',
      movedTo: null,
      name: 'Ada',
      lastInboundMs: NOW + 30,
      lastActivityMs: NOW + 40,
      closedMs: NOW + 40,
      lastMessageId: 'm-user',
    });
    expect(conversations.thread('c', '4915', null, 10, NOW + 50).map((position) => position.member)).toEqual(['m-user', 'm-phone']);
    expect(conversations.get('c', 'US.ada1', NOW + 50)).toBeNull();
    expect(conversations.resolve('c', 'US.ada1', NOW + 50)).toBe('4915');
    // Linked again, nothing is left to merge.
    expect(conversations.link('c', change({ contact: '4915', phone: '4915', userId: 'US.ada1' }), NOW + 60)).toBe(false);
  });

  it("keeps the wa_id conversation's own newer times, name, keys and last message when an older one merges into it", () => {
    const conversations = store();
    conversations.apply('c', change({ contact: 'US.ada1', userId: 'US.ada1', inbound: true, atMs: NOW, orderMs: NOW, name: 'Old', messageId: 'm-user' }), NOW);
    conversations.apply('c', change({ contact: 'US.ada1', closesWindow: true, atMs: NOW + 5, orderMs: NOW + 5 }), NOW);
    conversations.apply(
      'c',
      change({
        contact: '4915',
        phone: '4915',
        userId: 'US.other',
        username: 'ada',
        inbound: true,
        atMs: NOW + 30,
        orderMs: NOW + 30,
        name: 'Ada',
        messageId: 'm-phone',
      }),
      NOW,
    );
    conversations.apply('c', change({ contact: '4915', closesWindow: true, atMs: NOW + 40, orderMs: NOW + 40 }), NOW);
    expect(conversations.link('c', change({ contact: '4915', phone: '4915', userId: 'US.ada1' }), NOW + 50)).toBe(true);
    expect(conversations.get('c', '4915', NOW + 50)).toMatchObject({
      contactUserId: 'US.other',
      contactUsername: 'ada',
      name: 'Ada',
      lastInboundMs: NOW + 30,
      lastActivityMs: NOW + 40,
      closedMs: NOW + 40,
      lastMessageId: 'm-phone',
    });
    expect(conversations.thread('c', '4915', null, 10, NOW + 50).map((position) => position.member)).toEqual(['m-phone', 'm-user']);
  });

  it('counts a pause of exactly one window as a break in watching', () => {
    const conversations = store();
    conversations.noteNotification('c', NOW);
    conversations.noteNotification('c', NOW + SERVICE_WINDOW_MS - 1);
    expect(conversations.watchedSince('c', NOW + SERVICE_WINDOW_MS)).toBe(NOW);
    conversations.noteNotification('c', NOW + 2 * SERVICE_WINDOW_MS - 1);
    expect(conversations.watchedSince('c', NOW + 2 * SERVICE_WINDOW_MS - 1)).toBe(NOW + 2 * SERVICE_WINDOW_MS - 1);
  });
});

describe('MemoryConversations links, merges and bounds', () => {
  const TTL = SERVICE_WINDOW_MS;
  const linkBoth = (contact: string, userId: string) => change({ contact, phone: contact, userId });

  it('links nothing and merges nothing on a channel it holds nothing of, nor for a user id that is the contact itself', () => {
    const conversations = store();
    expect(conversations.link('c', linkBoth('49', 'US.1'), NOW)).toBe(false);
    expect(conversations.apply('fresh', change({ contact: '50', phone: '50', userId: 'US.2', keysOnly: true }), NOW)).toBe(false);
    conversations.apply('c', change({ contact: '51' }), NOW);
    expect(conversations.apply('c', change({ contact: '50', phone: '50', userId: 'US.2', keysOnly: true }), NOW)).toBe(false);
    conversations.apply('c', change({ contact: 'US.3', messageId: 'm' }), NOW);
    expect(conversations.link('c', change({ contact: 'US.3', phone: '52', userId: 'US.3' }), NOW)).toBe(false);
  });

  it('merges nothing the second time a user id change links the same new user id', () => {
    const conversations = store();
    conversations.apply('c', change({ contact: 'US.1', userId: 'US.1', messageId: 'm', phone: null }), NOW);
    const move = change({ contact: 'US.1', newUserId: 'US.2' });
    expect(conversations.link('c', move, NOW)).toBe(false);
    expect(conversations.link('c', move, NOW + 1)).toBe(false);
    expect(conversations.thread('c', 'US.1', null, 10, NOW + 1)).toEqual([{ ms: NOW, member: 'm' }]);
  });

  it('follows an alias for as long as a conversation is kept, and keeps at most as many aliases as conversations', () => {
    const conversations = store();
    conversations.link('c', linkBoth('49', 'US.1'), NOW);
    expect(conversations.resolve('c', 'US.1', NOW + TTL - 1)).toBe('49');
    expect(conversations.resolve('c', 'US.1', NOW + TTL)).toBe('US.1');
    const bounded = new MemoryConversations({ retentionMs: 0, maxConversations: 2, maxThread: 10 });
    for (const n of ['1', '2', '3']) bounded.link('c', linkBoth(`4${n}`, `US.${n}`), NOW);
    expect(['US.1', 'US.2', 'US.3'].map((userId) => bounded.resolve('c', userId, NOW))).toEqual(['US.1', '42', '43']);
  });

  it('merges no expired conversation', () => {
    const conversations = store();
    conversations.apply('c', change({ contact: 'US.1', inbound: true, name: 'Ada', messageId: 'old' }), NOW);
    conversations.apply('c', change({ contact: '49', atMs: NOW + 1, orderMs: NOW + 1, messageId: 'new' }), NOW + 1);
    expect(conversations.link('c', linkBoth('49', 'US.1'), NOW + TTL)).toBe(false);
    expect(conversations.get('c', '49', NOW + TTL)).toMatchObject({ name: null, lastInboundMs: null });
    expect(conversations.thread('c', '49', null, 10, NOW + TTL)).toEqual([{ ms: NOW + 1, member: 'new' }]);
  });

  it("merges the newer inbound time without losing a known name, the newer verdict, the move, each message once and the thread's bound", () => {
    const conversations = new MemoryConversations({ retentionMs: TTL, maxConversations: 100, maxThread: 3 });
    conversations.apply('c', change({ contact: '49', inbound: true, name: 'Ada', closesWindow: true, messageId: 'a' }), NOW);
    conversations.apply('c', change({ contact: '49', atMs: NOW + 1, orderMs: NOW + 1, messageId: 'b' }), NOW);
    const byUserId = { contact: 'US.1', userId: 'US.1' };
    conversations.apply('c', change({ ...byUserId, inbound: true, atMs: NOW + 10, orderMs: NOW + 10, messageId: 'a', movedTo: '4916' }), NOW);
    conversations.apply('c', change({ ...byUserId, closesWindow: true, atMs: NOW + 20, orderMs: NOW + 20, messageId: 'c' }), NOW);
    conversations.apply('c', change({ ...byUserId, atMs: NOW + 30, orderMs: NOW + 30, messageId: 'd' }), NOW);
    expect(conversations.link('c', linkBoth('49', 'US.1'), NOW + 40)).toBe(true);
    expect(conversations.get('c', '49', NOW + 40)).toMatchObject({
      name: 'Ada',
      lastInboundMs: NOW + 10,
      closedMs: NOW + 20,
      movedTo: '4916',
      lastMessageId: 'd',
    });
    expect(conversations.thread('c', '49', null, 10, NOW + 40).map((position) => position.member)).toEqual(['d', 'c', 'b']);
  });

  it('keeps a move through later changes, and tells whether a keys-only change gave a held conversation a key it lacked', () => {
    const conversations = store();
    conversations.apply('c', change({ contact: 'US.1', userId: 'US.1', movedTo: '4916' }), NOW);
    conversations.apply('c', change({ contact: 'US.1', atMs: NOW + 1, orderMs: NOW + 1 }), NOW);
    expect(conversations.get('c', 'US.1', NOW)?.movedTo).toBe('4916');
    const keys = change({ contact: 'US.1', phone: '49', userId: 'US.1', keysOnly: true });
    expect(conversations.apply('c', keys, NOW)).toBe(true);
    expect(conversations.apply('c', keys, NOW)).toBe(false);
  });

  it('lists at most the page asked for, and no expired conversation', () => {
    const conversations = store();
    conversations.apply('c', change({ contact: '1' }), NOW);
    conversations.apply('c', change({ contact: '2', atMs: NOW + 1, orderMs: NOW + 1 }), NOW + 1);
    expect(conversations.list('c', null, 1, NOW + 1).map((conversation) => conversation.contact)).toEqual(['2']);
    expect(conversations.list('c', null, 10, NOW + TTL).map((conversation) => conversation.contact)).toEqual(['2']);
  });
});

describe('conversation rules', () => {
  const status = (recipientId: string | null, value: string, codes: Array<number | null>): ChannelEvent => ({
    kind: 'status',
    dedupKey: 'k',
    payload: {
      channelId: 'c',
      messageId: 'm',
      status: value,
      recipientId,
      timestamp: null,
      raw: null,
      errors: codes.map((code) => ({ channelId: 'c', code, title: null, details: null, raw: null })),
    },
  });

  it('a group touches no one-to-one conversation: a status to a group none, a message in a group only links both keys of its sender', () => {
    const toGroup = status('120363025246125486@g.us', 'read', []);
    expect(changeOfEvent({ ...toGroup, payload: { ...toGroup.payload, toGroup: true } } as ChannelEvent, NOW)).toBeNull();
    const inGroup = (fromUserId: string | null): ChannelEvent => ({
      kind: 'message',
      dedupKey: 'k',
      payload: {
        channelId: 'c',
        id: 'g1',
        from: '49',
        fromPhone: '49',
        fromUserId,
        timestamp: null,
        type: 'text',
        text: 'hi all',
        raw: { group_id: 'group-1', type: 'text' },
        contactName: 'Ada',
        displayPhoneNumber: null,
      },
    });
    expect(changeOfEvent(inGroup(null), NOW)).toBeNull();
    expect(changeOfEvent(inGroup('DE.ada1'), NOW)).toMatchObject({
      contact: '49',
      phone: '49',
      userId: 'DE.ada1',
      keysOnly: true,
      messageId: null,
      inbound: false,
      text: null,
    });
  });

  it('a number change naming the new user id links it to the new number: a keys-only change of the new number, besides the move of the old one', () => {
    const notice = (system: Record<string, unknown>): ChannelEvent => ({
      kind: 'message',
      dedupKey: 'k',
      payload: {
        channelId: 'c',
        id: 'n1',
        from: '4915',
        fromPhone: '4915',
        fromUserId: 'DE.before1',
        timestamp: new Date(NOW).toISOString(),
        type: 'system',
        text: null,
        raw: { type: 'system', system },
        contactName: null,
        displayPhoneNumber: null,
      },
    });
    const moved = changeOfEvent(notice({ type: 'user_changed_number', wa_id: '+49 16', user_id: ' DE.after1 ', previous_user_id: 'DE.before1' }), NOW)!;
    expect(moved).toMatchObject({
      contact: '4915',
      phone: '4915',
      userId: 'DE.before1',
      movedTo: '4916',
      movedUserId: 'DE.after1',
      newUserId: null,
      inbound: false,
    });
    expect(linkOfMove(moved)).toEqual(change({ contact: '4916', atMs: NOW, orderMs: moved.orderMs, phone: '4916', userId: 'DE.after1', keysOnly: true }));
    // A notice without a new user id (or with one that is none), and a user id change, link nothing to a new number.
    for (const system of [
      { type: 'user_changed_number', wa_id: '4916' },
      { type: 'user_changed_number', wa_id: '4916', user_id: 'not a user id' },
      { type: 'user_changed_user_id', user_id: 'DE.after1', previous_user_id: 'DE.before1' },
    ]) {
      const other = changeOfEvent(notice(system), NOW)!;
      expect(other.movedUserId).toBeNull();
      expect(linkOfMove(other)).toBeNull();
    }
    // A user id without a new number moves nothing.
    expect(movedUserIdOf({ type: 'system', system: { type: 'user_changed_number', user_id: 'DE.after1' } })).toBeNull();
  });

  it('reads statuses: none for no recipient, a window verdict when any error is 131047 on a failed one', () => {
    expect(changeOfEvent(status(null, 'failed', [131047]), NOW)).toBeNull();
    expect(changeOfEvent(status('49', 'failed', [131026, 131047]), NOW)).toMatchObject({ closesWindow: true, inbound: false, contact: '49', messageId: 'm' });
    expect(changeOfEvent(status('49', 'failed', []), NOW)?.closesWindow).toBe(false);
    expect(changeOfEvent(status('49', 'failed', [null]), NOW)?.closesWindow).toBe(false);
    expect(changeOfEvent({ kind: 'error', dedupKey: 'k', payload: { channelId: 'c', code: 131047, title: null, details: null, raw: null } }, NOW)).toBeNull();
  });

  it('describes a send and a verdict', () => {
    expect(changeOfSend({ messageId: 'm', contact: '49', type: 'text', text: 'hi' }, NOW)).toEqual({
      contact: '49',
      atMs: NOW,
      orderMs: NOW,
      messageId: 'm',
      inbound: false,
      name: null,
      text: 'hi',
      closesWindow: false,
      phone: '49',
      userId: null,
      username: null,
      movedTo: null,
      newUserId: null,
      movedUserId: null,
      keysOnly: false,
    });
    expect(changeOfVerdict('49', NOW)).toEqual({
      contact: '49',
      atMs: NOW,
      orderMs: NOW,
      messageId: null,
      inbound: false,
      name: null,
      text: null,
      closesWindow: true,
      phone: null,
      userId: null,
      username: null,
      movedTo: null,
      newUserId: null,
      movedUserId: null,
      keysOnly: false,
    });
  });

  it('closes the window on a verdict at the same time as the last inbound message', () => {
    expect(serviceWindow({ lastInboundMs: NOW - 1, closedMs: NOW - 1 }, null, NOW).state).toBe('CLOSED');
  });

  it('orders newest first, ties by member descending', () => {
    expect(compareNewestFirst({ ms: 2, member: 'a' }, { ms: 1, member: 'b' })).toBeLessThan(0);
    expect(compareNewestFirst({ ms: 1, member: 'b' }, { ms: 1, member: 'a' })).toBe(-1);
    expect(compareNewestFirst({ ms: 1, member: 'a' }, { ms: 1, member: 'b' })).toBe(1);
    expect(compareNewestFirst({ ms: 1, member: 'a' }, { ms: 1, member: 'a' })).toBe(0);
  });

  it('reads the new user id of a user id change only', () => {
    const change = (system: unknown, type = 'system') => ({ type, system });
    expect(newUserIdOf(change({ type: 'user_changed_user_id', user_id: ' DE.after1 ', previous_user_id: 'DE.before1' }))).toBe('DE.after1');
    for (const raw of [
      null,
      ['system'],
      change({ type: 'user_changed_user_id', user_id: 'DE.after1' }, 'text'),
      { type: 'system' },
      change(['user_changed_user_id']),
      change({ type: 'user_changed_number', wa_id: '4916', user_id: 'DE.after1' }),
      change({ type: 'user_changed_user_id', user_id: 7 }),
      change({ type: 'user_changed_user_id', user_id: 'not a user id' }),
    ]) {
      expect(newUserIdOf(raw)).toBeNull();
    }
  });

  it('takes a contact key in any phone format or a business-scoped user id, of at most 128 characters, and refuses anything else naming the field', () => {
    expect(checkContactKey('+49 (151) 1234-5678', 'to')).toBe('4915112345678');
    // A plus inside the opening bracket, as numbers are often written with their country code.
    expect(checkContactKey('(+49) 151 12345678', 'phoneNumber')).toBe('4915112345678');
    expect(checkContactKey('(49) 151-12345678', 'contact')).toBe('4915112345678');
    expect(checkContactKey(' US.13491208655302741918 ', 'contact')).toBe('US.13491208655302741918');
    expect(checkContactKey(`4${' '.repeat(126)}9`, 'to')).toBe('49');
    for (const value of [`4${' '.repeat(127)}9`, 'Ada', '+49 151 ****']) {
      expect(() => checkContactKey(value, 'to')).toThrow(
        expect.objectContaining({
          message: expect.stringMatching(
            /^to must be a contact key: a phone number in any format .* or a business-scoped user id such as US\.13491208655302741918$/,
          ),
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'to' }),
        }),
      );
    }
  });

  it('serves a kept time as ISO 8601 and none as null', () => {
    expect(isoOrNull(NOW)).toBe(new Date(NOW).toISOString());
    expect(isoOrNull(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoOrNull(null)).toBeNull();
  });

  it('closes the window exactly 24 hours after the last inbound message', () => {
    const lastInboundMs = NOW - SERVICE_WINDOW_MS;
    expect(serviceWindow({ lastInboundMs, closedMs: null }, null, NOW - 1)).toEqual({ state: 'OPEN', closesAtMs: NOW, lastInboundMs });
    expect(serviceWindow({ lastInboundMs, closedMs: null }, null, NOW)).toEqual({ state: 'CLOSED', closesAtMs: null, lastInboundMs });
  });

  it('accepts only whole phone numbers as recipients', () => {
    expect(waIdOf('x4915')).toBeNull();
    expect(waIdOf('4915x')).toBeNull();
    expect(waIdOf('1'.repeat(33))).toBeNull();
    expect(waIdOf('(++49) 151')).toBeNull();
    expect(waIdOf('49 (+151)')).toBeNull();
  });

  it('refuses every malformed cursor as malformed, naming the field', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(encodeListCursor('l', { ms: 1, member: 'm' })).toBe(encode(['l', 1, 'm']));
    for (const cursor of [
      'not base64!',
      Buffer.from('{').toString('base64url'),
      encode({}),
      encode(['l', 1]),
      encode(['l', '1', 'm']),
      encode(['l', 1.5, 'm']),
      encode(['l', 1, 2]),
      encode(['l', 1, 'm', 'x']),
      // Array-like but no array, and a cursor the decoder would read but the cursor alphabet refuses.
      encode({ 0: 'l', 1: 1, 2: 'm', length: 3 }),
      `${encode(['l', 1, 'm'])}.`,
      encode(['l', 1, 'm'.repeat(800)]),
    ]) {
      expect(() => decodeListCursor('l', cursor, 'after')).toThrow(
        expect.objectContaining({ message: 'after is not a cursor of this list: malformed', extensions: expect.objectContaining({ field: 'after' }) }),
      );
    }
  });
});
