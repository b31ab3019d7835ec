import type { Actor } from '../identity/actor.js';
import { BadUserInputError, InputChecks } from '../errors.js';
import type { SendResponseDto } from '../datasources/types.js';
import { checkContactKey, isUserId } from '../events/conversations/contact-keys.js';
import { buildInteractive, type InteractiveField } from './interactive.js';
import { characterCount, compact, isHttpUrl, ONPREMISE_PRODUCT_RETAILER_ID_MAX, Rules, type MessagingHosting } from './send-shared.js';
import { TEMPLATE_BUTTON_INDEX_MAX, typedTemplateComponents } from './template-parameters.js';

export { characterCount, compact, isHttpUrl, ONPREMISE_PRODUCT_RETAILER_ID_MAX, type MessagingHosting };
import type {
  ContactCardInput,
  LocationMessageInput,
  MediaMessageInput,
  MediaType,
  SendMessageInput,
  TemplateMessageInput,
  TextMessageInput,
} from '../generated/graphql.js';

export const TEXT_BODY_MAX = 4096;
export const ONPREMISE_CAPTION_MAX = 1024;

/**
 * Content fields of SendMessageInput; exactly one must be set. Its name is the upstream `type`, except for the typed
 * interactive members (messaging/interactive.ts), which are all sent as `interactive`.
 */
export const CONTENT_FIELDS = [
  'text',
  'location',
  'contacts',
  'audio',
  'document',
  'image',
  'sticker',
  'video',
  'template',
  'interactive',
  'buttons',
  'list',
  'ctaUrl',
  'flow',
  'product',
  'productList',
  'catalog',
  'locationRequest',
] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

type MediaKind = 'audio' | 'document' | 'image' | 'sticker' | 'video';
const CAPTIONED: ReadonlySet<MediaKind> = new Set(['document', 'image', 'video']);

type Json = Record<string, unknown>;

export interface SendMessageOptions {
  hosting: MessagingHosting;
  /** MESSAGING_PRODUCT; sent on cloud only. */
  messagingProduct: string;
  /** Current time in ms (offer expirations must lie ahead). */
  now?: number;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function requireText(value: string | null | undefined, field: string, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new BadUserInputError(`${what} must not be empty`, field);
  return value;
}

function text(input: TextMessageInput, hosting: MessagingHosting): { content: Json; topLevel: Json } {
  const body = requireText(input.body, 'input.text.body', 'text.body');
  if (characterCount(body) > TEXT_BODY_MAX) {
    throw new BadUserInputError(`text.body has ${characterCount(body)} characters; at most ${TEXT_BODY_MAX} are allowed`, 'input.text.body');
  }
  const previewUrl = isSet(input.previewUrl) ? input.previewUrl : undefined;
  // Spec §9: preview_url sits inside `text` on cloud and at the top level on-premise.
  if (hosting === 'CLOUD') return { content: compact({ body, preview_url: previewUrl }), topLevel: {} };
  return { content: { body }, topLevel: compact({ preview_url: previewUrl }) };
}

function location(input: LocationMessageInput): Json {
  const rules = new InputChecks();
  rules.check(() => {
    if (!Number.isFinite(input.latitude) || input.latitude < -90 || input.latitude > 90) {
      throw new BadUserInputError('location.latitude must lie between -90 and 90', 'input.location.latitude');
    }
  });
  rules.check(() => {
    if (!Number.isFinite(input.longitude) || input.longitude < -180 || input.longitude > 180) {
      throw new BadUserInputError('location.longitude must lie between -180 and 180', 'input.location.longitude');
    }
  });
  const name = rules.check(() => requireText(input.name, 'input.location.name', 'location.name'));
  const address = rules.check(() => requireText(input.address, 'input.location.address', 'location.address'));
  rules.done();
  return { longitude: input.longitude, latitude: input.latitude, name, address };
}

const BIRTHDAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function validBirthday(value: string): boolean {
  const match = BIRTHDAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The kinds B1 names for a contact's e-mail address and URL. */
const HOME_OR_WORK: ReadonlySet<string> = new Set(['HOME', 'WORK']);

function checkHomeOrWork(type: string | null | undefined, field: string): void {
  if (isSet(type) && !HOME_OR_WORK.has(type!)) throw new BadUserInputError(`type must be HOME or WORK; got "${type}"`, field);
}

function contact(card: ContactCardInput, index: number): Json {
  const path = `input.contacts.${index}`;
  const name = card.name;
  requireText(name.formattedName, `${path}.name.formattedName`, 'name.formattedName');
  const parts = [name.firstName, name.lastName, name.middleName, name.suffix, name.prefix];
  if (!parts.some((part) => typeof part === 'string' && part.trim() !== '')) {
    throw new BadUserInputError('name needs at least one of firstName, lastName, middleName, suffix, prefix besides formattedName', `${path}.name`);
  }
  if (isSet(card.birthday) && !validBirthday(card.birthday!)) {
    throw new BadUserInputError('birthday must be a date in YYYY-MM-DD format', `${path}.birthday`);
  }
  card.addresses?.forEach((address, position) => {
    if (isSet(address.countryCode) && !/^[A-Za-z]{2}$/.test(address.countryCode!)) {
      throw new BadUserInputError('countryCode must be two letters', `${path}.addresses.${position}.countryCode`);
    }
  });
  card.emails?.forEach((email, position) => {
    requireText(email.email, `${path}.emails.${position}.email`, 'email');
    checkHomeOrWork(email.type, `${path}.emails.${position}.type`);
  });
  card.phones?.forEach((phone, position) => requireText(phone.phone, `${path}.phones.${position}.phone`, 'phone'));
  card.urls?.forEach((url, position) => {
    requireText(url.url, `${path}.urls.${position}.url`, 'url');
    checkHomeOrWork(url.type, `${path}.urls.${position}.type`);
  });
  return compact({
    name: compact({
      formatted_name: name.formattedName,
      first_name: name.firstName,
      last_name: name.lastName,
      middle_name: name.middleName,
      suffix: name.suffix,
      prefix: name.prefix,
    }),
    addresses: card.addresses?.map((address) =>
      compact({
        street: address.street,
        city: address.city,
        state: address.state,
        zip: address.zip,
        country: address.country,
        country_code: address.countryCode,
        type: address.type,
      }),
    ),
    birthday: card.birthday,
    emails: card.emails?.map((email) => compact({ email: email.email, type: email.type })),
    org: card.org ? compact({ company: card.org.company, department: card.org.department, title: card.org.title }) : undefined,
    phones: card.phones?.map((phone) => compact({ phone: phone.phone, type: phone.type, wa_id: phone.waId })),
    urls: card.urls?.map((url) => compact({ url: url.url, type: url.type })),
  });
}

function contacts(cards: ContactCardInput[]): Json[] {
  if (cards.length === 0) throw new BadUserInputError('contacts needs at least one contact', 'input.contacts');
  const rules = new InputChecks();
  const built = cards.map((card, index) => rules.check(() => contact(card, index)));
  rules.done();
  return built as Json[];
}

function media(kind: MediaKind, input: MediaMessageInput, hosting: MessagingHosting): Json {
  const path = `input.${kind}`;
  const hasId = typeof input.id === 'string' && input.id !== '';
  const hasLink = typeof input.link === 'string' && input.link !== '';
  if (hasId === hasLink) throw new BadUserInputError(`${kind} needs exactly one of id and link`, path);
  if (hasLink && !isHttpUrl(input.link!)) {
    throw new BadUserInputError(`${kind}.link must be an http:// or https:// URL`, `${path}.link`);
  }
  if (isSet(input.caption)) {
    if (!CAPTIONED.has(kind)) throw new BadUserInputError(`caption is only allowed for document, image and video`, `${path}.caption`);
    if (hosting === 'ON_PREMISE' && characterCount(input.caption!) > ONPREMISE_CAPTION_MAX) {
      throw new BadUserInputError(`caption is limited to ${ONPREMISE_CAPTION_MAX} characters on on-premise channels`, `${path}.caption`);
    }
  }
  if (isSet(input.filename) && kind !== 'document') {
    throw new BadUserInputError('filename is only allowed for document', `${path}.filename`);
  }
  if (isSet(input.provider)) {
    if (hosting !== 'ON_PREMISE') throw new BadUserInputError('provider exists on on-premise channels only', `${path}.provider`);
    requireText(input.provider, `${path}.provider`, 'provider');
  }
  return compact({
    id: hasId ? input.id : undefined,
    link: hasLink ? input.link : undefined,
    caption: input.caption,
    filename: input.filename,
    provider: isSet(input.provider) ? { name: input.provider } : undefined,
  });
}

const TYPED_TEMPLATE_FIELDS = [
  'headerMediaId',
  'headerMediaType',
  'bodyParameters',
  'offerExpiresAt',
  'couponCode',
  'urlButtonIndex',
  'urlButtonParameter',
  'header',
  'body',
  'buttons',
] as const;
const HEADER_MEDIA: ReadonlySet<MediaType> = new Set(['IMAGE', 'VIDEO', 'DOCUMENT']);

/** Components of an approved template from the typed fields, following B2's rules. */
function templateComponents(input: TemplateMessageInput, hosting: MessagingHosting, now: number): Json[] {
  const components: Json[] = [];
  // The typed members' rules and the older fields' come together; the older fields stop at their first refusal.
  const rules = new Rules();
  const typed = typedTemplateComponents(rules, input, hosting);
  rules.checks.check(() => legacyTemplateComponents(input, hosting, now, components));
  rules.checks.done();
  const header = typed.header ?? components.find((component) => component.type === 'header');
  const body = typed.body ?? components.find((component) => component.type === 'body');
  const others = components.filter((component) => component.type !== 'header' && component.type !== 'body');
  const buttons = [...others.filter((component) => component.type === 'button'), ...typed.buttons].sort(
    (one, other) => Number(one.index) - Number(other.index),
  );
  return [header, body, ...others.filter((component) => component.type !== 'button'), ...buttons].filter((component) => component !== undefined);
}

/** The components of the older typed fields (headerMediaId, bodyParameters and the limited-time offer's), following B2's rules. */
function legacyTemplateComponents(input: TemplateMessageInput, hosting: MessagingHosting, now: number, components: Json[]): void {
  const path = 'input.template';
  if (isSet(input.headerMediaType) && !isSet(input.headerMediaId)) {
    throw new BadUserInputError('headerMediaType needs headerMediaId', `${path}.headerMediaId`);
  }
  if (isSet(input.headerMediaId)) {
    const mediaType = input.headerMediaType ?? 'IMAGE';
    if (!HEADER_MEDIA.has(mediaType)) {
      throw new BadUserInputError('headerMediaType must be IMAGE, VIDEO or DOCUMENT', `${path}.headerMediaType`);
    }
    const kind = mediaType.toLowerCase();
    const id = requireText(input.headerMediaId, `${path}.headerMediaId`, 'headerMediaId');
    components.push({ type: 'header', parameters: [{ type: kind, [kind]: { id } }] });
  }
  if (input.bodyParameters && input.bodyParameters.length > 0) {
    input.bodyParameters.forEach((parameter, index) => requireText(parameter, `${path}.bodyParameters.${index}`, 'a body parameter'));
    components.push({ type: 'body', parameters: input.bodyParameters.map((parameter) => ({ type: 'text', text: parameter })) });
  }
  const hasUrlIndex = isSet(input.urlButtonIndex);
  const hasUrlText = isSet(input.urlButtonParameter);
  if (hasUrlIndex !== hasUrlText) {
    throw new BadUserInputError('urlButtonIndex and urlButtonParameter go together', `${path}.${hasUrlIndex ? 'urlButtonParameter' : 'urlButtonIndex'}`);
  }
  if (isSet(input.offerExpiresAt)) {
    if (hosting !== 'CLOUD') {
      throw new BadUserInputError('limited-time-offer templates exist on cloud channels only', `${path}.offerExpiresAt`);
    }
    const expiresAt = Date.parse(input.offerExpiresAt!);
    if (!(expiresAt > now)) throw new BadUserInputError('offerExpiresAt must lie in the future', `${path}.offerExpiresAt`);
    if (!isSet(input.couponCode)) {
      throw new BadUserInputError('a limited-time offer with expiration needs couponCode (copy_code button)', `${path}.couponCode`);
    }
    if (!hasUrlIndex) {
      throw new BadUserInputError('a limited-time offer needs its url button (urlButtonIndex and urlButtonParameter)', `${path}.urlButtonIndex`);
    }
    components.push({
      type: 'limited_time_offer',
      parameters: [{ type: 'limited_time_offer', limited_time_offer: { expiration_time_ms: expiresAt } }],
    });
  }
  if (isSet(input.couponCode)) {
    // couponCode belongs to the limited-time-offer template, which always has its url button (B2), with or without expiration.
    const couponCode = requireText(input.couponCode, `${path}.couponCode`, 'couponCode');
    if (!hasUrlIndex) {
      throw new BadUserInputError(
        "couponCode is the limited-time offer's, which needs its url button (urlButtonIndex and urlButtonParameter); a template with a copy-code button alone takes buttons: [{kind: COPY_CODE}]",
        `${path}.urlButtonIndex`,
      );
    }
    components.push({
      type: 'button',
      sub_type: 'copy_code',
      index: 0,
      parameters: [{ type: 'coupon_code', coupon_code: couponCode }],
    });
  }
  if (hasUrlIndex) {
    const index = input.urlButtonIndex!;
    if (!Number.isInteger(index) || index < 0 || index > TEMPLATE_BUTTON_INDEX_MAX) {
      throw new BadUserInputError(`urlButtonIndex must lie between 0 and ${TEMPLATE_BUTTON_INDEX_MAX}`, `${path}.urlButtonIndex`);
    }
    if (index === 0 && isSet(input.couponCode)) {
      throw new BadUserInputError('index 0 belongs to the copy_code button; the url button comes after it', `${path}.urlButtonIndex`);
    }
    const parameter = requireText(input.urlButtonParameter, `${path}.urlButtonParameter`, 'urlButtonParameter');
    components.push({ type: 'button', sub_type: 'url', index, parameters: [{ type: 'text', text: parameter }] });
  }
}

/**
 * Spec §9: cloud renders a `date_time` parameter from its fallback value only, so one without a
 * non-empty `fallback_value` would render nothing there; on-premise uses the other members too.
 */
function checkCloudDateTimes(components: Json[], path: string): void {
  components.forEach((component, index) => {
    const parameters = Array.isArray(component.parameters) ? (component.parameters as unknown[]) : [];
    parameters.forEach((parameter, position) => {
      if (parameter === null || typeof parameter !== 'object' || (parameter as Json).type !== 'date_time') return;
      const dateTime = (parameter as Json).date_time;
      const fallback = dateTime !== null && typeof dateTime === 'object' ? (dateTime as Json).fallback_value : undefined;
      if (typeof fallback !== 'string' || fallback.trim() === '') {
        throw new BadUserInputError(
          'a date_time parameter needs date_time.fallback_value on cloud channels, which render the fallback value only',
          `${path}.components.${index}.parameters.${position}`,
        );
      }
    });
  });
}

function template(input: TemplateMessageInput, hosting: MessagingHosting, now: number): Json {
  const path = 'input.template';
  const name = requireText(input.name, `${path}.name`, 'template.name');
  const code = requireText(input.languageCode, `${path}.languageCode`, 'template.languageCode');
  let namespace: string | undefined;
  if (isSet(input.namespace)) {
    // Spec §9: optional on-premise since 2.41 (required before), not used on cloud.
    if (hosting !== 'ON_PREMISE') throw new BadUserInputError('namespace exists on on-premise channels only', `${path}.namespace`);
    namespace = requireText(input.namespace, `${path}.namespace`, 'template.namespace');
  }
  let components: unknown;
  if (isSet(input.components)) {
    const typed = TYPED_TEMPLATE_FIELDS.filter((field) => isSet(input[field]));
    if (typed.length > 0) {
      throw new BadUserInputError(`components cannot be combined with ${typed.join(', ')}`, `${path}.components`);
    }
    const raw = input.components;
    if (!Array.isArray(raw) || !raw.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
      throw new BadUserInputError('components must be an array of component objects', `${path}.components`);
    }
    if (hosting === 'CLOUD') checkCloudDateTimes(raw as Json[], path);
    components = raw;
  } else {
    const built = templateComponents(input, hosting, now);
    components = built.length > 0 ? built : undefined;
  }
  return compact({ namespace, name, language: { code }, components });
}

/** On-premise: every product_retailer_id of a product (action) or multi-product (sections[].product_items[]) message. */
function checkProductRetailerIds(action: unknown): void {
  if (action === null || typeof action !== 'object') return;
  const check = (value: unknown, field: string) => {
    if (typeof value === 'string' && characterCount(value) > ONPREMISE_PRODUCT_RETAILER_ID_MAX) {
      throw new BadUserInputError(`product_retailer_id is limited to ${ONPREMISE_PRODUCT_RETAILER_ID_MAX} characters on on-premise channels`, field);
    }
  };
  const { product_retailer_id: single, sections } = action as Json;
  check(single, 'input.interactive.action.product_retailer_id');
  if (!Array.isArray(sections)) return;
  sections.forEach((section: unknown, index) => {
    const items = section !== null && typeof section === 'object' ? (section as Json).product_items : undefined;
    if (!Array.isArray(items)) return;
    items.forEach((item: unknown, position) => {
      if (item !== null && typeof item === 'object') {
        check((item as Json).product_retailer_id, `input.interactive.action.sections.${index}.product_items.${position}.product_retailer_id`);
      }
    });
  });
}

function interactive(value: unknown, hosting: MessagingHosting): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new BadUserInputError('interactive must be a JSON object', 'input.interactive');
  }
  if (hosting === 'ON_PREMISE') checkProductRetailerIds((value as Json).action);
  return value as Json;
}

/** The content field set in the input; BAD_USER_INPUT naming the fields unless exactly one is. */
export function contentField(input: SendMessageInput): ContentField {
  const present = CONTENT_FIELDS.filter((field) => isSet(input[field]));
  if (present.length !== 1) {
    throw new BadUserInputError(`Exactly one of ${CONTENT_FIELDS.join(', ')} must be set; got ${present.length > 0 ? present.join(', ') : 'none'}`, 'input');
  }
  return present[0];
}

/**
 * Where the recipient goes in the body: a phone number as `to`, as given (trimmed: the upstream takes
 * `+`, blanks, dashes and brackets); a business-scoped user id as `recipient` on cloud (the
 * platform's field for a user known without a number), refused on-premise, which has no user ids.
 * Anything that is neither is refused before sending.
 */
function recipientOf(to: string, hosting: MessagingHosting): { to: string } | { recipient: string } {
  const key = checkContactKey(to, 'input.to');
  if (!isUserId(key)) return { to: to.trim() };
  if (hosting !== 'CLOUD')
    throw new BadUserInputError('A business-scoped user id can be a recipient on cloud channels only: give the phone number', 'input.to');
  return { recipient: key };
}

/** The contact key a B1 body sends to (`to` as its digits, or `recipient` for a user id). */
export const recipientKeyOf = (body: Json): string => checkContactKey(String(body.to ?? body.recipient), 'input.to');

/** The upstream `type`, its object and what goes at the body's top level (on-premise preview_url), for one content field. */
function buildContent(field: ContentField, input: SendMessageInput, options: SendMessageOptions): { type: string; content: unknown; topLevel: Json } {
  const { hosting } = options;
  switch (field) {
    case 'text':
      return { type: field, ...text(input.text!, hosting) };
    case 'location':
      return { type: field, content: location(input.location!), topLevel: {} };
    case 'contacts':
      return { type: field, content: contacts(input.contacts!), topLevel: {} };
    case 'template':
      return { type: field, content: template(input.template!, hosting, options.now ?? Date.now()), topLevel: {} };
    case 'interactive':
      return { type: field, content: interactive(input.interactive, hosting), topLevel: {} };
    case 'audio':
    case 'document':
    case 'image':
    case 'sticker':
    case 'video':
      return { type: field, content: media(field, input[field]!, hosting), topLevel: {} };
    default:
      return { type: 'interactive', content: buildInteractive(field satisfies InteractiveField, input, hosting), topLevel: {} };
  }
}

/**
 * The B1 request body for one hosting variant, in the upstream's snake_case, after every rule of
 * the spec is checked (nothing is sent when one breaks).
 */
export function buildSendMessageBody(input: SendMessageInput, options: SendMessageOptions): Json {
  const { hosting } = options;
  // The recipient, the reply context and the content are checked independently: all their refusals come at once.
  const rules = new InputChecks();
  const recipient = rules.check(() => recipientOf(requireText(input.to, 'input.to', 'to'), hosting));
  const context = rules.check(() => {
    if (!isSet(input.replyTo)) return undefined;
    // Spec B1: `context` exists on cloud only; dropping it silently would send a non-reply.
    if (hosting !== 'CLOUD') throw new BadUserInputError('replyTo (context) exists on cloud channels only', 'input.replyTo');
    return { message_id: requireText(input.replyTo, 'input.replyTo', 'replyTo') };
  });
  const checkedType = rules.check(() => contentField(input));
  // The content's own rules are reported together with the recipient's and the context's.
  const built = checkedType && rules.check(() => buildContent(checkedType, input, options));
  rules.done();
  // done() has thrown unless every check passed, so the content is built here.
  const { type, content, topLevel } = built!;
  return {
    ...(hosting === 'CLOUD' && { messaging_product: options.messagingProduct }),
    recipient_type: 'individual',
    ...recipient,
    type,
    ...(context && { context }),
    ...topLevel,
    [type]: content,
  };
}

/**
 * A template send without `namespace` to an on-premise server below 2.41 (which requires it) carries the channel's
 * business-account namespace; every other body goes as built.
 */
export function withAccountNamespace(
  body: Record<string, unknown>,
  needsNamespace: boolean,
  accountNamespace: string | null | undefined,
): Record<string, unknown> {
  const template = body.template;
  if (!needsNamespace || !accountNamespace || body.type !== 'template' || typeof template !== 'object' || template === null || 'namespace' in template) {
    return body;
  }
  return { ...body, template: { ...template, namespace: accountNamespace } };
}

/** A send's answer as the graph serves it: the result plus the channel, so it can lead to the message's record. */
export interface SentMessageModel extends SentMessageResult {
  /** Who sent it: the caller of the send (of the first one, for a repeated idempotent send). */
  sentBy: Actor;
  channelId: string;
  /** The wa_id its conversation is kept under. */
  contact: string;
}

export interface SentMessageResult {
  id: string;
  input: string | null;
  waId: string | null;
  /** Who sent it; absent in results an idempotency key kept before it was (the caller repeating it is named then). */
  sentBy?: Actor;
}

/** Same answer for both variants; on-premise has no `contacts`, so `input` is the recipient as sent. */
export function toSentMessage(to: string, response: SendResponseDto): SentMessageResult | null {
  const id = response.messages?.[0]?.id;
  if (!id) return null;
  const recipient = response.contacts?.[0];
  return { id, input: recipient?.input ?? to, waId: recipient?.wa_id ?? null };
}
