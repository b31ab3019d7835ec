import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { isWebhookAuthorized } from '../events/credentials.js';
import type { EventHub } from '../events/hub.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';

/** Largest notification accepted; the upstream's are a few KB (media arrives by id, never inline). */
export const WEBHOOK_BODY_LIMIT = '1mb';

export interface WebhookReceiverOptions {
  keystoreSecret: string;
  events: EventHub;
  logger: Logger;
  metrics: Metrics;
}

export interface WebhookReceiver {
  router: Router;
  /** Resolves when every accepted notification has been processed (graceful stop). */
  drain(): Promise<void>;
}

type BodyParserError = Error & { type?: string; status?: number };

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
  const router = Router();

  const authenticate = (request: Request<{ channelId: string }>, response: Response, next: NextFunction) => {
    if (!isWebhookAuthorized(keystoreSecret, request.params.channelId, request.headers.authorization)) {
      count('rejected');
      response.setHeader('www-authenticate', 'Basic realm="hubgraph-webhooks"');
      response.status(401).json({ error: 'invalid or missing webhook credential' });
      return;
    }
    // A delivery that cannot be deduplicated or fanned out now is refused, so the upstream re-delivers it later.
    if (!events.canAccept()) {
      count('rejected');
      response.setHeader('retry-after', '5');
      response.status(503).json({ error: 'event store unavailable; retry later' });
      return;
    }
    next();
  };

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

  router.post(
    '/:channelId',
    authenticate,
    express.json({ limit: WEBHOOK_BODY_LIMIT, strict: true, type: () => true }),
    (request: Request<{ channelId: string }>, response: Response) => {
      const body: unknown = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        count('rejected');
        response.status(400).json({ error: 'the notification must be a JSON object' });
        return;
      }
      count('received');
      response.status(200).json({ received: true });
      processLater(request.params.channelId, body);
    },
  );

  // Body-parser failures (size limit, malformed JSON, bad charset) are the sender's fault: 400, never a crash.
  router.use((error: BodyParserError, _request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) return next(error);
    count('rejected');
    if (error.type === 'entity.too.large') {
      response.status(400).json({ error: `the notification exceeds ${WEBHOOK_BODY_LIMIT}` });
      return;
    }
    if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
      response.status(400).json({ error: error.type === 'entity.parse.failed' ? 'the notification is not valid JSON' : 'unreadable notification body' });
      return;
    }
    logger.error({ err: error }, 'webhook: unexpected failure');
    response.status(500).json({ error: 'internal error' });
  });

  return {
    router,
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
