import { ALIAS_HOPS, linkedUserIdOf, type ConversationChange } from '../conversations/changes.js';
import { compareNewestFirst, type ListPosition } from '../conversations/list-pages.js';
import { conversationTtlMs, SERVICE_WINDOW_MS } from '../conversations/window.js';
import { isUserId } from '../conversations/contact-keys.js';
import { type ConversationDto } from '../types.js';

interface ConversationState extends ConversationDto {
  /** Thread positions of its messages, oldest first (member: the message id). */
  thread: ListPosition[];
  threadIds: Set<string>;
  /** Its place in the channel's order by last activity; null until it has one. */
  listed: ListPosition | null;
  lastMessageMs: number | null;
  touchedMs: number;
}

interface ChannelConversations {
  states: Map<string, ConversationState>;
  /** Positions by last activity, oldest first, kept sorted as conversations change. */
  order: ListPosition[];
}

export interface MemoryConversationLimits {
  retentionMs: number;
  /** Conversations kept across all channels; the least recently changed go first. */
  maxConversations: number;
  /** Thread positions kept per conversation; the oldest go first (their records are bounded the same way). */
  maxThread: number;
}

/** Index of the first position not older than `position` in an oldest-first list (where it would be inserted). */
function lowerBound(list: ListPosition[], position: ListPosition): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareNewestFirst(list[middle], position) > 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Conversation state of one process without Redis (the memory log's part of the atomic step):
 * per channel and contact, bounded in age (retention, at least one window) and in number. Each
 * channel keeps its order by last activity sorted as changes arrive, so a page is a walk, not a sort.
 */
export class MemoryConversations {
  private readonly conversations = new Map<string, ConversationState>();
  private readonly byChannel = new Map<string, ChannelConversations>();
  /**
   * Per channel and business-scoped user id: the contact key of the conversation it names (the wa_id seen beside it, or
   * the user id a user id change continued), and when (bounded like conversations).
   */
  private readonly aliases = new Map<string, { contact: string; touchedMs: number }>();
  /** Per channel: since when its notifications have arrived without a pause of a whole window, and the last one. */
  private readonly watched = new Map<string, { sinceMs: number; lastMs: number }>();

  constructor(private readonly limits: MemoryConversationLimits) {}

  /** A notification of the channel arrived (new or repeated): the gateway is watching it. */
  noteNotification(channelId: string, now: number): void {
    const watch = this.watched.get(channelId);
    if (!watch || watch.lastMs <= now - SERVICE_WINDOW_MS) this.watched.set(channelId, { sinceMs: now, lastMs: now });
    else watch.lastMs = now;
  }

  /** Notifications may have been missed until `fromMs` (a webhook pointed elsewhere, a refused delivery): watching starts again then. */
  restartWatch(channelId: string, fromMs: number): void {
    this.watched.set(channelId, { sinceMs: fromMs, lastMs: fromMs });
  }

  watchedSince(channelId: string, now: number): number | null {
    const watch = this.watched.get(channelId);
    return watch && watch.lastMs > now - SERVICE_WINDOW_MS ? watch.sinceMs : null;
  }

  /**
   * The contact key a user id stands for: the conversation it was linked to (followed at most ALIAS_HOPS aliases, so an
   * id linked to a user id whose conversation merged since reaches the merged one), or the user id itself; any other key
   * as it is. Mirrored by RedisEventLog (resolve, resolveContact) and checked by its script.
   */
  resolve(channelId: string, contact: string, now: number): string {
    let key = contact;
    for (let hop = 0; hop < ALIAS_HOPS; hop += 1) {
      const next = this.aliasOf(channelId, key, now);
      if (next === null) break;
      key = next;
    }
    return key;
  }

  /** The contact key a user id's own alias names; null when it has none. */
  private aliasOf(channelId: string, userId: string, now: number): string | null {
    const alias = this.aliases.get(`${channelId}\n${userId}`);
    return alias && alias.touchedMs > now - conversationTtlMs(this.limits.retentionMs) ? alias.contact : null;
  }

  /**
   * A change (its contact resolved) that links a user id to its contact: an item naming both keys, or a user id change.
   * The user id names the contact's conversation from now on; a conversation kept under the key it named before (itself,
   * or the older user id it continued) merges into the contact's, and that key names the contact's too. Mirrored in the
   * Redis script (append.lua). True when a conversation merged into the contact's (which changed it).
   */
  link(channelId: string, change: ConversationChange, now: number): boolean {
    const linked = linkedUserIdOf(change);
    if (linked === null || linked === change.contact) return false;
    // Its own alias only (as the Redis script checks it): the key whose conversation it names, if any.
    const named = this.aliasOf(channelId, linked, now) ?? linked;
    const source = isUserId(named) ? named : linked;
    this.setAlias(channelId, linked, change.contact, now);
    if (source === change.contact) return false;
    if (source !== linked) this.setAlias(channelId, source, change.contact, now);
    return this.merge(channelId, source, change.contact, now);
  }

  private setAlias(channelId: string, userId: string, contact: string, now: number): void {
    const key = `${channelId}\n${userId}`;
    this.aliases.delete(key);
    this.aliases.set(key, { contact, touchedMs: now });
    for (const [oldest, alias] of this.aliases) {
      if (this.aliases.size <= this.limits.maxConversations && alias.touchedMs > now - conversationTtlMs(this.limits.retentionMs)) break;
      this.aliases.delete(oldest);
    }
  }

  /**
   * The conversation kept under `from` (a user id) joins `into`'s: its thread entries at their own places, the newer of
   * each time (its last inbound time with its name), the keys `into`'s lacks; then it is gone.
   * Mirrored in the Redis script (merge in append.lua). False when no live conversation was kept under `from`.
   */
  private merge(channelId: string, from: string, into: string, now: number): boolean {
    const source = this.byChannel.get(channelId)?.states.get(from);
    if (!source) return false;
    this.drop(source);
    if (!this.alive(source, now)) return false;
    const target = this.touch(channelId, into, now);
    if (source.lastActivityMs > target.lastActivityMs) {
      target.lastActivityMs = source.lastActivityMs;
      this.place(target, { ms: source.lastActivityMs, member: target.contact });
    }
    if (source.lastInboundMs !== null && (target.lastInboundMs === null || source.lastInboundMs > target.lastInboundMs)) {
      target.lastInboundMs = source.lastInboundMs;
      if (source.name !== null) target.name = source.name;
    }
    if (source.closedMs !== null && (target.closedMs === null || source.closedMs > target.closedMs)) target.closedMs = source.closedMs;
    target.contactUserId ??= source.contactUserId;
    target.contactUsername ??= source.contactUsername;
    target.movedTo ??= source.movedTo;
    for (const position of source.thread) {
      if (target.threadIds.has(position.member)) continue;
      target.thread.splice(lowerBound(target.thread, position), 0, position);
      target.threadIds.add(position.member);
    }
    while (target.thread.length > this.limits.maxThread) target.threadIds.delete(target.thread.shift()!.member);
    if (source.lastMessageMs !== null && source.lastMessageId !== null && isNewerThanLast(target, { ms: source.lastMessageMs, member: source.lastMessageId })) {
      target.lastMessageId = source.lastMessageId;
      target.lastMessageMs = source.lastMessageMs;
    }
    return true;
  }

  /**
   * Applies a change; false when it changed no conversation: a change of keys only, of a contact without one or naming
   * no key its conversation lacks (a conversation merged into it by the change's link is the caller's to count). Times
   * only move forward, so a late or repeated event never moves anything back.
   */
  apply(channelId: string, change: ConversationChange, now: number): boolean {
    if (change.keysOnly) {
      const held = this.byChannel.get(channelId)?.states.get(change.contact);
      if (!held || !this.alive(held, now)) return false;
      return this.takeKeys(held, change);
    }
    const state = this.touch(channelId, change.contact, now);
    if (change.orderMs > state.lastActivityMs) {
      state.lastActivityMs = change.orderMs;
      this.place(state, { ms: change.orderMs, member: state.contact });
    }
    if (change.inbound && (state.lastInboundMs === null || change.atMs > state.lastInboundMs)) {
      state.lastInboundMs = change.atMs;
      if (change.name !== null) state.name = change.name;
    }
    if (change.closesWindow && (state.closedMs === null || change.atMs > state.closedMs)) state.closedMs = change.atMs;
    this.takeKeys(state, change);
    if (change.movedTo !== null) state.movedTo = change.movedTo;
    // A message takes its thread place, and may become the last message, once: a later status of it moves neither.
    if (change.messageId !== null && !state.threadIds.has(change.messageId)) {
      const position = { ms: change.orderMs, member: change.messageId };
      state.thread.splice(lowerBound(state.thread, position), 0, position);
      state.threadIds.add(change.messageId);
      if (state.thread.length > this.limits.maxThread) state.threadIds.delete(state.thread.shift()!.member);
      // The last message is the thread's newest, ties broken as the thread breaks them.
      if (isNewerThanLast(state, position)) {
        state.lastMessageId = change.messageId;
        state.lastMessageMs = change.orderMs;
      }
    }
    this.evict(now);
    return true;
  }

  /** The contact's keys as the change names them (after a user id change, the new user id); true when one of them changed. */
  private takeKeys(state: ConversationState, change: ConversationChange): boolean {
    const userId = change.newUserId ?? change.userId;
    const before = [state.contactPhone, state.contactUserId, state.contactUsername];
    if (change.phone !== null) state.contactPhone = change.phone;
    if (userId !== null) state.contactUserId = userId;
    if (change.username !== null) state.contactUsername = change.username;
    return state.contactPhone !== before[0] || state.contactUserId !== before[1] || state.contactUsername !== before[2];
  }

  get(channelId: string, contact: string, now: number): ConversationDto | null {
    const state = this.byChannel.get(channelId)?.states.get(contact);
    return state && this.alive(state, now) ? toDto(state) : null;
  }

  /** The channel's conversations by last activity, newest first, after `after`, at most `limit`. */
  list(channelId: string, after: ListPosition | null, limit: number, now: number): ConversationDto[] {
    const channel = this.byChannel.get(channelId);
    const found: ConversationDto[] = [];
    if (!channel) return found;
    const end = after === null ? channel.order.length : lowerBound(channel.order, after);
    for (let index = end - 1; index >= 0 && found.length < limit; index -= 1) {
      const state = channel.states.get(channel.order[index].member);
      if (state && this.alive(state, now)) found.push(toDto(state));
    }
    return found;
  }

  /** Thread positions newest first, before `before`, at most `limit`. */
  thread(channelId: string, contact: string, before: ListPosition | null, limit: number, now: number): ListPosition[] {
    const state = this.byChannel.get(channelId)?.states.get(contact);
    if (!state || !this.alive(state, now)) return [];
    const end = before === null ? state.thread.length : lowerBound(state.thread, before);
    return state.thread.slice(Math.max(0, end - limit), end).reverse();
  }

  private alive(state: ConversationState, now: number): boolean {
    return state.touchedMs > now - conversationTtlMs(this.limits.retentionMs);
  }

  /** The conversation moved to the most recent end of the bound; created (afresh, once expired) when new. */
  private touch(channelId: string, contact: string, now: number): ConversationState {
    const key = `${channelId}\n${contact}`;
    let state = this.conversations.get(key);
    if (!state || !this.alive(state, now)) {
      if (state) this.unplace(state);
      state = {
        channelId,
        contact,
        contactPhone: null,
        contactUserId: null,
        contactUsername: null,
        movedTo: null,
        name: null,
        lastInboundMs: null,
        lastActivityMs: 0,
        closedMs: null,
        lastMessageId: null,
        thread: [],
        threadIds: new Set(),
        listed: null,
        lastMessageMs: null,
        touchedMs: now,
      };
      let channel = this.byChannel.get(channelId);
      if (!channel) {
        channel = { states: new Map(), order: [] };
        this.byChannel.set(channelId, channel);
      }
      channel.states.set(contact, state);
    }
    this.conversations.delete(key);
    state.touchedMs = now;
    this.conversations.set(key, state);
    return state;
  }

  /** Moves the conversation to `position` in its channel's order. */
  private place(state: ConversationState, position: ListPosition): void {
    this.unplace(state);
    const order = this.byChannel.get(state.channelId)!.order;
    order.splice(lowerBound(order, position), 0, position);
    state.listed = position;
  }

  private unplace(state: ConversationState): void {
    const order = this.byChannel.get(state.channelId)?.order;
    if (order && state.listed !== null) {
      const index = lowerBound(order, state.listed);
      if (order[index]?.member === state.listed.member) order.splice(index, 1);
    }
    state.listed = null;
  }

  private evict(now: number): void {
    for (const state of this.conversations.values()) {
      if (this.conversations.size <= this.limits.maxConversations && this.alive(state, now)) break;
      this.drop(state);
    }
  }

  /** The conversation is no longer held (nor listed). */
  private drop(state: ConversationState): void {
    this.conversations.delete(`${state.channelId}\n${state.contact}`);
    this.unplace(state);
    const channel = this.byChannel.get(state.channelId);
    channel?.states.delete(state.contact);
    if (channel?.states.size === 0) this.byChannel.delete(state.channelId);
  }
}

/** Whether a thread position comes before the conversation's last message in the thread's order (newest first). */
const isNewerThanLast = (state: ConversationState, position: ListPosition): boolean =>
  state.lastMessageMs === null || state.lastMessageId === null || compareNewestFirst(position, { ms: state.lastMessageMs, member: state.lastMessageId }) < 0;

const toDto = ({
  channelId,
  contact,
  contactPhone,
  contactUserId,
  contactUsername,
  movedTo,
  name,
  lastInboundMs,
  lastActivityMs,
  closedMs,
  lastMessageId,
}: ConversationState): ConversationDto => ({
  channelId,
  contact,
  contactPhone,
  contactUserId,
  contactUsername,
  movedTo,
  name,
  lastInboundMs,
  lastActivityMs,
  closedMs,
  lastMessageId,
});
