/** The 24-hour customer-service window: when a free-form message may be sent to a contact (docs/conversations.md). */
import type { ConversationDto } from '../types.js';

/** The customer-service window: free-form messages only within 24 hours of the contact's last message (spec B1, Limits). */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Upstream error codes that say the window is closed: cloud 131047 ("re-engagement message"), on-premise 470. */
export const WINDOW_CLOSED_CODES: ReadonlySet<number> = new Set([131047, 470]);

export type ServiceWindowState = 'OPEN' | 'CLOSED' | 'UNKNOWN';

/** A time kept as epoch milliseconds, as the graph serves it (ISO 8601); null stays null. */
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export interface ServiceWindowDto {
  state: ServiceWindowState;
  closesAtMs: number | null;
  lastInboundMs: number | null;
}

/**
 * The window from what the gateway holds. A contact with no inbound message known is CLOSED only
 * when the gateway has received the channel's notifications for a whole window (`watchedSinceMs`):
 * it would have seen a message otherwise; before that (a new deployment, a quiet day) it is UNKNOWN
 * and the upstream decides. The upstream's own verdict (131047 / 470) closes it until a newer inbound.
 */
export function serviceWindow(
  conversation: Pick<ConversationDto, 'lastInboundMs' | 'closedMs'> | null,
  watchedSinceMs: number | null,
  now: number,
): ServiceWindowDto {
  const lastInboundMs = conversation?.lastInboundMs ?? null;
  const closedMs = conversation?.closedMs ?? null;
  if (lastInboundMs !== null) {
    const closesAtMs = lastInboundMs + SERVICE_WINDOW_MS;
    const open = now < closesAtMs && (closedMs === null || closedMs < lastInboundMs);
    return open ? { state: 'OPEN', closesAtMs, lastInboundMs } : { state: 'CLOSED', closesAtMs: null, lastInboundMs };
  }
  if (closedMs !== null || (watchedSinceMs !== null && watchedSinceMs <= now - SERVICE_WINDOW_MS)) {
    return { state: 'CLOSED', closesAtMs: null, lastInboundMs: null };
  }
  return { state: 'UNKNOWN', closesAtMs: null, lastInboundMs: null };
}

/**
 * How long a conversation is kept after its last activity: the event retention, but at least one
 * window, so the guard knows a closed window even when no events are kept (EVENT_RETENTION_MS=0).
 */
export const conversationTtlMs = (retentionMs: number): number => Math.max(retentionMs, SERVICE_WINDOW_MS);
