import { setTimeout as sleep } from 'node:timers/promises';
import { CursorExpiredError } from '../../errors.js';
import { compareLogIds, justBefore, type LogId } from '../log/cursor.js';
import { FeedControl } from './feed-control.js';
import type { EventLog } from '../log/event-log.js';
import type { EventKind, LoggedEvent } from '../types.js';

/** Pause between attempts of a failing log read. */
const READ_RETRY_PAUSE_MS = 200;

export interface FeedOptions {
  log: EventLog;
  channelId: string;
  /** null: every kind. */
  kinds: ReadonlySet<EventKind> | null;
  /** Replay the retained events after this position first; null: live events only. */
  after: LogId | null;
  /** Events read from the log per round trip while catching up. */
  pageSize: number;
  /** Live events held for a subscriber before it reads them from the log instead (or, with nothing retained, is ended). */
  maxBacklogBytes: number;
  /** A subscriber with events waiting that has not asked for one for this long is ended (a client that stopped reading). */
  stallMs: number;
  /** Runs once when the feed ends (client completes, connection closes, or the subscriber is cut). */
  onEnd: () => void;
  /** How long a failing log read is retried (the store reconnecting) before the feed ends with its error. */
  readRetryMs: number;
  /** Ends the feed when `after` (or the position it reached) is older than what the log still holds. */
  expired: () => CursorExpiredError;
  now?: () => number;
}

/**
 * One subscriber's events in log order, none twice and none skipped: it listens to the channel's
 * live events first, then reads what the log holds after its position (`after`), and takes live
 * events only once the log read reached everything the live side had offered. A subscriber that
 * reads slower than events arrive stops buffering past `maxBacklogBytes` and reads the log instead,
 * so a burst (thousands of events in one notification) reaches it whole; only one that stopped
 * reading altogether (for `stallMs`) is cut, or one that fell behind while nothing is retained.
 */
export async function openFeed(options: FeedOptions): Promise<AsyncIterableIterator<LoggedEvent>> {
  const { log, channelId, kinds, pageSize, maxBacklogBytes, stallMs, now = Date.now } = options;
  const queue: LoggedEvent[] = [];
  let queueBytes = 0;
  /** The last position queued or delivered: live events up to it are already covered, catching up reads after it. */
  let covered: LogId | null = options.after;
  let catchingUp = options.after !== null;
  /** The newest live event left to the log read while catching up: caught up only once the read went past it. */
  let droppedUpTo: LogId | null = null;
  let failure: Error | null = null;
  let lastAsked = now();
  /** Since when events have been waiting for a subscriber that is not asking for one; null while none wait. */
  let waitingSince: number | null = null;
  /** When log reads started failing (the store reconnecting), null while they succeed. */
  let failingSince: number | null = null;
  let asking = false;
  const control = new FeedControl(options.onEnd);
  const fail = (error: Error) => {
    if (control.finished) return;
    failure = error;
    void control.finish();
  };
  const wanted = (event: LoggedEvent) => kinds === null || kinds.has(event.kind);
  const enqueue = (event: LoggedEvent) => {
    covered = event.id;
    if (!wanted(event)) return;
    queue.push(event);
    queueBytes += event.size;
  };

  const unsubscribe = await log.tail(channelId, {
    onEvents(events) {
      if (control.finished) return;
      if (waitingSince === null && !asking) waitingSince = now();
      for (const event of events) {
        if (covered && compareLogIds(event.id, covered) <= 0) continue;
        if (!catchingUp && queueBytes + event.size > maxBacklogBytes) {
          if (!log.retains) {
            fail(new Error(`The subscriber fell more than ${maxBacklogBytes} bytes of events behind; subscribe again`));
            return;
          }
          catchingUp = true;
          // A live-only subscriber with nothing delivered yet reads from this event on, not from the oldest retained.
          covered ??= justBefore(event.id);
        }
        if (catchingUp) droppedUpTo = event.id;
        else enqueue(event);
      }
      if (!asking && waitingSince !== null && now() - Math.max(waitingSince, lastAsked) > stallMs) {
        fail(new Error(`The subscriber read no event for ${Math.round(stallMs / 1000)} s; subscribe again`));
        return;
      }
      control.signal();
    },
    onGap() {
      if (control.finished) return;
      if (!log.retains) {
        fail(new Error('Events may have been missed while the fan-out was reconnecting; subscribe again'));
        return;
      }
      // A live-only subscriber that has seen nothing yet has no position to read from: it goes on live.
      if (covered === null) return;
      catchingUp = true;
      control.signal();
    },
  });
  control.listening(unsubscribe);

  /** One page from the log after `covered`; switches to live events once nothing the live side offered is left unread. */
  const catchUp = async () => {
    if (covered && log.isExpired(channelId, covered)) throw options.expired();
    const page = await log.read(channelId, covered, pageSize);
    for (const event of page) if (!covered || compareLogIds(event.id, covered) > 0) enqueue(event);
    if (page.length < pageSize && (droppedUpTo === null || (covered !== null && compareLogIds(droppedUpTo, covered) <= 0))) {
      catchingUp = false;
      droppedUpTo = null;
    }
  };

  return control.iterator(async () => {
    lastAsked = now();
    asking = true;
    try {
      for (;;) {
        const event = queue.shift();
        if (event) {
          queueBytes -= event.size;
          if (queue.length === 0 && !catchingUp) waitingSince = null;
          return { value: event, done: false };
        }
        if (!catchingUp) waitingSince = null;
        if (failure) throw failure;
        if (control.finished) return { value: undefined, done: true };
        if (catchingUp) {
          try {
            await catchUp();
            failingSince = null;
          } catch (error) {
            failingSince ??= now();
            if (error instanceof CursorExpiredError || now() - failingSince >= options.readRetryMs)
              fail(error instanceof Error ? error : new Error(String(error)));
            else await sleep(READ_RETRY_PAUSE_MS);
          }
          continue;
        }
        await control.parked();
      }
    } finally {
      asking = false;
      lastAsked = now();
    }
  });
}
