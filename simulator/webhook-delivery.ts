import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { SimulatorContext } from './context.js';
import {
  buildGroupStatus,
  buildInbound,
  CLOUD_ONLY_KINDS,
  describeIssues,
  groupStatusInput,
  inboundInput,
  type InboundBuild,
  type InboundInput,
  type InboundKind,
} from './inbound-traffic.js';
import { liveInput, nameOf, type LiveLastMessage } from './live-traffic.js';
import { storeIncomingMedia } from './media-routes.js';
import { simulatedMessageId } from './message-ids.js';
import { effectiveWebhook, messagingState, reviewPendingTemplate, type SimTemplate } from './messaging-routes.js';
import { isOnPremise, type SimHosting } from './state.js';

export interface WebhookDeliveryOptions {
  /** Wait before the first re-delivery of a failed notification; doubles with every further attempt. */
  retryBaseMs?: number;
  /** Attempts per notification, the first included (the real service keeps trying for 7 days). */
  maxAttempts?: number;
  /** A delivery not answered within this time failed (the service's rule: 200 within 5 s). */
  timeoutMs?: number;
  /** Pause before each status notification of an accepted send (sent, delivered, read). */
  statusDelayMs?: number;
  /** Recipients whose sends end in a `failed` status with errors instead of sent/delivered/read. */
  failingRecipient?: RegExp;
  /** > 0: every channel with a webhook receives an incoming message from a simulated contact this often. */
  liveEventsMs?: number;
}

/** Default failing recipients: numbers starting with 999 (no country uses that code). */
export const SIM_FAILING_RECIPIENT = /^\+?999/;

/** One attempt to deliver a notification; tests assert re-deliveries with these. */
export interface DeliveryAttempt {
  channelId: string;
  url: string;
  attempt: number;
  /** HTTP status; null when the receiver did not answer in time or could not be reached. */
  status: number | null;
  body: Record<string, unknown>;
}

const KEPT_ATTEMPTS = 1000;
/** Spec §6 rule 4: an incoming file above 100 MB produces an error notification. */
const INCOMING_FILE_MAX_BYTES = 100 * 1024 * 1024;

const HOUR_MS = 60 * 60 * 1000;

const unixSeconds = () => String(Math.floor(Date.now() / 1000));

type Item = Record<string, unknown>;

/** The error of a failing recipient's `failed` status, in the hosting's shape. */
const undeliverable = (onPremise: boolean): Item =>
  onPremise
    ? { code: 1013, title: 'User is not valid', details: 'The recipient is not a valid user of the network' }
    : { code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'The recipient cannot receive this message' } };

/**
 * Webhook notifications as the real service sends them to a channel's effective webhook (number-level,
 * else the business account's; see effectiveWebhook): status notifications after each accepted send, incoming
 * messages from simulated contacts (control endpoint, optional timer), in the cloud envelope or
 * the on-premise shape by the channel's hosting, re-delivered with exponential backoff until
 * the receiver answers 200 or the attempts run out.
 */
export class WebhookDelivery {
  readonly attempts: DeliveryAttempt[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sleepers = new Set<() => void>();
  private readonly running = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();
  private readonly options: Required<Omit<WebhookDeliveryOptions, 'liveEventsMs'>>;
  private liveTick = 0;
  /** Per channel, the last live text (what live reactions, edits and revokes name). */
  private readonly liveLast = new Map<string, LiveLastMessage>();
  private closed = false;

  constructor(
    private readonly context: SimulatorContext,
    options: WebhookDeliveryOptions = {},
  ) {
    this.options = {
      retryBaseMs: options.retryBaseMs ?? 1_000,
      maxAttempts: options.maxAttempts ?? 8,
      timeoutMs: options.timeoutMs ?? 5_000,
      statusDelayMs: options.statusDelayMs ?? 0,
      failingRecipient: options.failingRecipient ?? SIM_FAILING_RECIPIENT,
    };
    context.events.on('message-accepted', this.onAccepted);
    context.events.on('template-created', this.onTemplateCreated);
    context.events.on('template-reviewed', this.onTemplateReviewed);
    if (options.liveEventsMs && options.liveEventsMs > 0) {
      const timer = setInterval(() => this.liveEvents(), options.liveEventsMs);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /**
   * `/_control/inbound` {channelId, kind?, from? | userId?, …}: an item of any kind (inbound-traffic.ts, docs/configuration.md)
   * arrives in the hosting's real shape: a contact's message (text by default, so the older {channelId, from, text,
   * name?, timestamp? | hoursAgo?} still works), a notice, an echo of the business app, a preference change. Messages
   * carry their time (`timestamp` Unix seconds or `hoursAgo`), and a user's message opens the contact's 24-hour window
   * from it (unless the contact wrote later). Answers 202 {kind, messageId, timestamp, mediaId?}; 400 for a bad body or
   * a kind (or user id) the on-premise hosting does not have.
   * `/_control/inbound-file` {channelId, from, bytes, mimeType?}: a contact sends a file; 202 {messageId}, or {errorCode} when it is over 100 MB.
   * `/_control/group-status` {channelId, groupId, participant? | participantUserId?, messageId?, status?, timestamp?}:
   * a status of a message the business sent to a group, about one member (cloud only); 202 {messageId}.
   * All three answer 409 when the channel has no webhook at all (the upstream would deliver nowhere).
   */
  router(): Router {
    const router = Router();
    router.post('/inbound', (request: Request, response: Response) => {
      const input = this.controlInput(inboundInput, request, response);
      if (!input) return;
      if (this.isOnPremise(input.channelId)) {
        const refusal = CLOUD_ONLY_KINDS.has(input.kind)
          ? `kind ${input.kind} exists only on cloud numbers (${input.channelId} is on-premise)`
          : input.userId !== undefined || input.parentUserId !== undefined || input.username !== undefined
            ? `userId, parentUserId and username exist only on cloud numbers (${input.channelId} is on-premise)`
            : input.kind === 'system' && input.newUserId !== undefined
              ? `newUserId exists only on cloud numbers (${input.channelId} is on-premise: its number changes name no user id)`
              : undefined;
        if (refusal) {
          response.status(400).json({ error: { code: 400, message: refusal } });
          return;
        }
      }
      if (!this.hasWebhook(response, input.channelId)) return;
      response.status(202).json(this.deliverInbound(input));
    });
    router.post('/group-status', (request: Request, response: Response) => {
      const input = this.controlInput(groupStatusInput, request, response);
      if (!input) return;
      if (this.isOnPremise(input.channelId)) {
        response.status(400).json({ error: { code: 400, message: `group statuses exist only on cloud numbers (${input.channelId} is on-premise)` } });
        return;
      }
      if (!this.hasWebhook(response, input.channelId)) return;
      const messageId = input.messageId ?? simulatedMessageId('cloud', input.groupId);
      const status = buildGroupStatus(input, messageId, input.timestamp ?? Math.floor(Date.now() / 1000));
      this.track(this.deliver(input.channelId, this.notification(input.channelId, { statuses: [status] })));
      response.status(202).json({ messageId });
    });
    router.post('/inbound-file', (request: Request, response: Response) => {
      const { channelId, from, bytes, mimeType } = (request.body ?? {}) as Record<string, unknown>;
      if (
        typeof channelId !== 'string' ||
        typeof from !== 'string' ||
        !/^\+?\d{6,15}$/.test(from) ||
        !Number.isSafeInteger(bytes) ||
        (bytes as number) < 1 ||
        (mimeType !== undefined && typeof mimeType !== 'string')
      ) {
        response.status(400).json({ error: { code: 400, message: 'body must be {channelId, from (digits), bytes (size of the file, ≥ 1), mimeType?}' } });
        return;
      }
      if (!this.context.state.channels.has(channelId)) {
        response.status(404).json({ error: { code: 404, message: `unknown channel ${channelId}` } });
        return;
      }
      if (!this.hasWebhook(response, channelId)) return;
      response.status(202).json(this.inboundFile(channelId, from.replace(/^\+/, ''), bytes as number, mimeType ?? 'application/pdf'));
    });
    return router;
  }

  /** A control request's body read by its schema, for a channel that exists; null once it was answered 400 or 404. */
  private controlInput<T extends { channelId: string }>(schema: z.ZodType<T>, request: Request, response: Response): T | null {
    const parsed = schema.safeParse(request.body ?? {});
    if (!parsed.success) {
      response.status(400).json({ error: { code: 400, message: describeIssues(parsed.error) } });
      return null;
    }
    if (!this.context.state.channels.has(parsed.data.channelId)) {
      response.status(404).json({ error: { code: 404, message: `unknown channel ${parsed.data.channelId}` } });
      return null;
    }
    return parsed.data;
  }

  /** Answers 409 when the upstream would deliver the channel's notifications nowhere (neither webhook set). */
  private hasWebhook(response: Response, channelId: string): boolean {
    if (effectiveWebhook(this.context.state, channelId)) return true;
    response
      .status(409)
      .json({ error: { code: 409, message: `channel ${channelId} has no webhook (number-level or business-account): its notifications go nowhere` } });
    return false;
  }

  /**
   * A contact sends a file of `bytes`: a document message, or, above the 100 MB an incoming file may
   * have (spec §6 rule 4), an error notification instead. The spec gives no code for it; the
   * simulator uses 131052 (cloud, media download error) and 1014 (on-premise).
   */
  inboundFile(channelId: string, from: string, bytes: number, mimeType: string): { messageId: string } | { errorCode: number } {
    if (bytes > INCOMING_FILE_MAX_BYTES) {
      const onPremise = this.isOnPremise(channelId);
      const details = `The incoming file of ${bytes} bytes from ${from} exceeds the 100 MB limit`;
      const error = onPremise
        ? { code: 1014, title: 'Incoming media too large', details }
        : { code: 131052, title: 'Media download error', message: 'Media download error', error_data: { details } };
      this.track(this.deliver(channelId, this.notification(channelId, { errors: [error] })));
      return { errorCode: error.code };
    }
    // Up to the limit it is a document message naming a file the simulator serves (a sample, whatever size was named).
    return { messageId: this.deliverInbound({ channelId, from, kind: 'document', mimeType, fileName: 'file' }).messageId! };
  }

  /** Delivers an incoming text message from `from`, written at `at` (ms; default now). */
  inbound(channelId: string, from: string, text: string, options: { name?: string; at?: number } = {}): { messageId: string; timestamp: number } {
    const { messageId, timestamp } = this.deliverInbound({ channelId, from, kind: 'text', text, name: options.name }, options.at ?? Date.now());
    return { messageId: messageId!, timestamp };
  }

  /**
   * Delivers one item of any kind (validated, allowed on the channel's hosting) in the hosting's shape, written at `at`
   * (ms; default: the input's timestamp or hoursAgo, else now). A media kind first stores its file on the channel.
   */
  deliverInbound(input: InboundInput, at?: number): { kind: InboundKind; messageId: string | null; timestamp: number; mediaId?: string } {
    const { channelId } = input;
    const hosting: SimHosting = this.isOnPremise(channelId) ? 'onPremise' : 'cloud';
    const written = at ?? (input.timestamp !== undefined ? input.timestamp * 1000 : Date.now() - (input.hoursAgo ?? 0) * HOUR_MS);
    const contactKey = input.from ?? input.userId ?? '';
    let mediaId: string | undefined;
    const built = buildInbound(input, {
      hosting,
      name: input.name ?? nameOf(contactKey),
      timestamp: Math.floor(written / 1000),
      id: input.id ?? simulatedMessageId(hosting, contactKey),
      businessNumber: this.businessNumber(channelId),
      media: (kind, mimeType, fileName) => {
        const stored = storeIncomingMedia(this.context.state, { channelId, hosting, kind, mimeType, fileName });
        mediaId = stored.id;
        return stored;
      },
    });
    // A user's message opens its 24-hour window from the message's time (the messaging routes listen for this).
    if (built.fromUser) this.context.events.emit('message-received', { channelId, from: contactKey, at: built.timestamp * 1000 });
    this.track(this.deliver(channelId, this.notification(channelId, built.items, built.field)));
    return { kind: input.kind, messageId: built.messageId, timestamp: built.timestamp, ...(mediaId !== undefined && { mediaId }) };
  }

  private readonly onAccepted = (event: { channelId: string; messageId: string; to: string; error?: Item }) => {
    if (this.closed) return;
    this.track(this.statusSequence(event.channelId, event.messageId, event.to, event.error));
  };

  /** A created template is reviewed SIMULATOR_TEMPLATE_REVIEW_MS later, unless the control route decided it first. */
  private readonly onTemplateCreated = (event: { templateId: string }) => {
    if (this.closed) return;
    this.track(
      this.sleep(this.context.templateReviewMs).then(() => {
        const reviewed = this.closed ? null : reviewPendingTemplate(this.context.state, event.templateId);
        return reviewed && this.deliverTemplateStatus(reviewed);
      }),
    );
  };

  private readonly onTemplateReviewed = (event: { templateId: string }) => {
    const template = messagingState(this.context.state).templates.find((candidate) => candidate.id === event.templateId);
    if (!this.closed && template) this.track(this.deliverTemplateStatus(template));
  };

  /**
   * The review's notification in the platform's shape (message_template_status_update webhook reference): business-account
   * level, so the change has no messaging_product or metadata; the template id is a number; `reason` is NONE unless
   * rejected, and a rejection for INVALID_FORMAT carries `rejection_info`. Sent to the creating channel's webhook.
   */
  private async deliverTemplateStatus(template: SimTemplate): Promise<boolean> {
    if (!template.channelId) return false;
    const rejected = template.status === 'REJECTED';
    const value: Item = {
      event: template.status,
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      reason: rejected ? (template.rejectionReason ?? 'INVALID_FORMAT') : 'NONE',
      message_template_category: template.category,
      ...(rejected && {
        rejection_info: {
          reason: `The template ${template.name} was rejected by the simulated review: its name starts with reject_.`,
          recommendation: 'Create it again under a name that does not start with reject_.',
        },
      }),
    };
    const body = {
      object: 'chat_business_account',
      entry: [{ id: template.wabaId, time: Math.floor(Date.now() / 1000), changes: [{ field: 'message_template_status_update', value }] }],
    };
    return this.deliver(template.channelId, body);
  }

  /**
   * sent → delivered → read, each delivered (with its re-deliveries) before the next; or one `failed` carrying
   * `error` (the send route's verdict) or, for a failing recipient, the hosting's "cannot receive" error.
   */
  private async statusSequence(channelId: string, id: string, to: string, error?: Item): Promise<void> {
    // A send to a business-scoped user id (it has letters) is reported with recipient_user_id instead of recipient_id.
    const recipient = /^\+?\d+$/.test(to) ? { recipient_id: to.replace(/^\+/, '') } : { recipient_user_id: to };
    const onPremise = this.isOnPremise(channelId);
    const failure = error ?? (this.options.failingRecipient.test(to) ? undeliverable(onPremise) : undefined);
    const statuses: Item[] = failure
      ? [{ id, status: 'failed', timestamp: unixSeconds(), ...recipient, errors: [failure] }]
      : ['sent', 'delivered', 'read'].map((status) => ({
          id,
          status,
          ...recipient,
          ...(!onPremise && {
            conversation: { id: `conv-${id.slice(-8)}`, origin: { type: 'service' } },
            pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
          }),
        }));
    for (const status of statuses) {
      if (this.options.statusDelayMs > 0) await this.sleep(this.options.statusDelayMs);
      if (this.closed) return;
      await this.deliver(channelId, this.notification(channelId, { statuses: [{ timestamp: unixSeconds(), ...status }] }));
    }
  }

  /** One tick of live traffic: every channel with a webhook receives the cycle's next item (live-traffic.ts). */
  private liveEvents(): void {
    for (const channelId of [...this.context.state.channels.keys()].filter((id) => effectiveWebhook(this.context.state, id))) {
      const hosting: SimHosting = this.isOnPremise(channelId) ? 'onPremise' : 'cloud';
      const input = liveInput(this.liveTick, channelId, hosting, this.liveLast.get(channelId));
      const { messageId } = this.deliverInbound(input);
      if (input.kind === 'text' && messageId) {
        this.liveLast.set(channelId, { id: messageId, sender: { from: input.from, userId: input.userId, username: input.username, name: input.name } });
      }
    }
    this.liveTick += 1;
  }

  private isOnPremise(channelId: string): boolean {
    return isOnPremise(this.context.state.channels.get(channelId));
  }

  /** The channel's own number in digits, as notifications show it. */
  private businessNumber(channelId: string): string {
    return (this.context.state.channels.get(channelId)?.setup_info.phone_number ?? '').replace(/\D/g, '');
  }

  /** On-premise: the arrays at the root. Cloud: the business-account envelope with metadata, under `field`. */
  private notification(channelId: string, items: Item, field: InboundBuild['field'] = 'messages'): Record<string, unknown> {
    if (this.isOnPremise(channelId)) return items;
    const channel = this.context.state.channels.get(channelId);
    return {
      object: 'chat_business_account',
      entry: [
        {
          id: channel?.waba_account.id ?? `waba-${channelId}`,
          changes: [
            {
              field,
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: this.businessNumber(channelId),
                  phone_number_id: `pn-${channelId}`,
                },
                ...items,
              },
            },
          ],
        },
      ],
    };
  }

  /** POSTs until a 200 (re-reading the webhook each time, as a reconfiguration applies to queued deliveries). */
  private async deliver(channelId: string, body: Record<string, unknown>): Promise<boolean> {
    for (let attempt = 1; attempt <= this.options.maxAttempts && !this.closed; attempt += 1) {
      const webhook = effectiveWebhook(this.context.state, channelId);
      if (!webhook) return false;
      let status: number | null = null;
      try {
        const response = await fetch(webhook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...webhook.headers },
          body: JSON.stringify(body),
          signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.options.timeoutMs)]),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        status = null;
      }
      this.attempts.push({ channelId, url: webhook.url, attempt, status, body });
      if (this.attempts.length > KEPT_ATTEMPTS) this.attempts.shift();
      if (status === 200) return true;
      if (attempt < this.options.maxAttempts) await this.sleep(this.options.retryBaseMs * 2 ** (attempt - 1));
    }
    return false;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      timer.unref();
      this.timers.add(timer);
      this.sleepers.add(wake);
    });
  }

  private track(work: Promise<unknown>): void {
    const settled = work.catch(() => undefined);
    this.running.add(settled);
    void settled.finally(() => this.running.delete(settled));
  }

  /** Stops timers and pending re-deliveries; in-flight requests are aborted. */
  async close(): Promise<void> {
    this.closed = true;
    this.context.events.off('message-accepted', this.onAccepted);
    this.context.events.off('template-created', this.onTemplateCreated);
    this.context.events.off('template-reviewed', this.onTemplateReviewed);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const wake of [...this.sleepers]) wake();
    this.abort.abort();
    await Promise.allSettled([...this.running]);
  }
}
