import type { IncomingMessage, ServerResponse } from 'node:http';
import { isWebhookAuthorized } from '../events/credentials.js';
import type { EventHub } from '../events/hub.js';
import { assertUtf8, HttpRefusal, readBody, requestIdOf, sendJson } from './request.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';

/** Largest notification accepted; the upstream's are a few KB (media arrives by id, never inline). */
const WEBHOOK_BODY_LIMIT_MB = 1;

const PATH = /^\/webhooks\/([^/?]+)\/?(?:\?.*)?$/;

export interface WebhookReceiverOptions {
  keystoreSecret: string;
  events: EventHub;
  logger: Logger;
  metrics: Metrics;
}

export interface WebhookReceiver {
  /** Serves `POST /webhooks/:channelId` and answers true; false for any other request. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** Resolves when every accepted notification has been processed (graceful stop). */
  drain(): Promise<void>;
}

/** The notification as JSON, an object or array at the top (as body-parser's strict mode took it); undefined when it is not. */
function parseNotification(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * `POST /webhooks/:channelId`: checks the channel's Basic credential before reading the body,
 * answers 200 as soon as the notification is parsed as JSON, then publishes its events (dedup
 * and fan-out) off the response path, so the upstream's 5 s / 250 ms median budget is never at
 * the mercy of Redis or subscribers.
 */
export function webhookReceiver(options: WebhookReceiverOptions): WebhookReceiver {
  const { keystoreSecret, events, logger, metrics } = options;
  const count = (outcome: 'received' | 'deduplicated' | 'published' | 'rejected', amount = 1) => {
    if (amount > 0) metrics.webhookNotifications.inc({ outcome }, amount);
  };
  const pending = new Set<Promise<void>>();

  const processLater = (channelId: string, body: unknown) => {
    // After the current tick, so the 200 is written before any parsing or store round trip.
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => events.ingest(channelId, body))
      .then(
        (result) => {
          count('published', result.published);
          count('deduplicated', result.duplicates);
          if (result.problems.length > 0) {
            // Paths and reasons only: item contents are personal data.
            logger.warn({ channelId, problems: result.problems, published: result.published }, 'webhook: skipped malformed items');
          }
          logger.debug({ channelId, published: result.published, duplicates: result.duplicates }, 'webhook: processed');
        },
        (error: unknown) => {
          logger.error({ err: error, channelId }, 'webhook: processing failed; its events were not published');
        },
      );
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };

  const receive = async (request: IncomingMessage, response: ServerResponse, channelId: string) => {
    if (!isWebhookAuthorized(keystoreSecret, channelId, request.headers.authorization)) {
      count('rejected');
      sendJson(response, 401, { error: 'invalid or missing webhook credential' }, { headers: { 'www-authenticate': 'Basic realm="hubgraph-webhooks"' } });
      return;
    }
    // A delivery that cannot be deduplicated or fanned out now is refused, so the upstream re-delivers it later.
    if (!events.canAccept()) {
      count('rejected');
      sendJson(response, 503, { error: 'event store unavailable; retry later' }, { headers: { 'retry-after': '5' } });
      return;
    }
    let text: string;
    try {
      assertUtf8(request.headers['content-type']);
      text = await readBody(request, WEBHOOK_BODY_LIMIT_MB * 1024 * 1024);
    } catch (error) {
      if (!(error instanceof HttpRefusal)) throw error;
      // Size, encoding and charset are the sender's fault: 400, never a crash.
      count('rejected');
      const message = error.bodyUnread ? `the notification exceeds ${WEBHOOK_BODY_LIMIT_MB}mb` : 'unreadable notification body';
      sendJson(response, 400, { error: message }, { bodyUnread: error.bodyUnread });
      return;
    }
    const body = parseNotification(text);
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
    sendJson(response, 200, { received: true });
    processLater(channelId, body);
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
      receive(request, response, channelId).catch((error: unknown) => {
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
