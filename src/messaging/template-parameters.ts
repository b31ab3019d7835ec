/**
 * Typed template parameters (TemplateMessageInput.header, body, buttons) checked and built into the upstream's
 * template components. The interface shows only the limited-time offer's components; the other shapes follow the
 * platform's public reference for template messages (see docs/decisions.md).
 */
import type { TemplateButtonInput, TemplateHeaderInput, TemplateMessageInput, TemplateParameterInput } from '../generated/graphql.js';
import { compact, headerMedia, isSet, Rules, UNLIMITED, type MessagingHosting } from './send-shared.js';

type Json = Record<string, unknown>;

/** A template has at most 10 buttons upstream, so button indexes run 0..9. */
export const TEMPLATE_BUTTON_INDEX_MAX = 9;
/** The platform's copy-code button takes a code of at most 15 characters. */
export const COUPON_CODE_MAX = 15;
/** Named parameters ({{order_id}}) are lowercase letters, digits and underscores. */
const PARAMETER_NAME = /^[a-z0-9_]+$/;
const CURRENCY_CODE = /^[A-Z]{3}$/;

const HEADER_MEMBERS = ['text', 'image', 'video', 'document', 'location'] as const;

function header(rules: Rules, input: TemplateHeaderInput, hosting: MessagingHosting, path: string): Json | undefined {
  const given = HEADER_MEMBERS.filter((member) => isSet(input[member]));
  if (given.length !== 1) {
    rules.refuse(`header needs exactly one of ${HEADER_MEMBERS.join(', ')}; got ${given.length > 0 ? given.join(', ') : 'none'}`, path);
    return undefined;
  }
  const [member] = given;
  let parameter: Json;
  if (member === 'text') {
    rules.required(input.text, UNLIMITED, `${path}.text`);
    parameter = { type: 'text', text: input.text };
  } else if (member === 'location') {
    // Location headers came to templates on the cloud API; the on-premise reference has none.
    if (hosting !== 'CLOUD') rules.refuse('a location header exists on CLOUD channels only', `${path}.location`);
    const { latitude, longitude, name, address } = input.location!;
    if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) rules.refuse('latitude must lie between -90 and 90', `${path}.location.latitude`);
    if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180)
      rules.refuse('longitude must lie between -180 and 180', `${path}.location.longitude`);
    rules.required(name, UNLIMITED, `${path}.location.name`);
    rules.required(address, UNLIMITED, `${path}.location.address`);
    parameter = { type: 'location', location: { latitude, longitude, name, address } };
  } else {
    parameter = { type: member, [member]: headerMedia(rules, member, input[member]!, `${path}.${member}`) };
  }
  return { type: 'header', parameters: [parameter] };
}

function bodyParameter(rules: Rules, input: TemplateParameterInput, hosting: MessagingHosting, field: string): Json {
  const given = (['text', 'currency', 'dateTime'] as const).filter((member) => isSet(input[member]));
  if (given.length !== 1) {
    rules.refuse(`a body parameter needs exactly one of text, currency and dateTime; got ${given.length > 0 ? given.join(', ') : 'none'}`, field);
    return {};
  }
  if (isSet(input.name)) {
    // Named parameters are a cloud template feature; on-premise templates number their variables.
    if (hosting !== 'CLOUD') rules.refuse('named parameters exist on CLOUD channels only', `${field}.name`);
    else if (!PARAMETER_NAME.test(input.name!)) rules.refuse('a parameter name is lowercase letters, digits and underscores', `${field}.name`);
  }
  const named = isSet(input.name) ? { parameter_name: input.name } : {};
  if (isSet(input.currency)) {
    const { fallbackValue, code, amount1000 } = input.currency!;
    rules.required(fallbackValue, UNLIMITED, `${field}.currency.fallbackValue`);
    if (!CURRENCY_CODE.test(code)) rules.refuse('code must be an ISO 4217 currency code (three capital letters)', `${field}.currency.code`);
    if (!Number.isInteger(amount1000)) rules.refuse('amount1000 must be a whole number', `${field}.currency.amount1000`);
    return { type: 'currency', ...named, currency: { fallback_value: fallbackValue, code, amount_1000: amount1000 } };
  }
  if (isSet(input.dateTime)) {
    rules.required(input.dateTime!.fallbackValue, UNLIMITED, `${field}.dateTime.fallbackValue`);
    return { type: 'date_time', ...named, date_time: { fallback_value: input.dateTime!.fallbackValue } };
  }
  rules.required(input.text, UNLIMITED, `${field}.text`);
  return { type: 'text', ...named, text: input.text };
}

function body(rules: Rules, parameters: TemplateParameterInput[], hosting: MessagingHosting, path: string): Json | undefined {
  if (parameters.length === 0) {
    rules.refuse('body needs at least one parameter when given', path);
    return undefined;
  }
  const namedCount = parameters.filter((parameter) => isSet(parameter.name)).length;
  if (namedCount !== 0 && namedCount !== parameters.length) rules.refuse('body parameters are all named or none', path);
  rules.distinct(
    parameters.flatMap((parameter, index) => (isSet(parameter.name) ? [{ value: parameter.name!, field: `${path}.${index}.name` }] : [])),
    'parameter names',
  );
  return { type: 'body', parameters: parameters.map((parameter, index) => bodyParameter(rules, parameter, hosting, `${path}.${index}`)) };
}

/** Which member each button kind takes; any other member given is refused. */
const BUTTON_MEMBERS = {
  QUICK_REPLY: ['payload'],
  URL: ['text'],
  COPY_CODE: ['couponCode'],
  FLOW: ['flowToken', 'flowActionData'],
} as const;
const ALL_BUTTON_MEMBERS = ['payload', 'text', 'couponCode', 'flowToken', 'flowActionData'] as const;

function button(rules: Rules, input: TemplateButtonInput, field: string): Json {
  const allowed: readonly string[] = BUTTON_MEMBERS[input.kind];
  for (const member of ALL_BUTTON_MEMBERS) {
    if (isSet(input[member]) && !allowed.includes(member)) rules.refuse(`${member} does not go with a ${input.kind} button`, `${field}.${member}`);
  }
  if (!Number.isInteger(input.index) || input.index < 0 || input.index > TEMPLATE_BUTTON_INDEX_MAX) {
    rules.refuse(`index must lie between 0 and ${TEMPLATE_BUTTON_INDEX_MAX}`, `${field}.index`);
  }
  const at = { type: 'button', index: input.index };
  switch (input.kind) {
    case 'QUICK_REPLY':
      rules.required(input.payload, UNLIMITED, `${field}.payload`);
      return { ...at, sub_type: 'quick_reply', parameters: [{ type: 'payload', payload: input.payload }] };
    case 'URL':
      rules.required(input.text, UNLIMITED, `${field}.text`);
      return { ...at, sub_type: 'url', parameters: [{ type: 'text', text: input.text }] };
    case 'COPY_CODE':
      rules.required(input.couponCode, COUPON_CODE_MAX, `${field}.couponCode`);
      return { ...at, sub_type: 'copy_code', parameters: [{ type: 'coupon_code', coupon_code: input.couponCode }] };
    case 'FLOW': {
      rules.optional(input.flowToken, UNLIMITED, `${field}.flowToken`);
      const data: unknown = input.flowActionData;
      if (isSet(data) && (typeof data !== 'object' || Array.isArray(data))) rules.refuse('flowActionData must be a JSON object', `${field}.flowActionData`);
      return { ...at, sub_type: 'flow', parameters: [{ type: 'action', action: compact({ flow_token: input.flowToken, flow_action_data: data }) }] };
    }
  }
}

function buttons(rules: Rules, input: TemplateMessageInput, path: string): Json[] {
  const given = input.buttons!;
  // The limited-time-offer fields place a copy-code button at 0 and a url button at urlButtonIndex.
  const taken = new Map<number, string>();
  if (isSet(input.couponCode)) taken.set(0, 'couponCode');
  if (isSet(input.urlButtonIndex)) taken.set(input.urlButtonIndex!, 'urlButtonIndex');
  given.forEach((entry, index) => {
    const other = taken.get(entry.index);
    if (other !== undefined) rules.refuse(`button index ${entry.index} is already given by ${other}`, `${path}.${index}.index`);
  });
  rules.distinct(
    given.map((entry, index) => ({ value: String(entry.index), field: `${path}.${index}.index` })),
    'button indexes',
  );
  return given.map((entry, index) => button(rules, entry, `${path}.${index}`));
}

/**
 * The components of the typed members that are given (header first, then body, then buttons), after every rule is
 * checked; conflicts with the older typed fields (headerMediaId, bodyParameters) are refused.
 */
export function typedTemplateComponents(rules: Rules, input: TemplateMessageInput, hosting: MessagingHosting): { header?: Json; body?: Json; buttons: Json[] } {
  const path = 'input.template';
  if (isSet(input.header) && (isSet(input.headerMediaId) || isSet(input.headerMediaType))) {
    rules.refuse('header cannot be combined with headerMediaId or headerMediaType', `${path}.header`);
  }
  if (isSet(input.body) && isSet(input.bodyParameters)) rules.refuse('body cannot be combined with bodyParameters', `${path}.body`);
  return {
    header: isSet(input.header) ? header(rules, input.header!, hosting, `${path}.header`) : undefined,
    body: isSet(input.body) ? body(rules, input.body!, hosting, `${path}.body`) : undefined,
    buttons: isSet(input.buttons) ? buttons(rules, input, `${path}.buttons`) : [],
  };
}
