import { EventEmitter } from 'node:events';
import { compareLogIds, type LogId } from './cursor.js';
import { changeOfEvent, changeOfSend, changeOfVerdict, linkOfMove, type ConversationChange } from '../conversations/changes.js';
import { type ConversationDto } from '../types.js';
import { type ListPosition } from '../conversations/list-pages.js';
import { MemoryDedupStore } from './dedup.js';
import {
  ACCEPTED_STATUS,
  nextStatus,
  RECEIVED_STATUS,
  recordOfEvent,
  retentionCutoff,
  serializeEvent,
  type AppendResult,
  type EventLog,
  type MessageChange,
  type TailListener,
  type ThreadEntry,
  type Unsubscribe,
} from './event-log.js';
import { BUSINESS_APP_ACTOR } from '../../identity/actor.js';
import { MemoryConversations } from './memory-conversations.js';
import type { AcceptedSend, ChannelEvent, LoggedEvent, MessageRecordDto } from '../types.js';

interface ChannelLog {
  events: LoggedEvent[];
  last: LogId;
  /** Position of the newest event dropped by the entry bound; cursors before it are expired. */
  evictedUpTo: LogId | null;
}

interface RecordState extends MessageRecordDto {
  touchedMs: number;
}

export interface MemoryLogLimits {
  retentionMs: number;
  /** Events kept across all channels; the oldest go first. */
  maxEvents: number;
  /** Message records kept; the least recently changed go first. */
  maxRecords: number;
  /** Conversations kept; the least recently changed go first. */
  maxConversations: number;
  dedupTtlMs: number;
  dedupMaxEntries: number;
}

/**
 * One process without Redis: the log in memory, bounded in age (EVENT_RETENTION_MS) and in
 * entries (across all channels, oldest first), message records bounded the same way. Appends are
 * synchronous, so one notification's claims and appends cannot interleave with another's.
 */
export class MemoryEventLog implements EventLog {
  private readonly channels = new Map<string, ChannelLog>();
  /** Channel of every retained event in append order: the global oldest is the head of the first channel named here. */
  private readonly appendOrder: string[] = [];
  private appendOrderHead = 0;
  private readonly records = new Map<string, RecordState>();
  private readonly dedup: MemoryDedupStore;
  private readonly conversationState: MemoryConversations;
  private readonly emitter = new EventEmitter();

  constructor(
    private readonly limits: MemoryLogLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.dedup = new MemoryDedupStore(limits.dedupTtlMs, limits.dedupMaxEntries, now);
    this.conversationState = new MemoryConversations({
      retentionMs: limits.retentionMs,
      maxConversations: limits.maxConversations,
      maxThread: limits.maxRecords,
    });
    this.emitter.setMaxListeners(0);
  }

  get retains(): boolean {
    return this.limits.retentionMs > 0;
  }

  async append(channelId: string, events: ChannelEvent[]): Promise<AppendResult> {
    const now = this.now();
    const result: AppendResult = { appended: [], duplicates: 0 };
    const updated: string[] = [];
    if (events.length > 0) this.conversationState.noteNotification(channelId, now);
    for (const event of events) {
      if (!this.dedup.claim(event.dedupKey)) {
        result.duplicates += 1;
        continue;
      }
      const logged = { id: this.nextId(channelId, now), kind: event.kind, payload: event.payload, size: serializeEvent(event).json.length } as LoggedEvent;
      const eventChange = changeOfEvent(event, now);
      const linked = eventChange && this.linked(channelId, eventChange, now);
      const change = linked?.change ?? null;
      if (this.retains) {
        this.channelLog(channelId).events.push(logged);
        this.appendOrder.push(channelId);
        const changedIn = this.applyToRecord(channelId, logged, change, now);
        // The message a reaction, edit or revoke changed may be in another conversation (one before a number change).
        if (change !== null && !change.keysOnly && changedIn !== null && changedIn !== change.contact && changedIn !== change.userId) updated.push(changedIn);
      }
      // A change of keys only tells the subscribers when it changed the conversation: took a key, or merged one into it.
      if (linked && (this.conversationState.apply(channelId, linked.change, now) || linked.merged)) updated.push(linked.change.contact);
      // A number change naming the new user id links it to the new number's conversation, in the same step.
      const moved = change && linkOfMove(change);
      if (moved) {
        const link = this.linked(channelId, moved, now);
        if (this.conversationState.apply(channelId, link.change, now) || link.merged) updated.push(link.change.contact);
      }
      result.appended.push(logged);
    }
    this.evict(now);
    if (result.appended.length > 0) this.emitter.emit(channelId, result.appended);
    this.announce(channelId, updated);
    return result;
  }

  async recordSend(channelId: string, send: AcceptedSend): Promise<void> {
    const now = this.now();
    const change = this.resolved(channelId, changeOfSend(send, now), now);
    const contact = change.contact;
    if (this.retains) {
      // A status notification may have been recorded first (it can outrun the send's answer): its status and thread place stay.
      const record = this.touchRecord(channelId, send.messageId, now, {
        direction: 'OUTBOUND',
        contact,
        status: ACCEPTED_STATUS,
        threadMs: change.orderMs,
        sentAtMs: now,
      });
      Object.assign(record, {
        direction: 'OUTBOUND',
        contact,
        type: send.type,
        atMs: now,
        sentAtMs: now,
        text: send.text,
        sentFrom: 'API',
        sentBy: send.sentBy ?? null,
        body: send.body ?? null,
      });
      this.evict(now);
    }
    this.applyToConversation(channelId, change, now);
  }

  async closeWindow(channelId: string, contact: string): Promise<void> {
    const now = this.now();
    this.applyToConversation(channelId, this.resolved(channelId, changeOfVerdict(contact, now), now), now);
  }

  /** The change with its contact resolved (a user id goes to the conversation it was linked to), the user id it links remembered. */
  private resolved(channelId: string, change: ConversationChange, now: number): ConversationChange {
    return this.linked(channelId, change, now).change;
  }

  /** `resolved`, and whether its link merged a conversation into its contact's. */
  private linked(channelId: string, change: ConversationChange, now: number): { change: ConversationChange; merged: boolean } {
    const resolved = { ...change, contact: this.conversationState.resolve(channelId, change.contact, now) };
    return { change: resolved, merged: this.conversationState.link(channelId, resolved, now) };
  }

  async read(channelId: string, after: LogId | null, limit: number): Promise<LoggedEvent[]> {
    const log = this.channels.get(channelId);
    if (!log) return [];
    const cutoff = retentionCutoff(this.limits.retentionMs, this.now());
    const result: LoggedEvent[] = [];
    for (let index = after ? firstAfter(log.events, after) : 0; index < log.events.length && result.length < limit; index += 1) {
      if (log.events[index].id.ms >= cutoff) result.push(log.events[index]);
    }
    return result;
  }

  isExpired(channelId: string, id: LogId): boolean {
    if (id.ms < retentionCutoff(this.limits.retentionMs, this.now())) return true;
    const evictedUpTo = this.channels.get(channelId)?.evictedUpTo;
    return evictedUpTo !== undefined && evictedUpTo !== null && compareLogIds(id, evictedUpTo) < 0;
  }

  async message(channelId: string, messageId: string): Promise<MessageRecordDto | null> {
    const record = this.records.get(recordKey(channelId, messageId));
    if (!record || record.touchedMs < retentionCutoff(this.limits.retentionMs, this.now())) return null;
    const { touchedMs: _touched, ...dto } = record;
    // A record kept under a user id belongs to the wa_id's conversation once that is known.
    const contact = record.contact === null ? null : this.conversationState.resolve(channelId, record.contact, this.now());
    return { ...dto, contact, statuses: [...record.statuses], history: [...record.history], reactions: [...record.reactions] };
  }

  async conversation(channelId: string, contact: string): Promise<ConversationDto | null> {
    const now = this.now();
    return this.conversationState.get(channelId, this.conversationState.resolve(channelId, contact, now), now);
  }

  async conversations(channelId: string, after: ListPosition | null, limit: number): Promise<ConversationDto[]> {
    return this.conversationState.list(channelId, after, limit, this.now());
  }

  async thread(channelId: string, contact: string, before: ListPosition | null, limit: number): Promise<ThreadEntry[]> {
    const now = this.now();
    const resolved = this.conversationState.resolve(channelId, contact, now);
    const positions = this.conversationState.thread(channelId, resolved, before, limit, now);
    return Promise.all(
      positions.map(async (position) => {
        const record = await this.message(channelId, position.member);
        // Its thread says whose it is (records kept under a user id before a merge included).
        return { position, record: record && { ...record, contact: resolved } };
      }),
    );
  }

  async watchedSince(channelId: string): Promise<number | null> {
    return this.conversationState.watchedSince(channelId, this.now());
  }

  async restartWatch(channelId: string, afterMs = 0): Promise<void> {
    this.conversationState.restartWatch(channelId, this.now() + afterMs);
  }

  async tail(channelId: string, listener: TailListener): Promise<Unsubscribe> {
    const onEvents = (events: LoggedEvent[]) => listener.onEvents(events);
    const onConversations = (contacts: string[]) => listener.onConversations?.(contacts);
    this.emitter.on(channelId, onEvents);
    this.emitter.on(conversationTopic(channelId), onConversations);
    return async () => {
      this.emitter.off(channelId, onEvents);
      this.emitter.off(conversationTopic(channelId), onConversations);
    };
  }

  canAccept(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }

  private channelLog(channelId: string): ChannelLog {
    let log = this.channels.get(channelId);
    if (!log) {
      log = { events: [], last: { ms: 0, seq: 0 }, evictedUpTo: null };
      this.channels.set(channelId, log);
    }
    return log;
  }

  /** As Redis makes stream ids: the clock's milliseconds, and a sequence within one millisecond (never going back). */
  private nextId(channelId: string, now: number): LogId {
    const log = this.channelLog(channelId);
    log.last = now > log.last.ms ? { ms: now, seq: 0 } : { ms: log.last.ms, seq: log.last.seq + 1 };
    return log.last;
  }

  /** Writes what the event does to a message record; for a reaction, edit or revoke that changed one, the contact it names. */
  private applyToRecord(channelId: string, event: LoggedEvent, change: ConversationChange | null, now: number): string | null {
    const threadMs = change?.orderMs ?? now;
    const write = recordOfEvent(event, now);
    if (write === null) return null;
    // The record belongs to the conversation it joined (a user id resolved to its wa_id), so its cursor pages that thread.
    if (change !== null && !write.change) write.contact = change.contact;
    if (write.change) {
      return this.applyChange(channelId, write.change, now);
    } else if (event.kind === 'message') {
      const { sentAtMs } = write;
      const record = this.touchRecord(channelId, write.messageId, now, {
        direction: 'INBOUND',
        contact: write.contact,
        status: RECEIVED_STATUS,
        threadMs,
        sentAtMs,
      });
      Object.assign(record, {
        type: event.payload.type,
        atMs: event.id.ms,
        text: event.payload.text,
        body: write.body,
        contactName: event.payload.contactName,
      });
    } else if (event.kind === 'echo') {
      // Sent from the business's phone app: the same record a send through the gateway makes, but for who sent it.
      const { sentAtMs } = write;
      const record = this.touchRecord(channelId, write.messageId, now, { direction: 'OUTBOUND', contact: write.contact, status: 'sent', threadMs, sentAtMs });
      Object.assign(record, {
        direction: 'OUTBOUND',
        contact: write.contact,
        type: write.type,
        atMs: event.id.ms,
        sentAtMs,
        text: write.text,
        sentFrom: 'BUSINESS_APP',
        sentBy: BUSINESS_APP_ACTOR,
        body: write.body,
      });
    } else if (event.kind === 'status') {
      const { messageId, recipientId, status } = event.payload;
      // A status of a message this gateway did not see sent (another system, or before its retention) starts the record.
      const fresh = { direction: 'OUTBOUND', contact: recipientId, status, threadMs, sentAtMs: write.sentAtMs } as const;
      const record = this.touchRecord(channelId, messageId, now, fresh);
      record.status = nextStatus(record.status, status);
      record.statuses.push(event);
    }
    return null;
  }

  /**
   * A reaction, edit or revoke changes the record it names, when the gateway holds it; it is no record of its own.
   * Returns the contact of the changed message (the key its conversation was kept under); null when nothing changed.
   */
  private applyChange(channelId: string, change: MessageChange, now: number): string | null {
    const record = this.records.get(recordKey(channelId, change.target));
    if (!record || record.touchedMs < retentionCutoff(this.limits.retentionMs, now)) return null;
    // A deleted message stays deleted: an edit re-delivered after its revoke brings nothing of it back.
    if (change.kind === 'edit' && record.revokedAtMs !== null) return null;
    if (change.kind === 'reaction') {
      const previous = record.reactions.find((reaction) => reaction.from === change.from);
      // The latest per contact: a reaction older than the one held (re-delivered late) changes nothing.
      if (previous && previous.atMs > change.atMs) return null;
    }
    this.touchRecord(channelId, change.target, now, record);
    switch (change.kind) {
      case 'reaction':
        record.reactions = record.reactions.filter((reaction) => reaction.from !== change.from);
        if (change.emoji !== null) record.reactions.push({ emoji: change.emoji, from: change.from, atMs: change.atMs });
        break;
      case 'edit':
        if (record.body !== null) record.history.push(record.body);
        Object.assign(record, { body: change.item, text: change.text, editedAtMs: change.atMs });
        break;
      case 'revoke':
        // Deleted for everyone: what it said (body, text, every earlier version) is erased, only the fact and time stay.
        Object.assign(record, { revokedAtMs: change.atMs, body: null, text: null, history: [] });
    }
    return record.contact;
  }

  private applyToConversation(channelId: string, change: ConversationChange, now: number): void {
    this.conversationState.apply(channelId, change, now);
    this.announce(channelId, [change.contact]);
  }

  /** Tells the channel's listeners whose conversations changed, in the order of the changes (a contact per change). */
  private announce(channelId: string, contacts: string[]): void {
    if (contacts.length > 0) this.emitter.emit(conversationTopic(channelId), contacts);
  }

  /** The record moved to the most recent end of the bound; created with `fresh` when new. */
  private touchRecord(
    channelId: string,
    messageId: string,
    now: number,
    fresh: Pick<MessageRecordDto, 'direction' | 'contact' | 'status' | 'threadMs' | 'sentAtMs'>,
  ): RecordState {
    const key = recordKey(channelId, messageId);
    const record = this.records.get(key) ?? {
      id: messageId,
      channelId,
      type: null,
      atMs: now,
      statuses: [],
      text: null,
      sentFrom: null,
      body: null,
      history: [],
      editedAtMs: null,
      revokedAtMs: null,
      reactions: [],
      contactName: null,
      sentBy: null,
      touchedMs: now,
      ...fresh,
    };
    this.records.delete(key);
    record.touchedMs = now;
    this.records.set(key, record);
    return record;
  }

  private evict(now: number): void {
    const cutoff = retentionCutoff(this.limits.retentionMs, now);
    while (this.appendOrderHead < this.appendOrder.length) {
      const channelId = this.appendOrder[this.appendOrderHead];
      const log = this.channels.get(channelId)!;
      const oldest = log.events[0];
      const overBound = this.appendOrder.length - this.appendOrderHead > this.limits.maxEvents;
      if (!overBound && oldest.id.ms >= cutoff) break;
      log.events.shift();
      if (overBound) log.evictedUpTo = oldest.id;
      this.appendOrderHead += 1;
    }
    // Compacts the order queue once its consumed head is the larger part, so it stays proportional to what is retained.
    if (this.appendOrderHead > 1024 && this.appendOrderHead * 2 > this.appendOrder.length) {
      this.appendOrder.splice(0, this.appendOrderHead);
      this.appendOrderHead = 0;
    }
    for (const [key, record] of this.records) {
      if (this.records.size <= this.limits.maxRecords && record.touchedMs >= cutoff) break;
      this.records.delete(key);
    }
  }
}

const recordKey = (channelId: string, messageId: string) => `${channelId}\n${messageId}`;
const conversationTopic = (channelId: string) => `${channelId}\nconversations`;

/** Index of the first event after `after` (binary search: a channel's events are in id order). */
function firstAfter(events: LoggedEvent[], after: LogId): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareLogIds(events[middle].id, after) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
