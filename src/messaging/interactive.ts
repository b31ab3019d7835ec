/**
 * Typed interactive sends (SendMessageInput.buttons, list, ctaUrl, flow, product, productList, catalog,
 * locationRequest) checked and built into the upstream's `interactive` object. The interface leaves the shape "not
 * shown"; shapes and limits follow the platform's public reference and how pywa and whatsapp-api-js check them (see
 * docs/decisions.md). Every rule of one send is checked, and all refusals come at once.
 */
import { BadUserInputError } from '../errors.js';
import type {
  CatalogMessageInput,
  CtaUrlMessageInput,
  FlowMessageInput,
  InteractiveHeaderInput,
  ListMessageInput,
  LocationRequestMessageInput,
  ProductListMessageInput,
  ProductMessageInput,
  ReplyButtonsMessageInput,
  SendMessageInput,
} from '../generated/graphql.js';
import { compact, headerMedia, isSet, isHttpUrl, Rules, UNLIMITED, type MessagingHosting } from './send-shared.js';

type Json = Record<string, unknown>;

/** The typed interactive members of SendMessageInput, each with the upstream's `interactive.type`. */
export const INTERACTIVE_KINDS = {
  buttons: 'button',
  list: 'list',
  ctaUrl: 'cta_url',
  flow: 'flow',
  product: 'product',
  productList: 'product_list',
  catalog: 'catalog_message',
  locationRequest: 'location_request_message',
} as const;
export type InteractiveField = keyof typeof INTERACTIVE_KINDS;
export const INTERACTIVE_FIELDS = Object.keys(INTERACTIVE_KINDS) as InteractiveField[];

/**
 * The on-premise API documents reply buttons, lists and (single and multi) product messages; CTA URL, flow, catalog
 * and location-request messages came to the cloud API only.
 */
const ON_PREMISE_KINDS: ReadonlySet<InteractiveField> = new Set(['buttons', 'list', 'product', 'productList']);

export const INTERACTIVE_LIMITS = {
  headerText: 60,
  body: 1024,
  listBody: 4096,
  footer: 60,
  buttons: 3,
  buttonId: 256,
  buttonTitle: 20,
  listButtonText: 20,
  sections: 10,
  rows: 10,
  sectionTitle: 24,
  rowId: 200,
  rowTitle: 24,
  rowDescription: 72,
  ctaDisplayText: 20,
  flowCta: 20,
  products: 30,
} as const;

const textOf = (text: string | null | undefined): Json | undefined => (isSet(text) ? { text } : undefined);

const HEADER_MEDIA = ['image', 'video', 'document'] as const;

function header(rules: Rules, input: InteractiveHeaderInput | null | undefined, path: string): Json | undefined {
  if (!input) return undefined;
  const given = (['text', ...HEADER_MEDIA] as const).filter((member) => isSet(input[member]));
  if (given.length !== 1) {
    rules.refuse(`a header needs exactly one of text, image, video and document; got ${given.length > 0 ? given.join(', ') : 'none'}`, path);
    return undefined;
  }
  const [member] = given;
  if (member === 'text') {
    rules.required(input.text, INTERACTIVE_LIMITS.headerText, `${path}.text`);
    return { type: 'text', text: input.text };
  }
  return { type: member, [member]: headerMedia(rules, member, input[member]!, `${path}.${member}`) };
}

function buttons(rules: Rules, input: ReplyButtonsMessageInput, path: string): Json {
  rules.required(input.body, INTERACTIVE_LIMITS.body, `${path}.body`);
  rules.optional(input.footer, INTERACTIVE_LIMITS.footer, `${path}.footer`);
  rules.count(input.buttons.length, 1, INTERACTIVE_LIMITS.buttons, `${path}.buttons`, 'reply buttons');
  input.buttons.forEach((button, index) => {
    const field = `${path}.buttons.${index}`;
    rules.required(button.id, INTERACTIVE_LIMITS.buttonId, `${field}.id`);
    // The upstream refuses an id with blanks around it (whatsapp-api-js checks it too).
    if (button.id.trim() !== '' && button.id.trim() !== button.id) rules.refuse('a button id has no leading or trailing blanks', `${field}.id`);
    rules.required(button.title, INTERACTIVE_LIMITS.buttonTitle, `${field}.title`);
  });
  rules.distinct(
    input.buttons.map((button, index) => ({ value: button.id, field: `${path}.buttons.${index}.id` })),
    'button ids',
  );
  rules.distinct(
    input.buttons.map((button, index) => ({ value: button.title, field: `${path}.buttons.${index}.title` })),
    'button titles',
  );
  return compact({
    type: 'button',
    header: header(rules, input.header, `${path}.header`),
    body: { text: input.body },
    footer: textOf(input.footer),
    action: { buttons: input.buttons.map(({ id, title }) => ({ type: 'reply', reply: { id, title } })) },
  });
}

function list(rules: Rules, input: ListMessageInput, path: string): Json {
  rules.optional(input.header, INTERACTIVE_LIMITS.headerText, `${path}.header`);
  rules.required(input.body, INTERACTIVE_LIMITS.listBody, `${path}.body`);
  rules.optional(input.footer, INTERACTIVE_LIMITS.footer, `${path}.footer`);
  rules.required(input.buttonText, INTERACTIVE_LIMITS.listButtonText, `${path}.buttonText`);
  rules.count(input.sections.length, 1, INTERACTIVE_LIMITS.sections, `${path}.sections`, 'list sections');
  const rowCount = input.sections.reduce((sum, section) => sum + section.rows.length, 0);
  rules.count(rowCount, 1, INTERACTIVE_LIMITS.rows, `${path}.sections`, 'list rows in all sections');
  input.sections.forEach((section, index) => {
    const field = `${path}.sections.${index}`;
    if (input.sections.length > 1 && !isSet(section.title)) rules.refuse('every section needs a title when a list has more than one', `${field}.title`);
    rules.optional(section.title, INTERACTIVE_LIMITS.sectionTitle, `${field}.title`);
    if (section.rows.length === 0) rules.refuse('a section needs at least one row', `${field}.rows`);
    section.rows.forEach((row, position) => {
      rules.required(row.id, INTERACTIVE_LIMITS.rowId, `${field}.rows.${position}.id`);
      rules.required(row.title, INTERACTIVE_LIMITS.rowTitle, `${field}.rows.${position}.title`);
      rules.optional(row.description, INTERACTIVE_LIMITS.rowDescription, `${field}.rows.${position}.description`);
    });
  });
  rules.distinct(
    input.sections.flatMap((section, index) =>
      section.rows.map((row, position) => ({ value: row.id, field: `${path}.sections.${index}.rows.${position}.id` })),
    ),
    'row ids',
  );
  return compact({
    type: 'list',
    header: isSet(input.header) ? { type: 'text', text: input.header } : undefined,
    body: { text: input.body },
    footer: textOf(input.footer),
    action: {
      button: input.buttonText,
      sections: input.sections.map((section) =>
        compact({ title: section.title, rows: section.rows.map((row) => compact({ id: row.id, title: row.title, description: row.description })) }),
      ),
    },
  });
}

function ctaUrl(rules: Rules, input: CtaUrlMessageInput, path: string): Json {
  rules.required(input.body, INTERACTIVE_LIMITS.body, `${path}.body`);
  rules.optional(input.footer, INTERACTIVE_LIMITS.footer, `${path}.footer`);
  rules.required(input.displayText, INTERACTIVE_LIMITS.ctaDisplayText, `${path}.displayText`);
  if (!isHttpUrl(input.url)) rules.refuse('url must be an http:// or https:// URL', `${path}.url`);
  return compact({
    type: 'cta_url',
    header: header(rules, input.header, `${path}.header`),
    body: { text: input.body },
    footer: textOf(input.footer),
    action: { name: 'cta_url', parameters: { display_text: input.displayText, url: input.url } },
  });
}

const isJsonObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function flow(rules: Rules, input: FlowMessageInput, path: string): Json {
  rules.required(input.body, INTERACTIVE_LIMITS.body, `${path}.body`);
  rules.optional(input.footer, INTERACTIVE_LIMITS.footer, `${path}.footer`);
  rules.required(input.flowCta, INTERACTIVE_LIMITS.flowCta, `${path}.flowCta`);
  if (isSet(input.flowId) === isSet(input.flowName)) rules.refuse('a flow message needs exactly one of flowId and flowName', `${path}.flowId`);
  rules.optional(input.flowId, UNLIMITED, `${path}.flowId`);
  rules.optional(input.flowName, UNLIMITED, `${path}.flowName`);
  rules.optional(input.flowToken, UNLIMITED, `${path}.flowToken`);
  const action = input.action ?? 'NAVIGATE';
  if (action === 'DATA_EXCHANGE') {
    if (isSet(input.screen)) rules.refuse('screen goes with the NAVIGATE action only', `${path}.screen`);
    if (isSet(input.data)) rules.refuse('data goes with the NAVIGATE action only', `${path}.data`);
  } else {
    rules.optional(input.screen, UNLIMITED, `${path}.screen`);
    if (isSet(input.data)) {
      if (!isJsonObject(input.data) || Object.keys(input.data).length === 0) rules.refuse('data must be a non-empty JSON object', `${path}.data`);
      if (!isSet(input.screen)) rules.refuse('data needs the screen it is for', `${path}.screen`);
    }
  }
  const payload = action === 'NAVIGATE' && isSet(input.screen) ? compact({ screen: input.screen, data: input.data }) : undefined;
  return compact({
    type: 'flow',
    header: header(rules, input.header, `${path}.header`),
    body: { text: input.body },
    footer: textOf(input.footer),
    action: {
      name: 'flow',
      parameters: compact({
        flow_message_version: '3',
        flow_token: input.flowToken,
        flow_id: input.flowId,
        flow_name: input.flowName,
        flow_cta: input.flowCta,
        mode: (input.mode ?? 'PUBLISHED').toLowerCase(),
        flow_action: action.toLowerCase(),
        flow_action_payload: payload,
      }),
    },
  });
}

function product(rules: Rules, input: ProductMessageInput, hosting: MessagingHosting, path: string): Json {
  rules.optional(input.body, INTERACTIVE_LIMITS.body, `${path}.body`);
  rules.optional(input.footer, INTERACTIVE_LIMITS.footer, `${path}.footer`);
  rules.required(input.catalogId, UNLIMITED, `${path}.catalogId`);
  rules.productRetailerId(input.productRetailerId, hosting, `${path}.productRetailerId`);
  return compact({
    type: 'product',
    body: textOf(input.body),
    footer: textOf(input.footer),
    action: { catalog_id: input.catalogId, product_retailer_id: input.productRetailerId },
  });
}

function productList(rules: Rules, input: ProductListMessageInput, hosting: MessagingHosting, path: string): Json {
  rules.required(input.header, INTERACTIVE_LIMITS.headerText, `${path}.header`);
  rules.required(input.body, INTERACTIVE_LIMITS.body, `${path}.body`);
  rules.optional(input.footer, INTERACTIVE_LIMITS.footer, `${path}.footer`);
  rules.required(input.catalogId, UNLIMITED, `${path}.catalogId`);
  rules.count(input.sections.length, 1, INTERACTIVE_LIMITS.sections, `${path}.sections`, 'product sections');
  const productCount = input.sections.reduce((sum, section) => sum + section.productRetailerIds.length, 0);
  rules.count(productCount, 1, INTERACTIVE_LIMITS.products, `${path}.sections`, 'products in all sections');
  input.sections.forEach((section, index) => {
    const field = `${path}.sections.${index}`;
    rules.required(section.title, INTERACTIVE_LIMITS.sectionTitle, `${field}.title`);
    if (section.productRetailerIds.length === 0) rules.refuse('a section needs at least one product', `${field}.productRetailerIds`);
    section.productRetailerIds.forEach((id, position) => rules.productRetailerId(id, hosting, `${field}.productRetailerIds.${position}`));
  });
  return compact({
    type: 'product_list',
    header: { type: 'text', text: input.header },
    body: { text: input.body },
    footer: textOf(input.footer),
    action: {
      catalog_id: input.catalogId,
      sections: input.sections.map((section) => ({
        title: section.title,
        product_items: section.productRetailerIds.map((id) => ({ product_retailer_id: id })),
      })),
    },
  });
}

function catalog(rules: Rules, input: CatalogMessageInput, path: string): Json {
  rules.required(input.body, INTERACTIVE_LIMITS.body, `${path}.body`);
  rules.optional(input.footer, INTERACTIVE_LIMITS.footer, `${path}.footer`);
  rules.optional(input.thumbnailProductRetailerId, UNLIMITED, `${path}.thumbnailProductRetailerId`);
  const thumbnail = input.thumbnailProductRetailerId;
  return compact({
    type: 'catalog_message',
    body: { text: input.body },
    footer: textOf(input.footer),
    action: compact({ name: 'catalog_message', parameters: isSet(thumbnail) ? { thumbnail_product_retailer_id: thumbnail } : undefined }),
  });
}

function locationRequest(rules: Rules, input: LocationRequestMessageInput, path: string): Json {
  rules.required(input.body, INTERACTIVE_LIMITS.body, `${path}.body`);
  return { type: 'location_request_message', body: { text: input.body }, action: { name: 'send_location' } };
}

/**
 * The upstream `interactive` object for a typed member, after every rule is checked (BadUserInputError or
 * BadUserInputErrors otherwise). A kind the hosting does not take is refused naming the hosting.
 */
export function buildInteractive(field: InteractiveField, input: SendMessageInput, hosting: MessagingHosting): Json {
  const path = `input.${field}`;
  if (hosting === 'ON_PREMISE' && !ON_PREMISE_KINDS.has(field)) {
    const refusal = new BadUserInputError(
      `${field} messages (interactive ${INTERACTIVE_KINDS[field]}) are not available on ON_PREMISE (on-premise) channels; CLOUD channels take them`,
      path,
    );
    // Named as UNSUPPORTED_FOR_HOSTING names it, so a client reads the hosting without parsing the message.
    Object.assign(refusal.extensions, { hosting: 'ON_PREMISE' });
    throw refusal;
  }
  const rules = new Rules();
  let built: Json;
  switch (field) {
    case 'buttons':
      built = buttons(rules, input.buttons!, path);
      break;
    case 'list':
      built = list(rules, input.list!, path);
      break;
    case 'ctaUrl':
      built = ctaUrl(rules, input.ctaUrl!, path);
      break;
    case 'flow':
      built = flow(rules, input.flow!, path);
      break;
    case 'product':
      built = product(rules, input.product!, hosting, path);
      break;
    case 'productList':
      built = productList(rules, input.productList!, hosting, path);
      break;
    case 'catalog':
      built = catalog(rules, input.catalog!, path);
      break;
    case 'locationRequest':
      built = locationRequest(rules, input.locationRequest!, path);
      break;
  }
  rules.checks.done();
  return built;
}
