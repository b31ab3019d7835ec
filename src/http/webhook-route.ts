import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isWebhookAuthorized } from '../events/ingest/credentials.js';
import { DirectoryLookupError, type ChannelDirectory } from '../events/ingest/channel-directory.js';
import type { EventHub } from '../events/hub.js';
import { assertUtf8, HttpRefusal, readBody, requestIdOf, sendJson } from './request.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';

/**
 * Largest notification read: the upstream's reference states that webhook payloads can be up to
 * 3 MB (a batch of many statuses or messages; media arrives by id, never inline), so a genuine
 * batch always fits, with room for its encoding. Past it: 413 before the rest is read.
 */
const WEBHOOK_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * What bounds a notification is its structure, checked as it arrives, before it is parsed. A real
 * batch holds about one JSON value per 24 bytes (a status item: ~380 bytes, 16 values) and nests
 * 7 levels (entry, changes, value, statuses, item, conversation, origin): 3 MB of values twice as
 * dense as that pass, and 32 levels.
 */
export const WEBHOOK_BODY_SHAPE = { maxValues: 262_144, maxDepth: 32 } as const;

/** What a 503 asks the upstream to wait before re-delivering. */
const RETRY_AFTER_SECONDS = 5;

const PATH = /^\/webhooks\/([^/?]+)\/?(?:\?.*)?$/;

export interface WebhookReceiverOptions {
  keystoreSecret: string;
  events: EventHub;
  /** Which channel each business number a cloud notification names belongs to. */
  directory: ChannelDirectory;
  logger: Logger;
  metrics: Metrics;
}

export interface WebhookReceiver {
  /** Serves `POST /webhooks/:channelId` and answers true; false for any other request. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** Resolves when every notification being appended has been answered (graceful stop). */
  drain(): Promise<void>;
}

/** The notification's text as JSON, an object or array at the top (as body-parser's strict mode took it); undefined when it is not. */
function notificationJson(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A short digest naming a notification in logs without its content (item contents are personal data). */
const notificationDigest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

/**
 * `POST /webhooks/:channelId`: checks the channel's Basic credential before reading the body,
 * appends every event of the notification to the channel's log (dedup included, one atomic step)
 * and only then answers 200; when the log cannot be written in time (Redis down or hanging past
 * REDIS_TIMEOUT_MS) it answers 503 with Retry-After, so the upstream re-delivers and nothing
 * acknowledged is ever lost. Fan-out to subscribers follows from the log.
 */
export function webhookReceiver(options: WebhookReceiverOptions): WebhookReceiver {
  const { keystoreSecret, events, directory, logger, metrics } = options;
  const count = (outcome: 'received' | 'deduplicated' | 'published' | 'rejected', amount = 1) => {
    if (amount > 0) metrics.webhookNotifications.inc({ outcome }, amount);
  };
  const pending = new Set<Promise<unknown>>();
  /** 503 naming why: the store, or the channel listing the notification's routing needs (DirectoryLookupError). */
  const refuseForNow = (response: ServerResponse, channelId: string, cause: unknown = null) => {
    const error =
      cause instanceof DirectoryLookupError
        ? cause.pastBudget
          ? "the channels of the notification's business numbers are still being looked up; retry later"
          : "the channels of the notification's business numbers could not be looked up; retry later"
        : 'event store unavailable; retry later';
    sendJson(response, 503, { error }, { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
    // The refused notification arrives later: until a window has passed, a missing inbound message proves nothing, on
    // any channel whose numbers this URL may receive notifications for.
    for (const refused of directory.channelsKnownFor(channelId)) {
      events
        .noteRefusal(refused)
        .catch((error: unknown) => logger.warn({ err: error, channelId: refused }, 'webhook: the refusal could not be noted in the store'));
    }
  };

  /** The notification's events in the log (true), or why they are not (answered 503). */
  const append = async (channelId: string, body: unknown, text: string, requestId: string): Promise<true | { refused: unknown }> => {
    // A lookup of the channels behind the notification's numbers that fails is answered 503 like a log that cannot be written.
    const work = events.ingest(channelId, body, directory);
    pending.add(work);
    void work.catch(() => undefined).finally(() => pending.delete(work));
    let result;
    try {
      result = await work;
    } catch (error) {
      logger.warn(
        { err: error, channelId, requestId, notification: notificationDigest(text) },
        error instanceof DirectoryLookupError
          ? "webhook: the channels of the notification's business numbers not looked up in time; answered 503"
          : 'webhook: the event log could not be written; answered 503',
      );
      return { refused: error };
    }
    count('published', result.published);
    count('deduplicated', result.duplicates);
    for (const [kind, amount] of Object.entries(result.publishedByKind)) metrics.webhookItems.inc({ kind, typed: String(kind !== 'other') }, amount);
    for (const outcome of result.routing) metrics.webhookRouting.inc({ outcome });
    if (result.routing.includes('unverified')) {
      logger.warn(
        { channelId, requestId, notification: notificationDigest(text) },
        "webhook: the notification names business numbers this gateway cannot check (nothing known of the channel's business account); kept on the channel of the URL",
      );
    }
    if (result.problems.length > 0) {
      // Paths and reasons only: item contents are personal data. The digest and request id name the notification.
      logger.warn(
        { channelId, requestId, notification: notificationDigest(text), problems: result.problems, published: result.published },
        'webhook: kept items it could not type as OtherNotificationEvent',
      );
    }
    logger.debug({ channelId, published: result.published, duplicates: result.duplicates }, 'webhook: logged');
    return true;
  };

  const receive = async (request: IncomingMessage, response: ServerResponse, channelId: string, requestId: string) => {
    if (!isWebhookAuthorized(keystoreSecret, channelId, request.headers.authorization)) {
      count('rejected');
      sendJson(response, 401, { error: 'invalid or missing webhook credential' }, { headers: { 'www-authenticate': 'Basic realm="hubgraph-webhooks"' } });
      return;
    }
    // A delivery that cannot be logged now is refused at once, so the upstream re-delivers it later.
    if (!events.canAccept()) {
      count('rejected');
      refuseForNow(response, channelId);
      return;
    }
    let text: string;
    try {
      assertUtf8(request.headers['content-type']);
      text = await readBody(request, WEBHOOK_BODY_LIMIT_BYTES, WEBHOOK_BODY_SHAPE);
    } catch (error) {
      if (!(error instanceof HttpRefusal)) throw error;
      // Size, structure, encoding and charset are the sender's fault: 413 or 400, never a crash.
      count('rejected');
      const message = error.bodyUnread ? `the notification is too large: ${error.message}` : 'unreadable notification body';
      sendJson(response, error.bodyUnread ? 413 : 400, { error: message }, { bodyUnread: error.bodyUnread });
      return;
    }
    const body = notificationJson(text);
    if (body === undefined) {
      count('rejected');
      sendJson(response, 400, { error: 'the notification is not valid JSON' });
      return;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      count('rejected');
      sendJson(response, 400, { error: 'the notification must be a JSON object' });
      return;
    }
    count('received');
    const appended = await append(channelId, body, text, requestId);
    if (appended === true) sendJson(response, 200, { received: true });
    else {
      count('rejected');
      refuseForNow(response, channelId, appended.refused);
    }
  };

  return {
    handle(request, response) {
      const match = request.method === 'POST' ? PATH.exec(request.url ?? '') : null;
      if (!match) return false;
      const requestId = requestIdOf(request);
      response.setHeader('x-request-id', requestId);
      let channelId: string;
      try {
        channelId = decodeURIComponent(match[1]);
      } catch {
        sendJson(response, 400, { error: 'malformed channel id in the path' });
        return true;
      }
      receive(request, response, channelId, requestId).catch((error: unknown) => {
        logger.error({ err: error, requestId }, 'webhook: unexpected failure');
        sendJson(response, 500, { error: 'internal error' });
      });
      return true;
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
