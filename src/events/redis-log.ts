import { createHash } from 'node:crypto';
import type { Logger } from '../observability/logger.js';
import type { RedisConnection } from '../store/redis.js';
import { compareLogIds, formatLogId, parseLogId, type LogId } from './cursor.js';
import { retentionCutoff, serializeEvent, type AppendResult, type EventLog, type TailListener, type Unsubscribe } from './log.js';
import { RedisSubscriptions } from './pubsub.js';
import type { AcceptedSend, ChannelEvent, EventKind, LoggedEvent, LoggedEventOf, MessageRecordDto, PayloadOf } from './types.js';

/** How long the fan-out sequence (and the id source of a log that keeps nothing) outlives the last append. */
const SEQUENCE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The one atomic step of ingestion, per notification and channel: for every event, the dedup
 * claim (SET NX PX); for a new one, the append to the channel's stream (XADD, trimmed by MINID to
 * the retention window), the update of its message record (a hash: direction, contact, type, at,
 * status by lifecycle, one `s:<id>` field per status event); then one PUBLISH of everything
 * appended, numbered by a per-channel sequence so a subscriber can tell it missed a publication.
 * A send accepted by the upstream (`sent`) only updates its record. Nothing of a notification is
 * applied unless all of it is, so no crash between steps can lose an event or log it twice.
 *
 * Every key carries the hash tag `{channelId}` and is passed in KEYS (Cluster-ready). A later
 * change that keeps more per event (conversation state) adds its keys and writes here.
 *
 * KEYS[1] stream, KEYS[2] fan-out sequence, then per item i: KEYS[1+2i] dedup key, KEYS[2+2i] record.
 * ARGV[1] retention ms (0: nothing kept, the stream only numbers events), ARGV[2] dedup TTL ms,
 * ARGV[3] pub/sub channel, ARGV[4] sequence TTL ms, then per item five values: operation
 * (message | status | error | sent), event JSON, status, contact, message type.
 * Returns per item the new entry id, 0 for a duplicate, or 'sent'.
 * The status order (nextStatus) mirrors log.ts.
 */
const APPEND_SCRIPT = `
local retention = tonumber(ARGV[1])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local rank = { accepted = 0, received = 0, sent = 1, delivered = 2, read = 3 }
local function nextStatus(current, incoming)
  if not current then return incoming end
  if current == 'failed' then return current end
  if incoming == 'failed' then return incoming end
  local incomingRank = rank[incoming]
  if incomingRank and incomingRank > (rank[current] or -1) then return incoming end
  return current
end
local results = {}
local published = {}
for i = 1, (#ARGV - 4) / 5 do
  local base = 4 + (i - 1) * 5
  local operation, event, status, contact, messageType = ARGV[base + 1], ARGV[base + 2], ARGV[base + 3], ARGV[base + 4], ARGV[base + 5]
  local record = KEYS[2 + 2 * i]
  if operation == 'sent' then
    if retention > 0 then
      local current = redis.call('HGET', record, 'status')
      redis.call('HSET', record, 'direction', 'OUTBOUND', 'contact', contact, 'type', messageType, 'at', now, 'status', current or 'accepted')
      redis.call('PEXPIRE', record, retention)
    end
    results[i] = 'sent'
  elseif redis.call('SET', KEYS[1 + 2 * i], '1', 'NX', 'PX', ARGV[2]) then
    local id
    if retention > 0 then
      id = redis.call('XADD', KEYS[1], 'MINID', math.max(now - retention, 0), '*', 'e', event)
      if operation == 'message' then
        redis.call('HSET', record, 'direction', 'INBOUND', 'contact', contact, 'type', messageType, 'at', now, 'status', 'received')
        redis.call('PEXPIRE', record, retention)
      elseif operation == 'status' then
        local current = redis.call('HGET', record, 'status')
        if not current then redis.call('HSET', record, 'direction', 'OUTBOUND', 'contact', contact, 'at', now) end
        redis.call('HSET', record, 'status', nextStatus(current, status), 's:' .. id, event)
        redis.call('PEXPIRE', record, retention)
      end
    else
      id = redis.call('XADD', KEYS[1], 'MAXLEN', '0', '*', 'e', '')
    end
    results[i] = id
    published[#published + 1] = '{"id":"' .. id .. '","e":' .. event .. '}'
  else
    results[i] = 0
  end
end
if #published > 0 then
  redis.call('PEXPIRE', KEYS[1], math.max(retention, tonumber(ARGV[4])))
  local sequence = redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], math.max(retention, tonumber(ARGV[4])))
  redis.call('PUBLISH', ARGV[3], '{"q":' .. sequence .. ',"e":[' .. table.concat(published, ',') .. ']}')
end
return results
`;
const APPEND_SCRIPT_SHA = createHash('sha1').update(APPEND_SCRIPT).digest('hex');

interface StoredEvent {
  k: EventKind;
  p: PayloadOf<EventKind>;
}

interface Publication {
  q: number;
  e: Array<{ id: string; e: StoredEvent }>;
}

const toLogged = (id: string, stored: StoredEvent, size: number): LoggedEvent | null => {
  const logId = parseLogId(id);
  return logId ? ({ id: logId, kind: stored.k, payload: stored.p, size } as LoggedEvent) : null;
};

/** Local listeners of one channel on this instance, and the last fan-out sequence number seen. */
interface ChannelTail {
  listeners: Set<TailListener>;
  lastSequence: number | null;
  unsubscribe: Promise<Unsubscribe>;
}

export interface RedisLogOptions {
  retentionMs: number;
  dedupTtlMs: number;
  /** How long a subscription waits for the subscriber connection before failing. */
  connectWaitMs: number;
}

/**
 * The event log on Redis: a Stream per channel (`<ns>:events:{channelId}:log`), message records
 * (`<ns>:events:{channelId}:message:<id>`), dedup keys (`<ns>:events:{channelId}:seen:<key>`),
 * every write through APPEND_SCRIPT. Fan-out: the script publishes what it appended on
 * `<ns>:events:feed:<channelId>`; each instance subscribes for the channels its subscribers
 * follow. Publications arrive in log order (Redis runs scripts one at a time); one lost while the
 * subscriber connection was down shows as a gap in the sequence, and listeners then read the log.
 */
export class RedisEventLog implements EventLog {
  private readonly subscriptions: RedisSubscriptions;
  private readonly tails = new Map<string, ChannelTail>();

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: RedisLogOptions,
    private readonly logger: Logger,
  ) {
    this.subscriptions = new RedisSubscriptions(redis.subscriber(), logger, options.connectWaitMs, () => {
      for (const tail of this.tails.values()) this.gap(tail);
    });
  }

  get retains(): boolean {
    return this.options.retentionMs > 0;
  }

  private channelKey(channelId: string, suffix: string): string {
    return this.redis.key(`events:{${channelId}}:${suffix}`);
  }

  async append(channelId: string, events: ChannelEvent[]): Promise<AppendResult> {
    if (events.length === 0) return { appended: [], duplicates: 0 };
    const serialized = events.map(serializeEvent);
    const items = events.map((event, index) => {
      const record = event.kind === 'message' ? event.payload.id : event.kind === 'status' ? event.payload.messageId : null;
      return {
        keys: [
          this.channelKey(channelId, `seen:${event.dedupKey}`),
          record === null ? this.channelKey(channelId, 'log') : this.channelKey(channelId, `message:${record}`),
        ],
        args: [
          event.kind,
          serialized[index],
          event.kind === 'status' ? event.payload.status : '',
          (event.kind === 'message' ? event.payload.from : event.kind === 'status' ? event.payload.recipientId : null) ?? '',
          event.kind === 'message' ? event.payload.type : '',
        ],
      };
    });
    const results = await this.run(channelId, items);
    const appended: LoggedEvent[] = [];
    results.forEach((result, index) => {
      const logged = typeof result === 'string' ? toLogged(result, { k: events[index].kind, p: events[index].payload }, serialized[index].length) : null;
      if (logged) appended.push(logged);
    });
    return { appended, duplicates: events.length - appended.length };
  }

  async recordSend(channelId: string, send: AcceptedSend): Promise<void> {
    if (!this.retains) return;
    const log = this.channelKey(channelId, 'log');
    await this.run(channelId, [{ keys: [log, this.channelKey(channelId, `message:${send.messageId}`)], args: ['sent', '', '', send.contact, send.type] }]);
  }

  private async run(channelId: string, items: Array<{ keys: string[]; args: string[] }>): Promise<unknown[]> {
    const keys = [this.channelKey(channelId, 'log'), this.channelKey(channelId, 'sequence'), ...items.flatMap((item) => item.keys)];
    const args = [
      String(this.options.retentionMs),
      String(this.options.dedupTtlMs),
      this.feedChannel(channelId),
      String(SEQUENCE_TTL_MS),
      ...items.flatMap((item) => item.args),
    ];
    const evaluate = (verb: string, script: string) => this.command<unknown[]>([verb, script, String(keys.length), ...keys, ...args]);
    try {
      return await evaluate('EVALSHA', APPEND_SCRIPT_SHA);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return evaluate('EVAL', APPEND_SCRIPT);
    }
  }

  /** A raw command bounded by REDIS_TIMEOUT_MS, its reply in the shape the caller knows the command answers. */
  private async command<T>(args: string[]): Promise<T> {
    const reply: unknown = await this.redis.withTimeout(this.redis.client.sendCommand(args));
    return reply as T;
  }

  async read(channelId: string, after: LogId | null, limit: number): Promise<LoggedEvent[]> {
    if (!this.retains) return [];
    const cutoff = retentionCutoff(this.options.retentionMs, Date.now());
    const start = after && after.ms >= cutoff ? `(${formatLogId(after)}` : `${Math.max(cutoff, 0)}-0`;
    const reply = await this.command<Array<[string, string[]]>>(['XRANGE', this.channelKey(channelId, 'log'), start, '+', 'COUNT', String(limit)]);
    const events: LoggedEvent[] = [];
    for (const [id, fields] of reply) {
      const logged = this.parseStored(channelId, id, fields[1]);
      if (logged) events.push(logged);
    }
    return events;
  }

  isExpired(_channelId: string, id: LogId): boolean {
    return id.ms < retentionCutoff(this.options.retentionMs, Date.now());
  }

  async message(channelId: string, messageId: string): Promise<MessageRecordDto | null> {
    if (!this.retains) return null;
    const fields = await this.command<string[]>(['HGETALL', this.channelKey(channelId, `message:${messageId}`)]);
    if (fields.length === 0) return null;
    const record: Record<string, string> = {};
    const statuses: Array<LoggedEventOf<'status'>> = [];
    for (let index = 0; index < fields.length; index += 2) {
      const [name, value] = [fields[index], fields[index + 1]];
      if (name.startsWith('s:')) {
        const logged = this.parseStored(channelId, name.slice(2), value);
        if (logged?.kind === 'status') statuses.push(logged);
      } else record[name] = value;
    }
    statuses.sort((a, b) => compareLogIds(a.id, b.id));
    return {
      id: messageId,
      channelId,
      direction: record.direction === 'INBOUND' ? 'INBOUND' : 'OUTBOUND',
      contact: record.contact || null,
      type: record.type || null,
      atMs: Number(record.at),
      status: record.status ?? 'accepted',
      statuses,
    };
  }

  async tail(channelId: string, listener: TailListener): Promise<Unsubscribe> {
    let tail = this.tails.get(channelId);
    if (!tail) {
      const created: ChannelTail = { listeners: new Set(), lastSequence: null, unsubscribe: Promise.resolve(async () => undefined) };
      created.unsubscribe = this.subscriptions.subscribe(this.feedChannel(channelId), (text) => this.deliver(channelId, created, text));
      created.unsubscribe.catch(() => {
        if (this.tails.get(channelId) === created) this.tails.delete(channelId);
      });
      tail = created;
      this.tails.set(channelId, created);
    }
    const subscribed = tail;
    await subscribed.unsubscribe;
    subscribed.listeners.add(listener);
    return async () => {
      subscribed.listeners.delete(listener);
      if (subscribed.listeners.size > 0 || this.tails.get(channelId) !== subscribed) return;
      this.tails.delete(channelId);
      await (
        await subscribed.unsubscribe
      )();
    };
  }

  canAccept(): boolean {
    return this.redis.isReady;
  }

  async close(): Promise<void> {
    this.tails.clear();
    this.subscriptions.close();
  }

  private feedChannel(channelId: string): string {
    return this.redis.key(`events:feed:${channelId}`);
  }

  private parseStored(channelId: string, id: string, text: string | undefined): LoggedEvent | null {
    try {
      return toLogged(id, JSON.parse(text ?? '') as StoredEvent, text?.length ?? 0);
    } catch {
      this.logger.warn({ channelId, entry: id }, 'events: skipped an unreadable log entry');
      return null;
    }
  }

  private deliver(channelId: string, tail: ChannelTail, text: string): void {
    let publication: Publication;
    try {
      publication = JSON.parse(text) as Publication;
    } catch {
      this.logger.warn({ channelId }, 'events: ignored a non-JSON publication on the fan-out channel');
      return;
    }
    if (tail.lastSequence !== null && publication.q !== tail.lastSequence + 1) this.gap(tail);
    tail.lastSequence = publication.q;
    const size = Math.ceil(text.length / Math.max(publication.e.length, 1));
    const events = publication.e.map((entry) => toLogged(entry.id, entry.e, size)).filter((event): event is LoggedEvent => event !== null);
    for (const listener of tail.listeners) listener.onEvents(events);
  }

  private gap(tail: ChannelTail): void {
    for (const listener of tail.listeners) listener.onGap();
  }
}
