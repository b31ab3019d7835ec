/**
 * What a message carries, typed by its kind (schema/content.graphql): pure mappers from a webhook
 * `messages[]` item of either hosting, or from the send body the gateway built, to the
 * `MessageContent` union. No I/O; odd input never throws: a malformed sub-object gives nulls, or
 * `UnsupportedContent` when a field the schema requires is missing.
 *
 * The interface leaves item fields "not shown"; the shapes follow the upstream platform's public
 * webhook reference (see docs/decisions.md and test/fixtures/notifications/README.md).
 */
import { JsonShapeScanner } from '../../lib/json-shape.js';
import { toChannelError } from './parse.js';
import type { ChannelErrorEventDto } from '../types.js';

export type MediaKind = 'AUDIO' | 'DOCUMENT' | 'IMAGE' | 'STICKER' | 'VIDEO';
export type InteractiveReplyKind = 'BUTTON' | 'LIST' | 'FLOW';

export interface TextContentDto {
  __typename: 'TextContent';
  body: string;
}

export interface MediaContentDto {
  __typename: 'MediaContent';
  kind: MediaKind;
  mediaId: string | null;
  /** Only for the gateway's own sends by link. */
  link: string | null;
  mimeType: string | null;
  sha256: string | null;
  caption: string | null;
  fileName: string | null;
  /** AUDIO only (false unless a voice note); null for other kinds. */
  voice: boolean | null;
  /** STICKER only (false unless animated); null for other kinds. */
  animated: boolean | null;
}

export interface LocationContentDto {
  __typename: 'LocationContent';
  latitude: number;
  longitude: number;
  name: string | null;
  address: string | null;
  url: string | null;
}

export interface ContactCardPhoneDto {
  phone: string | null;
  waId: string | null;
  type: string | null;
}
export interface ContactCardEmailDto {
  email: string | null;
  type: string | null;
}
export interface ContactCardOrganizationDto {
  company: string | null;
  department: string | null;
  title: string | null;
}
export interface ContactCardUrlDto {
  url: string | null;
  type: string | null;
}
export interface ContactCardAddressDto {
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  countryCode: string | null;
  type: string | null;
}
export interface ContactCardDto {
  formattedName: string;
  firstName: string | null;
  lastName: string | null;
  middleName: string | null;
  prefix: string | null;
  suffix: string | null;
  birthday: string | null;
  phones: ContactCardPhoneDto[];
  emails: ContactCardEmailDto[];
  organization: ContactCardOrganizationDto | null;
  urls: ContactCardUrlDto[];
  addresses: ContactCardAddressDto[];
}

export interface ContactsContentDto {
  __typename: 'ContactsContent';
  contacts: ContactCardDto[];
}

export interface InteractiveReplyContentDto {
  __typename: 'InteractiveReplyContent';
  kind: InteractiveReplyKind;
  /** Button or row id the business defined; null for a flow. */
  replyId: string | null;
  /** Button or row title; for a flow, the text of the user's reply bubble (nfm_reply.body). */
  title: string | null;
  /** List rows only. */
  description: string | null;
  /** A flow's response_json, parsed; null when it is absent or not JSON. */
  flowResponse: unknown;
}

export interface ButtonReplyContentDto {
  __typename: 'ButtonReplyContent';
  text: string;
  payload: string | null;
}

export interface ReactionContentDto {
  __typename: 'ReactionContent';
  /** The message reacted to (what the other helpers call the reaction's target). */
  messageId: string;
  emoji: string | null;
  removed: boolean;
}

export interface OrderItemDto {
  productRetailerId: string;
  quantity: number | null;
  itemPrice: number | null;
  currency: string | null;
}

export interface OrderContentDto {
  __typename: 'OrderContent';
  catalogId: string | null;
  text: string | null;
  items: OrderItemDto[];
}

export interface SystemContentDto {
  __typename: 'SystemContent';
  systemType: string;
  body: string | null;
  newWaId: string | null;
  newUserId: string | null;
}

export interface TemplateContentDto {
  __typename: 'TemplateContent';
  name: string;
  language: string;
  /** Body parameters as sent: a text, or a currency's or date's fallback value. */
  parameters: string[];
}

export type InteractiveKind = 'BUTTONS' | 'LIST' | 'CTA_URL' | 'FLOW' | 'PRODUCT' | 'PRODUCT_LIST' | 'CATALOG' | 'LOCATION_REQUEST';

export interface InteractiveOptionDto {
  id: string | null;
  title: string;
  description: string | null;
}

/** An interactive message the gateway sent, read back from the `interactive` object it built. */
export interface InteractiveContentDto {
  __typename: 'InteractiveContent';
  interactiveKind: InteractiveKind;
  header: string | null;
  bodyText: string | null;
  footer: string | null;
  options: InteractiveOptionDto[];
}

export interface UnsupportedContentDto {
  __typename: 'UnsupportedContent';
  errors: ChannelErrorEventDto[];
}

export type MessageContentDto =
  | TextContentDto
  | MediaContentDto
  | LocationContentDto
  | ContactsContentDto
  | InteractiveReplyContentDto
  | ButtonReplyContentDto
  | ReactionContentDto
  | OrderContentDto
  | SystemContentDto
  | TemplateContentDto
  | InteractiveContentDto
  | UnsupportedContentDto;

export interface MessageContextDto {
  replyTo: string | null;
  /** The sender of the message answered (`context.from`). */
  replyToFrom: string | null;
  forwarded: boolean;
  frequentlyForwarded: boolean;
  referredProductId: string | null;
}

export interface AdReferralDto {
  sourceUrl: string | null;
  sourceType: string | null;
  sourceId: string | null;
  headline: string | null;
  body: string | null;
  mediaType: string | null;
  ctwaClid: string | null;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectOr = (value: unknown): Json => (isObject(value) ? value : {});
const objectsOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
/** Strings pass; numbers are written as strings (a wa_id or an id notified as a number). */
const stringOr = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
const nonEmpty = (value: unknown): string | null => {
  const text = stringOr(value);
  return text !== null && text !== '' ? text : null;
};
/** A JSON number, or a decimal written as a string; anything else (NaN, Infinity, text) is null. */
const finiteNumber = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(number) ? number : null;
};
/** GraphQL Int is 32-bit: a larger count would fail the whole field, so it is null instead. */
const int32 = (value: unknown): number | null => {
  const number = finiteNumber(value);
  return number !== null && Number.isInteger(number) && Math.abs(number) <= 2_147_483_647 ? number : null;
};

const unsupported = (errors: ChannelErrorEventDto[] = []): UnsupportedContentDto => ({ __typename: 'UnsupportedContent', errors });

const MEDIA_KINDS: Record<string, MediaKind> = { audio: 'AUDIO', document: 'DOCUMENT', image: 'IMAGE', sticker: 'STICKER', video: 'VIDEO', voice: 'AUDIO' };

function media(type: string, value: unknown): MediaContentDto {
  const kind = MEDIA_KINDS[type];
  const object = objectOr(value);
  return {
    __typename: 'MediaContent',
    kind,
    mediaId: nonEmpty(object.id),
    link: nonEmpty(object.link),
    mimeType: stringOr(object.mime_type),
    sha256: stringOr(object.sha256),
    caption: stringOr(object.caption),
    fileName: stringOr(object.filename),
    // On-premise notifies a voice note as its own type; cloud as audio with `voice: true`.
    voice: kind === 'AUDIO' ? type === 'voice' || object.voice === true : null,
    animated: kind === 'STICKER' ? object.animated === true : null,
  };
}

function text(value: unknown): TextContentDto | UnsupportedContentDto {
  const body = objectOr(value).body;
  return typeof body === 'string' ? { __typename: 'TextContent', body } : unsupported();
}

function location(value: unknown): LocationContentDto | UnsupportedContentDto {
  const object = objectOr(value);
  const latitude = finiteNumber(object.latitude);
  const longitude = finiteNumber(object.longitude);
  if (latitude === null || longitude === null) return unsupported();
  return {
    __typename: 'LocationContent',
    latitude,
    longitude,
    name: stringOr(object.name),
    address: stringOr(object.address),
    url: stringOr(object.url),
  };
}

function contactCard(card: Json): ContactCardDto {
  const name = objectOr(card.name);
  const org = isObject(card.org) ? card.org : null;
  const parts = [name.prefix, name.first_name, name.middle_name, name.last_name, name.suffix].map(nonEmpty).filter((part) => part !== null);
  return {
    // formatted_name is required upstream; a card without one still shows the parts it has.
    formattedName: nonEmpty(name.formatted_name) ?? parts.join(' '),
    firstName: stringOr(name.first_name),
    lastName: stringOr(name.last_name),
    middleName: stringOr(name.middle_name),
    prefix: stringOr(name.prefix),
    suffix: stringOr(name.suffix),
    birthday: stringOr(card.birthday),
    phones: objectsOf(card.phones).map((phone) => ({ phone: stringOr(phone.phone), waId: stringOr(phone.wa_id), type: stringOr(phone.type) })),
    emails: objectsOf(card.emails).map((email) => ({ email: stringOr(email.email), type: stringOr(email.type) })),
    organization: org ? { company: stringOr(org.company), department: stringOr(org.department), title: stringOr(org.title) } : null,
    urls: objectsOf(card.urls).map((url) => ({ url: stringOr(url.url), type: stringOr(url.type) })),
    addresses: objectsOf(card.addresses).map((address) => ({
      street: stringOr(address.street),
      city: stringOr(address.city),
      state: stringOr(address.state),
      zip: stringOr(address.zip),
      country: stringOr(address.country),
      countryCode: stringOr(address.country_code),
      type: stringOr(address.type),
    })),
  };
}

function contacts(value: unknown): ContactsContentDto | UnsupportedContentDto {
  if (!Array.isArray(value)) return unsupported();
  return { __typename: 'ContactsContent', contacts: objectsOf(value).map(contactCard) };
}

/**
 * A flow's response_json is a string inside the notification, so the webhook's own shape check
 * never saw its structure: it gets the same bounds as a webhook body (WEBHOOK_BODY_SHAPE) before it
 * is parsed, so a response nested deeper cannot break the pages and subscriptions that show it.
 */
const FLOW_RESPONSE_SHAPE = { maxValues: 262_144, maxDepth: 32 } as const;

function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return null;
  try {
    new JsonShapeScanner(FLOW_RESPONSE_SHAPE).feed(Buffer.from(value));
    return JSON.parse(value) as unknown;
  } catch {
    // Not JSON, or beyond the bounds (JsonShapeError): the answers stay readable in `raw`.
    return null;
  }
}

/** A user's answer to an interactive message: `interactive.type` names the sub-object. */
function interactiveReply(value: unknown): InteractiveReplyContentDto | UnsupportedContentDto {
  const object = objectOr(value);
  const reply = (kind: InteractiveReplyKind, answer: Json, flowResponse: unknown = null): InteractiveReplyContentDto => ({
    __typename: 'InteractiveReplyContent',
    kind,
    replyId: kind === 'FLOW' ? null : stringOr(answer.id),
    title: stringOr(kind === 'FLOW' ? answer.body : answer.title),
    description: stringOr(answer.description),
    flowResponse,
  });
  switch (object.type) {
    case 'button_reply':
      return reply('BUTTON', objectOr(object.button_reply));
    case 'list_reply':
      return reply('LIST', objectOr(object.list_reply));
    case 'nfm_reply': {
      const answer = objectOr(object.nfm_reply);
      return reply('FLOW', answer, parsedJson(answer.response_json));
    }
    default:
      return unsupported();
  }
}

function buttonReply(value: unknown): ButtonReplyContentDto | UnsupportedContentDto {
  const object = objectOr(value);
  const label = stringOr(object.text);
  return label === null ? unsupported() : { __typename: 'ButtonReplyContent', text: label, payload: stringOr(object.payload) };
}

function reaction(value: unknown): ReactionContentDto | UnsupportedContentDto {
  const object = objectOr(value);
  const messageId = nonEmpty(object.message_id);
  if (messageId === null) return unsupported();
  // The upstream removes a reaction by notifying (or sending) an empty emoji.
  const emoji = nonEmpty(object.emoji);
  return { __typename: 'ReactionContent', messageId, emoji, removed: emoji === null };
}

function order(value: unknown): OrderContentDto | UnsupportedContentDto {
  if (!isObject(value)) return unsupported();
  const items = objectsOf(value.product_items).flatMap((item): OrderItemDto[] => {
    const productRetailerId = nonEmpty(item.product_retailer_id);
    if (productRetailerId === null) return [];
    return [{ productRetailerId, quantity: int32(item.quantity), itemPrice: finiteNumber(item.item_price), currency: stringOr(item.currency) }];
  });
  return { __typename: 'OrderContent', catalogId: stringOr(value.catalog_id), text: stringOr(value.text), items };
}

function system(value: unknown): SystemContentDto | UnsupportedContentDto {
  const object = objectOr(value);
  const systemType = nonEmpty(object.type);
  if (systemType === null) return unsupported();
  return {
    __typename: 'SystemContent',
    systemType,
    body: stringOr(object.body),
    // Cloud names the new number `wa_id` (user_changed_number); older notices and on-premise `new_wa_id`.
    newWaId: nonEmpty(object.wa_id) ?? nonEmpty(object.new_wa_id),
    // user_changed_user_id names the new business-scoped user id `user_id`.
    newUserId: nonEmpty(object.user_id) ?? nonEmpty(object.new_user_id),
  };
}

function template(value: unknown): TemplateContentDto | UnsupportedContentDto {
  const object = objectOr(value);
  const name = nonEmpty(object.name);
  // Cloud and on-premise both send `language: {code}` (on-premise also accepted `policy`, which is not content).
  const language = isObject(object.language) ? nonEmpty(object.language.code) : nonEmpty(object.language);
  if (name === null || language === null) return unsupported();
  return { __typename: 'TemplateContent', name, language, parameters: templateBodyParameters(object.components) };
}

/** The body component's parameters as the user reads them: a text, or a currency's or date's fallback value. */
function templateBodyParameters(components: unknown): string[] {
  const body = objectsOf(components).find((component) => component.type === 'body');
  return objectsOf(body?.parameters).flatMap((parameter) => {
    const value =
      parameter.type === 'currency' || parameter.type === 'date_time' ? stringOr(objectOr(parameter[parameter.type]).fallback_value) : stringOr(parameter.text);
    return value === null ? [] : [value];
  });
}

const INTERACTIVE_KINDS: Record<string, InteractiveKind> = {
  button: 'BUTTONS',
  list: 'LIST',
  cta_url: 'CTA_URL',
  flow: 'FLOW',
  product: 'PRODUCT',
  product_list: 'PRODUCT_LIST',
  catalog_message: 'CATALOG',
  location_request_message: 'LOCATION_REQUEST',
};

/** The choices the user sees: reply buttons, list rows, or a CTA's or flow's one button (no id of its own). */
function interactiveOptions(kind: InteractiveKind, action: Json): InteractiveOptionDto[] {
  const titled = (id: unknown, title: unknown, description: unknown = null): InteractiveOptionDto[] => {
    const label = stringOr(title);
    return label === null ? [] : [{ id: stringOr(id), title: label, description: stringOr(description) }];
  };
  switch (kind) {
    case 'BUTTONS':
      return objectsOf(action.buttons).flatMap((button) => {
        const reply = objectOr(button.reply);
        return titled(reply.id, reply.title);
      });
    case 'LIST':
      return objectsOf(action.sections).flatMap((section) => objectsOf(section.rows).flatMap((row) => titled(row.id, row.title, row.description)));
    case 'CTA_URL':
      return titled(null, objectOr(action.parameters).display_text);
    case 'FLOW':
      return titled(null, objectOr(action.parameters).flow_cta);
    default:
      return [];
  }
}

const isSentInteractive = (value: unknown): boolean => isObject(value) && typeof value.type === 'string' && Object.hasOwn(INTERACTIVE_KINDS, value.type);

/**
 * An interactive message the gateway sent (any of the kinds it builds typed, or a raw `interactive` of one of them);
 * a raw one of another type shows the text of its body, as before the kinds were typed.
 */
function interactiveSent(value: unknown): InteractiveContentDto | TextContentDto | UnsupportedContentDto {
  const object = objectOr(value);
  const bodyText = stringOr(objectOr(object.body).text);
  const kind = typeof object.type === 'string' ? INTERACTIVE_KINDS[object.type] : undefined;
  if (kind === undefined) return bodyText !== null ? { __typename: 'TextContent', body: bodyText } : unsupported();
  const header = objectOr(object.header);
  return {
    __typename: 'InteractiveContent',
    interactiveKind: kind,
    header: header.type === 'text' ? stringOr(header.text) : null,
    bodyText,
    footer: stringOr(objectOr(object.footer).text),
    options: interactiveOptions(kind, objectOr(object.action)),
  };
}

function errorsOf(channelId: string, item: Json): ChannelErrorEventDto[] {
  return objectsOf(item.errors).map((error) => toChannelError(channelId, error));
}

/** The kinds an inbound item and a send body share, keyed by `type`, read from the object named after it. */
function sharedKind(type: string, item: Json): MessageContentDto | undefined {
  const value = item[type];
  if (Object.hasOwn(MEDIA_KINDS, type)) return media(type, value);
  switch (type) {
    case 'text':
      return text(value);
    case 'location':
      return location(value);
    case 'contacts':
      return contacts(value);
    case 'reaction':
      return reaction(value);
    case 'template':
      return template(value);
    default:
      return undefined;
  }
}

/** Cloud: a user opened the chat with the business for the first time (a message of this type, with no object of its own). */
const REQUEST_WELCOME = 'request_welcome';

/** The new version an `edit` item carries (`edit.message`), or null for any other item. */
function editedVersion(item: Json): Json | null {
  return item.type === 'edit' && isObject(item.edit) && isObject(item.edit.message) ? item.edit.message : null;
}

/**
 * The content of an inbound (or echoed) message item of either hosting. An `edit` maps to the
 * content of its new version; a `revoke` carries no content of its own and is an
 * UnsupportedContent without errors (revokedMessageIdOf names the message it deletes).
 */
export function contentOfMessage(channelId: string, item: unknown): MessageContentDto {
  if (!isObject(item) || typeof item.type !== 'string') return unsupported();
  const type = item.type;
  const shared = sharedKind(type, item);
  if (shared) return shared;
  switch (type) {
    case 'interactive':
      // An echo of an interactive message the business sent from another app carries the sent shape, not a reply.
      return isSentInteractive(item.interactive) ? interactiveSent(item.interactive) : interactiveReply(item.interactive);
    case 'button':
      return buttonReply(item.button);
    case 'order':
      return order(item.order);
    case 'system':
      return system(item.system);
    case REQUEST_WELCOME:
      // The platform's notice that the user opened the chat for the first time: no content of its own, typed by its type.
      return { __typename: 'SystemContent', systemType: REQUEST_WELCOME, body: null, newWaId: null, newUserId: null };
    case 'edit': {
      const version = editedVersion(item);
      // One level only: an edit of an edit is not a shape the upstream sends.
      return version && version.type !== 'edit' ? contentOfMessage(channelId, version) : unsupported();
    }
    case 'unsupported': // cloud
    case 'unknown': // on-premise
      return unsupported(errorsOf(channelId, item));
    default:
      return unsupported();
  }
}

/**
 * The content of a send body the gateway built (src/messaging/send-message.ts, both hostings).
 * An interactive send is an InteractiveContent (see interactiveSent).
 */
export function contentOfSentBody(body: unknown): MessageContentDto {
  if (!isObject(body) || typeof body.type !== 'string') return unsupported();
  const shared = sharedKind(body.type, body);
  if (shared) return shared;
  if (body.type === 'interactive') return interactiveSent(body.interactive);
  return unsupported();
}

/** Longest preview line, in characters (code points); a longer one is cut and ends with "…". */
export const PREVIEW_MAX = 100;

function oneLine(text: string): string | null {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  const characters = Array.from(line);
  return characters.length > PREVIEW_MAX ? `${characters.slice(0, PREVIEW_MAX - 1).join('')}…` : line;
}

const MEDIA_WORDS: Record<MediaKind, string> = { IMAGE: 'Photo', VIDEO: 'Video', AUDIO: 'Audio', DOCUMENT: 'Document', STICKER: 'Sticker' };

function mediaWord(content: MediaContentDto): string {
  if (content.kind === 'AUDIO' && content.voice) return 'Voice message';
  if (content.kind === 'DOCUMENT' && content.fileName) return `Document: ${content.fileName}`;
  return MEDIA_WORDS[content.kind];
}

/** What the bubble's controls say: the buttons' titles, the list's button, the link's or flow's button, else the kind. */
function interactivePreview(content: InteractiveContentDto): string {
  const titles = content.options.map((option) => option.title);
  switch (content.interactiveKind) {
    case 'BUTTONS':
      return `🔘 ${titles.join(' / ')}`;
    case 'LIST':
      return `📋 ${content.bodyText ?? ''}`;
    case 'CTA_URL':
      return `🔗 ${titles[0] ?? content.bodyText ?? ''}`;
    case 'FLOW':
      return `📝 ${titles[0] ?? content.bodyText ?? ''}`;
    case 'PRODUCT':
      return `🛍️ ${content.bodyText ?? 'Product'}`;
    case 'PRODUCT_LIST':
      return `🛍️ ${content.header ?? content.bodyText ?? 'Products'}`;
    case 'CATALOG':
      return `🛍️ ${content.bodyText ?? 'Catalog'}`;
    case 'LOCATION_REQUEST':
      return `📍 ${content.bodyText ?? 'Send your location'}`;
  }
}

function previewLine(content: MessageContentDto): string {
  switch (content.__typename) {
    case 'TextContent':
      return content.body;
    case 'MediaContent':
      return content.caption?.trim() ? content.caption : mediaWord(content);
    case 'LocationContent':
      return `📍 ${content.name?.trim() || content.address?.trim() || `${content.latitude}, ${content.longitude}`}`;
    case 'ContactsContent': {
      const [first, ...others] = content.contacts;
      if (!first) return '👤 Contact';
      return `👤 ${first.formattedName.trim() || 'Contact'}${others.length > 0 ? ` +${others.length}` : ''}`;
    }
    case 'InteractiveReplyContent':
      return content.kind === 'FLOW' ? 'Form sent' : (content.title ?? '');
    case 'ButtonReplyContent':
      return content.text;
    case 'ReactionContent':
      return content.emoji ?? 'Reaction removed';
    case 'OrderContent':
      return orderLine(content);
    case 'SystemContent':
      return content.body ?? (content.systemType === REQUEST_WELCOME ? OPENED_CHAT_PREVIEW : content.systemType);
    case 'TemplateContent':
      return `Template: ${content.name}`;
    case 'InteractiveContent':
      return interactivePreview(content);
    case 'UnsupportedContent':
      return 'Unsupported message';
  }
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * An order's line: its product lines, then how many items they add up to when every line says its quantity (a line
 * without one could be any number: the count would be a guess, so it is left out).
 */
function orderLine(content: OrderContentDto): string {
  const products = counted(content.items.length, 'product', 'products');
  const quantities = content.items.map((item) => item.quantity);
  if (quantities.length === 0 || quantities.some((quantity) => quantity === null || quantity <= 0)) return `Order: ${products}`;
  return `Order: ${products}, ${counted(
    quantities.reduce<number>((sum, quantity) => sum + quantity!, 0),
    'item',
    'items',
  )}`;
}

/** The preview of a `request_welcome`. */
export const OPENED_CHAT_PREVIEW = 'Opened the chat';

/**
 * One line for an inbox list (the words are documented on `InboundMessage.preview`): the text; a
 * caption, else a kind word; a button or row title; "📍 name"; "👤 name"; a reaction's emoji;
 * "Order: n products, m items"; "Opened the chat"; "Template: name". Whitespace runs become one space; longer than PREVIEW_MAX
 * characters is cut with "…"; null when nothing is left (an empty text).
 */
export function previewOf(content: MessageContentDto): string | null {
  return oneLine(previewLine(content));
}

/** The preview of a revoke, and of the message it deleted. */
export const DELETED_PREVIEW = 'This message was deleted';

/** The preview of an inbound or echoed item: "This message was deleted" for a revoke, else previewOf its content. */
export function previewOfMessage(channelId: string, item: unknown): string | null {
  return revokedMessageIdOf(item) !== null ? DELETED_PREVIEW : previewOf(contentOfMessage(channelId, item));
}

/**
 * What the notification says about the message an item answers or came from; null when it has no `context`. An edit's
 * new version carries a context naming the message it edits: that is no reply (`replyTo` null; null altogether when it
 * says nothing else), its forwarding flags stay.
 */
export function contextOfMessage(item: unknown): MessageContextDto | null {
  if (!isObject(item)) return null;
  const edited = editedMessageIdOf(item);
  const context = isObject(item.context) ? item.context : objectOr(editedVersion(item)).context;
  if (!isObject(context)) return null;
  const replyTo = nonEmpty(context.id);
  const answers = replyTo !== null && replyTo !== edited;
  const referredProductId = nonEmpty(objectOr(context.referred_product).product_retailer_id);
  // A context that only names the edited message says nothing of its own.
  if (!answers && edited !== null && context.forwarded !== true && context.frequently_forwarded !== true && referredProductId === null) return null;
  return {
    replyTo: answers ? replyTo : null,
    replyToFrom: answers ? nonEmpty(context.from) : null,
    forwarded: context.forwarded === true,
    frequentlyForwarded: context.frequently_forwarded === true,
    referredProductId,
  };
}

/** The click-to-chat ad or post that brought the user (`referral`); null when the item has none. */
export function referralOfMessage(item: unknown): AdReferralDto | null {
  if (!isObject(item) || !isObject(item.referral)) return null;
  const referral = item.referral;
  return {
    sourceUrl: stringOr(referral.source_url),
    sourceType: stringOr(referral.source_type),
    sourceId: stringOr(referral.source_id),
    headline: stringOr(referral.headline),
    body: stringOr(referral.body),
    mediaType: stringOr(referral.media_type),
    ctwaClid: stringOr(referral.ctwa_clid),
  };
}

function originalIdOf(item: unknown, type: 'edit' | 'revoke'): string | null {
  if (!isObject(item) || item.type !== type) return null;
  return nonEmpty(objectOr(item[type]).original_message_id);
}

/** For an `edit` item: the id of the message it changes (`edit.original_message_id`); null otherwise. */
export function editedMessageIdOf(item: unknown): string | null {
  return originalIdOf(item, 'edit');
}

/** For a `revoke` item: the id of the message the user deleted (`revoke.original_message_id`); null otherwise. */
export function revokedMessageIdOf(item: unknown): string | null {
  return originalIdOf(item, 'revoke');
}

/** For a reaction, an edit or a revoke: the id of the message it changes; null for any other item. */
export function changedMessageIdOf(item: unknown): string | null {
  if (isObject(item) && item.type === 'reaction') return nonEmpty(objectOr(item.reaction).message_id);
  return editedMessageIdOf(item) ?? revokedMessageIdOf(item);
}

/**
 * The context of a message the gateway sent (`context.message_id` of the send body: the message it answers); null when
 * the send answered none.
 */
export function contextOfSentBody(body: unknown): MessageContextDto | null {
  const replyTo = isObject(body) && isObject(body.context) ? nonEmpty(body.context.message_id) : null;
  return replyTo === null ? null : { replyTo, replyToFrom: null, forwarded: false, frequentlyForwarded: false, referredProductId: null };
}
