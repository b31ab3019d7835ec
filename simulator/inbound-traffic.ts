import { z } from 'zod';
import { simulatedMessageId } from './message-ids.js';
import type { SimHosting } from './state.js';

/**
 * What a simulated contact (or, for echoes, the business's phone app) sends, and the notification items it becomes
 * in each hosting's real shape. The shapes follow the upstream interface (spec §6: cloud envelope, on-premise root
 * arrays) and, where the interface says "not shown", the messaging platform's public webhook reference (messages,
 * smb_message_echoes, user_preferences; on-premise `voice`, `unknown`, `system.new_wa_id`). On purpose this module
 * shares nothing with the gateway's parsing: a misreading on either side then shows as a failing test.
 */

/** Every kind `/_control/inbound` can deliver (`kind` of its body). */
export const INBOUND_KINDS = [
  'text',
  'image',
  'video',
  'audio',
  'voice',
  'document',
  'sticker',
  'location',
  'contacts',
  'button_reply',
  'list_reply',
  'flow_reply',
  'template_button',
  'reaction',
  'edit',
  'revoke',
  'order',
  'system',
  'unsupported',
  'echo',
  'preference',
] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

/** Kinds only cloud numbers receive: the on-premise API ended before flows, business-app coexistence and user ids. */
export const CLOUD_ONLY_KINDS: ReadonlySet<InboundKind> = new Set(['flow_reply', 'edit', 'revoke', 'echo', 'preference']);

/** Media kinds: their notification names a media id the simulator serves (GET media on the channel's root). */
export const MEDIA_KINDS = ['image', 'video', 'audio', 'voice', 'document', 'sticker'] as const;
export type InboundMediaKind = (typeof MEDIA_KINDS)[number];
const isMediaKind = (kind: InboundKind): kind is InboundMediaKind => (MEDIA_KINDS as readonly string[]).includes(kind);

/** Kinds that are no message of the user's own (notices, the business's echoes, preference changes). */
const NOT_FROM_THE_USER: ReadonlySet<InboundKind> = new Set(['system', 'echo', 'preference']);

const phone = z
  .string()
  .regex(/^\+?\d{6,15}$/, 'must be a phone number in digits (6–15, optional leading +)')
  .transform((value) => value.replace(/^\+/, ''));
/** Business-scoped user id: country code, a dot, up to 128 letters/digits (`US.13491208655302741918`). */
const userId = z.string().regex(/^[A-Z]{2}\.[A-Za-z0-9]{1,128}$/, 'must be a business-scoped user id like US.13491208655302741918');
/** Parent user id shared across business portfolios (`US.ENT.11815799212886844830`). */
const parentUserId = z.string().regex(/^[A-Z]{2}\.ENT\.[A-Za-z0-9]{1,128}$/, 'must be a parent user id like US.ENT.11815799212886844830');
const messageRef = z.string().min(1).max(256);
const nonEmpty = z.string().min(1);

const contactCard = z.looseObject({
  name: z.looseObject({ formatted_name: nonEmpty }),
});

const sender = {
  channelId: nonEmpty,
  /** The contact's phone number (wa_id); may be left out when `userId` is given (a user with a username). */
  from: phone.optional(),
  userId: userId.optional(),
  parentUserId: parentUserId.optional(),
  username: nonEmpty.optional(),
  /** Profile name; default: the simulated contact's, else `Contact <last 4>`. */
  name: nonEmpty.optional(),
  /** Unix seconds the item was written at; or `hoursAgo`. Default now. */
  timestamp: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  hoursAgo: z.number().min(0).finite().optional(),
  /** The new item's message id; default a fresh `wamid.` id. */
  id: messageRef.optional(),
  /** A message this one answers (context.id). */
  replyTo: messageRef.optional(),
  /** The click-to-chat ad or post the user came from (the message's `referral`); every field has a sample default. */
  referral: z
    .strictObject({
      sourceType: z.enum(['ad', 'post']).optional(),
      sourceId: nonEmpty.optional(),
      sourceUrl: nonEmpty.optional(),
      headline: nonEmpty.optional(),
      body: nonEmpty.optional(),
      mediaType: z.enum(['image', 'video']).optional(),
    })
    .optional(),
};

const kindInputs = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ ...sender, kind: z.literal('text'), text: z.string().min(1).max(4096) }),
    z.strictObject({ ...sender, kind: z.literal('image'), caption: nonEmpty.optional(), mimeType: nonEmpty.optional() }),
    z.strictObject({ ...sender, kind: z.literal('video'), caption: nonEmpty.optional(), mimeType: nonEmpty.optional() }),
    z.strictObject({ ...sender, kind: z.literal('audio'), mimeType: nonEmpty.optional() }),
    z.strictObject({ ...sender, kind: z.literal('voice') }),
    z.strictObject({
      ...sender,
      kind: z.literal('document'),
      caption: nonEmpty.optional(),
      fileName: nonEmpty.optional(),
      mimeType: nonEmpty.optional(),
    }),
    z.strictObject({ ...sender, kind: z.literal('sticker'), animated: z.boolean().optional() }),
    z.strictObject({
      ...sender,
      kind: z.literal('location'),
      latitude: z.number().min(-90).max(90).optional(),
      longitude: z.number().min(-180).max(180).optional(),
      locationName: nonEmpty.optional(),
      address: nonEmpty.optional(),
      url: nonEmpty.optional(),
    }),
    z.strictObject({ ...sender, kind: z.literal('contacts'), contacts: z.array(contactCard).min(1).optional() }),
    z.strictObject({ ...sender, kind: z.literal('button_reply'), replyId: nonEmpty.optional(), title: nonEmpty.optional() }),
    z.strictObject({
      ...sender,
      kind: z.literal('list_reply'),
      replyId: nonEmpty.optional(),
      title: nonEmpty.optional(),
      description: nonEmpty.optional(),
    }),
    z.strictObject({ ...sender, kind: z.literal('flow_reply'), flowResponse: z.record(z.string(), z.unknown()).optional() }),
    z.strictObject({ ...sender, kind: z.literal('template_button'), text: nonEmpty.optional(), payload: nonEmpty.optional() }),
    /** Without `emoji`: the contact removed its reaction. */
    z.strictObject({ ...sender, kind: z.literal('reaction'), messageId: messageRef, emoji: nonEmpty.optional() }),
    z.strictObject({ ...sender, kind: z.literal('edit'), messageId: messageRef, text: z.string().min(1).max(4096) }),
    z.strictObject({ ...sender, kind: z.literal('revoke'), messageId: messageRef }),
    z.strictObject({
      ...sender,
      kind: z.literal('order'),
      catalogId: nonEmpty.optional(),
      text: nonEmpty.optional(),
      items: z
        .array(
          z.strictObject({
            productRetailerId: nonEmpty,
            quantity: z.number().int().positive().optional(),
            itemPrice: z.number().min(0).optional(),
            currency: z
              .string()
              .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code')
              .optional(),
          }),
        )
        .min(1)
        .optional(),
    }),
    /**
     * The contact changed its number to `newWaId` (on cloud with its new business-scoped user id in `newUserId`, its
     * previous one in `userId`), or (cloud) its business-scoped user id `userId` to `newUserId`.
     */
    z.strictObject({ ...sender, kind: z.literal('system'), newWaId: phone.optional(), newUserId: userId.optional() }),
    z.strictObject({ ...sender, kind: z.literal('unsupported') }),
    /** The business wrote `text` to the contact (`from`/`userId`) from its phone app. */
    z.strictObject({ ...sender, kind: z.literal('echo'), text: z.string().min(1).max(4096) }),
    z.strictObject({ ...sender, kind: z.literal('preference'), value: z.enum(['stop', 'resume']).optional() }),
  ],
  { error: `must be one of ${INBOUND_KINDS.join(', ')}` },
);

export const inboundInput = z
  .preprocess(
    // The body before kinds existed ({from, text}) is a text message.
    (body) => (body !== null && typeof body === 'object' && !('kind' in body) && 'text' in body ? { ...body, kind: 'text' } : body),
    kindInputs,
  )
  .refine((input) => input.from !== undefined || input.userId !== undefined, {
    message: 'from (phone number) or userId (business-scoped user id) is required',
    path: ['from'],
  })
  .refine((input) => input.timestamp === undefined || input.hoursAgo === undefined, {
    message: 'give timestamp or hoursAgo, not both',
    path: ['hoursAgo'],
  })
  .refine((input) => input.kind !== 'system' || input.newWaId !== undefined || input.newUserId !== undefined, {
    message: 'a system notice is a number change (newWaId) or a user id change (newUserId): give one of them (a number change may name the new user id too)',
    path: ['newWaId'],
  })
  .refine((input) => input.kind !== 'system' || input.newWaId === undefined || input.from !== undefined, {
    message: 'a number change needs the old number in from',
    path: ['from'],
  })
  .refine(
    (input) =>
      input.kind !== 'system' || input.newUserId === undefined || input.newWaId !== undefined || (input.userId !== undefined && input.from === undefined),
    {
      message: 'a user id change names the user by its old user id (userId) and no phone number (from)',
      path: ['userId'],
    },
  )
  .refine((input) => input.referral === undefined || !NOT_FROM_THE_USER.has(input.kind), {
    message: 'a referral comes with a message the user wrote (not a notice, an echo or a preference change)',
    path: ['referral'],
  })
  .refine((input) => input.kind !== 'preference' || input.from !== undefined, {
    message: 'a preference change names the contact by its phone number (from)',
    path: ['from'],
  });
export type InboundInput = z.output<typeof inboundInput>;

/**
 * `/_control/group-status`: a status of a message the business sent to a group (cloud groups), about one member. The
 * reference's group status names the group in `recipient_id` with `recipient_type: group` and the member in
 * `recipient_participant_id` (its wa_id), or by user id when the member has no phone number shown.
 */
export const groupStatusInput = z
  .strictObject({
    channelId: nonEmpty,
    /** The business's message to the group; default a fresh `wamid.` id. */
    messageId: messageRef.optional(),
    groupId: z.string().regex(/^[A-Za-z0-9_.@-]{1,128}$/, 'must be a group id'),
    participant: phone.optional(),
    participantUserId: userId.optional(),
    status: z.enum(['sent', 'delivered', 'read', 'failed']).optional(),
    /** Unix seconds of the status; default now. */
    timestamp: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((input) => input.participant !== undefined || input.participantUserId !== undefined, {
    message: 'participant (phone number) or participantUserId (business-scoped user id) is required',
    path: ['participant'],
  });
export type GroupStatusInput = z.output<typeof groupStatusInput>;

/** The status item of a group message, in the cloud reference's shape. */
export function buildGroupStatus(input: GroupStatusInput, id: string, timestamp: number): Record<string, unknown> {
  return {
    id,
    status: input.status ?? 'delivered',
    timestamp: String(timestamp),
    recipient_id: input.groupId,
    recipient_type: 'group',
    ...(input.participant && { recipient_participant_id: input.participant }),
    ...(input.participantUserId && { recipient_participant_user_id: input.participantUserId }),
  };
}

/** The refusal of a body, one line per problem (`kind: …; from: …`). */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`).join('; ');
}

/** A file the simulator stored for a media kind; its id goes into the notification. */
export interface StoredSample {
  id: string;
  mimeType: string;
  sha256: string;
  fileName: string | null;
}

export interface InboundBuild {
  /** `changes[].field` on cloud. */
  field: 'messages' | 'smb_message_echoes' | 'user_preferences';
  /** What `value` holds besides messaging_product/metadata (cloud), or the whole body (on-premise). */
  items: Record<string, unknown>;
  /** The id of the message item (echo included), null for a preference change. */
  messageId: string | null;
  /** Unix seconds of the item. */
  timestamp: number;
  /** Whether a user wrote it: only then does it open the contact's 24-hour window in the simulator. */
  fromUser: boolean;
}

export interface BuildContext {
  hosting: SimHosting;
  /** The profile name to carry. */
  name: string;
  /** Unix seconds. */
  timestamp: number;
  id: string;
  /** The channel's own number in digits (echo `from`, context `from`). */
  businessNumber: string;
  /** A stored file for media kinds. */
  media: (kind: InboundMediaKind, mimeType: string, fileName: string | null) => StoredSample;
}

const DEFAULT_MIME: Record<InboundMediaKind, string> = {
  image: 'image/png',
  video: 'video/mp4',
  audio: 'audio/mpeg',
  voice: 'audio/ogg; codecs=opus',
  document: 'application/pdf',
  sticker: 'image/webp',
};

const DEFAULT_CARD = {
  name: { formatted_name: 'Lena Fischer', first_name: 'Lena', last_name: 'Fischer' },
  phones: [{ phone: '+49 151 2345 6789', wa_id: '4915123456789', type: 'CELL' }],
  emails: [{ email: 'lena.fischer@example.com', type: 'WORK' }],
  org: { company: 'Fischer Logistik', title: 'Dispatcher' },
};

/** The type-named object of a media message: the hosting's fields, caption and file name where the kind has them. */
function mediaObject(kind: InboundMediaKind, stored: StoredSample, hosting: SimHosting, input: InboundInput): Record<string, unknown> {
  const object: Record<string, unknown> = {
    // On-premise also names where the file lies on its media volume.
    ...(hosting === 'onPremise' && { file: `/usr/local/wamedia/shared/${stored.id}` }),
    id: stored.id,
    mime_type: stored.mimeType,
    sha256: stored.sha256,
  };
  if ((input.kind === 'image' || input.kind === 'video' || input.kind === 'document') && input.caption) object.caption = input.caption;
  if (kind === 'document') object.filename = stored.fileName;
  if (hosting === 'cloud' && kind === 'audio') object.voice = false;
  if (hosting === 'cloud' && kind === 'voice') object.voice = true;
  if (hosting === 'cloud' && input.kind === 'sticker') object.animated = input.animated ?? false;
  return object;
}

/** `type` and the type-named object of one message item, in the hosting's shape. */
function content(input: InboundInput, context: BuildContext): Record<string, unknown> {
  const { hosting } = context;
  if (isMediaKind(input.kind)) {
    const kind = input.kind;
    const mimeType = ('mimeType' in input && input.mimeType) || DEFAULT_MIME[kind];
    const fileName = input.kind === 'document' ? (input.fileName ?? 'invoice.pdf') : null;
    const stored = context.media(kind, mimeType, fileName);
    // Cloud sends a voice note as audio with voice: true; on-premise has its own type.
    const type = kind === 'voice' && hosting === 'cloud' ? 'audio' : kind;
    return { type, [type]: mediaObject(kind, stored, hosting, input) };
  }
  switch (input.kind) {
    case 'text':
      return { type: 'text', text: { body: input.text } };
    case 'location':
      return {
        type: 'location',
        location: {
          latitude: input.latitude ?? 52.520008,
          longitude: input.longitude ?? 13.404954,
          name: input.locationName ?? 'Alexanderplatz',
          address: input.address ?? 'Alexanderplatz 1, 10178 Berlin',
          ...(input.url && { url: input.url }),
        },
      };
    case 'contacts':
      return { type: 'contacts', contacts: input.contacts ?? [DEFAULT_CARD] };
    case 'button_reply':
      return {
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: input.replyId ?? 'confirm-yes', title: input.title ?? 'Yes, confirm' } },
      };
    case 'list_reply':
      return {
        type: 'interactive',
        interactive: {
          type: 'list_reply',
          list_reply: {
            id: input.replyId ?? 'slot-tue-10',
            title: input.title ?? 'Tuesday 10:00',
            description: input.description ?? 'Store visit, 30 minutes',
          },
        },
      };
    case 'flow_reply':
      return {
        type: 'interactive',
        interactive: {
          type: 'nfm_reply',
          nfm_reply: {
            name: 'flow',
            body: 'Sent',
            response_json: JSON.stringify(input.flowResponse ?? { flow_token: 'sim-flow-token', rating: '5', comment: 'Quick delivery' }),
          },
        },
      };
    case 'template_button':
      return { type: 'button', button: { text: input.text ?? 'Track my order', payload: input.payload ?? 'TRACK_ORDER' } };
    case 'reaction':
      // A removal: cloud leaves emoji out, on-premise sends it empty.
      return {
        type: 'reaction',
        reaction: { message_id: input.messageId, ...((input.emoji !== undefined || hosting === 'onPremise') && { emoji: input.emoji ?? '' }) },
      };
    case 'edit':
      // The reference's edit item: the new version names the edited message in its own context.
      return {
        type: 'edit',
        edit: { original_message_id: input.messageId, message: { context: { id: input.messageId }, type: 'text', text: { body: input.text } } },
      };
    case 'revoke':
      return { type: 'revoke', revoke: { original_message_id: input.messageId } };
    case 'order':
      return {
        type: 'order',
        order: {
          catalog_id: input.catalogId ?? 'sim-catalog-1',
          text: input.text ?? 'Please deliver before noon',
          product_items: (input.items ?? [{ productRetailerId: 'sku-espresso-250', quantity: 2, itemPrice: 7.5, currency: 'EUR' }]).map((item) => ({
            product_retailer_id: item.productRetailerId,
            quantity: item.quantity ?? 1,
            item_price: item.itemPrice ?? 0,
            currency: item.currency ?? 'EUR',
          })),
        },
      };
    case 'system': {
      // Cloud's user id change (user_changed_user_id): the new id in user_id, the old in previous_user_id.
      if (input.newWaId === undefined) {
        const body = `User ${context.name} changed from ${input.userId} to ${input.newUserId}`;
        return { type: 'system', system: { body, user_id: input.newUserId, previous_user_id: input.userId, type: 'user_changed_user_id' } };
      }
      const body = `User ${context.name} changed from ${input.from} to ${input.newWaId}`;
      // Cloud: wa_id and user_changed_number, since 2026 with the new user id (a new number comes with a new one) in user_id
      // and the previous in previous_user_id (the platform's system messages reference); on-premise: new_wa_id and
      // customer_changed_number.
      return {
        type: 'system',
        system:
          hosting === 'cloud'
            ? {
                body,
                wa_id: input.newWaId,
                ...(input.newUserId && { user_id: input.newUserId }),
                ...(input.newUserId && input.userId && { previous_user_id: input.userId }),
                type: 'user_changed_number',
              }
            : { body, new_wa_id: input.newWaId, type: 'customer_changed_number' },
      };
    }
    case 'unsupported':
      return hosting === 'cloud'
        ? {
            type: 'unsupported',
            errors: [
              {
                code: 131051,
                title: 'Message type unknown',
                message: 'Message type unknown',
                error_data: { details: 'Message type is currently not supported.' },
              },
            ],
            unsupported: { type: 'unknown' },
          }
        : { type: 'unknown', errors: [{ code: 501, title: 'Unknown message type', details: 'Message type is not currently supported' }] };
    case 'echo':
      return { type: 'text', text: { body: input.text } };
    case 'preference':
      throw new Error('a preference change is no message');
  }
}

/** The sender's `contacts` entry: profile (name, username), wa_id when known, the user ids when given. */
function contactEntry(input: InboundInput, name: string): Record<string, unknown> {
  return {
    profile: { name, ...(input.username && { username: input.username }) },
    ...(input.from && { wa_id: input.from }),
    ...(input.userId && { user_id: input.userId }),
    ...(input.parentUserId && { parent_user_id: input.parentUserId }),
  };
}

/**
 * A click-to-chat referral in the hosting's shape (the platform's webhook reference): the ad's or post's source,
 * headline, body and media (`image_url` or `video_url` with its `thumbnail_url`); cloud adds the click id `ctwa_clid`.
 */
function referralObject(referral: NonNullable<InboundInput['referral']>, context: BuildContext): Record<string, unknown> {
  const sourceType = referral.sourceType ?? 'ad';
  const sourceId = referral.sourceId ?? `120226${String(context.timestamp).slice(-6)}`;
  const mediaType = referral.mediaType ?? 'image';
  const media =
    mediaType === 'image'
      ? { image_url: `https://scontent.example/ads/${sourceId}.jpg` }
      : { video_url: `https://video.example/ads/${sourceId}.mp4`, thumbnail_url: `https://scontent.example/ads/${sourceId}-thumb.jpg` };
  return {
    source_url: referral.sourceUrl ?? (sourceType === 'ad' ? `https://fb.me/${sourceId}` : `https://www.facebook.com/posts/${sourceId}`),
    source_id: sourceId,
    source_type: sourceType,
    body: referral.body ?? 'Chat with us about our offer',
    headline: referral.headline ?? 'Spring sale',
    media_type: mediaType,
    ...media,
    ...(context.hosting === 'cloud' && { ctwa_clid: `ARA${context.id.replace(/[^A-Za-z0-9]/g, '').slice(-24)}` }),
  };
}

/** Builds the notification items of one control-route input (validated, and allowed on the hosting). */
export function buildInbound(input: InboundInput, context: BuildContext): InboundBuild {
  const { timestamp, id } = context;
  const at = String(timestamp);
  if (input.kind === 'preference') {
    const value = input.value ?? 'stop';
    return {
      field: 'user_preferences',
      items: {
        contacts: [contactEntry(input, context.name)],
        user_preferences: [
          {
            wa_id: input.from,
            ...(input.userId && { user_id: input.userId }),
            detail: value === 'stop' ? 'User requested to stop marketing messages' : 'User requested to resume marketing messages',
            category: 'marketing_messages',
            value,
            timestamp,
          },
        ],
      },
      messageId: null,
      timestamp,
      fromUser: false,
    };
  }
  if (input.kind === 'echo') {
    return {
      field: 'smb_message_echoes',
      items: {
        message_echoes: [
          {
            from: context.businessNumber,
            ...(input.from && { to: input.from }),
            ...(input.userId && { to_user_id: input.userId }),
            ...(input.parentUserId && { to_parent_user_id: input.parentUserId }),
            id,
            timestamp: at,
            ...content(input, context),
          },
        ],
      },
      messageId: id,
      timestamp,
      fromUser: false,
    };
  }
  // Answers to the business's interactive or template messages always name the message they answer.
  const answers = input.kind === 'button_reply' || input.kind === 'list_reply' || input.kind === 'flow_reply' || input.kind === 'template_button';
  const replyTo = input.replyTo ?? (answers ? simulatedMessageId(context.hosting, input.from ?? input.userId ?? '') : undefined);
  const message = {
    ...(input.from && { from: input.from }),
    ...(input.userId && { from_user_id: input.userId }),
    ...(input.parentUserId && { from_parent_user_id: input.parentUserId }),
    id,
    timestamp: at,
    ...(replyTo && { context: { from: context.businessNumber, id: replyTo } }),
    ...(input.referral && { referral: referralObject(input.referral, context) }),
    ...content(input, context),
  };
  return {
    field: 'messages',
    // A system notice carries no contacts array.
    items: input.kind === 'system' ? { messages: [message] } : { contacts: [contactEntry(input, context.name)], messages: [message] },
    messageId: id,
    timestamp,
    fromUser: !NOT_FROM_THE_USER.has(input.kind),
  };
}
