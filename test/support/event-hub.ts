import { EventHub } from '../../src/events/hub.js';
import { MemoryEventLog } from '../../src/events/log/memory-log.js';
import type { ChannelEvent } from '../../src/events/types.js';

/** An odd millisecond: times an even number of milliseconds before it are never whole seconds, so arrival never reorders them. */
export const BASE_MS = Math.floor(Date.now() / 1000) * 1000 + 1;

/** The ISO timestamp `msAgo` milliseconds before BASE_MS. */
export const at = (msAgo: number) => new Date(BASE_MS - msAgo).toISOString();

/** An EventHub on a memory log retaining a day, with `events` appended to `channelId`; records and events bounded as given. */
export async function memoryHub(channelId: string, events: ChannelEvent[], limits: { maxEvents?: number; maxRecords?: number } = {}): Promise<EventHub> {
  const log = new MemoryEventLog({
    retentionMs: 24 * 60 * 60 * 1000,
    maxEvents: limits.maxEvents ?? 10_000,
    maxRecords: limits.maxRecords ?? 10_000,
    maxConversations: 10_000,
    dedupTtlMs: 60_000,
    dedupMaxEntries: 10_000,
  });
  await log.append(channelId, events);
  return new EventHub(log);
}
