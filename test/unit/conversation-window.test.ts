import { describe, expect, it } from '@jest/globals';
import { changeOfEvent, linkedUserIdOf, newNumberOf, orderWithinSecond } from '../../src/events/conversations/changes.js';
import { decodeListCursor, encodeListCursor } from '../../src/events/conversations/list-pages.js';
import { SERVICE_WINDOW_MS, serviceWindow } from '../../src/events/conversations/window.js';
import { waIdOf } from '../../src/events/conversations/contact-keys.js';
import { MemoryConversations } from '../../src/events/log/memory-conversations.js';
import type { ContactPreferenceEventDto, InboundMessageDto, MessageEchoEventDto } from '../../src/events/types.js';

const NOW = 1_800_000_000_000;
const HOUR = 60 * 60 * 1000;

/** The change a text message from 49 makes, received at `now`: `payload` overrides its fields. */
const messageChange = (payload: Partial<InboundMessageDto>, now = NOW) =>
  changeOfEvent(
    {
      kind: 'message',
      dedupKey: 'k',
      payload: {
        channelId: 'c',
        id: 'm',
        from: '49',
        timestamp: null,
        type: 'text',
        text: 'hi',
        raw: null,
        contactName: null,
        displayPhoneNumber: null,
        ...payload,
      },
    },
    now,
  );

describe('serviceWindow', () => {
  it('is OPEN for 24 hours after the last inbound message, then CLOSED', () => {
    expect(serviceWindow({ lastInboundMs: NOW - HOUR, closedMs: null }, null, NOW)).toEqual({
      state: 'OPEN',
      closesAtMs: NOW + 23 * HOUR,
      lastInboundMs: NOW - HOUR,
    });
    expect(serviceWindow({ lastInboundMs: NOW - SERVICE_WINDOW_MS, closedMs: null }, null, NOW)).toEqual({
      state: 'CLOSED',
      closesAtMs: null,
      lastInboundMs: NOW - SERVICE_WINDOW_MS,
    });
  });

  it("takes the upstream's verdict until the contact writes again", () => {
    expect(serviceWindow({ lastInboundMs: NOW - HOUR, closedMs: NOW - HOUR }, null, NOW).state).toBe('CLOSED');
    expect(serviceWindow({ lastInboundMs: NOW - HOUR, closedMs: NOW - 2 * HOUR }, null, NOW).state).toBe('OPEN');
    expect(serviceWindow({ lastInboundMs: null, closedMs: NOW - HOUR }, null, NOW).state).toBe('CLOSED');
  });

  it('knows a contact with no inbound message is CLOSED only after watching the channel for a whole window', () => {
    expect(serviceWindow(null, null, NOW).state).toBe('UNKNOWN');
    expect(serviceWindow(null, NOW - SERVICE_WINDOW_MS + 1, NOW).state).toBe('UNKNOWN');
    expect(serviceWindow(null, NOW - SERVICE_WINDOW_MS, NOW)).toEqual({ state: 'CLOSED', closesAtMs: null, lastInboundMs: null });
  });
});

describe('changeOfEvent', () => {
  const status = (code: number | null, value = 'failed') =>
    changeOfEvent(
      {
        kind: 'status',
        dedupKey: 'k',
        payload: {
          channelId: 'c',
          messageId: 'm',
          status: value,
          recipientId: '49',
          timestamp: null,
          raw: null,
          errors: [{ channelId: 'c', code, title: null, details: null, raw: null }],
        },
      },
      NOW,
    );

  it('closes the window on a failed status with 131047 or 470 only', () => {
    expect(status(131047)).toMatchObject({ contact: '49', atMs: NOW, closesWindow: true });
    expect(status(470)?.closesWindow).toBe(true);
    expect(status(131026)?.closesWindow).toBe(false);
    expect(status(131047, 'delivered')?.closesWindow).toBe(false);
  });

  it("uses the message's own time, and now when it has none", () => {
    const message = (timestamp: string | null) => messageChange({ timestamp, contactName: 'Ada' });
    expect(message('2027-01-01T00:00:00.000Z')).toEqual({
      contact: '49',
      atMs: Date.parse('2027-01-01T00:00:00.000Z'),
      // A whole-second time that arrived later is ordered at the end of its second.
      orderMs: Date.parse('2027-01-01T00:00:00.000Z') + 999,
      messageId: 'm',
      inbound: true,
      name: 'Ada',
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
    expect(message(null)?.atMs).toBe(NOW);
  });

  const NO_MOVES = { username: null, movedTo: null, newUserId: null, movedUserId: null };
  const message = (payload: Partial<InboundMessageDto>) => messageChange(payload);

  it('opens the window on anything the user sent but a revoke or a system notice; a reaction, edit or revoke joins no thread', () => {
    expect(message({ raw: { type: 'text' } })).toMatchObject({ inbound: true, messageId: 'm', text: 'hi' });
    expect(message({ raw: { type: 'reaction' } })).toMatchObject({ inbound: true, messageId: null, text: null });
    expect(message({ raw: { type: 'revoke' } })).toMatchObject({ inbound: false, messageId: null, text: null });
    expect(message({ raw: { type: 'system', system: { type: 'customer_identity_changed' } } })).toMatchObject({ inbound: false, messageId: 'm' });
  });

  it('reads a new number only from a system notice', () => {
    const system = { type: 'user_changed_number', wa_id: '4915' };
    expect(newNumberOf({ type: 'system', system })).toBe('4915');
    expect(newNumberOf({ type: 'text', system })).toBeNull();
  });

  it('links a user id only from an item that names the number beside it', () => {
    const fromUserIdAlone = message({ from: 'US.1', fromUserId: 'US.1' });
    expect(fromUserIdAlone).toMatchObject({ contact: 'US.1', phone: null, userId: 'US.1' });
    expect(linkedUserIdOf(fromUserIdAlone!)).toBeNull();
    expect(linkedUserIdOf(message({ fromPhone: '49', fromUserId: 'US.1' })!)).toBe('US.1');
  });

  it('takes from a message in a group only the link of both keys of its sender, and nothing when it names one', () => {
    expect(message({ from: 'US.1', fromUserId: 'US.1', raw: { group_id: 'g' } })).toBeNull();
    expect(message({ fromPhone: '49', fromUserId: 'US.1', raw: { group_id: 'g' } })).toEqual({
      ...NO_MOVES,
      contact: '49',
      atMs: NOW,
      orderMs: NOW,
      messageId: null,
      inbound: false,
      name: null,
      text: null,
      closesWindow: false,
      phone: '49',
      userId: 'US.1',
      keysOnly: true,
    });
  });

  it('keeps the user id a status names for its recipient', () => {
    const change = changeOfEvent(
      {
        kind: 'status',
        dedupKey: 'k',
        payload: { channelId: 'c', messageId: 'm', status: 'read', recipientId: '49', recipientUserId: 'US.1', timestamp: null, raw: null, errors: [] },
      },
      NOW,
    );
    expect(change).toMatchObject({ phone: '49', userId: 'US.1' });
  });

  it("changes an echo's recipient's conversation as an outbound message, linking the user id it names beside the number", () => {
    const echo = (payload: Partial<MessageEchoEventDto>) =>
      changeOfEvent(
        {
          kind: 'echo',
          dedupKey: 'k',
          payload: { channelId: 'c', id: 'e', to: '49', timestamp: null, type: 'text', text: 'hi', raw: { type: 'text' }, ...payload },
        },
        NOW,
      );
    expect(echo({ toUserId: 'US.1' })).toEqual({
      ...NO_MOVES,
      contact: '49',
      atMs: NOW,
      orderMs: NOW,
      messageId: 'e',
      inbound: false,
      name: null,
      text: 'hi',
      closesWindow: false,
      phone: '49',
      userId: 'US.1',
      keysOnly: false,
    });
    expect(echo({ to: 'US.1' })).toMatchObject({ contact: 'US.1', phone: null, userId: 'US.1' });
    expect(echo({ raw: { type: 'reaction' } })).toMatchObject({ messageId: null, text: null, phone: '49', userId: null });
  });

  it('takes from a preference change only the link of both keys of its contact, and from errors, other and template notices nothing', () => {
    const preference = (payload: Partial<ContactPreferenceEventDto>) =>
      changeOfEvent(
        {
          kind: 'preference',
          dedupKey: 'k',
          payload: { channelId: 'c', contact: '49', category: 'marketing_messages', value: 'stop', timestamp: null, raw: null, ...payload },
        },
        NOW,
      );
    expect(preference({ contactPhone: '49' })).toBeNull();
    expect(preference({ contactPhone: '49', contactUserId: 'US.1' })).toMatchObject({
      contact: '49',
      phone: '49',
      userId: 'US.1',
      keysOnly: true,
      inbound: false,
    });
    expect(changeOfEvent({ kind: 'error', dedupKey: 'k', payload: { channelId: 'c', code: 1, title: null, details: null, raw: null } }, NOW)).toBeNull();
    expect(changeOfEvent({ kind: 'other', dedupKey: 'k', payload: { channelId: 'c', field: 'f', reason: 'r', raw: null } }, NOW)).toBeNull();
    const template = {
      channelId: 'c',
      templateId: null,
      templateName: 't',
      language: null,
      change: 'STATUS' as const,
      status: 'APPROVED',
      reason: null,
      quality: null,
      previousCategory: null,
      newCategory: null,
      raw: null,
    };
    expect(changeOfEvent({ kind: 'template', dedupKey: 'k', payload: template }, NOW)).toBeNull();
  });
});

describe('orderWithinSecond', () => {
  const second = 1_800_000_000_000;

  it('places a whole-second time at its arrival within that second, else at the second end, never before the time itself', () => {
    expect(orderWithinSecond(second, second + 400)).toBe(second + 400);
    expect(orderWithinSecond(second, second + 5_000)).toBe(second + 999);
    expect(orderWithinSecond(second, second - 100)).toBe(second);
    expect(orderWithinSecond(second + 1, second + 400)).toBe(second + 1);
  });

  it('keeps the message time exact for the window while ordering it after a reply sent earlier in the same second', () => {
    const reply = second + 300;
    const change = messageChange({ timestamp: new Date(second).toISOString() }, second + 700);
    expect(change).toMatchObject({ atMs: second, orderMs: second + 700 });
    expect(change!.orderMs).toBeGreaterThan(reply);
  });
});

describe('list cursors and recipients', () => {
  it('round-trips a position and refuses one of another list', () => {
    const cursor = encodeListCursor('conversations:a', { ms: NOW, member: '49' });
    expect(decodeListCursor('conversations:a', cursor, 'after')).toEqual({ ms: NOW, member: '49' });
    expect(() => decodeListCursor('conversations:b', cursor, 'after')).toThrow('another list');
    expect(() => decodeListCursor('conversations:a', Buffer.from('[1,2]').toString('base64url'), 'after')).toThrow('malformed');
  });

  it('reads a phone number as its wa_id', () => {
    expect(waIdOf('+49 (151) 123-45')).toBe('4915112345');
    expect(waIdOf('not a number')).toBeNull();
  });
});

describe('MemoryConversations', () => {
  const change = (contact: string, atMs: number, inbound = true) => ({
    contact,
    atMs,
    orderMs: atMs,
    messageId: `m-${contact}-${atMs}`,
    inbound,
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
  });

  it('forgets that it watched a channel after a whole window without notifications', () => {
    const conversations = new MemoryConversations({ retentionMs: 0, maxConversations: 10, maxThread: 10 });
    conversations.noteNotification('c', NOW - SERVICE_WINDOW_MS - HOUR);
    conversations.noteNotification('c', NOW - 2 * HOUR);
    expect(conversations.watchedSince('c', NOW)).toBe(NOW - SERVICE_WINDOW_MS - HOUR);
    conversations.noteNotification('c', NOW + SERVICE_WINDOW_MS);
    expect(conversations.watchedSince('c', NOW + SERVICE_WINDOW_MS)).toBe(NOW + SERVICE_WINDOW_MS);
    expect(conversations.watchedSince('c', NOW + 2 * SERVICE_WINDOW_MS)).toBeNull();
  });

  it('keeps conversations a whole window even when no events are retained, and drops the least recently changed beyond its bound', () => {
    const conversations = new MemoryConversations({ retentionMs: 0, maxConversations: 2, maxThread: 10 });
    conversations.apply('c', change('1', NOW), NOW);
    conversations.apply('c', change('2', NOW), NOW);
    conversations.apply('c', change('1', NOW + 1), NOW + 1);
    conversations.apply('c', change('3', NOW + 2), NOW + 2);
    expect(conversations.list('c', null, 10, NOW + 2).map((conversation) => conversation.contact)).toEqual(['3', '1']);
    expect(conversations.get('c', '1', NOW + SERVICE_WINDOW_MS)).toMatchObject({ lastInboundMs: NOW + 1 });
    expect(conversations.get('c', '1', NOW + 1 + SERVICE_WINDOW_MS)).toBeNull();
  });

  it('pages a thread newest first before a position, bounded per conversation', () => {
    const conversations = new MemoryConversations({ retentionMs: HOUR, maxConversations: 10, maxThread: 3 });
    for (const at of [NOW + 3, NOW + 1, NOW + 2, NOW + 4]) conversations.apply('c', change('1', at), NOW);
    const positions = conversations.thread('c', '1', null, 10, NOW);
    expect(positions.map((position) => position.ms)).toEqual([NOW + 4, NOW + 3, NOW + 2]);
    expect(conversations.thread('c', '1', positions[0], 1, NOW)).toEqual([positions[1]]);
    expect(conversations.get('c', '1', NOW)).toMatchObject({ lastMessageId: `m-1-${NOW + 4}`, lastActivityMs: NOW + 4 });
  });
});
