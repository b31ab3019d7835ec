import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { sendVariantError } from './http.js';
import { simulatedMessageId } from './message-ids.js';
import { contentProblem, limitedTimeOfferSendProblem } from './send-rules.js';
import type { SimulatorContext } from './context.js';
import { extension, isOnPremise, type SimHosting, type SimState, type SimWebhook } from './state.js';

const HOUR_MS = 60 * 60 * 1000;
const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const SESSION_WINDOW_MS = 24 * HOUR_MS;
const MESSAGE_TYPES = new Set(['audio', 'contacts', 'document', 'image', 'interactive', 'location', 'sticker', 'template', 'text', 'video']);
const MEDIA_TYPES = new Set(['audio', 'document', 'image', 'sticker', 'video']);
const PROFILE_FIELDS = ['address', 'description', 'email', 'vertical', 'websites'] as const;
const ONPREMISE_VERTICALS = new Set([
  'Automotive',
  'Beauty, Spa and Salon',
  'Clothing and Apparel',
  'Education',
  'Entertainment',
  'Event Planning and Service',
  'Finance and Banking',
  'Food and Grocery',
  'Public Service',
  'Hotel and Lodging',
  'Medical and Health',
  'Non-profit',
  'Professional Services',
  'Shopping and Retail',
  'Travel and Transportation',
  'Restaurant',
  'Other',
]);

/**
 * The cloud profile's industries as the platform's business-profile reference lists them. UNDEFINED is what a profile
 * without one reads as: it cannot be set (a reset to it is refused).
 */
const CLOUD_VERTICALS = new Set([
  'OTHER',
  'AUTO',
  'BEAUTY',
  'APPAREL',
  'EDU',
  'ENTERTAIN',
  'EVENT_PLAN',
  'FINANCE',
  'GROCERY',
  'GOVT',
  'HOTEL',
  'HEALTH',
  'NONPROFIT',
  'PROF_SERVICES',
  'RETAIL',
  'TRAVEL',
  'RESTAURANT',
  'NOT_A_BIZ',
  'ALCOHOL',
  'ONLINE_GAMBLING',
  'PHYSICAL_GAMBLING',
  'OTC_DRUGS',
]);

/** Contacts that wrote to every channel at seed time (the webhook simulator's contacts among them). */
export const SIM_ENGAGED_CONTACTS = ['4915112345678', '447700900123', '31612345678'];
/** A contact whose last message is 25 hours old: blocking and free-form sends fail for it (cloud: by a `failed` status with 131047). */
export const SIM_STALE_CONTACT = '4915199999999';

export interface SimSentMessage {
  id: string;
  channelId: string;
  to: string;
  type: string;
  body: Record<string, unknown>;
  at: number;
}

export interface SimProfile {
  address?: string;
  description?: string;
  email?: string;
  vertical?: string;
  websites?: string[];
  profile_picture_url?: string;
}

export type SimTemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** A template of a business account; only APPROVED ones can be sent (spec §3). */
export interface SimTemplate {
  id: string;
  wabaId: string;
  /** The channel whose key created it: its webhook receives the review (none for the seeded templates). */
  channelId?: string;
  /** Why the review rejected it (the platform's reason codes, e.g. INVALID_FORMAT); absent otherwise. */
  rejectionReason?: string;
  name: string;
  language: string;
  category: string;
  status: SimTemplateStatus;
  components: unknown[];
}

/** SIMULATOR_TEMPLATE_REVIEW_MS's default: a created template is reviewed this long after its creation. */
export const SIM_TEMPLATE_REVIEW_MS = 10_000;

/** A created template whose name starts with this is rejected by the simulated review (INVALID_FORMAT), any other approved. */
export const SIM_REJECTED_TEMPLATE_PREFIX = 'reject_';

/**
 * Decides a created template's review if it is still PENDING (the control route may have decided it first): approved,
 * or rejected with INVALID_FORMAT when its name starts with `reject_`. Returns the template when this call decided it.
 */
export function reviewPendingTemplate(state: SimState, templateId: string): SimTemplate | null {
  const template = messagingState(state).templates.find((candidate) => candidate.id === templateId);
  if (template?.status !== 'PENDING') return null;
  decideReview(template, template.name.startsWith(SIM_REJECTED_TEMPLATE_PREFIX) ? 'REJECTED' : 'APPROVED');
  return template;
}

function decideReview(template: SimTemplate, status: 'APPROVED' | 'REJECTED'): void {
  template.status = status;
  if (status === 'REJECTED') template.rejectionReason = 'INVALID_FORMAT';
  else delete template.rejectionReason;
}

/**
 * A template's id as the platform gives it: digits (a Graph object id), a string in the create answer and a number in
 * webhook notifications. Made of the clock and a counter so two templates created in one millisecond differ; it stays
 * below 2^53, so the number a notification carries is exact.
 */
let templateSequence = 0;
function newTemplateId(): string {
  templateSequence = (templateSequence + 1) % 1000;
  return `${Date.now()}${String(templateSequence).padStart(3, '0')}`;
}

/** Approved at seed time on every business account: the templates tests and demos send. */
export const SIM_APPROVED_TEMPLATES = [
  { name: 'order_update', language: 'de', category: 'UTILITY' },
  { name: 'order_update', language: 'en', category: 'UTILITY' },
  { name: 'summer_offer', language: 'en_US', category: 'MARKETING' },
  { name: 'order_shipped', language: 'en_US', category: 'UTILITY' },
  { name: 'spring_sale', language: 'en_US', category: 'MARKETING' },
];

interface PendingWabaWebhook {
  webhook: SimWebhook;
  overrideAll: boolean;
  activatesAt: number;
}

/** Area-B state beside the core SimState (number-level webhooks live in state.webhooks). */
export interface MessagingState {
  messages: SimSentMessage[];
  /** channelId → wa_id → time of the contact's last message to the channel. */
  lastInbound: Map<string, Map<string, number>>;
  templates: SimTemplate[];
  profiles: Map<string, SimProfile>;
  /** On-premise profile photos by channel id (`/v1/settings/profile/photo`). */
  profilePhotos: Map<string, { mimeType: string; content: Buffer }>;
  /** Business-account webhooks by waba id. */
  wabaWebhooks: Map<string, SimWebhook>;
  /** Business-account webhooks set but not applied yet (the upstream takes 15–20 s), by waba id. */
  pendingWabaWebhooks: Map<string, PendingWabaWebhook>;
  blocklists: Map<string, Set<string>>;
  /** On-premise server version by channel id (SIM_ON_PREMISE_VERSION unless a test sets an older one). */
  onPremiseVersions: Map<string, string>;
}

/** The version every simulated on-premise server reports in `meta.version` unless `onPremiseVersions` names another. */
export const SIM_ON_PREMISE_VERSION = '2.53.1';

function seedMessaging(state: SimState, now: number): MessagingState {
  const lastInbound = new Map<string, Map<string, number>>();
  const profiles = new Map<string, SimProfile>();
  for (const channel of state.channels.values()) {
    const contacts = new Map<string, number>(SIM_ENGAGED_CONTACTS.map((waId) => [waId, now]));
    contacts.set(SIM_STALE_CONTACT, now - 25 * HOUR_MS);
    lastInbound.set(channel.id, contacts);
    const onPremise = isOnPremise(channel);
    const name = channel.client.name;
    const domain = name.toLowerCase().replace(/\s+/g, '-');
    profiles.set(channel.id, {
      address: channel.client.contact_info.street_name,
      description: `${name} answers here.`,
      email: `hello@${domain}.example`,
      vertical: onPremise ? 'Shopping and Retail' : 'RETAIL',
      websites: [`https://${domain}.example`],
      ...(!onPremise && { profile_picture_url: `https://cdn.sim.example/profile/${channel.id}.jpg` }),
    });
  }
  const wabaIds = new Set([...state.channels.keys()].map((channelId) => wabaOf(state, channelId)));
  const templates = [...wabaIds].flatMap((wabaId) =>
    SIM_APPROVED_TEMPLATES.map((template) => ({
      ...template,
      id: `tpl-${wabaId}-${template.name}-${template.language}`,
      wabaId,
      status: 'APPROVED' as const,
      components: [],
    })),
  );
  return {
    messages: [],
    lastInbound,
    templates,
    profiles,
    profilePhotos: new Map(),
    wabaWebhooks: new Map(),
    pendingWabaWebhooks: new Map(),
    blocklists: new Map(),
    onPremiseVersions: new Map(),
  };
}

export function messagingState(state: SimState): MessagingState {
  return extension(state, 'messaging', () => seedMessaging(state, Date.now()));
}

/** A contact writes to the channel: free-form sends and blocking become possible for 24 hours. */
export function markEngaged(state: SimState, channelId: string, waId: string, at = Date.now()): void {
  const contacts = messagingState(state).lastInbound;
  const channelContacts = contacts.get(channelId) ?? new Map<string, number>();
  channelContacts.set(normalisePhone(waId) ?? waId, at);
  contacts.set(channelId, channelContacts);
}

/** A business-scoped user id (`US.13491208655302741918`) or a parent one (`US.ENT.11815799212886844830`). */
const BUSINESS_USER_ID = /^[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]{1,128}$/;

/** Digits of a phone number in any common format; null when it is not one (error 1009). */
function normalisePhone(value: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length >= 6 && digits.length <= 15 ? digits : null;
}

/** The error of the cloud `failed` status that reports a free-form send outside the 24-hour window. */
const REENGAGEMENT_ERROR = {
  code: 131047,
  title: 'Re-engagement message',
  message: 'Re-engagement message',
  error_data: { details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' },
};

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function hostingOfChannel(state: SimState, channelId: string): SimHosting {
  return isOnPremise(state.channels.get(channelId)) ? 'onPremise' : 'cloud';
}

function fail(response: Response, hosting: SimHosting, status: number, code: number, title: string, details?: string): void {
  sendVariantError(response, hosting === 'onPremise', status, code, title, details);
}

type Locals = { channelId: string };

/**
 * SVC-API-KEY names the channel; a key used on the other variant's root is refused, as the
 * real roots serve only their own numbers.
 */
export function channelForKey(state: SimState, hosting: SimHosting) {
  return (request: Request, response: Response, next: NextFunction) => {
    const key = request.header('svc-api-key');
    const channelId = key ? state.apiKeys.get(key) : undefined;
    if (!channelId) return fail(response, hosting, 401, 401, 'Invalid or missing SVC-API-KEY');
    const actual = hostingOfChannel(state, channelId);
    if (actual !== hosting) {
      return fail(response, hosting, 400, 400, `Channel ${channelId} is ${actual === 'cloud' ? 'cloud-hosted' : 'hosted on-premise'}; use its own root`);
    }
    (response.locals as Locals).channelId = channelId;
    next();
  };
}

function engaged(messaging: MessagingState, channelId: string, waId: string, now: number): boolean {
  const last = messaging.lastInbound.get(channelId)?.get(waId);
  return last !== undefined && now - last <= SESSION_WINDOW_MS;
}

/** Checks of a B1 body; returns an error title, or null when the body is acceptable. */
function sendProblem(body: Record<string, unknown>, hosting: SimHosting, messagingProduct: string): string | null {
  if (hosting === 'cloud' && body.messaging_product !== messagingProduct) return 'messaging_product is required';
  if (hosting === 'onPremise' && 'messaging_product' in body) return 'messaging_product is not a parameter of this API';
  if (body.recipient_type !== undefined && body.recipient_type !== 'individual') return 'recipient_type must be individual';
  const type = body.type;
  if (typeof type !== 'string' || !MESSAGE_TYPES.has(type)) return 'type is missing or unknown';
  const content = type === 'contacts' ? body.contacts : body[type];
  if (type === 'contacts' ? !Array.isArray(content) || content.length === 0 : !isObject(content)) return `${type} object is required`;
  if (hosting === 'onPremise' && 'context' in body) return 'context is not supported';
  if (type === 'text') {
    const text = content as Record<string, unknown>;
    if (typeof text.body !== 'string' || text.body === '' || [...text.body].length > 4096) return 'text.body must have 1 to 4096 characters';
    if (hosting === 'cloud' && 'preview_url' in body) return 'preview_url belongs inside text';
    if (hosting === 'onPremise' && 'preview_url' in text) return 'preview_url belongs at the top level';
  }
  if (MEDIA_TYPES.has(type)) {
    const media = content as Record<string, unknown>;
    if ('id' in media === 'link' in media) return `${type} needs exactly one of id and link`;
    if (hosting === 'cloud' && 'provider' in media) return 'provider is not supported';
  }
  if (type === 'location') {
    const location = content as Record<string, unknown>;
    if (!['latitude', 'longitude', 'name', 'address'].every((field) => field in location)) return 'location needs latitude, longitude, name and address';
  }
  return contentProblem(type, content, hosting);
}

export interface MessagingRouterOptions {
  /** The product name cloud bodies must carry (MESSAGING_PRODUCT's default). */
  messagingProduct?: string;
}

/**
 * Area B of both variants (mount `cloud` at `/cloud`, `onPremise` at `/onprem`, `control` at
 * `/_control`). A `message-received` event ({channelId, from, at}: the message's time in ms) on the
 * simulator's bus opens the contact's 24-hour window from `at`, so simulated incoming messages engage
 * contacts too. Each accepted send emits `message-accepted` ({channelId, messageId, to, error?}); `error`
 * is the cloud error its `failed` status must carry (a free-form send outside the window).
 */
export function messagingRoutes(context: SimulatorContext, options: MessagingRouterOptions = {}) {
  context.events.on('message-received', (event: { channelId: string; from: string; at: number }) => {
    const last = messagingState(context.state).lastInbound.get(event.channelId)?.get(event.from);
    // The window runs from the contact's latest message: one written earlier (injected late) leaves it where it is.
    if (last === undefined || event.at > last) markEngaged(context.state, event.channelId, event.from, event.at);
  });
  return {
    cloud: variantRouter(context, 'cloud', options),
    onPremise: variantRouter(context, 'onPremise', options),
    control: messagingControlRouter(context),
  };
}

/** Area B for one hosting variant. */
function variantRouter(context: SimulatorContext, hosting: SimHosting, options: MessagingRouterOptions): Router {
  const { state } = context;
  const messaging = messagingState(state);
  const product = options.messagingProduct ?? 'whatsapp';
  const { wabaWebhookDelayMs } = context;
  const prefix = hosting === 'cloud' ? '' : '/v1';
  const router = Router();
  const channelOf = (response: Response) => (response.locals as Locals).channelId;
  router.use(channelForKey(state, hosting));

  router.post(`${prefix}/messages`, (request: Request, response: Response) => {
    const body = isObject(request.body) ? request.body : {};
    const problem = sendProblem(body, hosting, product);
    if (problem) return fail(response, hosting, 400, hosting === 'cloud' ? 100 : 1009, problem);
    const channelId = channelOf(response);
    // Cloud takes a contact known only by its business-scoped user id as `recipient`, in place of `to`.
    const userId =
      hosting === 'cloud' && body.to === undefined && typeof body.recipient === 'string' && BUSINESS_USER_ID.test(body.recipient) ? body.recipient : null;
    const waId = userId ?? (typeof body.to === 'string' ? normalisePhone(body.to) : null);
    if (!waId) return fail(response, hosting, 400, hosting === 'cloud' ? 100 : 1009, 'Parameter value is not valid', 'to is not a valid phone number');
    if (body.type === 'template') {
      const refusal = templateRefusal(state, messaging, channelId, body.template as Record<string, unknown>, hosting);
      if (refusal) return fail(response, hosting, 400, refusal.code, refusal.title, refusal.details);
    }
    const now = Date.now();
    const outsideWindow = body.type !== 'template' && !engaged(messaging, channelId, waId, now);
    // On-premise refuses at once; cloud accepts and reports the failure by a status notification (spec §6).
    if (outsideWindow && hosting === 'onPremise') {
      return fail(response, hosting, 400, 470, 'Message failed to send because more than 24 hours have passed since the customer last replied');
    }
    const id = simulatedMessageId(hosting, waId);
    messaging.messages.push({ id, channelId, to: waId, type: String(body.type), body, at: now });
    context.events.emit('message-accepted', { channelId, messageId: id, to: waId, ...(outsideWindow && { error: REENGAGEMENT_ERROR }) });
    if (hosting === 'cloud') {
      const contact = userId ? { input: userId, user_id: userId } : { input: body.to, wa_id: waId };
      response.json({ messaging_product: product, contacts: [contact], messages: [{ id }] });
    } else {
      response.json({ messages: [{ id }], meta: { api_status: 'stable', version: messaging.onPremiseVersions.get(channelId) ?? SIM_ON_PREMISE_VERSION } });
    }
  });

  router.get('/v1/configs/webhook', (_request: Request, response: Response) => {
    activateDueWabaWebhooks(state);
    const webhook = state.webhooks.get(channelOf(response));
    response.json(webhook ?? { url: null, headers: {} });
  });

  router.post('/v1/configs/webhook', (request: Request, response: Response) => {
    const body = isObject(request.body) ? request.body : {};
    const problem = webhookProblem(body, hosting);
    if (problem) return fail(response, hosting, 400, hosting === 'cloud' ? 100 : 1009, problem);
    const webhook = { url: String(body.url), headers: (body.headers ?? {}) as Record<string, string> };
    state.webhooks.set(channelOf(response), webhook);
    response.json(webhook);
  });

  if (hosting === 'cloud') {
    router.post('/v1/configs/templates', (request: Request, response: Response) => {
      const body = isObject(request.body) ? request.body : {};
      const problem = templateProblem(body);
      if (problem) return fail(response, hosting, 400, 100, problem);
      const template: SimTemplate = {
        id: newTemplateId(),
        wabaId: wabaOf(state, channelOf(response)),
        channelId: channelOf(response),
        name: String(body.name),
        language: String(body.language),
        category: 'MARKETING',
        status: 'PENDING',
        components: body.components as unknown[],
      };
      messaging.templates.push(template);
      // Webhook delivery reviews it after SIMULATOR_TEMPLATE_REVIEW_MS and notifies the channel's webhook.
      context.events.emit('template-created', { templateId: template.id });
      response.json({ id: template.id, status: template.status, category: template.category });
    });

    router.get('/chat_business_profile', (request: Request, response: Response) => {
      const profile = messaging.profiles.get(channelOf(response)) ?? {};
      const fields = typeof request.query.fields === 'string' ? request.query.fields.split(',') : Object.keys(profile);
      const selected = Object.fromEntries(Object.entries(profile).filter(([field]) => fields.includes(field)));
      response.json({ data: [{ ...selected, messaging_product: product }] });
    });

    router.post('/chat_business_profile', (request: Request, response: Response) => {
      const body = isObject(request.body) ? request.body : {};
      if (body.messaging_product !== product) return fail(response, hosting, 400, 100, 'messaging_product is required');
      const problem = profileProblem(body, hosting);
      if (problem) return fail(response, hosting, 400, 100, problem);
      applyProfile(messaging, channelOf(response), body);
      response.json({ success: true });
    });

    router.get('/waba_webhook', (_request: Request, response: Response) => {
      activateDueWabaWebhooks(state);
      const wabaId = wabaOf(state, channelOf(response));
      const webhook = messaging.wabaWebhooks.get(wabaId);
      response.json({ waba_id: wabaId, numbers_on_this_waba: cloudNumbersOf(state, wabaId), url: webhook?.url ?? null, headers: webhook?.headers ?? {} });
    });

    router.post('/waba_webhook', (request: Request, response: Response) => {
      const body = isObject(request.body) ? request.body : {};
      if (!isObject(body.headers)) return fail(response, hosting, 400, 100, 'headers is required');
      if (body.override_all !== undefined && typeof body.override_all !== 'boolean') {
        return fail(response, hosting, 400, 100, 'override_all must be a boolean');
      }
      const problem = webhookProblem(body, hosting);
      if (problem) return fail(response, hosting, 400, 100, problem);
      const wabaId = wabaOf(state, channelOf(response));
      const webhook = { url: String(body.url), headers: body.headers as Record<string, string> };
      messaging.pendingWabaWebhooks.set(wabaId, { webhook, overrideAll: body.override_all === true, activatesAt: Date.now() + wabaWebhookDelayMs });
      activateDueWabaWebhooks(state);
      response.json({
        message: `Webhook will be set for WABA id ${wabaId}${body.override_all ? ' and all its numbers' : ''}. It takes 15 to 20 seconds to take effect.`,
      });
    });
    return router;
  }

  router.get('/v1/settings/business/profile', (_request: Request, response: Response) => {
    response.json({ settings: { business: messaging.profiles.get(channelOf(response)) ?? {} }, meta: { api_status: 'stable', version: '2.53.1' } });
  });

  router.post('/v1/settings/business/profile', (request: Request, response: Response) => {
    const body = isObject(request.body) ? request.body : {};
    if ('messaging_product' in body) return fail(response, hosting, 400, 1009, 'messaging_product is not a parameter of this API');
    const problem = profileProblem(body, hosting);
    if (problem) return fail(response, hosting, 400, 1009, 'Parameter value is not valid', problem);
    applyProfile(messaging, channelOf(response), body);
    response.json({ meta: { api_status: 'stable', version: '2.53.1' } });
  });

  // The photo is the body itself, typed by Content-Type (the spec names the path only); JPEG or PNG up to 5 MB.
  router.post('/v1/settings/profile/photo', express.raw({ type: () => true, limit: PROFILE_PHOTO_MAX_BYTES + 1 }), (request: Request, response: Response) => {
    const mimeType = (request.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const content = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!['image/jpeg', 'image/png'].includes(mimeType)) {
      return fail(response, hosting, 400, 1009, 'Parameter value is not valid', 'the photo must be image/jpeg or image/png');
    }
    if (content.length === 0 || content.length > PROFILE_PHOTO_MAX_BYTES) {
      return fail(response, hosting, 400, 1009, 'Parameter value is not valid', 'the photo must have 1 byte to 5 MB');
    }
    messaging.profilePhotos.set(channelOf(response), { mimeType, content });
    response.json({ meta: { api_status: 'stable', version: '2.53.1' } });
  });

  router.get('/v1/settings/profile/photo', (_request: Request, response: Response) => {
    const photo = messaging.profilePhotos.get(channelOf(response));
    if (!photo) return fail(response, hosting, 404, 1006, 'Resource not found', 'no profile photo is set');
    response.setHeader('content-type', photo.mimeType);
    response.end(photo.content);
  });

  router.delete('/v1/settings/profile/photo', (_request: Request, response: Response) => {
    messaging.profilePhotos.delete(channelOf(response));
    response.json({ meta: { api_status: 'stable', version: '2.53.1' } });
  });

  router.get('/v1/contacts/blocklist', (request: Request, response: Response) => {
    const limit = request.query.limit === undefined ? 100 : Number(request.query.limit);
    const offset = request.query.offset === undefined ? 0 : Number(request.query.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200 || !Number.isInteger(offset) || offset < 0) {
      return fail(response, hosting, 400, 1009, 'Parameter value is not valid', 'limit must lie in 1..200 and offset be 0 or more');
    }
    const blocked = [...(messaging.blocklists.get(channelOf(response)) ?? [])];
    response.json({ contacts: blocked.slice(offset, offset + limit).map((waId) => ({ wa_id: waId })), pagination: { limit, offset, total: blocked.length } });
  });

  router.post('/v1/contacts/:phoneNumber/:action', (request: Request<{ phoneNumber: string; action: string }>, response: Response) => {
    const { action } = request.params;
    if (!['block', 'unblock', 'report'].includes(action)) return fail(response, hosting, 404, 404, 'no such endpoint');
    const channelId = channelOf(response);
    const waId = normalisePhone(request.params.phoneNumber);
    if (!waId) return fail(response, hosting, 400, 1009, 'Parameter value is not valid', `${request.params.phoneNumber} is not a valid phone number`);
    const body = isObject(request.body) ? request.body : {};
    if (body.reason !== undefined && (typeof body.reason !== 'string' || [...body.reason].length >= 60)) {
      return fail(response, hosting, 400, 1009, 'Parameter value is not valid', 'reason must be below 60 characters');
    }
    const blocklist = messaging.blocklists.get(channelId) ?? new Set<string>();
    messaging.blocklists.set(channelId, blocklist);
    if (action === 'unblock') {
      blocklist.delete(waId);
      return response.json({ meta: { api_status: 'stable', version: '2.53.1' } });
    }
    if (!engaged(messaging, channelId, waId, Date.now())) {
      const error = { code: 2048, title: 'Contact not engaged', details: `${waId} has not sent a message in the last 24 hours` };
      // Reports answer 200 with an `errors` member: the spec's success rule is "200 and no errors object".
      return response.status(action === 'report' ? 200 : 400).json({ errors: [error], meta: { api_status: 'stable', version: '2.53.1' } });
    }
    if (action === 'block' || body.block === true) blocklist.add(waId);
    response.json({ meta: { api_status: 'stable', version: '2.53.1' } });
  });

  return router;
}

/**
 * `/_control/messaging/engage` {channelId, waId, hoursAgo?}: the contact's last message is set to hoursAgo before now (default
 * 0; it may move back in time). Simulator state only, nothing is delivered: `/_control/inbound` with `hoursAgo` or `timestamp`
 * also delivers the message to the gateway.
 * `/_control/messaging/templates/:id` {status: APPROVED | REJECTED}: the review of a created template, decided before its
 * SIMULATOR_TEMPLATE_REVIEW_MS is up (or changed later), and notified to the creating channel's webhook as the timed review is.
 */
function messagingControlRouter(context: SimulatorContext): Router {
  const { state } = context;
  const router = Router();
  router.post('/messaging/engage', (request: Request, response: Response) => {
    const { channelId, waId, hoursAgo } = (request.body ?? {}) as Record<string, unknown>;
    if (typeof channelId !== 'string' || !state.channels.has(channelId) || typeof waId !== 'string' || !normalisePhone(waId)) {
      response.status(400).json({ error: { code: 400, message: 'body must be {channelId (known), waId (phone), hoursAgo?}' } });
      return;
    }
    markEngaged(state, channelId, waId, Date.now() - (typeof hoursAgo === 'number' ? hoursAgo : 0) * HOUR_MS);
    response.status(204).end();
  });
  // The review a created template goes through upstream (its moves are not specified): decided here.
  router.post('/messaging/templates/:templateId', (request: Request<{ templateId: string }>, response: Response) => {
    const template = messagingState(state).templates.find((candidate) => candidate.id === request.params.templateId);
    const { status } = (request.body ?? {}) as Record<string, unknown>;
    if (!template) {
      response.status(404).json({ error: { code: 404, message: `unknown template ${request.params.templateId}` } });
      return;
    }
    if (status !== 'APPROVED' && status !== 'REJECTED') {
      response.status(400).json({ error: { code: 400, message: 'body must be {status: APPROVED | REJECTED}' } });
      return;
    }
    decideReview(template, status);
    // Decided here, the review is notified as the timed one would be (and the timer then finds nothing pending).
    context.events.emit('template-reviewed', { templateId: template.id });
    response.json({ id: template.id, status: template.status, category: template.category });
  });
  return router;
}

/**
 * Why the upstream would refuse sending this template, or null: it must exist on the channel's
 * business account in that language and be APPROVED (cloud error 132001, on-premise 2001); an
 * on-premise namespace must be the account's, and is required by servers below 2.41 (spec §9.3); cloud has no
 * namespace parameter.
 */
function templateRefusal(state: SimState, messaging: MessagingState, channelId: string, template: Record<string, unknown>, hosting: SimHosting) {
  const badParameter = (details: string) => ({ code: hosting === 'cloud' ? 100 : 1009, title: 'Parameter value is not valid', details });
  if (typeof template.name !== 'string' || !isObject(template.language) || typeof template.language.code !== 'string') {
    return badParameter('template needs name and language.code');
  }
  const version = messaging.onPremiseVersions.get(channelId) ?? SIM_ON_PREMISE_VERSION;
  if (hosting === 'onPremise' && !('namespace' in template) && namespaceRequiredBy(version)) {
    return { code: 1008, title: 'Required parameter is missing', details: `template.namespace is required before on-premise 2.41 (this server: ${version})` };
  }
  if ('namespace' in template) {
    if (hosting === 'cloud') return badParameter('namespace is not a parameter on cloud');
    const namespace = state.channels.get(channelId)?.waba_account.namespace;
    if (template.namespace !== namespace)
      return { code: 2001, title: 'Template missing', details: `namespace ${String(template.namespace)} is not this account's` };
  }
  const { name } = template;
  const language = template.language.code;
  const found = messaging.templates.find(
    (candidate) => candidate.wabaId === wabaOf(state, channelId) && candidate.name === name && candidate.language === language,
  );
  if (found?.status === 'APPROVED') {
    // A created template's send must carry what it was created with (B2); the seeded ones were created elsewhere.
    const missing = limitedTimeOfferSendProblem(found.components, template.components);
    return missing && { code: 132000, title: 'Number of parameters does not match the expected number of params', details: missing };
  }
  const details = found ? `template ${name} (${language}) is ${found.status}, not APPROVED` : `template ${name} does not exist in ${language}`;
  return hosting === 'cloud'
    ? { code: 132001, title: 'Template name does not exist in the translation', details }
    : { code: 2001, title: 'Template missing', details };
}

/** Spec §9.3: `template.namespace` is optional from on-premise 2.41 on, so a server below 2.41 requires it. */
function namespaceRequiredBy(version: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major < 2 || (major === 2 && minor < 41);
}

/** This machine: `localhost`, 127.0.0.0/8 or `[::1]` (a URL's hostname keeps IPv6 brackets). */
const LOOPBACK_HOSTNAME = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

function parsedUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * Notifications are delivered over HTTPS only (spec §6), so a plain-http URL is refused, and cloud
 * refuses an explicit port; the simulator makes one exception the real service has no need for: a
 * loopback host, where a gateway on this machine receives over http and on its own port.
 */
function webhookProblem(body: Record<string, unknown>, hosting: SimHosting): string | null {
  const httpsOnly = 'url must be an https URL (notifications need HTTPS with a valid certificate)';
  if (typeof body.url !== 'string') return httpsOnly;
  const url = parsedUrl(body.url);
  const loopback = url !== null && LOOPBACK_HOSTNAME.test(url.hostname);
  if (!url || !(body.url.startsWith('https://') || (url.protocol === 'http:' && loopback))) return httpsOnly;
  if (body.headers !== undefined && (!isObject(body.headers) || !Object.values(body.headers).every((value) => typeof value === 'string'))) {
    return 'headers must map names to strings';
  }
  if (hosting === 'cloud') {
    if (url.hostname.includes('_') || (url.port !== '' && !loopback)) {
      return 'url must not contain an underscore in its domain or an explicit port';
    }
    const header = Object.entries((body.headers ?? {}) as Record<string, string>).find(([, value]) => namesForbiddenHost(value));
    if (header) return `header ${header[0]} must not name a host with an underscore in its domain or an explicit port`;
  }
  return null;
}

/**
 * B6: cloud header values, like the URL, must not contain an underscore in a (sub)domain name or an explicit port. A
 * value names a host when it is a URL (`https://my_host.example/…`) or starts with a domain (`hooks.example:8443`,
 * `my_host.example.com/path`); anything else (a Basic credential, a token) names none.
 */
function namesForbiddenHost(value: string): boolean {
  const trimmed = value.trim();
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? parsedUrl(trimmed) : null;
  const authority = withScheme ? withScheme.host : (/^([\w-]+(?:\.[\w-]+)+)(:\d+)?(?=$|[/?#])/.exec(trimmed)?.[0] ?? null);
  if (authority === null) return false;
  const [hostname, port] = authority.split(':');
  return hostname.includes('_') || (port !== undefined && port !== '');
}

function templateProblem(body: Record<string, unknown>): string | null {
  if (typeof body.name !== 'string' || typeof body.language !== 'string') return 'name and language are required';
  if (body.category !== 'marketing' && body.category !== 'MARKETING') return 'limited-time offers are marketing templates';
  if (!Array.isArray(body.components)) return 'components are required';
  const components = body.components.filter(isObject);
  const of = (type: string) => components.find((component) => component.type === type);
  if (of('footer')) return 'footer components are not supported';
  const offer = of('limited_time_offer');
  if (!offer || !isObject(offer.limited_time_offer) || typeof offer.limited_time_offer.has_expiration !== 'boolean') {
    return 'a limited_time_offer component {text, has_expiration} is required';
  }
  if (!of('body')) return 'a body component is required';
  const buttons = of('buttons');
  const list = buttons && Array.isArray(buttons.buttons) ? buttons.buttons.filter(isObject) : [];
  if (!list.some((button) => button.type === 'url')) return 'a url button is required';
  const copyIndex = list.findIndex((button) => button.type === 'copy_code');
  if (offer.limited_time_offer.has_expiration && copyIndex === -1) return 'a copy_code button is required with has_expiration';
  if (copyIndex > 0) return 'the copy_code button must come first';
  return null;
}

function profileProblem(body: Record<string, unknown>, hosting: SimHosting): string | null {
  if (body.websites !== undefined) {
    if (!Array.isArray(body.websites) || body.websites.length > 2) return 'at most 2 websites';
    if (!body.websites.every((site) => typeof site === 'string' && site.length <= 256 && /^https?:\/\//.test(site))) return 'invalid website';
  }
  if (body.email !== undefined && (typeof body.email !== 'string' || body.email.length > 128 || !body.email.includes('@'))) return 'invalid email';
  const descriptionMax = hosting === 'cloud' ? 512 : 256;
  if (body.description !== undefined && (typeof body.description !== 'string' || body.description.length > descriptionMax)) {
    return `description is limited to ${descriptionMax} characters`;
  }
  if (body.address !== undefined && (typeof body.address !== 'string' || body.address.length > 256)) return 'address is limited to 256 characters';
  if (body.vertical !== undefined) {
    if (typeof body.vertical !== 'string' || body.vertical === '') return 'vertical cannot be reset to empty';
    if (hosting === 'onPremise' && !ONPREMISE_VERTICALS.has(body.vertical)) return 'vertical must be one of the display names';
    if (hosting === 'cloud' && body.vertical === 'UNDEFINED') return 'vertical cannot be reset to UNDEFINED';
    if (hosting === 'cloud' && !CLOUD_VERTICALS.has(body.vertical)) return `vertical ${body.vertical} is not one of the industries`;
  }
  if (hosting === 'onPremise' && 'profile_picture_handle' in body) return 'profile_picture_handle is not a parameter of this API';
  return null;
}

function applyProfile(messaging: MessagingState, channelId: string, body: Record<string, unknown>): void {
  const profile = { ...(messaging.profiles.get(channelId) ?? {}) };
  for (const field of PROFILE_FIELDS) if (body[field] !== undefined) Object.assign(profile, { [field]: body[field] });
  if (typeof body.profile_picture_handle === 'string') {
    profile.profile_picture_url = `https://cdn.sim.example/profile/${channelId}-${encodeURIComponent(body.profile_picture_handle)}.jpg`;
  }
  messaging.profiles.set(channelId, profile);
}

/**
 * Where the upstream delivers a channel's notifications (spec §6 rule 2, B6): the number-level
 * webhook if set; otherwise, for a cloud number, its business account's webhook; else nowhere.
 * The business-account webhook never serves on-premise numbers. (override_all acts when it is set,
 * by replacing the cloud numbers' own webhooks, so each number's GET shows where it is served.)
 */
export function effectiveWebhook(state: SimState, channelId: string): SimWebhook | null {
  activateDueWabaWebhooks(state);
  const own = state.webhooks.get(channelId) ?? null;
  if (own || isOnPremise(state.channels.get(channelId))) return own;
  return messagingState(state).wabaWebhooks.get(wabaOf(state, channelId)) ?? null;
}

/**
 * Applies the business-account webhooks whose activation time has come (SIMULATOR_WABA_WEBHOOK_DELAY_MS after they
 * were set), on every read of where notifications go. override_all applies the URL to every cloud number of the
 * account when it activates: their own webhooks are replaced by it.
 */
function activateDueWabaWebhooks(state: SimState): void {
  const messaging = messagingState(state);
  for (const [wabaId, pending] of messaging.pendingWabaWebhooks) {
    if (pending.activatesAt > Date.now()) continue;
    messaging.pendingWabaWebhooks.delete(wabaId);
    messaging.wabaWebhooks.set(wabaId, pending.webhook);
    if (!pending.overrideAll) continue;
    for (const channel of state.channels.values()) {
      if (channel.waba_account.id === wabaId && !isOnPremise(channel)) state.webhooks.set(channel.id, { ...pending.webhook });
    }
  }
}

function wabaOf(state: SimState, channelId: string): string {
  return state.channels.get(channelId)?.waba_account.id ?? `waba-${channelId}`;
}

function cloudNumbersOf(state: SimState, wabaId: string): string[] {
  return [...state.channels.values()]
    .filter((channel) => channel.waba_account.id === wabaId && !isOnPremise(channel))
    .map((channel) => channel.setup_info.phone_number.replace(/\D/g, ''));
}
