/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What kind of actor did something: a person, a service, or the business's phone app. */
export type ActorKind =
  /** The business's phone app or a linked device, on a number shared with the API (a message echo). */
  | 'BUSINESS_APP'
  /** Someone signed in through the identity provider, presenting their access token. */
  | 'PERSON'
  /** Some back-end presenting one of the gateway tokens or a forwarded partner credential, or the gateway itself on the simulator. */
  | 'SERVICE';

/** Message whose button opens the business's catalog. */
export type CatalogMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: string;
  /** Footer line, at most 60 characters. */
  footer?: string | null | undefined;
  /** The product whose image is the header; the catalog's first product when null. */
  thumbnailProductRetailerId?: string | null | undefined;
};

/** Postal address of a contact card. */
export type ContactAddressInput = {
  /** City or town. */
  city?: string | null | undefined;
  /** Country name. */
  country?: string | null | undefined;
  /** Country code, two letters; BAD_USER_INPUT otherwise. */
  countryCode?: string | null | undefined;
  /** State or region. */
  state?: string | null | undefined;
  /** Street and number. */
  street?: string | null | undefined;
  /** Kind of address: HOME or WORK. */
  type?: string | null | undefined;
  /** Postal code. */
  zip?: string | null | undefined;
};

/** One contact card of a contacts message. */
export type ContactCardInput = {
  /** Postal addresses. */
  addresses?: Array<ContactAddressInput> | null | undefined;
  /** Birthday as a date, YYYY-MM-DD; BAD_USER_INPUT otherwise. */
  birthday?: string | null | undefined;
  /** E-mail addresses. */
  emails?: Array<ContactEmailInput> | null | undefined;
  /** The contact's name. */
  name: ContactNameInput;
  /** Organisation the contact works for. */
  org?: ContactOrgInput | null | undefined;
  /** Phone numbers. */
  phones?: Array<ContactPhoneInput> | null | undefined;
  /** Web addresses. */
  urls?: Array<ContactUrlInput> | null | undefined;
};

/** E-mail address of a contact card. */
export type ContactEmailInput = {
  /** The e-mail address; not empty. */
  email: string;
  /** Kind of address: HOME or WORK; BAD_USER_INPUT otherwise. */
  type?: string | null | undefined;
};

/** Name of a contact card: formattedName plus at least one other part (BAD_USER_INPUT otherwise). */
export type ContactNameInput = {
  /** First name. */
  firstName?: string | null | undefined;
  /** The full name as displayed; not empty. */
  formattedName: string;
  /** Last name. */
  lastName?: string | null | undefined;
  /** Middle name. */
  middleName?: string | null | undefined;
  /** Name prefix. */
  prefix?: string | null | undefined;
  /** Name suffix. */
  suffix?: string | null | undefined;
};

/** Organisation of a contact card. */
export type ContactOrgInput = {
  /** Company name. */
  company?: string | null | undefined;
  /** Department. */
  department?: string | null | undefined;
  /** Job title. */
  title?: string | null | undefined;
};

/** Phone number of a contact card. */
export type ContactPhoneInput = {
  /** The phone number; not empty. */
  phone: string;
  /** Kind of number: CELL, MAIN, IPHONE, HOME or WORK. */
  type?: string | null | undefined;
  /** The number's wa_id on the messaging network, if known. */
  waId?: string | null | undefined;
};

/** Web address of a contact card. */
export type ContactUrlInput = {
  /** Kind of address: HOME or WORK; BAD_USER_INPUT otherwise. */
  type?: string | null | undefined;
  /** The URL; not empty. */
  url: string;
};

/** Call-to-action URL button message. */
export type CtaUrlMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: string;
  /** The button's label, 1 to 20 characters. */
  displayText: string;
  /** Footer line, at most 60 characters. */
  footer?: string | null | undefined;
  /** Optional header above the body. */
  header?: InteractiveHeaderInput | null | undefined;
  /** The http:// or https:// URL the button opens. */
  url: string;
};

/** What a flow does when it opens. */
export type FlowAction =
  /** Asks the business's flow endpoint for the first screen. */
  | 'DATA_EXCHANGE'
  /** Opens the screen given (with its data). */
  | 'NAVIGATE';

/** Message whose button opens a WhatsApp Flow. */
export type FlowMessageInput = {
  /** NAVIGATE opens `screen`; DATA_EXCHANGE asks the flow endpoint and takes neither screen nor data. */
  action?: FlowAction | null | undefined;
  /** The message text, 1 to 1024 characters. */
  body: string;
  /** NAVIGATE: the first screen's data, a non-empty JSON object. */
  data?: unknown;
  /** The button's text, 1 to 20 characters. */
  flowCta: string;
  /** The flow's id; exactly one of flowId and flowName. */
  flowId?: string | number | null | undefined;
  /** The flow's name; exactly one of flowId and flowName. */
  flowName?: string | null | undefined;
  /** Your token for this flow, sent back with its answer; the upstream's "unused" when null. */
  flowToken?: string | null | undefined;
  /** Footer line, at most 60 characters. */
  footer?: string | null | undefined;
  /** Optional header above the body. */
  header?: InteractiveHeaderInput | null | undefined;
  /** The flow's version to open: PUBLISHED unless DRAFT is given. */
  mode?: FlowMode | null | undefined;
  /** NAVIGATE: the id of the first screen; required with data. */
  screen?: string | null | undefined;
};

/** Which version of a flow a flow message opens. */
export type FlowMode =
  /** The flow's draft, for testing. */
  | 'DRAFT'
  /** The flow's published version. */
  | 'PUBLISHED';

/** Where a channel's messaging runs, which decides the messaging calls and limits that apply to it (read from the upstream `integration.hosting_platform_type`). */
export type Hosting =
  /** Cloud hosting (`net_cloud_api`): the current variant and the default for new numbers. */
  | 'CLOUD'
  /** On-premise hosting (`net_hosting`). Deprecated upstream: no new numbers can be onboarded on it since 15 May 2024, its support ended in October 2025 (`Channel.hostingSupportEndsAt`), and since on-premise 2.53 new features reach only cloud. Channels still on it keep working through this gateway, which logs one warning per such channel it uses; migrate them to cloud. */
  | 'ON_PREMISE'
  /** Hosting type that this gateway does not know; messaging operations refuse such channels with UNSUPPORTED_FOR_HOSTING. */
  | 'UNKNOWN';

/** Lifecycle state of a channel on the messaging network (the upstream `hub_status`). Transitions between states are not documented upstream. */
export type HubStatus =
  /** On-behalf-of business accounts only: the channel exists in the platform but not on the messaging network. */
  | 'DONE'
  /** The channel exists in the partner platform but is not yet synchronised with the messaging network. */
  | 'DRAFT'
  /** The channel is live: it can send and receive messages. */
  | 'LIVE'
  /** On-behalf-of business accounts only: the channel exists in the platform but is not yet synchronised with the network. */
  | 'PENDING'
  /** The channel awaits deletion. */
  | 'PENDING_DELETION'
  /** The channel is in the sandbox state listed upstream; the interface does not describe it further. */
  | 'SANDBOX'
  /** The upstream sent a status this gateway does not know yet; the answer also carries an error at this field with the raw value, which `hubStatusRaw` shows too. */
  | 'UNKNOWN'
  /** The channel is unregistered from the messaging API. */
  | 'UNREGISTERED';

/** An interactive message's header: exactly one of a text (1 to 60 characters) and one media item (by id or link, without caption). */
export type InteractiveHeaderInput = {
  /** Document header (with an optional file name). */
  document?: MediaMessageInput | null | undefined;
  /** Image header. */
  image?: MediaMessageInput | null | undefined;
  /** The header text, 1 to 60 characters. */
  text?: string | null | undefined;
  /** Video header. */
  video?: MediaMessageInput | null | undefined;
};

/** Kinds of interactive message a business sends. */
export type InteractiveKind =
  /** Up to 3 reply buttons. */
  | 'BUTTONS'
  /** Button that opens the catalog. */
  | 'CATALOG'
  /** Button that opens a URL. */
  | 'CTA_URL'
  /** Button that opens a WhatsApp Flow. */
  | 'FLOW'
  /** List of rows behind a button. */
  | 'LIST'
  /** Button asking the user to share a location. */
  | 'LOCATION_REQUEST'
  /** One product of a catalog. */
  | 'PRODUCT'
  /** Several products of a catalog. */
  | 'PRODUCT_LIST';

/** Which kind of interactive message a user answered. */
export type InteractiveReplyKind =
  /** The user tapped a reply button of an interactive button message. */
  | 'BUTTON'
  /** The user completed a flow (a form); its answers are in flowResponse. */
  | 'FLOW'
  /** The user chose a row of an interactive list message. */
  | 'LIST';

/** List message: a button opens the sections and their rows; the user picks one row. */
export type ListMessageInput = {
  /** The message text, 1 to 4096 characters. */
  body: string;
  /** The label of the button that opens the list, 1 to 20 characters. */
  buttonText: string;
  /** Footer line, at most 60 characters. */
  footer?: string | null | undefined;
  /** Header text, at most 60 characters (lists take no media header). */
  header?: string | null | undefined;
  /** 1 to 10 sections holding 1 to 10 rows in all; every section titled when there is more than one. */
  sections: Array<ListSectionInput>;
};

/** One row of a list. */
export type ListRowInput = {
  /** Line under the title, at most 72 characters. */
  description?: string | null | undefined;
  /** Your id for the row, 1 to 200 characters, distinct across the list; returned when picked. */
  id: string;
  /** The row's title, 1 to 24 characters. */
  title: string;
};

/** One section of a list. */
export type ListSectionInput = {
  /** The section's rows, at least one. */
  rows: Array<ListRowInput>;
  /** The section's title, at most 24 characters; required when the list has more than one section. */
  title?: string | null | undefined;
};

/** Location pin; every field is required. */
export type LocationMessageInput = {
  /** Address of the place; not empty. */
  address: string;
  /** Latitude in degrees, -90..90. */
  latitude: number;
  /** Longitude in degrees, -180..180. */
  longitude: number;
  /** Name of the place; not empty. */
  name: string;
};

/** Message asking the user to share a location. */
export type LocationRequestMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: string;
};

/** Kinds of media a message can carry. */
export type MediaKind =
  /** Sound file or voice note (see MediaContent.voice). */
  | 'AUDIO'
  /** File such as a PDF, a spreadsheet or plain text, usually with a file name. */
  | 'DOCUMENT'
  /** Photo (JPEG or PNG). */
  | 'IMAGE'
  /** Sticker (WebP image), static or animated. */
  | 'STICKER'
  /** Video (MP4 or 3GP). */
  | 'VIDEO';

/** Media file to send: give exactly one of `id` and `link` (BAD_USER_INPUT otherwise). */
export type MediaMessageInput = {
  /** Caption for documents, images and videos only; at most 1024 characters on-premise. */
  caption?: string | null | undefined;
  /** File name shown for documents only. */
  filename?: string | null | undefined;
  /** Id of a file uploaded with uploadMedia or POST /media/{channelId} (recommended). */
  id?: string | number | null | undefined;
  /** Public http:// or https:// URL pointing directly at the file. */
  link?: string | null | undefined;
  /** On-premise only: name of the provider for links that need authorisation; BAD_USER_INPUT on cloud. */
  provider?: string | null | undefined;
};

/** Kind of media file, which decides its accepted content types and size limit (cloud / on-premise). */
export type MediaType =
  /** Audio: AAC, MP4, MPEG, AMR or OGG (opus codec only), at most 16 MB. */
  | 'AUDIO'
  /** Document: plain text, PDF or Office files (word processing, presentation, spreadsheet), at most 100 MB on cloud and 64 MB on-premise, where any MIME type is accepted. */
  | 'DOCUMENT'
  /** Image: JPEG or PNG (8-bit RGB or RGBA), at most 5 MB. */
  | 'IMAGE'
  /** Sticker: WebP, at most 100 KB static or 500 KB animated; on-premise takes static stickers only. */
  | 'STICKER'
  /** Video: MP4 or 3GP (H.264 video, AAC audio), at most 16 MB. */
  | 'VIDEO';

/** Which way a recorded message went. */
export type MessageDirection =
  /** Sent by a user to the channel (received through a notification). */
  | 'INBOUND'
  /** Sent by the channel (through this gateway's sendMessage, or known from its status notifications). */
  | 'OUTBOUND';

/** Several products of a catalog, in sections. */
export type ProductListMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: string;
  /** The catalog's id. */
  catalogId: string | number;
  /** Footer line, at most 60 characters. */
  footer?: string | null | undefined;
  /** The header text, 1 to 60 characters. */
  header: string;
  /** 1 to 10 sections holding 1 to 30 products in all. */
  sections: Array<ProductSectionInput>;
};

/** One product of a catalog. */
export type ProductMessageInput = {
  /** An optional text, at most 1024 characters. */
  body?: string | null | undefined;
  /** The catalog's id. */
  catalogId: string | number;
  /** Footer line, at most 60 characters. */
  footer?: string | null | undefined;
  /** The product's retailer id (its SKU); on-premise at most 100 characters. */
  productRetailerId: string;
};

/** One section of a product list. */
export type ProductSectionInput = {
  /** The products' retailer ids, at least one; on-premise each at most 100 characters. */
  productRetailerIds: Array<string>;
  /** The section's title, 1 to 24 characters. */
  title: string;
};

/** Who a message went to, as its status notification says (`recipient_type`). */
export type RecipientType =
  /** Sent to a group: the recipient is the group's id. */
  | 'GROUP'
  /** One user: the recipient is the contact of a one-to-one conversation. */
  | 'INDIVIDUAL';

/** One reply button. */
export type ReplyButtonInput = {
  /** Your id for the button, 1 to 256 characters without leading or trailing blanks; returned when tapped. */
  id: string;
  /** The button's label, 1 to 20 characters. */
  title: string;
};

/** Reply buttons: the user answers by tapping one (its id comes back as InteractiveReplyContent.replyId). */
export type ReplyButtonsMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: string;
  /** 1 to 3 buttons with distinct ids and distinct titles. */
  buttons: Array<ReplyButtonInput>;
  /** Footer line, at most 60 characters. */
  footer?: string | null | undefined;
  /** Optional header above the body. */
  header?: InteractiveHeaderInput | null | undefined;
};

/** Recipient and content of a message. Set exactly one content field (text, location, contacts, audio, document, image, sticker, video, template, interactive, or one typed interactive kind: buttons, list, ctaUrl, flow, product, productList, catalog, locationRequest); BAD_USER_INPUT otherwise. */
export type SendMessageInput = {
  /** Audio file to send. */
  audio?: MediaMessageInput | null | undefined;
  /** Reply buttons (interactive `button`): a body with 1 to 3 buttons the user taps to answer; both hostings. */
  buttons?: ReplyButtonsMessageInput | null | undefined;
  /** Cloud only: a body with a button that opens the business's catalog (interactive `catalog_message`); BAD_USER_INPUT on on-premise channels. */
  catalog?: CatalogMessageInput | null | undefined;
  /** One or more contact cards; at least one. */
  contacts?: Array<ContactCardInput> | null | undefined;
  /** Cloud only: a body with one button that opens a URL (interactive `cta_url`); BAD_USER_INPUT on on-premise channels. */
  ctaUrl?: CtaUrlMessageInput | null | undefined;
  /** Document file to send, with optional caption and file name. */
  document?: MediaMessageInput | null | undefined;
  /** Cloud only: a body with a button that opens a WhatsApp Flow (interactive `flow`); BAD_USER_INPUT on on-premise channels. */
  flow?: FlowMessageInput | null | undefined;
  /** Your key for this send, 1 to 256 characters: the same key within 24 hours returns the first result instead of sending again. BAD_USER_INPUT when reused for a different message. */
  idempotencyKey?: string | null | undefined;
  /** Image to send, with optional caption. */
  image?: MediaMessageInput | null | undefined;
  /** An interactive message, passed through as the upstream `interactive` object (its shape is not specified upstream); must be a JSON object. On-premise, each `product_retailer_id` (in `action` or `action.sections[].product_items[]`) is at most 100 characters, BAD_USER_INPUT otherwise; cloud states no limit and passes it through. */
  interactive?: unknown;
  /** List (interactive `list`): a body and a button that opens up to 10 rows in up to 10 sections; both hostings. */
  list?: ListMessageInput | null | undefined;
  /** Location pin to send. */
  location?: LocationMessageInput | null | undefined;
  /** Cloud only: a body with a button asking the user to share a location (interactive `location_request_message`); BAD_USER_INPUT on on-premise channels. */
  locationRequest?: LocationRequestMessageInput | null | undefined;
  /** One product of a catalog (interactive `product`); both hostings. */
  product?: ProductMessageInput | null | undefined;
  /** Up to 30 products of a catalog in up to 10 sections (interactive `product_list`); both hostings. */
  productList?: ProductListMessageInput | null | undefined;
  /** Cloud only: id of the message this one replies to; a message older than 30 days is sent as a normal message. BAD_USER_INPUT on on-premise channels. */
  replyTo?: string | number | null | undefined;
  /** Sticker to send. */
  sticker?: MediaMessageInput | null | undefined;
  /** An approved template: the only kind that reaches a user outside the 24-hour window. */
  template?: TemplateMessageInput | null | undefined;
  /** Text content. Free-form messages reach a user only within 24 hours of their last message. */
  text?: TextMessageInput | null | undefined;
  /** The recipient's contact key: its wa_id or a phone number in any format, or, on cloud channels, its business-scoped user id (sent as the upstream's `recipient`; BAD_USER_INPUT on-premise). */
  to: string;
  /** Video to send, with optional caption. */
  video?: MediaMessageInput | null | undefined;
};

/** State of the 24-hour customer-service window: free-form messages reach a contact only within 24 hours of the contact's last message; templates always may be sent. */
export type ServiceWindowState =
  /** The contact's last message is older than 24 hours (or the upstream said so): only templates are delivered. */
  | 'CLOSED'
  /** The contact wrote within the last 24 hours: any message type may be sent. */
  | 'OPEN'
  /** The gateway has not seen enough of the channel's notifications to know (no message from the contact held, and notifications received for less than 24 hours, e.g. after a deploy without Redis): a send goes through and the upstream decides. */
  | 'UNKNOWN';

/** One button parameter of a template; the member its kind needs, and no other. */
export type TemplateButtonInput = {
  /** COPY_CODE: the code the user copies, at most 15 characters. */
  couponCode?: string | null | undefined;
  /** FLOW: the data the flow's first screen starts with, a JSON object. */
  flowActionData?: unknown;
  /** FLOW: the flow token, sent back with the flow's answer (default "unused"). */
  flowToken?: string | null | undefined;
  /** The button's position in the template, 0..9. */
  index: number;
  /** The button's kind, as the template was created with. */
  kind: TemplateButtonKind;
  /** QUICK_REPLY: the payload returned when tapped (ButtonReplyContent.payload); not empty. */
  payload?: string | null | undefined;
  /** URL: the suffix appended to the button's URL; not empty. */
  text?: string | null | undefined;
};

/** The kind of a template button that takes a parameter. */
export type TemplateButtonKind =
  /** Copy-code button: the coupon code the user copies. */
  | 'COPY_CODE'
  /** Flow button: the token and data the flow starts with. */
  | 'FLOW'
  /** Quick-reply button: its payload comes back when the user taps it. */
  | 'QUICK_REPLY'
  /** URL button with a variable: its suffix is appended to the template's URL. */
  | 'URL';

/** An amount of money as a template parameter. */
export type TemplateCurrencyInput = {
  /** The amount times 1000 (100.99 is 100990). */
  amount1000: number;
  /** The ISO 4217 currency code, three capital letters (USD, EUR). */
  code: string;
  /** The text shown where the amount cannot be localised, e.g. "$100.99"; not empty. */
  fallbackValue: string;
};

/** Date and time as a template parameter. */
export type TemplateDateTimeInput = {
  /** The date as it is shown to the user, e.g. "February 25, 1977"; not empty (cloud renders only this value). */
  fallbackValue: string;
};

/** Header parameter of a template: exactly one member, matching the header the template was created with. */
export type TemplateHeaderInput = {
  /** The document of a document header, by id or link (with an optional file name). */
  document?: MediaMessageInput | null | undefined;
  /** The image of an image header, by id or link. */
  image?: MediaMessageInput | null | undefined;
  /** Cloud only: the location of a location header. */
  location?: LocationMessageInput | null | undefined;
  /** The text of a header with a variable; not empty. */
  text?: string | null | undefined;
  /** The video of a video header, by id or link. */
  video?: MediaMessageInput | null | undefined;
};

/** Approved template to send, with the values for its variables. Use the typed fields, or `components` for kinds not modelled here, never both. */
export type TemplateMessageInput = {
  /** Typed body parameters in order, or each with a name for templates with named parameters ({{order_id}}); instead of bodyParameters. All named or none. */
  body?: Array<TemplateParameterInput> | null | undefined;
  /** Values of the body variables {{1}}, {{2}}, … in order; none empty. */
  bodyParameters?: Array<string> | null | undefined;
  /** Typed button parameters, one per button that takes one (quick reply, URL, copy code, flow); at most one per index, each 0..9. Beside the limited-time-offer fields, not on the same indexes. */
  buttons?: Array<TemplateButtonInput> | null | undefined;
  /** Raw template components as an array of objects, for template kinds not modelled above; when set, the typed fields must be absent. On cloud a `date_time` parameter must carry `date_time.fallback_value`, the only part cloud renders; BAD_USER_INPUT otherwise. */
  components?: unknown;
  /** Limited-time offers: the coupon code of the copy-code button, which comes first (index 0); needs the url button (urlButtonIndex and urlButtonParameter), as the offer's template always has one. For another template with a copy-code button, use `buttons`. */
  couponCode?: string | null | undefined;
  /** Typed header parameter: text, media (by id or link) or a location; instead of headerMediaId and headerMediaType. Exactly one member. */
  header?: TemplateHeaderInput | null | undefined;
  /** Media id for the header, only for templates with a media header. */
  headerMediaId?: string | number | null | undefined;
  /** Kind of the header media: IMAGE (default), VIDEO or DOCUMENT; needs headerMediaId. */
  headerMediaType?: MediaType | null | undefined;
  /** Language code of the approved translation to send. */
  languageCode: string;
  /** The template's name. */
  name: string;
  /** On-premise only: the template's namespace (the business account's, see WabaAccount.namespace). Optional since on-premise 2.41 and required by older on-premise versions; not used on cloud, where it is BAD_USER_INPUT. */
  namespace?: string | null | undefined;
  /** Cloud only, limited-time offers: when the offer expires, in the future (sent as milliseconds). Needs couponCode and the url button. */
  offerExpiresAt?: string | null | undefined;
  /** Index of the url button, 0..9 (not 0 when a coupon code is given); goes with urlButtonParameter. */
  urlButtonIndex?: number | null | undefined;
  /** Text for the url button's variable; goes with urlButtonIndex. */
  urlButtonParameter?: string | null | undefined;
};

/** One body parameter of a template: exactly one of text, currency and dateTime. */
export type TemplateParameterInput = {
  /** An amount of money. */
  currency?: TemplateCurrencyInput | null | undefined;
  /** Date and time, shown as its fallback value. */
  dateTime?: TemplateDateTimeInput | null | undefined;
  /** For templates with named parameters ({{order_id}}): the parameter's name, lowercase letters, digits and underscores. */
  name?: string | null | undefined;
  /** Text value; not empty. */
  text?: string | null | undefined;
};

/** Text message content. */
export type TextMessageInput = {
  /** The text, 1 to 4096 characters; supports *bold*, _italics_, ~strike-through~ and triple-backtick code. */
  body: string;
  /** Show a preview of the first http:// or https:// URL in the body. */
  previewUrl?: boolean | null | undefined;
};

export type DashboardQueryVariables = Exact<{ [key: string]: never; }>;


export type DashboardQuery = { partner: { id: string, clients: { total: number, nodes: Array<{ id: string, name: string | null, channels: { nodes: Array<{ id: string, displayName: string | null, phoneNumber: string | null, hosting: Hosting, hubStatus: HubStatus, currentQualityRating: string | null }> } | null }> } | null } };

export type ClientUsageQueryVariables = Exact<{
  clientId: string | number;
  from: string;
  to: string;
}>;


export type ClientUsageQuery = { client: { id: string, usage: { balance: number, currency: string, totals: { quantity: number, totalPrice: number } } | null } | null };

export type InboxChannelsQueryVariables = Exact<{ [key: string]: never; }>;


export type InboxChannelsQuery = { partner: { id: string, channels: { nodes: Array<{ id: string, displayName: string | null, phoneNumber: string | null, hosting: Hosting }> } | null } };

export type ConversationSummaryFragment = { id: string, contact: string, contactName: string | null, contactPhone: string | null, contactUsername: string | null, lastActivityAt: string, serviceWindow: { state: ServiceWindowState, closesAt: string | null, lastInboundAt: string | null }, lastMessage: { id: string, direction: MessageDirection, preview: string | null, status: string } | null };

export type ThreadMessagesFragment = { id: string, messages: { hasMore: boolean, nodes: Array<{ id: string, direction: MessageDirection, type: string | null, text: string | null, preview: string | null, sentAt: string, receivedAt: string, status: string, error: unknown, editedAt: string | null, revokedAt: string | null, content:
        | { __typename: 'ButtonReplyContent', text: string, payload: string | null }
        | { __typename: 'ContactsContent', contacts: Array<{ formattedName: string, phones: Array<{ phone: string | null, waId: string | null, type: string | null }>, emails: Array<{ email: string | null }>, organization: { company: string | null, title: string | null } | null }> }
        | { __typename: 'InteractiveContent', interactiveKind: InteractiveKind, header: string | null, bodyText: string | null, footer: string | null, options: Array<{ id: string | null, title: string, description: string | null }> }
        | { __typename: 'InteractiveReplyContent', replyKind: InteractiveReplyKind, replyId: string | null, title: string | null, description: string | null }
        | { __typename: 'LocationContent', latitude: number, longitude: number, name: string | null, address: string | null, url: string | null }
        | { __typename: 'MediaContent', kind: MediaKind, mediaId: string | null, link: string | null, mimeType: string | null, caption: string | null, fileName: string | null, voice: boolean | null, animated: boolean | null }
        | { __typename: 'OrderContent', catalogId: string | null, orderText: string | null, items: Array<{ productRetailerId: string, quantity: number | null, itemPrice: number | null, currency: string | null }> }
        | { __typename: 'ReactionContent', messageId: string, emoji: string | null, removed: boolean }
        | { __typename: 'SystemContent', systemType: string, systemBody: string | null, newWaId: string | null }
        | { __typename: 'TemplateContent', templateName: string, language: string, parameters: Array<string> }
        | { __typename: 'TextContent', body: string }
        | { __typename: 'UnsupportedContent', errors: Array<{ code: number | null, title: string | null }> }
       | null, context: { replyTo: string | null, replyToFrom: string | null } | null, reactions: Array<{ emoji: string, from: string, at: string }> }> } };

export type ConversationListQueryVariables = Exact<{
  channelId: string | number;
}>;


export type ConversationListQuery = { channel: { id: string, conversations: { hasMore: boolean, nodes: Array<{ id: string, contact: string, contactName: string | null, contactPhone: string | null, contactUsername: string | null, lastActivityAt: string, serviceWindow: { state: ServiceWindowState, closesAt: string | null, lastInboundAt: string | null }, lastMessage: { id: string, direction: MessageDirection, preview: string | null, status: string } | null }> } } | null };

export type ConversationThreadQueryVariables = Exact<{
  channelId: string | number;
  contact: string;
}>;


export type ConversationThreadQuery = { channel: { id: string, conversation: { id: string, contact: string, contactName: string | null, contactPhone: string | null, contactUsername: string | null, lastActivityAt: string, serviceWindow: { state: ServiceWindowState, closesAt: string | null, lastInboundAt: string | null }, lastMessage: { id: string, direction: MessageDirection, preview: string | null, status: string } | null, messages: { hasMore: boolean, nodes: Array<{ id: string, direction: MessageDirection, type: string | null, text: string | null, preview: string | null, sentAt: string, receivedAt: string, status: string, error: unknown, editedAt: string | null, revokedAt: string | null, content:
            | { __typename: 'ButtonReplyContent', text: string, payload: string | null }
            | { __typename: 'ContactsContent', contacts: Array<{ formattedName: string, phones: Array<{ phone: string | null, waId: string | null, type: string | null }>, emails: Array<{ email: string | null }>, organization: { company: string | null, title: string | null } | null }> }
            | { __typename: 'InteractiveContent', interactiveKind: InteractiveKind, header: string | null, bodyText: string | null, footer: string | null, options: Array<{ id: string | null, title: string, description: string | null }> }
            | { __typename: 'InteractiveReplyContent', replyKind: InteractiveReplyKind, replyId: string | null, title: string | null, description: string | null }
            | { __typename: 'LocationContent', latitude: number, longitude: number, name: string | null, address: string | null, url: string | null }
            | { __typename: 'MediaContent', kind: MediaKind, mediaId: string | null, link: string | null, mimeType: string | null, caption: string | null, fileName: string | null, voice: boolean | null, animated: boolean | null }
            | { __typename: 'OrderContent', catalogId: string | null, orderText: string | null, items: Array<{ productRetailerId: string, quantity: number | null, itemPrice: number | null, currency: string | null }> }
            | { __typename: 'ReactionContent', messageId: string, emoji: string | null, removed: boolean }
            | { __typename: 'SystemContent', systemType: string, systemBody: string | null, newWaId: string | null }
            | { __typename: 'TemplateContent', templateName: string, language: string, parameters: Array<string> }
            | { __typename: 'TextContent', body: string }
            | { __typename: 'UnsupportedContent', errors: Array<{ code: number | null, title: string | null }> }
           | null, context: { replyTo: string | null, replyToFrom: string | null } | null, reactions: Array<{ emoji: string, from: string, at: string }> }> } } | null } | null };

export type GroupStatusesSubscriptionVariables = Exact<{
  channelId: string | number;
}>;


export type GroupStatusesSubscription = { messageStatusChanged: { cursor: string, messageId: string, status: string, recipientId: string | null, recipientType: RecipientType, participant: string | null, receivedAt: string } };

export type ConversationUpdatedSubscriptionVariables = Exact<{
  channelId: string | number;
}>;


export type ConversationUpdatedSubscription = { conversationUpdated: { id: string, contact: string, contactName: string | null, contactPhone: string | null, contactUsername: string | null, lastActivityAt: string, serviceWindow: { state: ServiceWindowState, closesAt: string | null, lastInboundAt: string | null }, lastMessage: { id: string, direction: MessageDirection, preview: string | null, status: string } | null } };

export type InboxSendMutationVariables = Exact<{
  channelId: string | number;
  input: SendMessageInput;
}>;


export type InboxSendMutation = { sendMessage: { id: string, record: { id: string, status: string } | null, conversation: { id: string, contact: string, contactName: string | null, contactPhone: string | null, contactUsername: string | null, lastActivityAt: string, serviceWindow: { state: ServiceWindowState, closesAt: string | null, lastInboundAt: string | null }, lastMessage: { id: string, direction: MessageDirection, preview: string | null, status: string } | null, messages: { hasMore: boolean, nodes: Array<{ id: string, direction: MessageDirection, type: string | null, text: string | null, preview: string | null, sentAt: string, receivedAt: string, status: string, error: unknown, editedAt: string | null, revokedAt: string | null, content:
            | { __typename: 'ButtonReplyContent', text: string, payload: string | null }
            | { __typename: 'ContactsContent', contacts: Array<{ formattedName: string, phones: Array<{ phone: string | null, waId: string | null, type: string | null }>, emails: Array<{ email: string | null }>, organization: { company: string | null, title: string | null } | null }> }
            | { __typename: 'InteractiveContent', interactiveKind: InteractiveKind, header: string | null, bodyText: string | null, footer: string | null, options: Array<{ id: string | null, title: string, description: string | null }> }
            | { __typename: 'InteractiveReplyContent', replyKind: InteractiveReplyKind, replyId: string | null, title: string | null, description: string | null }
            | { __typename: 'LocationContent', latitude: number, longitude: number, name: string | null, address: string | null, url: string | null }
            | { __typename: 'MediaContent', kind: MediaKind, mediaId: string | null, link: string | null, mimeType: string | null, caption: string | null, fileName: string | null, voice: boolean | null, animated: boolean | null }
            | { __typename: 'OrderContent', catalogId: string | null, orderText: string | null, items: Array<{ productRetailerId: string, quantity: number | null, itemPrice: number | null, currency: string | null }> }
            | { __typename: 'ReactionContent', messageId: string, emoji: string | null, removed: boolean }
            | { __typename: 'SystemContent', systemType: string, systemBody: string | null, newWaId: string | null }
            | { __typename: 'TemplateContent', templateName: string, language: string, parameters: Array<string> }
            | { __typename: 'TextContent', body: string }
            | { __typename: 'UnsupportedContent', errors: Array<{ code: number | null, title: string | null }> }
           | null, context: { replyTo: string | null, replyToFrom: string | null } | null, reactions: Array<{ emoji: string, from: string, at: string }> }> } } | null } };

type MessageContentFields_ButtonReplyContent_Fragment = { __typename: 'ButtonReplyContent', text: string, payload: string | null };

type MessageContentFields_ContactsContent_Fragment = { __typename: 'ContactsContent', contacts: Array<{ formattedName: string, phones: Array<{ phone: string | null, waId: string | null, type: string | null }>, emails: Array<{ email: string | null }>, organization: { company: string | null, title: string | null } | null }> };

type MessageContentFields_InteractiveContent_Fragment = { __typename: 'InteractiveContent', interactiveKind: InteractiveKind, header: string | null, bodyText: string | null, footer: string | null, options: Array<{ id: string | null, title: string, description: string | null }> };

type MessageContentFields_InteractiveReplyContent_Fragment = { __typename: 'InteractiveReplyContent', replyKind: InteractiveReplyKind, replyId: string | null, title: string | null, description: string | null };

type MessageContentFields_LocationContent_Fragment = { __typename: 'LocationContent', latitude: number, longitude: number, name: string | null, address: string | null, url: string | null };

type MessageContentFields_MediaContent_Fragment = { __typename: 'MediaContent', kind: MediaKind, mediaId: string | null, link: string | null, mimeType: string | null, caption: string | null, fileName: string | null, voice: boolean | null, animated: boolean | null };

type MessageContentFields_OrderContent_Fragment = { __typename: 'OrderContent', catalogId: string | null, orderText: string | null, items: Array<{ productRetailerId: string, quantity: number | null, itemPrice: number | null, currency: string | null }> };

type MessageContentFields_ReactionContent_Fragment = { __typename: 'ReactionContent', messageId: string, emoji: string | null, removed: boolean };

type MessageContentFields_SystemContent_Fragment = { __typename: 'SystemContent', systemType: string, systemBody: string | null, newWaId: string | null };

type MessageContentFields_TemplateContent_Fragment = { __typename: 'TemplateContent', templateName: string, language: string, parameters: Array<string> };

type MessageContentFields_TextContent_Fragment = { __typename: 'TextContent', body: string };

type MessageContentFields_UnsupportedContent_Fragment = { __typename: 'UnsupportedContent', errors: Array<{ code: number | null, title: string | null }> };

export type MessageContentFieldsFragment =
  | MessageContentFields_ButtonReplyContent_Fragment
  | MessageContentFields_ContactsContent_Fragment
  | MessageContentFields_InteractiveContent_Fragment
  | MessageContentFields_InteractiveReplyContent_Fragment
  | MessageContentFields_LocationContent_Fragment
  | MessageContentFields_MediaContent_Fragment
  | MessageContentFields_OrderContent_Fragment
  | MessageContentFields_ReactionContent_Fragment
  | MessageContentFields_SystemContent_Fragment
  | MessageContentFields_TemplateContent_Fragment
  | MessageContentFields_TextContent_Fragment
  | MessageContentFields_UnsupportedContent_Fragment
;

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { viewer: { scopes: Array<string>, allClients: boolean, clientIds: Array<string>, actor: { kind: ActorKind, subject: string | null, name: string | null } } };

export const ConversationSummaryFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConversationSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Conversation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"contact"}},{"kind":"Field","name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"contactPhone"}},{"kind":"Field","name":{"kind":"Name","value":"contactUsername"}},{"kind":"Field","name":{"kind":"Name","value":"lastActivityAt"}},{"kind":"Field","name":{"kind":"Name","value":"serviceWindow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"closesAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastMessage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"preview"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ConversationSummaryFragment, unknown>;
export const MessageContentFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MessageContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TextContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"body"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MediaContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"mediaId"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"caption"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}},{"kind":"Field","name":{"kind":"Name","value":"animated"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LocationContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ContactsContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"formattedName"}},{"kind":"Field","name":{"kind":"Name","value":"phones"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"waId"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"emails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InteractiveReplyContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyKind"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ButtonReplyContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReactionContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"removed"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OrderContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"catalogId"}},{"kind":"Field","name":{"kind":"Name","value":"orderText"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"productRetailerId"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"itemPrice"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SystemContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"systemType"}},{"kind":"Field","name":{"kind":"Name","value":"systemBody"}},{"kind":"Field","name":{"kind":"Name","value":"newWaId"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TemplateContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateName"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InteractiveContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interactiveKind"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"bodyText"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UnsupportedContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}}]} as unknown as DocumentNode<MessageContentFieldsFragment, unknown>;
export const ThreadMessagesFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadMessages"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Conversation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"content"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageContentFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"preview"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"context"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyTo"}},{"kind":"Field","name":{"kind":"Name","value":"replyToFrom"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"reactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"hasMore"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MessageContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TextContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"body"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MediaContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"mediaId"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"caption"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}},{"kind":"Field","name":{"kind":"Name","value":"animated"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LocationContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ContactsContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"formattedName"}},{"kind":"Field","name":{"kind":"Name","value":"phones"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"waId"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"emails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InteractiveReplyContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyKind"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ButtonReplyContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReactionContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"removed"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OrderContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"catalogId"}},{"kind":"Field","name":{"kind":"Name","value":"orderText"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"productRetailerId"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"itemPrice"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SystemContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"systemType"}},{"kind":"Field","name":{"kind":"Name","value":"systemBody"}},{"kind":"Field","name":{"kind":"Name","value":"newWaId"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TemplateContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateName"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InteractiveContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interactiveKind"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"bodyText"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UnsupportedContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}}]} as unknown as DocumentNode<ThreadMessagesFragment, unknown>;
export const DashboardDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Dashboard"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"clients"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"20"}},{"kind":"Argument","name":{"kind":"Name","value":"orderBy"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"field"},"value":{"kind":"EnumValue","value":"NAME"}},{"kind":"ObjectField","name":{"kind":"Name","value":"direction"},"value":{"kind":"EnumValue","value":"ASC"}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"channels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"hosting"}},{"kind":"Field","name":{"kind":"Name","value":"hubStatus"}},{"kind":"Field","name":{"kind":"Name","value":"currentQualityRating"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<DashboardQuery, DashboardQueryVariables>;
export const ClientUsageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ClientUsage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"usage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"granularity"},"value":{"kind":"EnumValue","value":"MONTH"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"balance"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"totals"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"totalPrice"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ClientUsageQuery, ClientUsageQueryVariables>;
export const InboxChannelsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"InboxChannels"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"channels"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"IntValue","value":"50"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"displayName"}},{"kind":"Field","name":{"kind":"Name","value":"phoneNumber"}},{"kind":"Field","name":{"kind":"Name","value":"hosting"}}]}}]}}]}}]}}]} as unknown as DocumentNode<InboxChannelsQuery, InboxChannelsQueryVariables>;
export const ConversationListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConversationList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"conversations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConversationSummary"}}]}},{"kind":"Field","name":{"kind":"Name","value":"hasMore"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConversationSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Conversation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"contact"}},{"kind":"Field","name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"contactPhone"}},{"kind":"Field","name":{"kind":"Name","value":"contactUsername"}},{"kind":"Field","name":{"kind":"Name","value":"lastActivityAt"}},{"kind":"Field","name":{"kind":"Name","value":"serviceWindow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"closesAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastMessage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"preview"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ConversationListQuery, ConversationListQueryVariables>;
export const ConversationThreadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConversationThread"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"contact"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"channel"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"conversation"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"contact"},"value":{"kind":"Variable","name":{"kind":"Name","value":"contact"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConversationSummary"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ThreadMessages"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MessageContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TextContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"body"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MediaContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"mediaId"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"caption"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}},{"kind":"Field","name":{"kind":"Name","value":"animated"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LocationContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ContactsContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"formattedName"}},{"kind":"Field","name":{"kind":"Name","value":"phones"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"waId"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"emails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InteractiveReplyContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyKind"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ButtonReplyContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReactionContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"removed"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OrderContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"catalogId"}},{"kind":"Field","name":{"kind":"Name","value":"orderText"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"productRetailerId"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"itemPrice"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SystemContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"systemType"}},{"kind":"Field","name":{"kind":"Name","value":"systemBody"}},{"kind":"Field","name":{"kind":"Name","value":"newWaId"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TemplateContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateName"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InteractiveContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interactiveKind"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"bodyText"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UnsupportedContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConversationSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Conversation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"contact"}},{"kind":"Field","name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"contactPhone"}},{"kind":"Field","name":{"kind":"Name","value":"contactUsername"}},{"kind":"Field","name":{"kind":"Name","value":"lastActivityAt"}},{"kind":"Field","name":{"kind":"Name","value":"serviceWindow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"closesAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastMessage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"preview"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadMessages"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Conversation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"content"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageContentFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"preview"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"context"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyTo"}},{"kind":"Field","name":{"kind":"Name","value":"replyToFrom"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"reactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"hasMore"}}]}}]}}]} as unknown as DocumentNode<ConversationThreadQuery, ConversationThreadQueryVariables>;
export const GroupStatusesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"GroupStatuses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messageStatusChanged"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"channelId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"recipientId"}},{"kind":"Field","name":{"kind":"Name","value":"recipientType"}},{"kind":"Field","name":{"kind":"Name","value":"participant"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}}]}}]}}]} as unknown as DocumentNode<GroupStatusesSubscription, GroupStatusesSubscriptionVariables>;
export const ConversationUpdatedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"subscription","name":{"kind":"Name","value":"ConversationUpdated"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"conversationUpdated"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"channelId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConversationSummary"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConversationSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Conversation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"contact"}},{"kind":"Field","name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"contactPhone"}},{"kind":"Field","name":{"kind":"Name","value":"contactUsername"}},{"kind":"Field","name":{"kind":"Name","value":"lastActivityAt"}},{"kind":"Field","name":{"kind":"Name","value":"serviceWindow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"closesAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastMessage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"preview"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]} as unknown as DocumentNode<ConversationUpdatedSubscription, ConversationUpdatedSubscriptionVariables>;
export const InboxSendDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InboxSend"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendMessageInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendMessage"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"channelId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"channelId"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"record"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}},{"kind":"Field","name":{"kind":"Name","value":"conversation"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConversationSummary"}},{"kind":"FragmentSpread","name":{"kind":"Name","value":"ThreadMessages"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"MessageContentFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MessageContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TextContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"body"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"MediaContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"mediaId"}},{"kind":"Field","name":{"kind":"Name","value":"link"}},{"kind":"Field","name":{"kind":"Name","value":"mimeType"}},{"kind":"Field","name":{"kind":"Name","value":"caption"}},{"kind":"Field","name":{"kind":"Name","value":"fileName"}},{"kind":"Field","name":{"kind":"Name","value":"voice"}},{"kind":"Field","name":{"kind":"Name","value":"animated"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LocationContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"latitude"}},{"kind":"Field","name":{"kind":"Name","value":"longitude"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"address"}},{"kind":"Field","name":{"kind":"Name","value":"url"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ContactsContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contacts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"formattedName"}},{"kind":"Field","name":{"kind":"Name","value":"phones"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"phone"}},{"kind":"Field","name":{"kind":"Name","value":"waId"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"emails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"organization"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"company"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InteractiveReplyContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyKind"}},{"kind":"Field","name":{"kind":"Name","value":"replyId"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ButtonReplyContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"payload"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ReactionContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"messageId"}},{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"removed"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OrderContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"catalogId"}},{"kind":"Field","name":{"kind":"Name","value":"orderText"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"productRetailerId"}},{"kind":"Field","name":{"kind":"Name","value":"quantity"}},{"kind":"Field","name":{"kind":"Name","value":"itemPrice"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SystemContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"systemType"}},{"kind":"Field","name":{"kind":"Name","value":"systemBody"}},{"kind":"Field","name":{"kind":"Name","value":"newWaId"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"TemplateContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateName"}},{"kind":"Field","name":{"kind":"Name","value":"language"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InteractiveContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"interactiveKind"}},{"kind":"Field","name":{"kind":"Name","value":"header"}},{"kind":"Field","name":{"kind":"Name","value":"bodyText"}},{"kind":"Field","name":{"kind":"Name","value":"footer"}},{"kind":"Field","name":{"kind":"Name","value":"options"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"title"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UnsupportedContent"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"title"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConversationSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Conversation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"contact"}},{"kind":"Field","name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"contactPhone"}},{"kind":"Field","name":{"kind":"Name","value":"contactUsername"}},{"kind":"Field","name":{"kind":"Name","value":"lastActivityAt"}},{"kind":"Field","name":{"kind":"Name","value":"serviceWindow"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"closesAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastInboundAt"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lastMessage"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"preview"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ThreadMessages"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Conversation"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"messages"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"20"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"direction"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"text"}},{"kind":"Field","name":{"kind":"Name","value":"content"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"MessageContentFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"preview"}},{"kind":"Field","name":{"kind":"Name","value":"sentAt"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"context"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replyTo"}},{"kind":"Field","name":{"kind":"Name","value":"replyToFrom"}}]}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"editedAt"}},{"kind":"Field","name":{"kind":"Name","value":"revokedAt"}},{"kind":"Field","name":{"kind":"Name","value":"reactions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"emoji"}},{"kind":"Field","name":{"kind":"Name","value":"from"}},{"kind":"Field","name":{"kind":"Name","value":"at"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"hasMore"}}]}}]}}]} as unknown as DocumentNode<InboxSendMutation, InboxSendMutationVariables>;
export const ViewerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewer"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"actor"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"scopes"}},{"kind":"Field","name":{"kind":"Name","value":"allClients"}},{"kind":"Field","name":{"kind":"Name","value":"clientIds"}}]}}]}}]} as unknown as DocumentNode<ViewerQuery, ViewerQueryVariables>;