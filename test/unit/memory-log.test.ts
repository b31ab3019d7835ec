import { describe, expect, it } from '@jest/globals';
import { nextStatus, recordOfEvent, retentionCutoff, serializeEvent } from '../../src/events/log/event-log.js';
import { MemoryEventLog, type MemoryLogLimits } from '../../src/events/log/memory-log.js';
import { eventLogContract } from '../support/event-log-contract.js';
import type { ChannelEvent, LoggedEvent } from '../../src/events/types.js';

const CHANNEL = 'channel-001';
const OTHER = 'channel-002';
const START_MS = 1_700_000_000_001;

const LIMITS: MemoryLogLimits = {
  retentionMs: 60_000,
  maxEvents: 1_000,
  maxRecords: 1_000,
  maxConversations: 1_000,
  dedupTtlMs: 600_000,
  dedupMaxEntries: 1_000,
};

/** A log on a clock the test moves. */
function logAt(limits: Partial<MemoryLogLimits> = {}) {
  const clock = { now: START_MS };
  const log = new MemoryEventLog({ ...LIMITS, ...limits }, () => clock.now);
  return { log, clock };
}

const inbound = (id: string, from = '491', text: string | null = 'hi', timestamp: string | null = null): ChannelEvent => ({
  kind: 'message',
  dedupKey: `message:${id}`,
  payload: { channelId: CHANNEL, id, from, timestamp, type: 'text', text, raw: null, contactName: 'Ada', displayPhoneNumber: null },
});

const status = (messageId: string, value: string, recipientId: string | null = '491', codes: number[] = []): ChannelEvent => ({
  kind: 'status',
  dedupKey: `status:${messageId}:${value}`,
  payload: {
    channelId: CHANNEL,
    messageId,
    status: value,
    recipientId,
    timestamp: null,
    raw: null,
    errors: codes.map((code) => ({ channelId: CHANNEL, code, title: 'failed', details: null, raw: null })),
  },
});

const channelError = (key: string): ChannelEvent => ({
  kind: 'error',
  dedupKey: `error:${key}`,
  payload: { channelId: CHANNEL, code: 131026, title: 'Receiver incapable', details: null, raw: null },
});

const idsOf = (events: LoggedEvent[]) =>
  events.map((event) => (event.kind === 'message' ? event.payload.id : event.kind === 'status' ? event.payload.messageId : event.kind));

describe('nextStatus', () => {
  it('keeps played (a voice note listened to) and deleted out of the lifecycle: the status never moves back for them', () => {
    expect(nextStatus('read', 'played')).toBe('read');
    expect(nextStatus('delivered', 'deleted')).toBe('delivered');
    expect(nextStatus('failed', 'played')).toBe('failed');
  });

  it('follows the lifecycle, not the arrival order, and keeps failed', () => {
    expect(nextStatus(null, 'delivered')).toBe('delivered');
    expect(nextStatus(null, 'deleted')).toBe('deleted');
    // accepted and received share the first rank: neither replaces the other.
    expect(nextStatus('received', 'accepted')).toBe('received');
    expect(nextStatus('accepted', 'received')).toBe('accepted');
    expect(nextStatus('accepted', 'sent')).toBe('sent');
    expect(nextStatus('sent', 'delivered')).toBe('delivered');
    expect(nextStatus('delivered', 'read')).toBe('read');
    expect(nextStatus('read', 'delivered')).toBe('read');
    expect(nextStatus('delivered', 'delivered')).toBe('delivered');
    expect(nextStatus('delivered', 'sent')).toBe('delivered');
    expect(nextStatus('sent', 'accepted')).toBe('sent');
    expect(nextStatus('read', 'failed')).toBe('failed');
    expect(nextStatus('failed', 'read')).toBe('failed');
    expect(nextStatus('failed', 'sent')).toBe('failed');
    // A status outside the lifecycle (deleted, warning) never replaces a known one; a known one replaces it.
    expect(nextStatus('sent', 'deleted')).toBe('sent');
    expect(nextStatus('warning', 'accepted')).toBe('accepted');
    expect(nextStatus('received', 'read')).toBe('read');
  });
});

describe('log helpers', () => {
  it('serializes an event as its kind and payload only, and cuts retention from now', () => {
    const event = channelError('e1');
    expect(JSON.parse(serializeEvent(event).json)).toEqual({ k: 'error', p: event.payload });
    expect(retentionCutoff(60_000, START_MS)).toBe(START_MS - 60_000);
  });

  it('puts the item last and says where it starts in UTF-8 bytes, whatever the fields before it hold', () => {
    const event = inbound('wamid.ü');
    Object.assign(event.payload, { contactName: 'Zoë 👩🏽‍💻', raw: { id: 'wamid.ü', type: 'text', text: { body: 'Grüße 🌵' } } });
    const { json, itemOffset } = serializeEvent(event);
    expect(JSON.parse(json)).toEqual({ k: 'message', p: event.payload });
    const bytes = Buffer.from(json);
    expect(bytes.subarray(itemOffset!, bytes.length - 2).toString()).toBe(JSON.stringify(event.payload.raw));
    // A payload without an item (none of the gateway's) is stored as it is.
    const withoutItem = channelError('e2');
    delete (withoutItem.payload as { raw?: unknown }).raw;
    expect(serializeEvent(withoutItem)).toEqual({ json: JSON.stringify({ k: 'error', p: withoutItem.payload }), itemOffset: null });
  });
});

describe('recordOfEvent', () => {
  const NOW = START_MS;
  const AT = '2024-01-01T00:00:00.000Z';
  const AT_MS = Date.parse(AT);
  const withItem = (raw: unknown, timestamp: string | null = AT): ChannelEvent => {
    const event = inbound('wamid.own', '491', null, timestamp);
    event.payload = { ...event.payload, raw };
    return event;
  };
  const echo = (raw: unknown): ChannelEvent => ({
    kind: 'echo',
    dedupKey: 'echo:wamid.echo',
    payload: { channelId: CHANNEL, id: 'wamid.echo', to: '491', timestamp: AT, type: 'reaction', text: null, raw },
  });
  const ownRecord = { messageId: 'wamid.own', contact: '491', type: 'text', text: null, change: null, sentAtMs: AT_MS };

  it('reads a reaction as a change of the message it names, without an emoji as its removal', () => {
    expect(recordOfEvent(withItem({ type: 'reaction', reaction: { message_id: 'wamid.A', emoji: '👍' } }), NOW)?.change).toStrictEqual({
      kind: 'reaction',
      target: 'wamid.A',
      from: '491',
      emoji: '👍',
      atMs: AT_MS,
    });
    for (const reaction of [{ message_id: 'wamid.A' }, { message_id: 'wamid.A', emoji: '' }, { message_id: 'wamid.A', emoji: 7 }]) {
      expect(recordOfEvent(withItem({ type: 'reaction', reaction }), NOW)?.change).toMatchObject({ kind: 'reaction', emoji: null });
    }
  });

  it('keeps an item as a message of its own unless it is a reaction naming a message, an edit or a revoke', () => {
    for (const raw of [
      { type: 'text', text: { body: 'hi' }, reaction: { message_id: 'wamid.A', emoji: '👍' } },
      { type: 'reaction' },
      { type: 'reaction', reaction: 'wamid.A' },
      { type: 'reaction', reaction: { message_id: 7, emoji: '👍' } },
      'reaction',
      null,
    ]) {
      expect(recordOfEvent(withItem(raw), NOW)).toMatchObject({ ...ownRecord, body: raw });
    }
  });

  it("takes an edit's new text only from a text body, and a status's record is its message's", () => {
    const edit = (message: unknown) => recordOfEvent(withItem({ type: 'edit', edit: { original_message_id: 'wamid.A', message } }), NOW)?.change;
    expect(edit({ type: 'text', text: { body: 'fixed' } })).toMatchObject({ kind: 'edit', target: 'wamid.A', text: 'fixed', atMs: AT_MS });
    for (const message of [undefined, { type: 'image', image: { caption: 'x' } }, { type: 'text', text: 'fixed' }, { type: 'text', text: { body: 7 } }]) {
      expect(edit(message)).toMatchObject({ kind: 'edit', target: 'wamid.A', text: null });
    }
    expect(recordOfEvent(status('wamid.S', 'read'), NOW)).toStrictEqual({
      messageId: 'wamid.S',
      contact: '491',
      type: undefined,
      text: null,
      body: null,
      change: null,
      sentAtMs: NOW,
    });
  });

  it('keys an echoed reaction by the business number it came from, else by the channel', () => {
    const reaction = { type: 'reaction', reaction: { message_id: 'wamid.A', emoji: '👍' } };
    expect(recordOfEvent(echo({ ...reaction, from: '+49 30 1234' }), NOW)?.change).toMatchObject({ kind: 'reaction', from: '49301234' });
    expect(recordOfEvent(echo(reaction), NOW)?.change).toMatchObject({ kind: 'reaction', from: CHANNEL });
    expect(recordOfEvent(echo({ ...reaction, from: 4930 }), NOW)?.change).toMatchObject({ kind: 'reaction', from: CHANNEL });
    for (const raw of [null, 'wamid.A']) {
      expect(recordOfEvent(echo(raw), NOW)).toMatchObject({ messageId: 'wamid.echo', contact: '491', change: null, body: raw });
    }
  });
});

describe('MemoryEventLog', () => {
  it('retains only with a positive retention', () => {
    expect(logAt().log.retains).toBe(true);
    expect(logAt({ retentionMs: 0 }).log.retains).toBe(false);
    expect(logAt().log.canAccept()).toBe(true);
  });

  it('appends new events with stream-like ids and their JSON size, counting the duplicates', async () => {
    const { log, clock } = logAt();
    const first = await log.append(CHANNEL, [inbound('wamid.1'), inbound('wamid.2'), inbound('wamid.1')]);
    expect(first.duplicates).toBe(1);
    expect(first.appended.map((event) => event.id)).toEqual([
      { ms: START_MS, seq: 0 },
      { ms: START_MS, seq: 1 },
    ]);
    expect(first.appended[0].size).toBe(serializeEvent(inbound('wamid.1')).json.length);
    expect(first.appended[0]).toMatchObject({ kind: 'message', payload: { id: 'wamid.1', text: 'hi' } });

    // The clock going back never makes an id go back.
    clock.now = START_MS - 5;
    expect((await log.append(CHANNEL, [inbound('wamid.3')])).appended[0].id).toEqual({ ms: START_MS, seq: 2 });
    clock.now = START_MS + 7;
    expect((await log.append(CHANNEL, [inbound('wamid.4')])).appended[0].id).toEqual({ ms: START_MS + 7, seq: 0 });
    // Another channel counts its own ids.
    expect((await log.append(OTHER, [inbound('wamid.other')])).appended[0].id).toEqual({ ms: START_MS + 7, seq: 0 });
    expect(await log.append(CHANNEL, [inbound('wamid.4')])).toEqual({ appended: [], duplicates: 1 });
  });

  it('reads after a position, oldest first, at most the limit, and only what is retained', async () => {
    const { log, clock } = logAt();
    await log.append(CHANNEL, [inbound('wamid.1'), inbound('wamid.2')]);
    clock.now += 30_000;
    const [third] = (await log.append(CHANNEL, [inbound('wamid.3'), inbound('wamid.4'), inbound('wamid.5')])).appended;

    expect(idsOf(await log.read(CHANNEL, null, 10))).toEqual(['wamid.1', 'wamid.2', 'wamid.3', 'wamid.4', 'wamid.5']);
    expect(idsOf(await log.read(CHANNEL, null, 2))).toEqual(['wamid.1', 'wamid.2']);
    expect(idsOf(await log.read(CHANNEL, { ms: START_MS, seq: 0 }, 10))).toEqual(['wamid.2', 'wamid.3', 'wamid.4', 'wamid.5']);
    expect(idsOf(await log.read(CHANNEL, { ms: START_MS, seq: 1 }, 10))).toEqual(['wamid.3', 'wamid.4', 'wamid.5']);
    expect(idsOf(await log.read(CHANNEL, third.id, 1))).toEqual(['wamid.4']);
    expect(idsOf(await log.read(CHANNEL, { ms: START_MS + 30_000, seq: 2 }, 10))).toEqual([]);
    expect(idsOf(await log.read(CHANNEL, { ms: START_MS + 1, seq: 0 }, 10))).toEqual(['wamid.3', 'wamid.4', 'wamid.5']);
    expect(await log.read('channel-unknown', null, 10)).toEqual([]);

    // Past the retention of the first two (without another append evicting them), reads skip them.
    clock.now = START_MS + 60_001;
    expect(idsOf(await log.read(CHANNEL, null, 10))).toEqual(['wamid.3', 'wamid.4', 'wamid.5']);
    clock.now = START_MS + 60_000;
    expect(idsOf(await log.read(CHANNEL, null, 10))).toEqual(['wamid.1', 'wamid.2', 'wamid.3', 'wamid.4', 'wamid.5']);
  });

  it('keeps nothing with retention 0 but still announces the events and conversations', async () => {
    const { log } = logAt({ retentionMs: 0 });
    const seen: string[][] = [];
    const contacts: string[][] = [];
    await log.tail(CHANNEL, { onEvents: (events) => seen.push(idsOf(events)), onConversations: (changed) => contacts.push(changed), onGap: () => undefined });
    expect((await log.append(CHANNEL, [inbound('wamid.1')])).appended).toHaveLength(1);
    await log.recordSend(CHANNEL, { messageId: 'wamid.out', contact: '491', type: 'text', text: 'reply' });
    expect(seen).toEqual([['wamid.1']]);
    expect(contacts).toEqual([['491'], ['491']]);
    expect(await log.read(CHANNEL, null, 10)).toEqual([]);
    expect(await log.message(CHANNEL, 'wamid.1')).toBeNull();
    expect(await log.message(CHANNEL, 'wamid.out')).toBeNull();
    expect(await log.conversation(CHANNEL, '491')).toMatchObject({ lastMessageId: 'wamid.out', lastInboundMs: START_MS });
  });

  it('expires a cursor older than the retention or before what the entry bound dropped', async () => {
    const { log, clock } = logAt({ maxEvents: 3 });
    const appended = (await log.append(CHANNEL, [inbound('wamid.1'), inbound('wamid.2'), inbound('wamid.3')])).appended;
    expect(appended.map((event) => log.isExpired(CHANNEL, event.id))).toEqual([false, false, false]);
    clock.now += 1;
    await log.append(OTHER, [inbound('wamid.x')]);
    // The oldest event of all (wamid.1 on CHANNEL) went for the bound: a cursor before it is expired, one at it is not.
    expect(idsOf(await log.read(CHANNEL, null, 10))).toEqual(['wamid.2', 'wamid.3']);
    expect(log.isExpired(CHANNEL, { ms: START_MS - 1, seq: 5 })).toBe(true);
    expect(log.isExpired(CHANNEL, appended[0].id)).toBe(false);
    expect(log.isExpired(CHANNEL, appended[1].id)).toBe(false);
    expect(log.isExpired(OTHER, { ms: START_MS, seq: 0 })).toBe(false);
    expect(log.isExpired('channel-unknown', { ms: START_MS, seq: 0 })).toBe(false);

    // Age alone: a cursor older than the cutoff is expired, one at the cutoff is not.
    clock.now = START_MS + 60_000;
    expect(log.isExpired(OTHER, { ms: START_MS, seq: 0 })).toBe(false);
    expect(log.isExpired(OTHER, { ms: START_MS - 1, seq: 0 })).toBe(true);
  });

  it('drops events past the retention on the next append without marking them as evicted by the bound', async () => {
    const { log, clock } = logAt();
    const [old] = (await log.append(CHANNEL, [inbound('wamid.1')])).appended;
    clock.now += 60_001;
    await log.append(CHANNEL, [inbound('wamid.2')]);
    clock.now = START_MS; // back in time: only the bound could make it expired now, and the age eviction does not set it
    expect(idsOf(await log.read(CHANNEL, null, 10))).toEqual(['wamid.2']);
    expect(log.isExpired(CHANNEL, { ms: old.id.ms - 1, seq: 0 })).toBe(false);
  });

  it('keeps an event and a record exactly at the retention cutoff through an append', async () => {
    const { log, clock } = logAt();
    await log.append(CHANNEL, [inbound('wamid.1')]);
    clock.now = START_MS + 60_000;
    await log.append(CHANNEL, [inbound('wamid.2')]);
    expect(idsOf(await log.read(CHANNEL, null, 10))).toEqual(['wamid.1', 'wamid.2']);
    expect(await log.message(CHANNEL, 'wamid.1')).toMatchObject({ id: 'wamid.1' });
  });

  it('gives channel errors no record: they never push a message record out of the bound', async () => {
    const { log } = logAt({ maxRecords: 1 });
    await log.append(CHANNEL, [inbound('wamid.1'), channelError('e1'), channelError('e2')]);
    expect(await log.message(CHANNEL, 'wamid.1')).toMatchObject({ id: 'wamid.1', status: 'received' });
  });

  it('bounds the events across channels, oldest first, over many appends', async () => {
    const { log, clock } = logAt({ maxEvents: 10 });
    for (let index = 0; index < 2_100; index += 1) {
      clock.now += 1;
      await log.append(index % 2 === 0 ? CHANNEL : OTHER, [inbound(`wamid.${index}`)]);
    }
    expect(idsOf(await log.read(CHANNEL, null, 100))).toEqual(['wamid.2090', 'wamid.2092', 'wamid.2094', 'wamid.2096', 'wamid.2098']);
    expect(idsOf(await log.read(OTHER, null, 100))).toEqual(['wamid.2091', 'wamid.2093', 'wamid.2095', 'wamid.2097', 'wamid.2099']);
    expect(log.isExpired(CHANNEL, { ms: START_MS + 2_089, seq: 0 })).toBe(false);
    expect(log.isExpired(CHANNEL, { ms: START_MS + 2_088, seq: 0 })).toBe(true);
  });

  it('forgets a record past the retention and the least recently changed over the bound', async () => {
    const { log, clock } = logAt({ maxRecords: 2 });
    await log.append(CHANNEL, [inbound('wamid.1')]);
    clock.now += 1;
    await log.append(CHANNEL, [inbound('wamid.2')]);
    clock.now += 1;
    await log.append(CHANNEL, [status('wamid.1', 'read')]); // touches wamid.1: wamid.2 is now the least recent
    clock.now += 1;
    await log.append(CHANNEL, [inbound('wamid.3')]);
    expect((await log.message(CHANNEL, 'wamid.1'))?.status).toBe('read');
    expect(await log.message(CHANNEL, 'wamid.2')).toBeNull();
    expect(await log.message(CHANNEL, 'wamid.3')).not.toBeNull();

    clock.now = START_MS + 2 + 60_000;
    expect(await log.message(CHANNEL, 'wamid.1')).not.toBeNull();
    clock.now += 1;
    expect(await log.message(CHANNEL, 'wamid.1')).toBeNull();
    expect(await log.message(CHANNEL, 'wamid.3')).not.toBeNull();
  });

  it('leaves out the records of thread entries no longer retained', async () => {
    const { log, clock } = logAt({ maxRecords: 1 });
    await log.append(CHANNEL, [inbound('wamid.1', '491', 'one', new Date(START_MS - 2_000).toISOString())]);
    clock.now += 1;
    await log.recordSend(CHANNEL, { messageId: 'wamid.2', contact: '491', type: 'text', text: 'two' });
    const thread = await log.thread(CHANNEL, '491', null, 10);
    expect(thread.map((entry) => [entry.position.member, entry.record?.text ?? null])).toEqual([['wamid.2', 'two']]);
  });

  it('keeps conversations: inbound, send and the upstream verdict, and tells listeners per change until unsubscribed', async () => {
    const { log, clock } = logAt();
    const contacts: string[][] = [];
    const events: string[][] = [];
    const unsubscribe = await log.tail(CHANNEL, {
      onEvents: (batch) => events.push(idsOf(batch)),
      onConversations: (changed) => contacts.push(changed),
      onGap: () => undefined,
    });
    await log.tail(OTHER, { onEvents: () => events.push(['other']), onConversations: () => contacts.push(['other']), onGap: () => undefined });

    expect(await log.watchedSince(CHANNEL)).toBeNull();
    await log.append(CHANNEL, [inbound('wamid.1', '491'), inbound('wamid.2', '492'), channelError('e1'), status('wamid.x', 'sent', null)]);
    expect(contacts).toEqual([['491', '492']]);
    expect(events).toEqual([['wamid.1', 'wamid.2', 'error', 'wamid.x']]);
    expect(await log.watchedSince(CHANNEL)).toBe(START_MS);
    expect(await log.conversation(CHANNEL, '491')).toMatchObject({
      contact: '491',
      name: 'Ada',
      lastInboundMs: START_MS,
      closedMs: null,
      lastMessageId: 'wamid.1',
    });

    // A notification of duplicates only changes nothing and announces nothing.
    await log.append(CHANNEL, [inbound('wamid.1', '491')]);
    expect(contacts).toHaveLength(1);
    expect(events).toHaveLength(1);

    clock.now += 5;
    await log.closeWindow(CHANNEL, '492');
    expect(await log.conversation(CHANNEL, '492')).toMatchObject({ closedMs: START_MS + 5 });
    expect(contacts.at(-1)).toEqual(['492']);
    expect((await log.conversations(CHANNEL, null, 10)).map((conversation) => conversation.contact)).toEqual(['492', '491']);
    expect((await log.conversations(CHANNEL, { ms: START_MS + 5, member: '492' }, 10)).map((conversation) => conversation.contact)).toEqual(['491']);

    await unsubscribe();
    await log.append(CHANNEL, [inbound('wamid.3', '491')]);
    expect(contacts).toHaveLength(2);
    expect(events).toHaveLength(1);

    await log.close();
    await log.append(OTHER, [inbound('wamid.9', '493')]);
    expect(events.flat()).not.toContain('other');
  });
});

eventLogContract('memory', () => new MemoryEventLog(LIMITS));
