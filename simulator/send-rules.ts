import type { SimHosting } from './state.js';

/**
 * What the upstream refuses in a B1 body's content, checked by the simulator with its own reading of the interface
 * (`../shared/spec/service-interface.md`, B1) and, where it says "not shown" (interactive and ordinary template
 * shapes), of the platform's public reference (Cloud API "Messages" reference: interactive object, template object,
 * contacts object; the On-Premises API's differences). Nothing here comes from the gateway: a misreading both share
 * would otherwise pass unseen. Each check answers the first broken rule as the error's details, or null.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
/** Length as the platform counts it: characters (code points), not UTF-16 units. */
const length = (value: string) => [...value].length;
const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.trim() !== '' && length(value) <= max;
const objectList = (value: unknown): Json[] | null => (Array.isArray(value) && value.every(isObject) ? value : null);

/** A public http(s) URL with a host (B1: a media `link` is an HTTP/HTTPS URL; a CTA's `url` likewise). */
function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `YYYY-MM-DD` naming a day of the calendar (B1 contacts: `birthday`). */
function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** B1 contacts: `name.formatted_name` with at least one of the five other name fields beside it; `birthday` a real day. */
const NAME_COMPANIONS = ['first_name', 'last_name', 'middle_name', 'suffix', 'prefix'];

function contactsProblem(contacts: unknown[]): string | null {
  for (const [index, contact] of contacts.entries()) {
    const at = `contacts[${index}]`;
    if (!isObject(contact) || !isObject(contact.name)) return `${at}.name is required`;
    if (!isText(contact.name.formatted_name, Infinity)) return `${at}.name.formatted_name is required`;
    const name = contact.name;
    if (!NAME_COMPANIONS.some((field) => typeof name[field] === 'string' && name[field] !== '')) {
      return `${at}.name needs one of first_name, last_name, middle_name, suffix or prefix beside formatted_name`;
    }
    if (contact.birthday !== undefined && !isCalendarDate(contact.birthday)) return `${at}.birthday must be a date written YYYY-MM-DD`;
  }
  return null;
}

/** On-premise states a caption limit (B1); cloud states none. */
const ON_PREMISE_CAPTION_MAX = 1024;
const CAPTIONED = new Set(['document', 'image', 'video']);

/** B1 media: exactly one of id and link (checked by the route), a link http(s), caption only on document, image and video, filename only on documents. */
export function mediaProblem(type: string, media: Json, hosting: SimHosting): string | null {
  if ('link' in media && !isHttpUrl(media.link)) return `${type}.link must be a public http or https URL`;
  if ('caption' in media) {
    if (!CAPTIONED.has(type)) return `${type} takes no caption (only document, image and video do)`;
    if (typeof media.caption !== 'string') return `${type}.caption must be a string`;
    if (hosting === 'onPremise' && length(media.caption) > ON_PREMISE_CAPTION_MAX) return `${type}.caption is limited to ${ON_PREMISE_CAPTION_MAX} characters`;
  }
  if ('filename' in media && type !== 'document') return `${type} takes no filename (only document does)`;
  return null;
}

// --- interactive (platform reference: the interactive object of the Messages API) ---

const HEADER_TEXT_MAX = 60;
const BODY_TEXT_MAX = 1024;
const FOOTER_TEXT_MAX = 60;
const BUTTON_TITLE_MAX = 20;
const BUTTON_ID_MAX = 256;
const REPLY_BUTTONS_MAX = 3;
const LIST_BUTTON_MAX = 20;
const SECTIONS_MAX = 10;
const SECTION_TITLE_MAX = 24;
const ROWS_MAX = 10;
const ROW_ID_MAX = 200;
const ROW_TITLE_MAX = 24;
const ROW_DESCRIPTION_MAX = 72;
const PRODUCTS_MAX = 30;
const CTA_DISPLAY_TEXT_MAX = 20;
const FLOW_CTA_MAX = 30;
/** Stated only for the On-Premises API (interface §9.5); cloud states none. */
const ON_PREMISE_RETAILER_ID_MAX = 100;

/** Which interactive kinds each hosting takes: the On-Premises API has reply buttons, lists and product messages. */
const INTERACTIVE_KINDS: Record<SimHosting, ReadonlySet<string>> = {
  cloud: new Set(['button', 'list', 'cta_url', 'flow', 'product', 'product_list', 'catalog_message', 'location_request_message']),
  onPremise: new Set(['button', 'list', 'product', 'product_list']),
};

/** Header kinds each interactive kind takes (none: no header). */
const HEADER_TYPES: Record<string, readonly string[]> = {
  button: ['text', 'image', 'video', 'document'],
  list: ['text'],
  cta_url: ['text', 'image', 'video', 'document'],
  flow: ['text', 'image', 'video', 'document'],
  product: [],
  product_list: ['text'],
  catalog_message: [],
  location_request_message: [],
};

function headerProblem(kind: string, header: unknown, hosting: SimHosting): string | null {
  if (header === undefined) return kind === 'product_list' ? 'interactive.header is required for product_list' : null;
  const allowed = HEADER_TYPES[kind];
  if (!isObject(header) || typeof header.type !== 'string' || !allowed.includes(header.type)) {
    return allowed.length === 0 ? `interactive ${kind} takes no header` : `interactive.header.type must be one of ${allowed.join(', ')} for ${kind}`;
  }
  if (header.type === 'text') return isText(header.text, HEADER_TEXT_MAX) ? null : `interactive.header.text must have 1 to ${HEADER_TEXT_MAX} characters`;
  const media = header[header.type];
  if (!isObject(media) || 'id' in media === 'link' in media) return `interactive.header.${header.type} needs exactly one of id and link`;
  return mediaProblem(header.type, media, hosting);
}

function retailerIdProblem(value: unknown, at: string, hosting: SimHosting): string | null {
  if (!isText(value, Infinity)) return `${at} is required`;
  if (hosting === 'onPremise' && length(value) > ON_PREMISE_RETAILER_ID_MAX) return `${at} is limited to ${ON_PREMISE_RETAILER_ID_MAX} characters on-premise`;
  return null;
}

function duplicate(values: unknown[]): unknown {
  return values.find((value, index) => values.indexOf(value) !== index);
}

function replyButtonsProblem(action: Json): string | null {
  const buttons = objectList(action.buttons);
  if (!buttons || buttons.length === 0 || buttons.length > REPLY_BUTTONS_MAX) return `interactive.action.buttons must hold 1 to ${REPLY_BUTTONS_MAX} buttons`;
  for (const [index, button] of buttons.entries()) {
    const reply = button.reply;
    if (button.type !== 'reply' || !isObject(reply)) return `interactive.action.buttons[${index}] must be {type: reply, reply: {id, title}}`;
    if (!isText(reply.id, BUTTON_ID_MAX)) return `interactive.action.buttons[${index}].reply.id must have 1 to ${BUTTON_ID_MAX} characters`;
    if (!isText(reply.title, BUTTON_TITLE_MAX)) return `interactive.action.buttons[${index}].reply.title must have 1 to ${BUTTON_TITLE_MAX} characters`;
  }
  const replies = buttons.map((button) => button.reply as Json);
  if (duplicate(replies.map((reply) => reply.id)) !== undefined) return 'interactive.action.buttons must have unique ids';
  if (duplicate(replies.map((reply) => reply.title)) !== undefined) return 'interactive.action.buttons must have unique titles';
  return null;
}

function sectionsProblem(action: Json, kind: 'list' | 'product_list', hosting: SimHosting): string | null {
  const sections = objectList(action.sections);
  if (!sections || sections.length === 0 || sections.length > SECTIONS_MAX) return `interactive.action.sections must hold 1 to ${SECTIONS_MAX} sections`;
  const ids: unknown[] = [];
  for (const [index, section] of sections.entries()) {
    const at = `interactive.action.sections[${index}]`;
    // A list's section title is required once there are several sections; a product list's always.
    const titleRequired = kind === 'product_list' || sections.length > 1;
    if (section.title !== undefined || titleRequired) {
      if (!isText(section.title, SECTION_TITLE_MAX)) return `${at}.title must have 1 to ${SECTION_TITLE_MAX} characters`;
    }
    if (kind === 'list') {
      const rows = objectList(section.rows);
      if (!rows || rows.length === 0) return `${at}.rows must hold at least one row`;
      for (const [rowIndex, row] of rows.entries()) {
        const rowAt = `${at}.rows[${rowIndex}]`;
        if (!isText(row.id, ROW_ID_MAX)) return `${rowAt}.id must have 1 to ${ROW_ID_MAX} characters`;
        if (!isText(row.title, ROW_TITLE_MAX)) return `${rowAt}.title must have 1 to ${ROW_TITLE_MAX} characters`;
        if (row.description !== undefined && (typeof row.description !== 'string' || length(row.description) > ROW_DESCRIPTION_MAX)) {
          return `${rowAt}.description is limited to ${ROW_DESCRIPTION_MAX} characters`;
        }
        ids.push(row.id);
      }
    } else {
      const items = objectList(section.product_items);
      if (!items || items.length === 0) return `${at}.product_items must hold at least one product`;
      for (const [itemIndex, item] of items.entries()) {
        const problem = retailerIdProblem(item.product_retailer_id, `${at}.product_items[${itemIndex}].product_retailer_id`, hosting);
        if (problem) return problem;
        ids.push(item.product_retailer_id);
      }
    }
  }
  if (kind === 'list' && ids.length > ROWS_MAX) return `interactive.action.sections hold ${ids.length} rows; at most ${ROWS_MAX}`;
  if (kind === 'product_list' && ids.length > PRODUCTS_MAX) return `interactive.action.sections hold ${ids.length} products; at most ${PRODUCTS_MAX}`;
  if (duplicate(ids) !== undefined) return kind === 'list' ? 'interactive list rows must have unique ids' : 'interactive product_list products must be unique';
  return null;
}

function flowProblem(action: Json): string | null {
  const parameters = action.parameters;
  if (action.name !== 'flow' || !isObject(parameters)) return 'interactive.action must be {name: flow, parameters}';
  if (parameters.flow_message_version !== '3') return 'interactive.action.parameters.flow_message_version must be "3"';
  if (!isText(parameters.flow_id, Infinity) && !isText(parameters.flow_name, Infinity)) return 'interactive.action.parameters needs flow_id or flow_name';
  if (!isText(parameters.flow_cta, FLOW_CTA_MAX)) return `interactive.action.parameters.flow_cta must have 1 to ${FLOW_CTA_MAX} characters`;
  if (parameters.flow_token !== undefined && !isText(parameters.flow_token, Infinity))
    return 'interactive.action.parameters.flow_token must be a non-empty string';
  const flowAction = parameters.flow_action ?? 'navigate';
  if (flowAction !== 'navigate' && flowAction !== 'data_exchange') return 'interactive.action.parameters.flow_action must be navigate or data_exchange';
  const payload = parameters.flow_action_payload;
  if (flowAction === 'navigate' && payload !== undefined && (!isObject(payload) || !isText(payload.screen, Infinity))) {
    return 'interactive.action.parameters.flow_action_payload.screen is required to navigate';
  }
  if (flowAction === 'data_exchange' && payload !== undefined) return 'interactive.action.parameters.flow_action_payload is only for navigate';
  return null;
}

function actionProblem(kind: string, action: Json, hosting: SimHosting): string | null {
  switch (kind) {
    case 'button':
      return replyButtonsProblem(action);
    case 'list':
      if (!isText(action.button, LIST_BUTTON_MAX)) return `interactive.action.button must have 1 to ${LIST_BUTTON_MAX} characters`;
      return sectionsProblem(action, 'list', hosting);
    case 'cta_url': {
      const parameters = action.parameters;
      if (action.name !== 'cta_url' || !isObject(parameters)) return 'interactive.action must be {name: cta_url, parameters: {display_text, url}}';
      if (!isText(parameters.display_text, CTA_DISPLAY_TEXT_MAX))
        return `interactive.action.parameters.display_text must have 1 to ${CTA_DISPLAY_TEXT_MAX} characters`;
      return isHttpUrl(parameters.url) ? null : 'interactive.action.parameters.url must be an http or https URL';
    }
    case 'flow':
      return flowProblem(action);
    case 'product':
      if (!isText(action.catalog_id, Infinity)) return 'interactive.action.catalog_id is required';
      return retailerIdProblem(action.product_retailer_id, 'interactive.action.product_retailer_id', hosting);
    case 'product_list':
      if (!isText(action.catalog_id, Infinity)) return 'interactive.action.catalog_id is required';
      return sectionsProblem(action, 'product_list', hosting);
    case 'catalog_message': {
      if (action.name !== 'catalog_message') return 'interactive.action.name must be catalog_message';
      const parameters = action.parameters;
      if (parameters === undefined) return null;
      if (!isObject(parameters)) return 'interactive.action.parameters must be an object';
      return parameters.thumbnail_product_retailer_id === undefined
        ? null
        : retailerIdProblem(parameters.thumbnail_product_retailer_id, 'interactive.action.parameters.thumbnail_product_retailer_id', hosting);
    }
    case 'location_request_message':
      return action.name === 'send_location' ? null : 'interactive.action.name must be send_location';
    default:
      return `interactive.type ${kind} is unknown`;
  }
}

/** The interactive object of B1 (type=interactive), as the platform's reference shapes it. */
export function interactiveProblem(interactive: Json, hosting: SimHosting): string | null {
  const kind = interactive.type;
  if (typeof kind !== 'string' || !INTERACTIVE_KINDS.cloud.has(kind)) return 'interactive.type is missing or unknown';
  if (!INTERACTIVE_KINDS[hosting].has(kind)) return `interactive ${kind} is not supported on-premise`;
  const header = headerProblem(kind, interactive.header, hosting);
  if (header) return header;
  // A single product's body is optional; every other kind needs one.
  if (interactive.body !== undefined || kind !== 'product') {
    if (!isObject(interactive.body) || !isText(interactive.body.text, BODY_TEXT_MAX)) return `interactive.body.text must have 1 to ${BODY_TEXT_MAX} characters`;
  }
  if (interactive.footer !== undefined && (!isObject(interactive.footer) || !isText(interactive.footer.text, FOOTER_TEXT_MAX))) {
    return `interactive.footer.text must have 1 to ${FOOTER_TEXT_MAX} characters`;
  }
  if (!isObject(interactive.action)) return 'interactive.action is required';
  return actionProblem(kind, interactive.action, hosting);
}

// --- template components (interface B2 for limited-time offers; the platform's template object for the rest) ---

const MEDIA_PARAMETERS = new Set(['image', 'video', 'document']);

function parameterProblem(parameter: Json, at: string, hosting: SimHosting): string | null {
  const type = parameter.type;
  switch (type) {
    case 'text':
      return isText(parameter.text, Infinity) ? null : `${at}.text is required`;
    case 'currency': {
      const currency = parameter.currency;
      if (!isObject(currency) || !isText(currency.fallback_value, Infinity) || typeof currency.code !== 'string' || !/^[A-Z]{3}$/.test(currency.code)) {
        return `${at}.currency needs fallback_value and a three-letter code`;
      }
      return Number.isInteger(currency.amount_1000) ? null : `${at}.currency.amount_1000 must be an integer`;
    }
    case 'date_time': {
      const dateTime = parameter.date_time;
      if (!isObject(dateTime)) return `${at}.date_time is required`;
      // Interface §9.5: cloud uses only the fallback value, so it cannot do without one.
      if (hosting === 'cloud' && !isText(dateTime.fallback_value, Infinity)) return `${at}.date_time.fallback_value is required on cloud`;
      return null;
    }
    case 'image':
    case 'video':
    case 'document': {
      const media = parameter[type];
      if (!isObject(media) || 'id' in media === 'link' in media) return `${at}.${type} needs exactly one of id and link`;
      return mediaProblem(type, media, hosting);
    }
    case 'location': {
      const location = parameter.location;
      return isObject(location) && typeof location.latitude === 'number' && typeof location.longitude === 'number'
        ? null
        : `${at}.location needs latitude and longitude`;
    }
    case 'payload':
      return isText(parameter.payload, Infinity) ? null : `${at}.payload is required`;
    case 'coupon_code':
      return isText(parameter.coupon_code, Infinity) ? null : `${at}.coupon_code is required`;
    case 'action':
      return isObject(parameter.action) ? null : `${at}.action is required`;
    case 'limited_time_offer':
      return isObject(parameter.limited_time_offer) && typeof parameter.limited_time_offer.expiration_time_ms === 'number'
        ? null
        : `${at}.limited_time_offer.expiration_time_ms must be a number`;
    default:
      return `${at}.type ${String(type)} is unknown`;
  }
}

/** Which parameter types each component (and button sub_type) takes. */
const COMPONENT_PARAMETERS: Record<string, ReadonlySet<string>> = {
  header: new Set(['text', 'image', 'video', 'document', 'location']),
  body: new Set(['text', 'currency', 'date_time']),
  limited_time_offer: new Set(['limited_time_offer']),
  quick_reply: new Set(['payload']),
  url: new Set(['text']),
  copy_code: new Set(['coupon_code']),
  flow: new Set(['action']),
  catalog: new Set(['action']),
};

/** A template's `components` as sent: each a known component whose parameters are of the types it takes. */
export function templateComponentsProblem(components: unknown, hosting: SimHosting): string | null {
  if (components === undefined) return null;
  const list = objectList(components);
  if (!list) return 'template.components must be an array of objects';
  for (const [index, component] of list.entries()) {
    const at = `template.components[${index}]`;
    const type = typeof component.type === 'string' ? component.type.toLowerCase() : '';
    const subType = typeof component.sub_type === 'string' ? component.sub_type.toLowerCase() : '';
    const key = type === 'button' ? subType : type;
    const accepted = COMPONENT_PARAMETERS[key];
    if (!accepted) return type === 'button' ? `${at}.sub_type ${subType || '(none)'} is unknown` : `${at}.type ${type || '(none)'} is unknown`;
    if (type === 'button' && !(Number.isInteger(Number(component.index)) && Number(component.index) >= 0)) return `${at}.index must be a button position`;
    const parameters = objectList(component.parameters ?? []);
    if (!parameters) return `${at}.parameters must be an array of objects`;
    if (type === 'button' && parameters.length !== 1) return `${at} takes one parameter`;
    for (const [parameterIndex, parameter] of parameters.entries()) {
      const parameterAt = `${at}.parameters[${parameterIndex}]`;
      if (typeof parameter.type !== 'string' || !accepted.has(parameter.type))
        return `${parameterAt}.type must be one of ${[...accepted].join(', ')} in ${key}`;
      const problem = parameterProblem(parameter, parameterAt, hosting);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * What a send of a created limited-time-offer template must carry (interface B2, "Send an approved template"): a
 * header parameter with the media `id` when the template has a header; body text parameters, one per variable; the
 * limited_time_offer parameter with `expiration_time_ms` when it has expiration details; the copy_code button (index
 * 0) with a `coupon_code` with expiration details or whenever it has a copy-code button; and always the url button
 * (at the template's button position) with its text parameter.
 */
export function limitedTimeOfferSendProblem(created: unknown[], components: unknown): string | null {
  const createdList = created.filter(isObject);
  const of = (type: string) => createdList.find((component) => String(component.type).toLowerCase() === type);
  const offer = of('limited_time_offer');
  if (!offer) return null;
  const sent = objectList(components ?? []) ?? [];
  const sentOf = (type: string, subType?: string) =>
    sent.find((component) => String(component.type).toLowerCase() === type && (subType === undefined || String(component.sub_type).toLowerCase() === subType));
  const parametersOf = (component: Json | undefined) => objectList(component?.parameters ?? []) ?? [];

  if (of('header')) {
    const header = parametersOf(sentOf('header'));
    if (
      !header.some(
        (parameter) =>
          MEDIA_PARAMETERS.has(String(parameter.type)) && isObject(parameter[String(parameter.type)]) && 'id' in (parameter[String(parameter.type)] as Json),
      )
    ) {
      return 'the template has a header: a header component with the media id is required';
    }
  }
  const bodyText = of('body')?.text;
  const variables = new Set(typeof bodyText === 'string' ? [...bodyText.matchAll(/\{\{(\d+)\}\}/g)].map((match) => match[1]) : []);
  if (variables.size > 0 && parametersOf(sentOf('body')).filter((parameter) => parameter.type === 'text').length !== variables.size) {
    return `the template's body has ${variables.size} variable(s): as many body text parameters are required`;
  }
  const hasExpiration = isObject(offer.limited_time_offer) && offer.limited_time_offer.has_expiration === true;
  if (hasExpiration && !parametersOf(sentOf('limited_time_offer')).some((parameter) => isObject(parameter.limited_time_offer))) {
    return 'the template has expiration details: a limited_time_offer parameter with expiration_time_ms is required';
  }
  const buttons = objectList(of('buttons')?.buttons ?? []) ?? [];
  const hasCopyCode = buttons.some((button) => String(button.type).toLowerCase() === 'copy_code');
  if (hasExpiration || hasCopyCode) {
    const copy = sentOf('button', 'copy_code');
    if (!copy || Number(copy.index) !== 0 || !parametersOf(copy).some((parameter) => parameter.type === 'coupon_code')) {
      return 'a copy_code button (index 0) with a coupon_code parameter is required';
    }
  }
  const urlIndex = buttons.findIndex((button) => String(button.type).toLowerCase() === 'url');
  const url = sentOf('button', 'url');
  if (!url || Number(url.index) !== urlIndex || !parametersOf(url).some((parameter) => parameter.type === 'text')) {
    return `the url button (index ${urlIndex}) with a text parameter is required`;
  }
  return null;
}

/** The content of a B1 body beside what the route checks itself (type, recipient, text, location, window). */
export function contentProblem(type: string, content: unknown, hosting: SimHosting): string | null {
  if (type === 'contacts') return contactsProblem(content as unknown[]);
  if (type === 'interactive') return interactiveProblem(content as Json, hosting);
  if (type === 'template') return templateComponentsProblem((content as Json).components, hosting);
  if (['audio', 'document', 'image', 'sticker', 'video'].includes(type)) return mediaProblem(type, content as Json, hosting);
  return null;
}
