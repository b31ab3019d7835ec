import { describe, expect, it } from '@jest/globals';
import { compareLogIds } from '../../src/events/log/cursor.js';
import { ACCEPTED_STATUS, RECEIVED_STATUS, serializeEvent, type EventLog } from '../../src/events/log/event-log.js';
import type { ChannelEvent, LoggedEvent } from '../../src/events/types.js';
import { BUSINESS_APP_ACTOR, type Actor } from '../../src/identity/actor.js';
import { waitUntil } from './events.js';

/**
 * What every EventLog does alike (memory and Redis): each log's test file runs this suite with a
 * factory of its own logs. Every test works on a channel of its own, so one log may serve them all.
 */
export function eventLogContract(label: string, newLog: () => EventLog): void {
  /** The channel's own number, as echoes of its phone app name it. */
  const BUSINESS = '15550783881';
  /** Who sends through the gateway in these tests. */
  const SENDER: Actor = { kind: 'PERSON', subject: 'user-7', name: 'Ada Agent' };
  let channels = 0;
  const newChannel = () => `contract-${label}-${(channels += 1)}`;

  /** Times a few seconds back from one instant, not on a whole second (so an event's order is its own time). */
  const timesBefore = (now: number) => (secondsAgo: number) => Math.floor(now / 1000) * 1000 - secondsAgo * 1000 + 123;

  interface Sender {
    from: string;
    fromPhone?: string | null;
    fromUserId?: string | null;
    contactName?: string | null;
  }

  const message = (channelId: string, id: string, sender: Sender, atMs: number, raw: Record<string, unknown>): ChannelEvent => ({
    kind: 'message',
    dedupKey: `message:${channelId}:${id}`,
    payload: {
      channelId,
      id,
      from: sender.from,
      fromPhone: sender.fromPhone ?? null,
      fromUserId: sender.fromUserId ?? null,
      timestamp: new Date(atMs).toISOString(),
      type: String(raw.type),
      text: raw.type === 'text' ? `text of ${id}` : null,
      raw: { id, ...raw },
      contactName: sender.contactName ?? null,
      displayPhoneNumber: null,
    },
  });
  const text = (channelId: string, id: string, sender: Sender, atMs: number) =>
    message(channelId, id, sender, atMs, { type: 'text', text: { body: `text of ${id}` } });
  const reaction = (channelId: string, id: string, sender: Sender, atMs: number, target: string, emoji: string) =>
    message(channelId, id, sender, atMs, { type: 'reaction', reaction: { message_id: target, emoji } });
  const edit = (channelId: string, id: string, sender: Sender, atMs: number, target: string) =>
    message(channelId, id, sender, atMs, { type: 'edit', edit: { original_message_id: target, message: { type: 'text', text: { body: 'edited' } } } });
  const revoke = (channelId: string, id: string, sender: Sender, atMs: number, target: string) =>
    message(channelId, id, sender, atMs, { type: 'revoke', revoke: { original_message_id: target } });
  /** A user_preferences item naming the user by its wa_id and its user id. */
  const preference = (channelId: string, waId: string, userId: string, atMs: number): ChannelEvent => ({
    kind: 'preference',
    dedupKey: `preference:${channelId}:${waId}:${atMs}`,
    payload: {
      channelId,
      contact: waId,
      contactPhone: waId,
      contactUserId: userId,
      category: 'marketing_messages',
      value: 'stop',
      timestamp: new Date(atMs).toISOString(),
      raw: { wa_id: waId, user_id: userId, category: 'marketing_messages', value: 'stop' },
    },
  });
  /** The platform's notice that a user's business-scoped user id changed (it names the user by the old one). */
  const userIdChange = (channelId: string, id: string, previous: string, next: string, atMs: number) =>
    message(channelId, id, { from: previous, fromUserId: previous }, atMs, {
      type: 'system',
      system: { body: `User changed from ${previous} to ${next}`, user_id: next, previous_user_id: previous, type: 'user_changed_user_id' },
    });
  /**
   * The platform's notice that a user changed its number (named by the old one, and by its previous user id when it has
   * one); since 2026 it names the user's new user id beside the new number.
   */
  const numberChange = (channelId: string, id: string, before: { waId: string; userId: string }, after: { waId: string; userId: string }, atMs: number) =>
    message(channelId, id, { from: before.waId, fromPhone: before.waId, fromUserId: before.userId }, atMs, {
      type: 'system',
      system: {
        body: `User changed from ${before.waId} to ${after.waId}`,
        wa_id: after.waId,
        user_id: after.userId,
        previous_user_id: before.userId,
        type: 'user_changed_number',
      },
    });
  /** An item of smb_message_echoes: sent by the business (its number `from`) from its phone app to `to`. */
  const echo = (channelId: string, id: string, to: string, atMs: number, raw: Record<string, unknown>): ChannelEvent => ({
    kind: 'echo',
    dedupKey: `echo:${channelId}:${id}`,
    payload: {
      channelId,
      id,
      to,
      toUserId: null,
      timestamp: new Date(atMs).toISOString(),
      type: String(raw.type),
      text: null,
      raw: { from: BUSINESS, to, id, ...raw },
    },
  });
  const statusNaming = (channelId: string, messageId: string, recipientId: string, recipientUserId: string, atMs: number): ChannelEvent => ({
    kind: 'status',
    dedupKey: `status:${channelId}:${messageId}:delivered`,
    payload: { channelId, messageId, status: 'delivered', recipientId, recipientUserId, timestamp: new Date(atMs).toISOString(), errors: [], raw: null },
  });

  /** The log's conversation announcements for the channel, as they arrive (a contact per change). */
  async function listen(log: EventLog, channelId: string): Promise<string[]> {
    const announced: string[] = [];
    await log.tail(channelId, { onEvents: () => undefined, onConversations: (contacts) => announced.push(...contacts), onGap: () => undefined });
    return announced;
  }
  /** Appends, then waits for the `count` announcements the append makes (on Redis they come through pub/sub). */
  async function appendAnnounced(log: EventLog, channelId: string, announced: string[], events: ChannelEvent[], count: number): Promise<string[]> {
    const before = announced.length;
    await log.append(channelId, events);
    await waitUntil(async () => announced.length >= before + count, `${count} conversation announcements`);
    return announced.slice(before);
  }
  const threadIds = async (log: EventLog, channelId: string, contact: string) =>
    (await log.thread(channelId, contact, null, 50)).map((entry) => entry.record?.id ?? entry.position.member);

  const statusOf = (channelId: string, messageId: string, status: string, recipientId: string | null, atMs: number, codes: number[] = []): ChannelEvent => ({
    kind: 'status',
    dedupKey: `status:${channelId}:${messageId}:${status}:${atMs}`,
    payload: {
      channelId,
      messageId,
      status,
      recipientId,
      timestamp: new Date(atMs).toISOString(),
      errors: codes.map((code) => ({ channelId, code, title: 'failed', details: null, raw: { code } })),
      raw: { messageId, status },
    },
  });
  const idsOf = (events: LoggedEvent[]) => events.map((event) => (event.kind === 'message' ? event.payload.id : event.kind));
  /** Expects a time taken by the log between two readings of the clock (Redis reads its server's, on this machine). */
  const expectBetween = (value: number | null | undefined, before: number, after: number) => {
    expect(value).toBeGreaterThanOrEqual(before - 1_000);
    expect(value).toBeLessThanOrEqual(after + 1_000);
  };

  describe(`EventLog contract (${label}): append and read`, () => {
    it('claims each event once: a re-delivery within a notification or later is a duplicate and changes nothing', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const once = text(channelId, 'wamid.once', { from: '491' }, recent(10));
      const first = await log.append(channelId, [once, once]);
      expect(idsOf(first.appended)).toEqual(['wamid.once']);
      expect(first.duplicates).toBe(1);
      expect(first.appended[0].size).toBe(serializeEvent(once).json.length);
      const again = await log.append(channelId, [once, text(channelId, 'wamid.next', { from: '491' }, recent(5))]);
      expect({ ids: idsOf(again.appended), duplicates: again.duplicates }).toEqual({ ids: ['wamid.next'], duplicates: 1 });
      expect(compareLogIds(again.appended[0].id, first.appended[0].id)).toBeGreaterThan(0);
      expect(idsOf(await log.read(channelId, null, 10))).toEqual(['wamid.once', 'wamid.next']);
    });

    it('reads the retained events after a position, oldest first, at most the limit', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const { appended } = await log.append(
        channelId,
        ['a', 'b', 'c', 'd'].map((id) => text(channelId, id, { from: '491' }, recent(10))),
      );
      expect(idsOf(await log.read(channelId, null, 10))).toEqual(['a', 'b', 'c', 'd']);
      expect(idsOf(await log.read(channelId, null, 2))).toEqual(['a', 'b']);
      expect(idsOf(await log.read(channelId, appended[1].id, 10))).toEqual(['c', 'd']);
      expect(idsOf(await log.read(channelId, appended[0].id, 1))).toEqual(['b']);
      expect(await log.read(channelId, appended[3].id, 10)).toEqual([]);
      expect(await log.read(channelId, null, 10)).toEqual(appended);
      expect(await log.read(newChannel(), null, 10)).toEqual([]);
    });

    it('an empty notification appends nothing, announces nothing and does not start watching the channel', async () => {
      const log = newLog();
      const channelId = newChannel();
      const calls: string[] = [];
      await log.tail(channelId, { onEvents: () => calls.push('events'), onConversations: () => calls.push('conversations'), onGap: () => undefined });
      expect(await log.append(channelId, [])).toEqual({ appended: [], duplicates: 0 });
      expect(await log.watchedSince(channelId)).toBeNull();
      // The next append's announcements come first (on Redis in publication order): the empty one made none.
      await log.append(channelId, [text(channelId, 'wamid.after', { from: '491' }, timesBefore(Date.now())(5))]);
      await waitUntil(async () => calls.length >= 2, 'the announcements of the next append');
      expect(calls).toEqual(['events', 'conversations']);
    });

    it('restarts the watch now, or once a webhook change has taken effect (afterMs from now), and keeps it through the next notification', async () => {
      const log = newLog();
      const [now, later] = [newChannel(), newChannel()];
      // Both clocks (this process's, and Redis's on this machine) within a second of each other.
      const within = async (channelId: string, afterMs: number, from: number) => {
        const since = await log.watchedSince(channelId);
        expect(since).toBeGreaterThanOrEqual(from + afterMs - 1_000);
        expect(since).toBeLessThanOrEqual(Date.now() + afterMs + 1_000);
      };
      const from = Date.now();
      await log.restartWatch(now);
      await log.restartWatch(later, 20_000);
      await within(now, 0, from);
      await within(later, 20_000, from);
      // A notification arriving before the change took effect came the old way: it does not move the watch back.
      await log.append(later, [text(later, 'wamid.before-effect', { from: '491' }, timesBefore(Date.now())(5))]);
      await within(later, 20_000, from);
    });
  });

  describe(`EventLog contract (${label}): conversations`, () => {
    const ada = { from: '491', contactName: 'Ada' };
    const channelError = (channelId: string, code: number): ChannelEvent => ({
      kind: 'error',
      dedupKey: `error:${channelId}:${code}`,
      payload: { channelId, code, title: 'failure', details: null, raw: { code } },
    });

    it('an inbound message opens a conversation: name, keys, last inbound, activity, last message', async () => {
      const log = newLog();
      const channelId = newChannel();
      const at = timesBefore(Date.now())(30);
      await log.append(channelId, [text(channelId, 'wamid.1', ada, at)]);
      expect(await log.conversation(channelId, '491')).toEqual({
        channelId,
        contact: '491',
        name: 'Ada',
        contactPhone: '491',
        contactUserId: null,
        contactUsername: null,
        movedTo: null,
        lastInboundMs: at,
        lastActivityMs: at,
        closedMs: null,
        lastMessageId: 'wamid.1',
      });
      expect(await log.conversation(channelId, '492')).toBeNull();
    });

    it('times only move forward: a late older message changes neither activity, last inbound nor last message', async () => {
      const log = newLog();
      const channelId = newChannel();
      const at = timesBefore(Date.now())(30);
      await log.append(channelId, [text(channelId, 'wamid.new', ada, at)]);
      await log.append(channelId, [text(channelId, 'wamid.old', { from: '491', contactName: 'Old name' }, at - 5_000)]);
      expect(await log.conversation(channelId, '491')).toMatchObject({ name: 'Ada', lastInboundMs: at, lastActivityMs: at, lastMessageId: 'wamid.new' });
      // A later one moves them all; a missing name keeps the known one.
      await log.append(channelId, [text(channelId, 'wamid.later', { from: '491' }, at + 1_000)]);
      expect(await log.conversation(channelId, '491')).toMatchObject({
        name: 'Ada',
        lastInboundMs: at + 1_000,
        lastActivityMs: at + 1_000,
        lastMessageId: 'wamid.later',
      });
      await log.append(channelId, [text(channelId, 'wamid.named', { from: '491', contactName: 'Ada L.' }, at + 2_000)]);
      expect((await log.conversation(channelId, '491'))?.name).toBe('Ada L.');
      // A message at the same time as the last one becomes the last message (ties go to the newer arrival).
      await log.append(channelId, [text(channelId, 'wamid.tie', { from: '491' }, at + 2_000)]);
      expect(await log.conversation(channelId, '491')).toMatchObject({ lastMessageId: 'wamid.tie', lastInboundMs: at + 2_000, lastActivityMs: at + 2_000 });
    });

    it('outbound activity moves the activity and last message, not the last inbound; a status only its time', async () => {
      const log = newLog();
      const channelId = newChannel();
      const at = timesBefore(Date.now())(30);
      await log.append(channelId, [text(channelId, 'wamid.in', { from: '491' }, at)]);
      const before = Date.now();
      await log.recordSend(channelId, { messageId: 'wamid.out', contact: '491', type: 'text', text: 'reply' });
      const conversation = await log.conversation(channelId, '491');
      expect(conversation).toMatchObject({ lastInboundMs: at, lastMessageId: 'wamid.out', closedMs: null, name: null });
      expectBetween(conversation?.lastActivityMs, before, Date.now());
      // An older status of an older send: nothing moves back.
      await log.append(channelId, [statusOf(channelId, 'wamid.older', 'delivered', '491', at - 1_000)]);
      expect(await log.conversation(channelId, '491')).toEqual(conversation);
      // Not a notification's inbound: no last inbound from a status.
      const next = Date.now() + 1_000;
      await log.append(channelId, [statusOf(channelId, 'wamid.out', 'read', '491', next)]);
      expect(await log.conversation(channelId, '491')).toMatchObject({ lastInboundMs: at, lastActivityMs: next, lastMessageId: 'wamid.out' });
    });

    it('a channel error touches no conversation', async () => {
      const log = newLog();
      const channelId = newChannel();
      await log.append(channelId, [channelError(channelId, 1)]);
      expect(await log.conversations(channelId, null, 10)).toEqual([]);
    });

    it('a contact thread newest first with its records, paged by a cursor; a message keeps its first place', async () => {
      const log = newLog();
      const channelId = newChannel();
      const at = timesBefore(Date.now())(30);
      await log.append(channelId, [text(channelId, 'in1', { from: '491' }, at), text(channelId, 'other', { from: '492' }, at + 500)]);
      await log.append(channelId, [statusOf(channelId, 'out1', 'sent', '491', at + 1_000)]);
      await log.append(channelId, [text(channelId, 'in2', { from: '491' }, at + 2_000)]);
      // A later status of out1 does not move it in the thread.
      await log.append(channelId, [statusOf(channelId, 'out1', 'delivered', '491', at + 3_000)]);

      const thread = await log.thread(channelId, '491', null, 10);
      expect(thread.map((entry) => entry.position)).toEqual([
        { member: 'in2', ms: at + 2_000 },
        { member: 'out1', ms: at + 1_000 },
        { member: 'in1', ms: at },
      ]);
      expect(thread[1].record).toEqual(await log.message(channelId, 'out1'));
      expect(thread[1].record?.status).toBe('delivered');
      expect(thread[0].record?.direction).toBe('INBOUND');
      expect((await log.thread(channelId, '491', { member: 'in2', ms: at + 2_000 }, 1)).map((entry) => entry.position.member)).toEqual(['out1']);
      expect((await log.thread(channelId, '491', { member: 'out1', ms: at + 1_000 }, 10)).map((entry) => entry.position.member)).toEqual(['in1']);
      expect(await log.thread(channelId, '491', null, 0)).toEqual([]);
      expect(await log.thread(channelId, '493', null, 10)).toEqual([]);
    });

    it('notifications mark the channel watched since the first, duplicates included; a send or a verdict does not', async () => {
      const log = newLog();
      const channelId = newChannel();
      expect(await log.watchedSince(channelId)).toBeNull();
      await log.recordSend(channelId, { messageId: 'wamid.out', contact: '491', type: 'text', text: null });
      await log.closeWindow(channelId, '491');
      expect(await log.watchedSince(channelId)).toBeNull();

      const before = Date.now();
      await log.append(channelId, [channelError(channelId, 1)]);
      const since = await log.watchedSince(channelId);
      expectBetween(since, before, Date.now());
      await log.append(channelId, [channelError(channelId, 1)]);
      expect(await log.watchedSince(channelId)).toBe(since);
    });
  });

  describe(`EventLog contract (${label}): message records`, () => {
    it('records an inbound message: direction, contact, type, arrival, text, its own time as its thread place, its body', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const before = Date.now();
      await log.append(channelId, [text(channelId, 'wamid.in', { from: '491', contactName: 'Ada' }, recent(10))]);
      const after = Date.now();
      const record = await log.message(channelId, 'wamid.in');
      expect(record).toEqual({
        id: 'wamid.in',
        channelId,
        direction: 'INBOUND',
        contact: '491',
        type: 'text',
        atMs: expect.any(Number),
        status: RECEIVED_STATUS,
        statuses: [],
        text: 'text of wamid.in',
        threadMs: recent(10),
        sentAtMs: recent(10),
        sentFrom: null,
        sentBy: null,
        body: { id: 'wamid.in', type: 'text', text: { body: 'text of wamid.in' } },
        history: [],
        editedAtMs: null,
        revokedAtMs: null,
        reactions: [],
        contactName: 'Ada',
      });
      expectBetween(record!.atMs, before, after);
      expect(await log.message(channelId, 'wamid.unknown')).toBeNull();
      expect(await log.message(newChannel(), 'wamid.in')).toBeNull();
    });

    it('a send accepted upstream, then its statuses by lifecycle (failed is final), each kept in arrival order', async () => {
      const log = newLog();
      const channelId = newChannel();
      const before = Date.now();
      await log.recordSend(channelId, { messageId: 'wamid.out', contact: '491', type: 'text', text: 'hi there', sentBy: SENDER });
      const after = Date.now();
      const sent = await log.message(channelId, 'wamid.out');
      expect(sent).toEqual({
        id: 'wamid.out',
        channelId,
        direction: 'OUTBOUND',
        contact: '491',
        type: 'text',
        atMs: expect.any(Number),
        status: ACCEPTED_STATUS,
        statuses: [],
        text: 'hi there',
        threadMs: expect.any(Number),
        sentAtMs: expect.any(Number),
        sentFrom: 'API',
        sentBy: SENDER,
        body: null,
        history: [],
        editedAtMs: null,
        revokedAtMs: null,
        reactions: [],
        contactName: null,
      });
      expectBetween(sent!.atMs, before, after);
      expectBetween(sent!.threadMs, before, after);
      expectBetween(sent!.sentAtMs, before, after);

      const at = Date.now() + 5;
      const { appended: first } = await log.append(channelId, [statusOf(channelId, 'wamid.out', 'delivered', '491', at)]);
      const { appended: second } = await log.append(channelId, [statusOf(channelId, 'wamid.out', 'sent', '491', at + 1)]);
      const delivered = await log.message(channelId, 'wamid.out');
      expect(delivered?.status).toBe('delivered');
      expect(delivered?.statuses).toEqual([...first, ...second]);
      expect(delivered).toMatchObject({ direction: 'OUTBOUND', contact: '491', type: 'text', text: 'hi there', atMs: sent!.atMs, threadMs: sent!.threadMs });
      for (const [offset, status] of [
        [2, 'read'],
        [3, 'failed'],
        [4, 'read'],
      ] as const) {
        await log.append(channelId, [statusOf(channelId, 'wamid.out', status, '491', at + offset)]);
      }
      const final = await log.message(channelId, 'wamid.out');
      expect(final?.status).toBe('failed');
      expect(final?.statuses.map((event) => event.payload.status)).toEqual(['delivered', 'sent', 'read', 'failed', 'read']);
      // What a reader gets is a copy: changing it changes nothing held.
      final?.statuses.pop();
      expect((await log.message(channelId, 'wamid.out'))?.statuses).toHaveLength(5);
    });

    it('a status of a send not yet recorded starts its record; the send then keeps that status and thread place; an unknown status never replaces a known one', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const { appended } = await log.append(channelId, [statusOf(channelId, 'wamid.late', 'delivered', '491', recent(10))]);
      expect(await log.message(channelId, 'wamid.late')).toMatchObject({
        direction: 'OUTBOUND',
        contact: '491',
        status: 'delivered',
        statuses: appended,
        type: null,
        text: null,
        sentFrom: null,
        threadMs: recent(10),
      });
      await log.recordSend(channelId, { messageId: 'wamid.late', contact: '491', type: 'image', text: null });
      expect(await log.message(channelId, 'wamid.late')).toMatchObject({ status: 'delivered', type: 'image', threadMs: recent(10), sentFrom: 'API' });
      await log.append(channelId, [statusOf(channelId, 'wamid.late', 'deleted', '491', recent(5))]);
      expect((await log.message(channelId, 'wamid.late'))?.status).toBe('delivered');
      // A status naming no recipient updates its record, with no contact and no conversation.
      await log.append(channelId, [statusOf(channelId, 'wamid.anon', 'sent', null, recent(5))]);
      expect(await log.message(channelId, 'wamid.anon')).toMatchObject({ contact: null, status: 'sent', direction: 'OUTBOUND' });
      expect((await log.conversations(channelId, null, 10)).map((conversation) => conversation.contact)).toEqual(['491']);
    });
  });

  describe(`EventLog contract (${label}): the window`, () => {
    it('a window verdict or a failed status with 131047 or 470 marks the conversation closed, never back in time; other failures do not', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const before = Date.now();
      await log.closeWindow(channelId, '491');
      const after = Date.now();
      const closed = await log.conversation(channelId, '491');
      expect(closed).toMatchObject({ contact: '491', lastMessageId: null, lastInboundMs: null, name: null });
      expectBetween(closed!.closedMs, before, after);
      expect(closed!.lastActivityMs).toBe(closed!.closedMs);
      await log.append(channelId, [
        statusOf(channelId, 'wamid.x', 'failed', '491', recent(10), [131047]),
        statusOf(channelId, 'wamid.y', 'failed', '492', recent(10), [131026]),
        statusOf(channelId, 'wamid.z', 'failed', '493', recent(10), [470]),
      ]);
      expect((await log.conversation(channelId, '491'))?.closedMs).toBe(closed!.closedMs);
      expect((await log.conversation(channelId, '492'))?.closedMs).toBeNull();
      expect((await log.conversation(channelId, '493'))?.closedMs).toBe(recent(10));
      const later = Date.now() + 2_000;
      await log.append(channelId, [statusOf(channelId, 'wamid.w', 'failed', '493', later, [131047])]);
      expect((await log.conversation(channelId, '493'))?.closedMs).toBe(later);
      expect((await log.message(channelId, 'wamid.w'))?.statuses[0].payload.errors[0].code).toBe(131047);
    });
  });

  describe(`EventLog contract (${label}): changes to a message`, () => {
    it("a reaction, an edit and a revoke tell the listeners of the message's conversation, join no thread, and only the user's own move the last inbound time", async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const ada = { from: '4917000000001', contactName: 'Ada' };
      const announced = await listen(log, channelId);
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.m1', ada, recent(50))], 1);

      expect(await appendAnnounced(log, channelId, announced, [reaction(channelId, 'wamid.r1', ada, recent(40), 'wamid.m1', '👍')], 1)).toEqual([ada.from]);
      expect((await log.message(channelId, 'wamid.m1'))!.reactions).toEqual([{ emoji: '👍', from: ada.from, atMs: recent(40) }]);
      expect(await appendAnnounced(log, channelId, announced, [edit(channelId, 'wamid.e1', ada, recent(30), 'wamid.m1')], 1)).toEqual([ada.from]);
      expect((await log.message(channelId, 'wamid.m1'))!.editedAtMs).toBe(recent(30));
      expect(await appendAnnounced(log, channelId, announced, [revoke(channelId, 'wamid.v1', ada, recent(20), 'wamid.m1')], 1)).toEqual([ada.from]);
      expect((await log.message(channelId, 'wamid.m1'))!.revokedAtMs).toBe(recent(20));

      expect(await threadIds(log, channelId, ada.from)).toEqual(['wamid.m1']);
      // A reaction and an edit are the user's own (they open the window), a revoke is not.
      expect(await log.conversation(channelId, ada.from)).toMatchObject({ lastInboundMs: recent(30), lastMessageId: 'wamid.m1' });
    });

    it('an edit keeps what the message said before, oldest first: a user’s message edited twice, a send and an echo edited from the phone app', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const ada = { from: '491' };
      await log.append(channelId, [text(channelId, 'wamid.m1', ada, recent(50))]);
      await log.append(channelId, [edit(channelId, 'wamid.e1', ada, recent(40), 'wamid.m1')]);
      await log.append(channelId, [edit(channelId, 'wamid.e2', ada, recent(30), 'wamid.m1')]);
      const edited = await log.message(channelId, 'wamid.m1');
      const itemOf = (event: ChannelEvent) => event.payload.raw;
      expect(edited).toMatchObject({
        text: 'edited',
        editedAtMs: recent(30),
        body: itemOf(edit(channelId, 'wamid.e2', ada, recent(30), 'wamid.m1')),
        history: [itemOf(text(channelId, 'wamid.m1', ada, recent(50))), itemOf(edit(channelId, 'wamid.e1', ada, recent(40), 'wamid.m1'))],
      });

      const sentBody = { messaging_product: 'whatsapp', to: '491', type: 'text', text: { body: 'sent' } };
      await log.recordSend(channelId, { messageId: 'wamid.sent', contact: '491', type: 'text', text: 'sent', body: sentBody });
      await log.append(channelId, [echo(channelId, 'wamid.phone', '491', recent(20), { type: 'text', text: { body: 'from the phone' } })]);
      const phoneEdit = (id: string, target: string, atMs: number) =>
        echo(channelId, id, '491', atMs, { type: 'edit', edit: { original_message_id: target, message: { type: 'text', text: { body: 'edited' } } } });
      await log.append(channelId, [phoneEdit('wamid.edit-sent', 'wamid.sent', recent(10)), phoneEdit('wamid.edit-phone', 'wamid.phone', recent(9))]);
      await log.append(channelId, [phoneEdit('wamid.edit-sent-again', 'wamid.sent', recent(8))]);
      expect(await log.message(channelId, 'wamid.sent')).toMatchObject({
        sentFrom: 'API',
        body: itemOf(phoneEdit('wamid.edit-sent-again', 'wamid.sent', recent(8))),
        history: [sentBody, itemOf(phoneEdit('wamid.edit-sent', 'wamid.sent', recent(10)))],
      });
      expect(await log.message(channelId, 'wamid.phone')).toMatchObject({
        sentFrom: 'BUSINESS_APP',
        body: itemOf(phoneEdit('wamid.edit-phone', 'wamid.phone', recent(9))),
        history: [{ from: BUSINESS, to: '491', id: 'wamid.phone', type: 'text', text: { body: 'from the phone' } }],
      });
    });

    it("the business's reaction from its phone app (an echo) changes the message it names, a removal clears it: no thread entry, the last inbound time stays", async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const ada = { from: '4917000000006' };
      const announced = await listen(log, channelId);
      await appendAnnounced(
        log,
        channelId,
        announced,
        [text(channelId, 'wamid.m7', ada, recent(50)), reaction(channelId, 'wamid.r7', ada, recent(45), 'wamid.m7', '❤️')],
        2,
      );

      const businessReaction = echo(channelId, 'wamid.echo-r7', ada.from, recent(40), { type: 'reaction', reaction: { message_id: 'wamid.m7', emoji: '👍' } });
      expect(await appendAnnounced(log, channelId, announced, [businessReaction], 1)).toEqual([ada.from]);
      expect((await log.message(channelId, 'wamid.m7'))!.reactions).toEqual([
        { emoji: '❤️', from: ada.from, atMs: recent(45) },
        { emoji: '👍', from: BUSINESS, atMs: recent(40) },
      ]);
      const removal = echo(channelId, 'wamid.echo-r8', ada.from, recent(30), { type: 'reaction', reaction: { message_id: 'wamid.m7', emoji: '' } });
      await appendAnnounced(log, channelId, announced, [removal], 1);
      expect((await log.message(channelId, 'wamid.m7'))!.reactions).toEqual([{ emoji: '❤️', from: ada.from, atMs: recent(45) }]);

      expect(await threadIds(log, channelId, ada.from)).toEqual(['wamid.m7']);
      expect(await log.message(channelId, 'wamid.echo-r7')).toBeNull();
      expect(await log.conversation(channelId, ada.from)).toMatchObject({ lastInboundMs: recent(45), lastMessageId: 'wamid.m7' });
    });

    it('a change to a message kept before a number change also tells the old conversation, which keeps its last inbound time', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const [oldNumber, newNumber] = ['4917000000002', '4917000000003'];
      const announced = await listen(log, channelId);
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.before', { from: oldNumber }, recent(50))], 1);
      const notice = message(channelId, 'wamid.changed', { from: oldNumber }, recent(40), {
        type: 'system',
        system: { type: 'user_changed_number', body: 'changed', wa_id: newNumber },
      });
      await appendAnnounced(log, channelId, announced, [notice], 1);

      const changes = await appendAnnounced(
        log,
        channelId,
        announced,
        [reaction(channelId, 'wamid.r2', { from: newNumber }, recent(30), 'wamid.before', '❤️')],
        2,
      );
      expect(changes).toEqual([oldNumber, newNumber]);
      expect(await log.conversation(channelId, oldNumber)).toMatchObject({ movedTo: newNumber, lastInboundMs: recent(50), lastMessageId: 'wamid.changed' });
      expect(await log.conversation(channelId, newNumber)).toMatchObject({ lastInboundMs: recent(30), lastMessageId: null });
      expect(await threadIds(log, channelId, newNumber)).toEqual([]);
    });

    it('a reaction older than the one held changes nothing of the message and tells only its sender’s conversation; one in a group tells none', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const [before, after] = ['4917000000004', '4917000000005'];
      const announced = await listen(log, channelId);
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.m3', { from: before }, recent(50))], 1);
      const notice = message(channelId, 'wamid.changed3', { from: before }, recent(45), {
        type: 'system',
        system: { type: 'user_changed_number', wa_id: after },
      });
      await appendAnnounced(log, channelId, announced, [notice, reaction(channelId, 'wamid.r3', { from: after }, recent(30), 'wamid.m3', '👍')], 3);
      expect(await appendAnnounced(log, channelId, announced, [reaction(channelId, 'wamid.r4', { from: after }, recent(40), 'wamid.m3', '😮')], 1)).toEqual([
        after,
      ]);
      expect((await log.message(channelId, 'wamid.m3'))!.reactions).toEqual([{ emoji: '👍', from: after, atMs: recent(30) }]);

      const inGroup = message(channelId, 'wamid.r5', { from: after }, recent(20), {
        type: 'reaction',
        group_id: 'group-1',
        reaction: { message_id: 'wamid.m3', emoji: '🎉' },
      });
      await log.append(channelId, [inGroup]);
      // A later change announces itself alone: the group reaction announced nothing before it.
      expect(await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.m6', { from: after }, recent(10))], 1)).toEqual([after]);
    });
  });

  describe(`EventLog contract (${label}): the thread tells what happened`, () => {
    it('a thread delivered out of order reads newest first by when each message was sent, across pages; receivedAt stays the arrival', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const ada = { from: '4917000000021' };
      // Delivered late and out of order (the upstream re-delivers), one notification each; an echo from the phone app among them.
      for (const [id, secondsAgo] of [
        ['wamid.t30', 30],
        ['wamid.t50', 50],
        ['wamid.t10', 10],
        ['wamid.t40', 40],
      ] as const) {
        await log.append(channelId, [text(channelId, id, ada, recent(secondsAgo))]);
      }
      await log.append(channelId, [echo(channelId, 'wamid.t20', ada.from, recent(20), { type: 'text', text: { body: 'from the phone' } })]);
      const pages: string[][] = [];
      const sentTimes: number[] = [];
      let before = null;
      for (;;) {
        const page = await log.thread(channelId, ada.from, before, 2);
        if (page.length === 0) break;
        pages.push(page.map((entry) => entry.record!.id));
        sentTimes.push(...page.map((entry) => entry.record!.sentAtMs));
        before = page.at(-1)!.position;
      }
      expect(pages).toEqual([['wamid.t10', 'wamid.t20'], ['wamid.t30', 'wamid.t40'], ['wamid.t50']]);
      expect(sentTimes).toEqual([recent(10), recent(20), recent(30), recent(40), recent(50)]);
      const late = await log.message(channelId, 'wamid.t50');
      // Received after the others though sent first: its arrival is not its send time.
      expect(late!.atMs).toBeGreaterThan(late!.sentAtMs + 40_000);
      expect(await log.message(channelId, 'wamid.t20')).toMatchObject({ sentAtMs: recent(20), sentFrom: 'BUSINESS_APP', sentBy: BUSINESS_APP_ACTOR });
      expect((await log.conversation(channelId, ada.from))?.lastMessageId).toBe('wamid.t10');
    });

    it('messages sent in the same second and arriving together: the last message is the thread’s newest, ties broken alike', async () => {
      const log = newLog();
      const channelId = newChannel();
      // A whole second, as the upstream gives it, long enough ago that both land at its end.
      const second = Math.floor(Date.now() / 1000) * 1000 - 20_000;
      const ada = { from: '4917000000022' };
      await log.append(channelId, [text(channelId, 'wamid.tie-b', ada, second), text(channelId, 'wamid.tie-a', ada, second)]);
      const thread = await threadIds(log, channelId, ada.from);
      expect(thread).toEqual(['wamid.tie-b', 'wamid.tie-a']);
      expect((await log.conversation(channelId, ada.from))?.lastMessageId).toBe(thread[0]);
    });

    it('a revoke deletes: the body, the text and every earlier version are erased, the time of the deletion stays; a late edit brings nothing back', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const ada = { from: '4917000000023', contactName: 'Ada' };
      await log.append(channelId, [text(channelId, 'wamid.secret', ada, recent(50))]);
      await log.append(channelId, [edit(channelId, 'wamid.secret-edit', ada, recent(40), 'wamid.secret')]);
      await log.append(channelId, [reaction(channelId, 'wamid.secret-like', { from: '4917000000024' }, recent(35), 'wamid.secret', '👍')]);
      await log.append(channelId, [revoke(channelId, 'wamid.secret-revoke', ada, recent(30), 'wamid.secret')]);
      const deleted = await log.message(channelId, 'wamid.secret');
      expect(deleted).toMatchObject({
        id: 'wamid.secret',
        direction: 'INBOUND',
        type: 'text',
        text: null,
        body: null,
        history: [],
        editedAtMs: recent(40),
        revokedAtMs: recent(30),
        sentAtMs: recent(50),
        contactName: 'Ada',
      });
      expect(JSON.stringify(deleted)).not.toContain('text of wamid.secret');
      expect(JSON.stringify(deleted)).not.toContain('"body":"edited"');
      // An edit that arrives after the deletion (re-delivered late) changes nothing.
      await log.append(channelId, [edit(channelId, 'wamid.secret-late-edit', ada, recent(45), 'wamid.secret')]);
      expect(await log.message(channelId, 'wamid.secret')).toMatchObject({ text: null, body: null, history: [], editedAtMs: recent(40) });
      expect(await threadIds(log, channelId, ada.from)).toEqual(['wamid.secret']);
    });
  });

  describe(`EventLog contract (${label}): a user id seen before its wa_id`, () => {
    const userId = (index: number) => `DE.contract${label}${index}`;

    it("the user id's conversation merges into the wa_id's when an item names both: one thread, the newer times, found by either key, listed once", async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const [waId, user] = ['4917000000011', userId(1)];
      const announced = await listen(log, channelId);
      await appendAnnounced(
        log,
        channelId,
        announced,
        [text(channelId, 'wamid.by-number', { from: waId, fromPhone: waId, contactName: 'Ada' }, recent(60))],
        1,
      );
      await appendAnnounced(
        log,
        channelId,
        announced,
        [text(channelId, 'wamid.by-user-1', { from: user, fromUserId: user, contactName: 'Ada L.' }, recent(50))],
        1,
      );
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.by-user-2', { from: user, fromUserId: user }, recent(40))], 1);
      expect((await log.conversations(channelId, null, 10)).map((conversation) => conversation.contact)).toEqual([user, waId]);

      // A status of a reply naming both keys: the user id's messages are newer than the wa_id's, so its last inbound time and name win.
      expect(await appendAnnounced(log, channelId, announced, [statusNaming(channelId, 'wamid.reply', waId, user, recent(30))], 1)).toEqual([waId]);
      const merged = await log.conversation(channelId, waId);
      expect(merged).toMatchObject({
        contact: waId,
        contactPhone: waId,
        contactUserId: user,
        name: 'Ada L.',
        lastInboundMs: recent(40),
        lastMessageId: 'wamid.reply',
      });
      expect(await log.conversation(channelId, user)).toEqual(merged);
      expect((await log.conversations(channelId, null, 10)).map((conversation) => conversation.contact)).toEqual([waId]);

      const thread = await log.thread(channelId, user, null, 50);
      expect(thread.map((entry) => [entry.record?.id, entry.record?.contact])).toEqual([
        ['wamid.reply', waId],
        ['wamid.by-user-2', waId],
        ['wamid.by-user-1', waId],
        ['wamid.by-number', waId],
      ]);
      expect((await log.thread(channelId, waId, thread[0].position, 1)).map((entry) => entry.record?.id)).toEqual(['wamid.by-user-2']);
      expect((await log.message(channelId, 'wamid.by-user-1'))!.contact).toBe(waId);
    });

    it('a preference naming both keys links them in its append: it starts no conversation and moves no time, a held one takes the user id, one kept under the user id merges', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const announced = await listen(log, channelId);
      const listed = async () => (await log.conversations(channelId, null, 10)).map((conversation) => conversation.contact);

      // A conversation held under the wa_id takes the user id; nothing of its times moves.
      const [waId, user] = ['4917000000021', userId(21)];
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.pref-number', { from: waId, fromPhone: waId }, recent(60))], 1);
      const before = await log.conversation(channelId, waId);
      expect(await log.conversation(channelId, user)).toBeNull();
      expect(await appendAnnounced(log, channelId, announced, [preference(channelId, waId, user, recent(50))], 1)).toEqual([waId]);
      expect(await log.conversation(channelId, user)).toEqual({ ...before, contactUserId: user });
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.pref-user', { from: user, fromUserId: user }, recent(40))], 1);
      expect(await threadIds(log, channelId, user)).toEqual(['wamid.pref-user', 'wamid.pref-number']);
      expect(await log.conversation(channelId, user)).toMatchObject({ contact: waId, contactPhone: waId, contactUserId: user, lastInboundMs: recent(40) });

      // No conversation held: the preference starts none, but the user id's next message joins the wa_id's.
      const [quietWaId, quietUser] = ['4917000000022', userId(22)];
      await log.append(channelId, [preference(channelId, quietWaId, quietUser, recent(35))]);
      expect(await log.conversation(channelId, quietWaId)).toBeNull();
      expect(await listed()).toEqual([waId]);
      expect(
        await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.pref-quiet', { from: quietUser, fromUserId: quietUser }, recent(30))], 1),
      ).toEqual([quietWaId]);
      expect(await log.conversation(channelId, quietUser)).toMatchObject({ contact: quietWaId, contactUserId: quietUser, lastInboundMs: recent(30) });

      // A conversation kept under the user id merges into the wa_id's.
      const [lateWaId, lateUser] = ['4917000000023', userId(23)];
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.pref-late', { from: lateUser, fromUserId: lateUser }, recent(20))], 1);
      expect(await appendAnnounced(log, channelId, announced, [preference(channelId, lateWaId, lateUser, recent(10))], 1)).toEqual([lateWaId]);
      expect(await log.conversation(channelId, lateWaId)).toMatchObject({
        contact: lateWaId,
        contactPhone: lateWaId,
        contactUserId: lateUser,
        lastInboundMs: recent(20),
      });
      expect(await threadIds(log, channelId, lateUser)).toEqual(['wamid.pref-late']);
      expect(await listed()).toEqual([lateWaId, quietWaId, waId]);
    });

    it('a user id change links the new user id to the contact: a conversation kept under it merges, both ids find it, and both follow it into a wa_id’s', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const [previous, next, waId] = [userId(31), userId(32), '4917000000031'];
      const announced = await listen(log, channelId);
      const listed = async () => (await log.conversations(channelId, null, 10)).map((conversation) => conversation.contact);
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.by-previous', { from: previous, fromUserId: previous }, recent(60))], 1);
      // A message under the new id that arrives before the notice.
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.by-next-early', { from: next, fromUserId: next }, recent(55))], 1);
      expect(await listed()).toEqual([next, previous]);

      expect(await appendAnnounced(log, channelId, announced, [userIdChange(channelId, 'wamid.id-change', previous, next, recent(50))], 1)).toEqual([previous]);
      expect(await listed()).toEqual([previous]);
      const linked = await log.conversation(channelId, next);
      expect(linked).toMatchObject({ contact: previous, contactPhone: null, contactUserId: next, lastInboundMs: recent(55) });
      expect(await log.conversation(channelId, previous)).toEqual(linked);
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.by-next', { from: next, fromUserId: next }, recent(40))], 1);
      expect(await threadIds(log, channelId, next)).toEqual(['wamid.by-next', 'wamid.id-change', 'wamid.by-next-early', 'wamid.by-previous']);

      // The wa_id named beside the new id: the conversation joins the wa_id's, and the old id follows it too.
      await appendAnnounced(log, channelId, announced, [statusNaming(channelId, 'wamid.reply-31', waId, next, recent(30))], 1);
      const merged = await log.conversation(channelId, waId);
      expect(merged).toMatchObject({ contact: waId, contactPhone: waId, contactUserId: next, lastInboundMs: recent(40), lastMessageId: 'wamid.reply-31' });
      for (const key of [previous, next]) expect(await log.conversation(channelId, key)).toEqual(merged);
      expect(await listed()).toEqual([waId]);
      expect((await log.message(channelId, 'wamid.by-previous'))!.contact).toBe(waId);

      // A contact known by its wa_id: the new id of a change names the wa_id's conversation.
      const [known, knownPrevious, knownNext] = ['4917000000032', userId(33), userId(34)];
      await log.append(channelId, [text(channelId, 'wamid.known', { from: known, fromPhone: known, fromUserId: knownPrevious }, recent(20))]);
      await log.append(channelId, [userIdChange(channelId, 'wamid.known-change', knownPrevious, knownNext, recent(15))]);
      await log.append(channelId, [text(channelId, 'wamid.known-next', { from: knownNext, fromUserId: knownNext }, recent(10))]);
      expect(await log.conversation(channelId, knownNext)).toMatchObject({ contact: known, contactUserId: knownNext, lastInboundMs: recent(10) });
      expect(await log.conversation(channelId, knownPrevious)).toMatchObject({ contact: known });
      expect(await threadIds(log, channelId, knownNext)).toEqual(['wamid.known-next', 'wamid.known-change', 'wamid.known']);
    });

    it('a user id two changes old still finds the contact after its conversation merged into a wa_id’s, and its late message joins that one', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const [first, second, third, waId] = [userId(51), userId(52), userId(53), '4917000000051'];
      const announced = await listen(log, channelId);
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.by-first', { from: first, fromUserId: first }, recent(60))], 1);
      await appendAnnounced(log, channelId, announced, [userIdChange(channelId, 'wamid.first-to-second', first, second, recent(55))], 1);
      await appendAnnounced(log, channelId, announced, [userIdChange(channelId, 'wamid.second-to-third', second, third, recent(50))], 1);
      // The wa_id named beside the newest id: the conversation kept under the first id merges into the wa_id's.
      await appendAnnounced(log, channelId, announced, [statusNaming(channelId, 'wamid.reply-51', waId, third, recent(45))], 1);
      const merged = await log.conversation(channelId, waId);
      expect(merged).toMatchObject({ contact: waId, contactPhone: waId, contactUserId: third });
      for (const key of [first, second, third]) expect(await log.conversation(channelId, key)).toEqual(merged);
      const ids = ['wamid.reply-51', 'wamid.second-to-third', 'wamid.first-to-second', 'wamid.by-first'];
      expect(await threadIds(log, channelId, second)).toEqual(ids);

      // A message under the id two changes old, delivered late: it joins the wa_id's conversation, no other is started.
      expect(
        await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.late-by-second', { from: second, fromUserId: second }, recent(52))], 1),
      ).toEqual([waId]);
      expect(await threadIds(log, channelId, waId)).toEqual([
        'wamid.reply-51',
        'wamid.second-to-third',
        'wamid.late-by-second',
        'wamid.first-to-second',
        'wamid.by-first',
      ]);
      expect((await log.conversations(channelId, null, 10)).map((conversation) => conversation.contact)).toEqual([waId]);
      expect((await log.message(channelId, 'wamid.late-by-second'))!.contact).toBe(waId);
    });

    it('a number change naming the new user id links it to the new number in its append: a conversation kept under it merges, a held one takes it, a re-delivery changes nothing', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const announced = await listen(log, channelId);
      const listed = async () => (await log.conversations(channelId, null, 10)).map((conversation) => conversation.contact);

      // The new number has no conversation yet, the new user id one of its own (a message that came before the notice).
      const [before, after] = [
        { waId: '4917000000041', userId: userId(41) },
        { waId: '4917000000042', userId: userId(42) },
      ];
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.old-number', { from: before.waId, fromPhone: before.waId }, recent(60))], 1);
      await appendAnnounced(
        log,
        channelId,
        announced,
        [text(channelId, 'wamid.new-id-early', { from: after.userId, fromUserId: after.userId }, recent(55))],
        1,
      );
      const notice = numberChange(channelId, 'wamid.number-change', before, after, recent(50));
      expect(await appendAnnounced(log, channelId, announced, [notice], 2)).toEqual([before.waId, after.waId]);
      expect(await log.conversation(channelId, before.waId)).toMatchObject({ movedTo: after.waId, contactPhone: before.waId, contactUserId: before.userId });
      const moved = await log.conversation(channelId, after.waId);
      expect(moved).toMatchObject({ contact: after.waId, contactPhone: after.waId, contactUserId: after.userId, movedTo: null, lastInboundMs: recent(55) });
      expect(await log.conversation(channelId, after.userId)).toEqual(moved);
      expect(await listed()).toEqual([before.waId, after.waId]);
      // The notice is the old conversation's; the new id's messages continue in the new number's.
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.new-id', { from: after.userId, fromUserId: after.userId }, recent(40))], 1);
      expect(await threadIds(log, channelId, after.userId)).toEqual(['wamid.new-id', 'wamid.new-id-early']);
      expect(await threadIds(log, channelId, before.waId)).toEqual(['wamid.number-change', 'wamid.old-number']);

      const again = await log.append(channelId, [notice]);
      expect(again).toEqual({ appended: [], duplicates: 1 });
      expect(await log.conversation(channelId, after.waId)).toMatchObject({ contact: after.waId, contactUserId: after.userId, lastInboundMs: recent(40) });

      // The user wrote from the new number before the notice came: that conversation takes the new user id.
      const [early, late] = [
        { waId: '4917000000043', userId: userId(43) },
        { waId: '4917000000044', userId: userId(44) },
      ];
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.late-number', { from: late.waId, fromPhone: late.waId }, recent(30))], 1);
      const lateNotice = numberChange(channelId, 'wamid.late-change', early, late, recent(20));
      expect(await appendAnnounced(log, channelId, announced, [lateNotice], 2)).toEqual([early.waId, late.waId]);
      expect(await log.conversation(channelId, late.userId)).toMatchObject({ contact: late.waId, contactUserId: late.userId, lastInboundMs: recent(30) });
      expect(await log.conversation(channelId, early.waId)).toMatchObject({ movedTo: late.waId, contactUserId: early.userId, lastInboundMs: null });
    });

    it('merges within one notification too, and a conversation only under the user id becomes the wa_id’s', async () => {
      const log = newLog();
      const channelId = newChannel();
      const recent = timesBefore(Date.now());
      const [waId, user] = ['4917000000012', userId(2)];
      const announced = await listen(log, channelId);
      const changes = await appendAnnounced(
        log,
        channelId,
        announced,
        [
          text(channelId, 'wamid.user-only', { from: user, fromUserId: user }, recent(50)),
          text(channelId, 'wamid.both', { from: waId, fromPhone: waId, fromUserId: user }, recent(40)),
        ],
        2,
      );
      expect(changes).toEqual([user, waId]);
      expect(await log.conversation(channelId, user)).toMatchObject({ contact: waId, contactUserId: user, lastInboundMs: recent(40) });
      expect(await threadIds(log, channelId, waId)).toEqual(['wamid.both', 'wamid.user-only']);
      expect((await log.conversations(channelId, null, 10)).map((conversation) => conversation.contact)).toEqual([waId]);

      // Later items with the user id alone join the wa_id's conversation.
      await appendAnnounced(log, channelId, announced, [text(channelId, 'wamid.user-later', { from: user, fromUserId: user }, recent(30))], 1);
      expect(await threadIds(log, channelId, user)).toEqual(['wamid.user-later', 'wamid.both', 'wamid.user-only']);
    });
  });
}
