import type { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import type { PartnerRef, ClientNode, ChannelNode, ClientListDto, ChannelListDto, UsageDto, UsagePeriodDto, ApiKeyResult, PartnerDto, MediaRef, BusinessProfileModel, WebhookConfigModel, WabaWebhookModel, LocalStorageModel, ContactActionModel, ClientInsightsRef, InsightSourceModel } from '../datasources/types.js';
import type { Caller } from '../identity/caller.js';
import type { Actor as ActorModel } from '../identity/actor.js';
import type { AuditEntryRecord } from '../store/audit-trail.js';
import type { SentMessageModel } from '../messaging/send-message.js';
import type { ConversationView } from '../events/hub.js';
import type { InboundMessageModel } from '../resolvers/inbound-message.js';
import type { Context } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** Point in time as an ISO 8601 string, for example `2026-11-23T20:00:00.000Z`. Inputs accept a date or a date-time with an optional offset and are refused with BAD_USER_INPUT otherwise; outputs are always UTC with milliseconds, converted from the upstream's timestamps (UNIX seconds for usage figures). */
  DateTime: { input: string; output: string; }
  /** Any JSON value (object, array, string, number, boolean or null), passed through as the upstream sends or expects it. As input at most 32 levels deep and 64 KiB; BAD_USER_INPUT beyond. */
  JSON: { input: unknown; output: unknown; }
  _FieldSet: { input: unknown; output: unknown; }
};

/** How often one action came in through one source. */
export type ActionSource = {
  __typename?: 'ActionSource';
  /** App id; null when absent. */
  appId?: Maybe<Scalars['String']['output']>;
  /** Id of the client; null when absent. */
  clientId?: Maybe<Scalars['ID']['output']>;
  /** How many times the action came in through this source in the range. */
  hits: Scalars['Int']['output'];
  /** The source the action came through. */
  sourceId: Scalars['ID']['output'];
};

/** One page of action-per-source figures. */
export type ActionSourceList = {
  __typename?: 'ActionSourceList';
  /** Page size the upstream applied; null when it does not say. */
  limit?: Maybe<Scalars['Int']['output']>;
  /** The entries of this page. */
  nodes: Array<ActionSource>;
  /** Number of entries skipped before this page; null when the upstream does not say. */
  offset?: Maybe<Scalars['Int']['output']>;
  /** Number of entries matching upstream, over all pages. */
  totalCount: Scalars['Int']['output'];
};

/** Someone who did something through, or beside, this gateway. */
export type Actor = {
  __typename?: 'Actor';
  /** Whether a person, a service or the business's phone app acted. */
  kind: ActorKind;
  /** The person's display name as the token gives it; null for services, the phone app and a token without a name. */
  name?: Maybe<Scalars['String']['output']>;
  /** The person's subject (`sub`; unique together with the issuer); a service's credential label (`gateway-token-2`, `credential-<fingerprint>`, or `gateway`); null for the phone app. */
  subject?: Maybe<Scalars['String']['output']>;
};

/** What kind of actor did something: a person, a service, or the business's phone app. */
export type ActorKind =
  /** The business's phone app or a linked device, on a number shared with the API (a message echo). */
  | 'BUSINESS_APP'
  /** Someone signed in through the identity provider, presenting their access token. */
  | 'PERSON'
  /** Some back-end presenting one of the gateway tokens or a forwarded partner credential, or the gateway itself on the simulator. */
  | 'SERVICE';

/** Click-to-chat ad or post that brought the user (the message's referral). */
export type AdReferral = {
  __typename?: 'AdReferral';
  /** The ad's text; null when absent. */
  body?: Maybe<Scalars['String']['output']>;
  /** The click id of the ad click that opened the chat (for conversion reporting); null when absent. */
  ctwaClid?: Maybe<Scalars['String']['output']>;
  /** The ad's headline; null when absent. */
  headline?: Maybe<Scalars['String']['output']>;
  /** The ad's media type as notified (`image` or `video`); null when absent. */
  mediaType?: Maybe<Scalars['String']['output']>;
  /** The ad's or post's id; null when absent. */
  sourceId?: Maybe<Scalars['String']['output']>;
  /** What the source is, as notified: `ad` or `post`; null when absent. */
  sourceType?: Maybe<Scalars['String']['output']>;
  /** The ad's or post's URL; null when absent. */
  sourceUrl?: Maybe<Scalars['String']['output']>;
};

/** New API key of a channel, as createApiKey returns it. */
export type ApiKey = {
  __typename?: 'ApiKey';
  /** Address the key is for, as the upstream returns it; null when absent. */
  address?: Maybe<Scalars['String']['output']>;
  /** The generated key, a secret: keep it server-side. The gateway also stores it, encrypted, for this channel's messaging calls. */
  apiKey: Scalars['String']['output'];
  /** App id of the channel; null when absent. */
  appId?: Maybe<Scalars['String']['output']>;
  /** The channel the new key belongs to. Null only when the channel cannot be read back. */
  channel?: Maybe<Channel>;
  /** Id of the key; null when the upstream omits it. */
  id?: Maybe<Scalars['ID']['output']>;
  /** Whether the channel's webhook, which a new key removes upstream, was set again; null when the channel had no webhook. */
  webhookRestore?: Maybe<WebhookRestore>;
};

/** One write done through this gateway: who did it, which mutation, on which client or channel, and how it ended. Never holds message content, tokens or keys. */
export type AuditEntry = {
  __typename?: 'AuditEntry';
  /** Who did it: the caller's actor (a person or a service). */
  actor: Actor;
  /** When the write was answered (ISO 8601, UTC, milliseconds). */
  at: Scalars['DateTime']['output'];
  /** The channel the write named (its `channelId` argument or input field); null when it named none. */
  channelId?: Maybe<Scalars['ID']['output']>;
  /** The client the write named (its `clientId` argument or input field); null when it named none. */
  clientId?: Maybe<Scalars['ID']['output']>;
  /** The error's `extensions.code` when the outcome is not DONE (e.g. BAD_USER_INPUT, FORBIDDEN, UPSTREAM_ERROR, UPSTREAM_UNAVAILABLE); null when DONE. */
  code?: Maybe<Scalars['String']['output']>;
  /** The entry's own id, unique within the partner. */
  id: Scalars['ID']['output'];
  /** The id of the message a send created (the upstream's message id); null for other writes and for sends that created none. */
  messageId?: Maybe<Scalars['ID']['output']>;
  /** The mutation's field name, e.g. sendMessage, createApiKey, requestChannelCancellation. */
  operation: Scalars['String']['output'];
  /** How the write ended. */
  outcome: AuditOutcome;
};

/** One page of a partner's audit trail, newest first. */
export type AuditEntryPage = {
  __typename?: 'AuditEntryPage';
  /** Cursor of the last entry; pass it as `after` to read older ones (null when the page is empty). */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** true when older matching entries follow this page. */
  hasMore: Scalars['Boolean']['output'];
  /** The entries of this page, newest first (at most `first`). */
  nodes: Array<AuditEntry>;
};

/** How an audited write ended. */
export type AuditOutcome =
  /** The write was done: the upstream accepted it. */
  | 'DONE'
  /** The upstream answered with an error: the write was not done. */
  | 'FAILED'
  /** Refused before anything was sent upstream: bad input, a missing scope, a closed service window, a rate limit of the gateway's own, a store that is down. */
  | 'REFUSED'
  /** The request was sent but its answer never came (a timeout or a broken connection): whether the upstream did the write is not known; check before repeating it. */
  | 'UNKNOWN';

/** The upstream's billing conversation a status names (cloud `conversation`). */
export type BillingConversation = {
  __typename?: 'BillingConversation';
  /** When the billing conversation ends (from `expiration_timestamp`); null when not said. */
  expiresAt?: Maybe<Scalars['DateTime']['output']>;
  /** The conversation id the upstream gave. */
  id: Scalars['ID']['output'];
  /** What opened it (`origin.type`, e.g. `service`, `marketing`); null when not said. */
  originType?: Maybe<Scalars['String']['output']>;
};

/** One page of contacts blocked by an on-premise number. */
export type BlockedContactList = {
  __typename?: 'BlockedContactList';
  /** Page size applied, 1..200. */
  limit: Scalars['Int']['output'];
  /** Number of blocked contacts skipped before this page. */
  offset: Scalars['Int']['output'];
  /** Number of blocked contacts, over all pages. */
  total: Scalars['Int']['output'];
  /** The blocked contacts' wa_ids. */
  waIds: Array<Scalars['String']['output']>;
};

/** Business profile of a channel's number, as users see it. */
export type BusinessProfile = {
  __typename?: 'BusinessProfile';
  /** Business address; null when not set. */
  address?: Maybe<Scalars['String']['output']>;
  /** The channel this profile belongs to, read back after an update so a client cache stays current. Null only when the channel cannot be read back. */
  channel?: Maybe<Channel>;
  /** Description of the business; null when not set. */
  description?: Maybe<Scalars['String']['output']>;
  /** Contact e-mail address; null when not set. */
  email?: Maybe<Scalars['String']['output']>;
  /** Cloud only: URL of the profile picture; null on-premise or when not set. */
  profilePictureUrl?: Maybe<Scalars['String']['output']>;
  /** Industry of the business; null when not set or unknown to this gateway. */
  vertical?: Maybe<BusinessVertical>;
  /** Up to 2 websites, each starting http:// or https://. */
  websites: Array<Scalars['String']['output']>;
};

/** Profile fields to change; only the fields given change, and null is refused (omit a field to keep it). BAD_USER_INPUT when a limit is broken. */
export type BusinessProfileInput = {
  /** Business address, at most 256 characters. */
  address?: InputMaybe<Scalars['String']['input']>;
  /** Description, at most 512 characters on cloud and 256 on-premise. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Valid e-mail address, at most 128 characters. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** Cloud only: handle of an uploaded picture to use as profile picture. */
  profilePictureHandle?: InputMaybe<Scalars['String']['input']>;
  /** Industry; once set it cannot be reset to empty (UNDEFINED is refused), and NOT_A_BIZ exists on cloud only. */
  vertical?: InputMaybe<BusinessVertical>;
  /** At most 2 websites, each at most 256 characters and starting http:// or https://. */
  websites?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** Industry of a business profile. On-premise channels use display names upstream; the gateway maps them to these values. */
export type BusinessVertical =
  /** Clothing and apparel. */
  | 'APPAREL'
  /** Automotive. */
  | 'AUTO'
  /** Beauty, spa and salon. */
  | 'BEAUTY'
  /** Education. */
  | 'EDU'
  /** Entertainment. */
  | 'ENTERTAIN'
  /** Event planning and service. */
  | 'EVENT_PLAN'
  /** Finance and banking. */
  | 'FINANCE'
  /** Public service. */
  | 'GOVT'
  /** Food and grocery. */
  | 'GROCERY'
  /** Medical and health. */
  | 'HEALTH'
  /** Hotel and lodging. */
  | 'HOTEL'
  /** Non-profit. */
  | 'NONPROFIT'
  /** Not a business; cloud only (no on-premise equivalent). */
  | 'NOT_A_BIZ'
  /** Other kind of business. */
  | 'OTHER'
  /** Professional services. */
  | 'PROF_SERVICES'
  /** Restaurant. */
  | 'RESTAURANT'
  /** Shopping and retail. */
  | 'RETAIL'
  /** Travel and transportation. */
  | 'TRAVEL'
  /** No vertical set; it cannot be set again once a vertical was chosen. */
  | 'UNDEFINED';

/** The user tapped a quick-reply button of a template message. */
export type ButtonReplyContent = {
  __typename?: 'ButtonReplyContent';
  /** The payload the business set for the button when it sent the template; null when absent. */
  payload?: Maybe<Scalars['String']['output']>;
  /** The button's text as the user saw it. */
  text: Scalars['String']['output'];
};

/** Message whose button opens the business's catalog. */
export type CatalogMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: Scalars['String']['input'];
  /** Footer line, at most 60 characters. */
  footer?: InputMaybe<Scalars['String']['input']>;
  /** The product whose image is the header; the catalog's first product when null. */
  thumbnailProductRetailerId?: InputMaybe<Scalars['String']['input']>;
};

/** One business phone number registered with the messaging network and linked to one business account, owned by a client. Resolvable as a federation entity by `id`. */
export type Channel = {
  __typename?: 'Channel';
  /** Whether the account is ready for use, as the upstream spells it (for example `live`); null when absent. */
  accountMode?: Maybe<Scalars['String']['output']>;
  /** When billing started; null when it has not. */
  billingStartedAt?: Maybe<Scalars['DateTime']['output']>;
  /** On-premise only: the contacts this number has blocked, one page at a time. UNSUPPORTED_FOR_HOSTING on cloud channels. Null, with the error at this path, on that error or when the upstream call fails (upstream B5). */
  blockedContacts?: Maybe<BlockedContactList>;
  /** The number's business profile as users see it, read with the channel's API key. MISSING_API_KEY when no key is known for the channel. Null, with the error at this path, on that error or when the upstream call fails (upstream B4). */
  businessProfile?: Maybe<BusinessProfile>;
  /** When the channel was cancelled; null unless it was. */
  cancelledAt?: Maybe<Scalars['DateTime']['output']>;
  /** The client that owns the channel; NOT_FOUND when the upstream no longer lists it. Null, with the error at this path, when that lookup fails. */
  client?: Maybe<Client>;
  /** Id of the client that owns the channel. */
  clientId: Scalars['ID']['output'];
  /** The conversation with one contact; null when the gateway holds nothing for it (no message in or out while retained). */
  conversation?: Maybe<Conversation>;
  /** Contacts this channel exchanged messages with, most recent activity first, kept from the notifications this gateway received and the sends it made (for EVENT_RETENTION_MS after the last activity, at least 24 hours). `first` (default 20) is capped at 100. */
  conversations: ConversationPage;
  /** When the channel was created; null when absent. */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** Current messaging limit tier label, shaped like `TIER_1K`; null when absent. */
  currentLimit?: Maybe<Scalars['String']['output']>;
  /** Current quality rating, as the upstream spells it (for example `High`); null when absent. */
  currentQualityRating?: Maybe<Scalars['String']['output']>;
  /** The last quality-rating change event of the number, exactly as the upstream sent it (its shape is not specified upstream, so it is passed through as JSON). Only the shared-numbers listing carries it: set on channels read through Client.manageableChannels, null on channels from any other listing or when no change was recorded (upstream A5 `current_quality_update_event`). */
  currentQualityUpdateEvent?: Maybe<Scalars['JSON']['output']>;
  /** Country where the channel stores its message content; null means the default storage in the United States. UPSTREAM_ERROR for a region this gateway does not know. */
  dataLocalizationRegion?: Maybe<DataRegion>;
  /** The name shown to users for this number; null when absent. */
  displayName?: Maybe<Scalars['String']['output']>;
  /** The channel's retained events, oldest first after `after`; `first` (default 50) is capped at 200; `kinds` keeps those kinds; `contact` keeps the events of one contact (errors, template updates and untyped notifications name no contact and are left out). BAD_USER_INPUT for a malformed cursor, CURSOR_EXPIRED for one older than the retention window. Empty when EVENT_RETENTION_MS is 0. */
  events: ChannelEventPage;
  /** Cloud or on-premise hosting, which decides the messaging calls and limits that apply. */
  hosting: Hosting;
  /** When upstream support for this channel's hosting ends: on-premise, 1 October 2025 (the interface names October 2025 only, so the first day is given); null on cloud. */
  hostingSupportEndsAt?: Maybe<Scalars['DateTime']['output']>;
  /** Lifecycle state of the channel; UNKNOWN, with an error at this field, for a value this gateway does not know. */
  hubStatus: HubStatus;
  /** The lifecycle state exactly as the upstream sent it (lower case, for example `live`). */
  hubStatusRaw: Scalars['String']['output'];
  /** The channel id. */
  id: Scalars['ID']['output'];
  /** The service that hosts the number; null when the upstream sends none. */
  integration?: Maybe<ChannelIntegration>;
  /** Whether the channel was migrated, as the upstream flags it; null when absent. */
  isMigrated?: Maybe<Scalars['Boolean']['output']>;
  /** Whether the channel belongs to an on-behalf-of business account; null when absent. */
  isOba?: Maybe<Scalars['Boolean']['output']>;
  /** Metadata of one media file of this channel, or null when the upstream does not know the id. MEDIA_BLOCKED while more than 5 media requests of this channel failed within the hour, which makes the upstream block its media (upstream B3). */
  media?: Maybe<Media>;
  /** The record of one message sent through this gateway or received by it, while retained (EVENT_RETENTION_MS after its last change); null when unknown. */
  message?: Maybe<MessageRecord>;
  /** On-premise server version from the last send answer's `meta.version` (e.g. "2.53.1"); null on cloud or before the gateway has sent through the channel. Below 2.41 a template sent without namespace gets the business account's. */
  onPremiseVersion?: Maybe<Scalars['String']['output']>;
  /** The business phone number, as the upstream stores it; null when absent. */
  phoneNumber?: Maybe<Scalars['String']['output']>;
  /** The 24-hour customer-service window with one contact, as far as this gateway knows: OPEN with when it closes, CLOSED, or UNKNOWN. */
  serviceWindow: ServiceWindow;
  /** Registration details of the number. Only the answer of requestChannelCancellation carries them; null on channels read any other way (upstream A8 `setup_info`). */
  setupDetails?: Maybe<ChannelSetupDetails>;
  /** The channel status as the upstream spells it (for example `ready`; other values are not documented); null when absent. */
  status?: Maybe<Scalars['String']['output']>;
  /** When the channel was terminated; null unless it was. */
  terminatedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The channel's tier setting, as the upstream spells it (for example `regular`); null when absent. */
  tier?: Maybe<Scalars['String']['output']>;
  /** Conversation usage and balance of this channel. Null, with the error at this path, when that upstream call fails (upstream A3). */
  usage?: Maybe<Usage>;
  /** The upstream's version number of the channel; null when absent. */
  version?: Maybe<Scalars['Int']['output']>;
  /** The business account (WABA) the number is linked to; null when the upstream sends none. */
  wabaAccount?: Maybe<WabaAccount>;
  /** Cloud only: the webhook of the whole business account, used by numbers without their own. UNSUPPORTED_FOR_HOSTING on on-premise channels (upstream B6). */
  wabaWebhook?: Maybe<WabaWebhook>;
  /** Where the upstream sends this number's notifications; null when no number-level webhook is set. Needs the channel's API key: MISSING_API_KEY otherwise (upstream B6). */
  webhook?: Maybe<WebhookConfig>;
};


/** One business phone number registered with the messaging network and linked to one business account, owned by a client. Resolvable as a federation entity by `id`. */
export type ChannelBlockedContactsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};


/** One business phone number registered with the messaging network and linked to one business account, owned by a client. Resolvable as a federation entity by `id`. */
export type ChannelConversationArgs = {
  contact: Scalars['String']['input'];
};


/** One business phone number registered with the messaging network and linked to one business account, owned by a client. Resolvable as a federation entity by `id`. */
export type ChannelConversationsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ConversationFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** One business phone number registered with the messaging network and linked to one business account, owned by a client. Resolvable as a federation entity by `id`. */
export type ChannelEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  contact?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  kinds?: InputMaybe<Array<ChannelEventKind>>;
};


/** One business phone number registered with the messaging network and linked to one business account, owned by a client. Resolvable as a federation entity by `id`. */
export type ChannelMediaArgs = {
  id: Scalars['ID']['input'];
};


/** One business phone number registered with the messaging network and linked to one business account, owned by a client. Resolvable as a federation entity by `id`. */
export type ChannelMessageArgs = {
  id: Scalars['ID']['input'];
};


/** One business phone number registered with the messaging network and linked to one business account, owned by a client. Resolvable as a federation entity by `id`. */
export type ChannelServiceWindowArgs = {
  contact: Scalars['String']['input'];
};


/** One business phone number registered with the messaging network and linked to one business account, owned by a client. Resolvable as a federation entity by `id`. */
export type ChannelUsageArgs = {
  appIds?: InputMaybe<Array<Scalars['String']['input']>>;
  from?: InputMaybe<Scalars['DateTime']['input']>;
  granularity?: InputMaybe<Granularity>;
  to?: InputMaybe<Scalars['DateTime']['input']>;
};

/** Filter on the contact details of a channel's owning client. Unlike a client listing, the channel listing can also filter on the full name. */
export type ChannelClientContactInfoFilter = {
  /** Only channels of clients in this city. */
  city?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients in this country, as the upstream spells it. */
  country?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this contact e-mail address. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients whose contact person has this full name. */
  fullName?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this contact language. */
  language?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this contact phone number. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this street name. */
  streetName?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this web page URL. */
  webpageUrl?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this postal code. */
  zipCode?: InputMaybe<Scalars['String']['input']>;
};

/** Filter on the client that owns a channel. */
export type ChannelClientFilter = {
  /** Only channels of clients whose contact details match. */
  contactInfo?: InputMaybe<ChannelClientContactInfoFilter>;
  /** Only channels of clients whose registered user matches. */
  contactUser?: InputMaybe<ContactUserFilter>;
  /** Only channels of clients created at this time, written as the upstream stores it. */
  createdAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of the client with this id. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Only channels of clients whose business details match. */
  metaInfo?: InputMaybe<ClientMetaInfoFilter>;
  /** Only channels of clients last changed at this time, written as the upstream stores it. */
  modifiedAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this company name. */
  organisation?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this partner payload. */
  partnerPayload?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of clients with this status, as the upstream spells it (for example `active`). */
  status?: InputMaybe<Scalars['String']['input']>;
};

/** Error the upstream reported for a channel, out of band or with a failed message status. */
export type ChannelErrorEvent = {
  __typename?: 'ChannelErrorEvent';
  /** The channel the error concerns. */
  channelId: Scalars['ID']['output'];
  /** The upstream's numeric error code (for example 131047 or 470 for a closed 24-hour window); null when absent. */
  code?: Maybe<Scalars['Int']['output']>;
  /** Position in the channel's event log; opaque. Pass it as `after` to resume after this event. For an error inside a status (MessageStatusEvent.errors), the cursor of that status. */
  cursor: Scalars['String']['output'];
  /** Longer explanation of the error; null when absent. */
  details?: Maybe<Scalars['String']['output']>;
  /** The whole error object as delivered. */
  raw: Scalars['JSON']['output'];
  /** When the gateway accepted the notification (its log time). */
  receivedAt: Scalars['DateTime']['output'];
  /** Short title of the error; null when absent. */
  title?: Maybe<Scalars['String']['output']>;
};

/** One event of a channel's log: an inbound message, a status change, an error, a message sent from the business's phone app, a contact's marketing preference, a template's review, quality or category change, or a notification the gateway keeps untyped (tell them apart with __typename). No item of an acknowledged notification is dropped. */
export type ChannelEvent = ChannelErrorEvent | ContactPreferenceEvent | InboundMessage | MessageEchoEvent | MessageStatusEvent | OtherNotificationEvent | TemplateUpdateEvent;

/** Kinds of channel events, to filter Channel.events. */
export type ChannelEventKind =
  /** Messages the business sent from its phone app on a number shared with the API (MessageEchoEvent). */
  | 'ECHO'
  /** Out-of-band channel errors (ChannelErrorEvent). */
  | 'ERROR'
  /** Inbound messages (InboundMessage). */
  | 'MESSAGE'
  /** Notifications and items the gateway keeps without typing them (OtherNotificationEvent). */
  | 'OTHER'
  /** Contacts stopping or resuming marketing messages (ContactPreferenceEvent). */
  | 'PREFERENCE'
  /** Status changes of sent messages (MessageStatusEvent). */
  | 'STATUS'
  /** Template reviews, quality and category changes (TemplateUpdateEvent). */
  | 'TEMPLATE';

/** One page of a channel's retained events, oldest first. */
export type ChannelEventPage = {
  __typename?: 'ChannelEventPage';
  /** Cursor of the last node; pass it as `after` to continue (null when the page is empty). */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** true when more matching events follow this page. */
  hasMore: Scalars['Boolean']['output'];
  /** The events of this page, oldest first (at most `first`, which is capped at 200). */
  nodes: Array<ChannelEvent>;
};

/** Narrows a channel listing: each field set must match, and fields combine with AND; nested inputs mirror the upstream field paths. Leave a field out to not filter on it. */
export type ChannelFilter = {
  /** Only channels in this account mode, as the upstream spells it (for example `live`). */
  accountMode?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose settings match. */
  channelSettings?: InputMaybe<ChannelSettingsFilter>;
  /** Only channels whose owning client matches. */
  client?: InputMaybe<ChannelClientFilter>;
  /** Only channels of this client. */
  clientId?: InputMaybe<Scalars['ID']['input']>;
  /** Only channels created at this time, written as the upstream stores it. */
  createdAt?: InputMaybe<Scalars['String']['input']>;
  /** Only the channel with this id. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Only channels whose integration matches. */
  integration?: InputMaybe<ChannelIntegrationFilter>;
  /** Only channels that were (true) or were not (false) migrated. */
  isMigrated?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only channels with this meta status, as the upstream spells it. */
  metaStatus?: InputMaybe<Scalars['String']['input']>;
  /** Only channels last changed at this time, written as the upstream stores it. */
  modifiedAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose business profile matches. */
  profileInfo?: InputMaybe<ChannelProfileInfoFilter>;
  /** Only channels whose project matches. */
  project?: InputMaybe<ChannelProjectFilter>;
  /** Free-text search over phone number, display name, client name, client partner payload and business id at once (the upstream `q`). */
  search?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose setup (phone number, display name, verification) matches. */
  setupInfo?: InputMaybe<ChannelSetupInfoFilter>;
  /** Only channels with this status, as the upstream spells it (for example `ready`). */
  status?: InputMaybe<Scalars['String']['input']>;
  /** Only channels terminated at this time, written as the upstream stores it. */
  terminatedAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of this type, as the upstream spells it. */
  type?: InputMaybe<Scalars['String']['input']>;
  /** Only channels with this use case description. */
  useCaseDescription?: InputMaybe<Scalars['String']['input']>;
  /** Only channels with this version number. */
  version?: InputMaybe<Scalars['Int']['input']>;
  /** Only channels whose business account matches. */
  wabaAccount?: InputMaybe<WabaAccountFilter>;
};

/** The service that hosts a channel's number. */
export type ChannelIntegration = {
  __typename?: 'ChannelIntegration';
  /** The app id of the number; null when absent. */
  appId?: Maybe<Scalars['String']['output']>;
  /** Whether the integration is enabled; null when absent. */
  enabled?: Maybe<Scalars['Boolean']['output']>;
  /** The upstream hosting type: `net_cloud_api` (cloud) or `net_hosting` (on-premise); null when absent. */
  hostingPlatformType?: Maybe<Scalars['String']['output']>;
  /** State of the service, as the upstream spells it (for example `running`); null when absent. */
  state?: Maybe<Scalars['String']['output']>;
};

/** Filter on a channel's integration: the service that hosts its number. */
export type ChannelIntegrationFilter = {
  /** Only channels with this app id. */
  appId?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose integration was created at this time, written as the upstream stores it. */
  createdAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of the integration with this id. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Only channels whose integration was last changed at this time, written as the upstream stores it. */
  modifiedAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose integration parameters match. */
  parameters?: InputMaybe<ChannelIntegrationParametersFilter>;
  /** Only channels whose integration runs on this stack id. */
  stackId?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose integration is in this state, as the upstream spells it (for example `running`). */
  state?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose integration has this type, as the upstream spells it. */
  type?: InputMaybe<Scalars['String']['input']>;
};

/** Filter on the parameters of a channel's integration. */
export type ChannelIntegrationParametersFilter = {
  /** Only channels whose integration has this API user e-mail address. */
  apiUserEmail?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose integration has this app name. */
  appName?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose integration has this default language. */
  defaultLanguage?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose integration names this organisation. */
  organisation?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose integration names this verification method. */
  verificationMethod?: InputMaybe<Scalars['String']['input']>;
};

/** One page of channels. */
export type ChannelList = {
  __typename?: 'ChannelList';
  /** The filters the upstream says it applied, echoed as it sent them: an object of dotted field paths (e.g. `client_id`, `setup_info.phone_number`, `q` for the search) to the compared values; {} when the listing was not filtered, null when the upstream sent no echo (upstream A4 `filters`). */
  appliedFilters?: Maybe<Scalars['JSON']['output']>;
  /** The sort the upstream says it applied, as field paths with a leading `-` for descending (e.g. ["-created_at"]); empty when unsorted, null when the upstream sent no echo (upstream A4 `sort`). */
  appliedSort?: Maybe<Array<Scalars['String']['output']>>;
  /** The upstream's count for this answer; use `total` for the number of matches. */
  count: Scalars['Int']['output'];
  /** Page size the upstream applied; null when it does not say. */
  limit?: Maybe<Scalars['Int']['output']>;
  /** The channels of this page. */
  nodes: Array<Channel>;
  /** Number of matching channels skipped before this page; null when the upstream does not say. */
  offset?: Maybe<Scalars['Int']['output']>;
  /** Number of channels matching the filter upstream, over all pages. */
  total: Scalars['Int']['output'];
};

/** How to sort a channel listing. */
export type ChannelOrder = {
  /** Ascending (default) or descending. */
  direction?: InputMaybe<SortDirection>;
  /** The channel field to sort by. */
  field: ChannelOrderField;
};

/** Channel field that a listing can be sorted by. Each value stands for the upstream field path: lower case, with dots between groups (`SETUP_INFO_PHONE_NUMBER` is `setup_info.phone_number`). */
export type ChannelOrderField =
  /** Sort by the channel setting `ctwa_enabled`. */
  | 'CHANNEL_SETTINGS_CTWA_ENABLED'
  /** Sort by the owning client's contact city. */
  | 'CLIENT_CONTACT_INFO_CITY'
  /** Sort by the owning client's contact country. */
  | 'CLIENT_CONTACT_INFO_COUNTRY'
  /** Sort by the owning client's contact e-mail address. */
  | 'CLIENT_CONTACT_INFO_EMAIL'
  /** Sort by the owning client's contact full name. */
  | 'CLIENT_CONTACT_INFO_FULL_NAME'
  /** Sort by the owning client's contact language. */
  | 'CLIENT_CONTACT_INFO_LANGUAGE'
  /** Sort by the owning client's contact phone number. */
  | 'CLIENT_CONTACT_INFO_PHONE'
  /** Sort by the owning client's contact street name. */
  | 'CLIENT_CONTACT_INFO_STREET_NAME'
  /** Sort by the owning client's contact web page URL. */
  | 'CLIENT_CONTACT_INFO_WEBPAGE_URL'
  /** Sort by the owning client's contact postal code. */
  | 'CLIENT_CONTACT_INFO_ZIP_CODE'
  /** Sort by the owning client's registered user's e-mail address. */
  | 'CLIENT_CONTACT_USER_EMAIL'
  /** Sort by the owning client's registered user's name. */
  | 'CLIENT_CONTACT_USER_NAME'
  /** Sort by the owning client's registered user's phone number. */
  | 'CLIENT_CONTACT_USER_PHONE'
  /** Sort by the owning client's creation time. */
  | 'CLIENT_CREATED_AT'
  /** Sort by the owning client's id. */
  | 'CLIENT_ID'
  /** Sort by the owning client's about text. */
  | 'CLIENT_META_INFO_ABOUT'
  /** Sort by the owning client's business description. */
  | 'CLIENT_META_INFO_BUSINESS_DESCRIPTION'
  /** Sort by the owning client's business vertical. */
  | 'CLIENT_META_INFO_BUSINESS_VERTICAL'
  /** Sort by the owning client's time zone. */
  | 'CLIENT_META_INFO_TIMEZONE'
  /** Sort by the owning client's stated use case. */
  | 'CLIENT_META_INFO_USE_CASE'
  /** Sort by the owning client's last modification time. */
  | 'CLIENT_MODIFIED_AT'
  /** Sort by the owning client's name. */
  | 'CLIENT_NAME'
  /** Sort by the owning client's organisation. */
  | 'CLIENT_ORGANISATION'
  /** Sort by the owning client's partner payload. */
  | 'CLIENT_PARTNER_PAYLOAD'
  /** Sort by the owning client's status. */
  | 'CLIENT_STATUS'
  /** Sort by the channel's creation time. */
  | 'CREATED_AT'
  /** Sort by the channel's id. */
  | 'ID'
  /** Sort by the integration's app id. */
  | 'INTEGRATION_APP_ID'
  /** Sort by the integration's creation time. */
  | 'INTEGRATION_CREATED_AT'
  /** Sort by the integration's id. */
  | 'INTEGRATION_ID'
  /** Sort by the integration's last modification time. */
  | 'INTEGRATION_MODIFIED_AT'
  /** Sort by the integration parameter API user e-mail address. */
  | 'INTEGRATION_PARAMETERS_API_USER_EMAIL'
  /** Sort by the integration parameter app name. */
  | 'INTEGRATION_PARAMETERS_APP_NAME'
  /** Sort by the integration parameter default language. */
  | 'INTEGRATION_PARAMETERS_DEFAULT_LANGUAGE'
  /** Sort by the integration parameter organisation. */
  | 'INTEGRATION_PARAMETERS_ORGANISATION'
  /** Sort by the integration parameter verification method. */
  | 'INTEGRATION_PARAMETERS_VERIFICATION_METHOD'
  /** Sort by the integration's stack id. */
  | 'INTEGRATION_STACK_ID'
  /** Sort by the integration's state. */
  | 'INTEGRATION_STATE'
  /** Sort by the integration's type. */
  | 'INTEGRATION_TYPE'
  /** Sort by the channel's last modification time. */
  | 'MODIFIED_AT'
  /** Sort by the business profile's about text. */
  | 'PROFILE_INFO_ABOUT_TEXT'
  /** Sort by the business profile's business description. */
  | 'PROFILE_INFO_BUSINESS_DESCRIPTION'
  /** Sort by the business profile's business vertical. */
  | 'PROFILE_INFO_BUSINESS_VERTICAL'
  /** Sort by the business profile's city. */
  | 'PROFILE_INFO_CITY'
  /** Sort by the business profile's contact e-mail address. */
  | 'PROFILE_INFO_CONTACT_EMAIL'
  /** Sort by the business profile's country. */
  | 'PROFILE_INFO_COUNTRY'
  /** Sort by the business profile's street name. */
  | 'PROFILE_INFO_STREET_NAME'
  /** Sort by the business profile's use case description. */
  | 'PROFILE_INFO_USE_CASE_DESCRIPTION'
  /** Sort by the business profile's web page URL. */
  | 'PROFILE_INFO_WEBPAGE_URL'
  /** Sort by the business profile's postal code. */
  | 'PROFILE_INFO_ZIP_CODE'
  /** Sort by the project's API user e-mail address. */
  | 'PROJECT_API_USER_EMAIL'
  /** Sort by the project's creation time. */
  | 'PROJECT_CREATED_AT'
  /** Sort by the project's id. */
  | 'PROJECT_ID'
  /** Sort by the project's inbox. */
  | 'PROJECT_INBOX'
  /** Sort by the project's license model. */
  | 'PROJECT_LICENSE_MODEL'
  /** Sort by the project's last modification time. */
  | 'PROJECT_MODIFIED_AT'
  /** Sort by the project's name. */
  | 'PROJECT_NAME'
  /** Sort by the project's status. */
  | 'PROJECT_STATUS'
  /** Sort by the setup's default language. */
  | 'SETUP_INFO_DEFAULT_LANGUAGE'
  /** Sort by the setup's IVR flag. */
  | 'SETUP_INFO_IVR'
  /** Sort by the setup's display name (phone name). */
  | 'SETUP_INFO_PHONE_NAME'
  /** Sort by the setup's phone number. */
  | 'SETUP_INFO_PHONE_NUMBER'
  /** Sort by the setup's verification method. */
  | 'SETUP_INFO_VERIFICATION_METHOD'
  /** Sort by the setup's was-in-use flag. */
  | 'SETUP_INFO_WAS_IN_USE'
  /** Sort by the channel's status. */
  | 'STATUS'
  /** Sort by the channel's type. */
  | 'TYPE'
  /** Sort by the business account's creation time. */
  | 'WABA_ACCOUNT_CREATED_AT'
  /** Sort by the business account's external id. */
  | 'WABA_ACCOUNT_EXTERNAL_ID'
  /** Sort by the business account's `fb_business_id`. */
  | 'WABA_ACCOUNT_FB_BUSINESS_ID'
  /** Sort by the business account's id. */
  | 'WABA_ACCOUNT_ID'
  /** Sort by the business account's last modification time. */
  | 'WABA_ACCOUNT_MODIFIED_AT'
  /** Sort by the business account's name. */
  | 'WABA_ACCOUNT_NAME'
  /** Sort by the business account's namespace. */
  | 'WABA_ACCOUNT_NAMESPACE'
  /** Sort by the on-behalf-of business's id. */
  | 'WABA_ACCOUNT_ON_BEHALF_OF_BUSINESS_INFO_ID'
  /** Sort by the on-behalf-of business's name. */
  | 'WABA_ACCOUNT_ON_BEHALF_OF_BUSINESS_INFO_NAME'
  /** Sort by the on-behalf-of business's status. */
  | 'WABA_ACCOUNT_ON_BEHALF_OF_BUSINESS_INFO_STATUS'
  /** Sort by the on-behalf-of business's type. */
  | 'WABA_ACCOUNT_ON_BEHALF_OF_BUSINESS_INFO_TYPE'
  /** Sort by the business account's status. */
  | 'WABA_ACCOUNT_STATUS';

/** Filter on a channel's business profile details. */
export type ChannelProfileInfoFilter = {
  /** Only channels with this about text. */
  aboutText?: InputMaybe<Scalars['String']['input']>;
  /** Only channels with this business description. */
  businessDescription?: InputMaybe<Scalars['String']['input']>;
  /** Only channels in this business vertical, as the upstream spells it. */
  businessVertical?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose profile names this city. */
  city?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose profile has this contact e-mail address. */
  contactEmail?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose profile names this country, as the upstream spells it. */
  country?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose profile has this street name. */
  streetName?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose profile has this web page URL. */
  webpageUrl?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose profile has this postal code. */
  zipCode?: InputMaybe<Scalars['String']['input']>;
};

/** Filter on the project a channel belongs to upstream. */
export type ChannelProjectFilter = {
  /** Only channels of projects with this API user e-mail address. */
  apiUserEmail?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of projects created at this time, written as the upstream stores it. */
  createdAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of the project with this id. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Only channels of projects with this inbox value, as the upstream spells it. */
  inbox?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of projects with this license model, as the upstream spells it. */
  licenseModel?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of projects last changed at this time, written as the upstream stores it. */
  modifiedAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of projects with this name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of projects with this status, as the upstream spells it. */
  status?: InputMaybe<Scalars['String']['input']>;
};

/** Filter on a channel's settings. */
export type ChannelSettingsFilter = {
  /** Only channels whose `ctwa_enabled` setting has this value. */
  ctwaEnabled?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only channels whose tier matches. */
  settings?: InputMaybe<ChannelSettingsTierFilter>;
};

/** Filter on a channel's tier setting. */
export type ChannelSettingsTierFilter = {
  /** Only channels of this tier, as the upstream spells it (for example `regular`). */
  tier?: InputMaybe<Scalars['String']['input']>;
};

/** Registration details of a number as returned by a cancellation request. Every field is as the upstream sent it and null when it was absent; value sets are not specified upstream (upstream A8 `setup_info`). */
export type ChannelSetupDetails = {
  __typename?: 'ChannelSetupDetails';
  /** The number's registration certificate, an opaque string as sent; null when absent (`certificate`). */
  certificate?: Maybe<Scalars['String']['output']>;
  /** Configuration type of the number's setup, as sent; its value set is not specified upstream (`configuration_type`). */
  configurationType?: Maybe<Scalars['String']['output']>;
  /** Default language of the number, a language code such as `en` (`default_language`). */
  defaultLanguage?: Maybe<Scalars['String']['output']>;
  /** The last setup error reported for the number, as text; null when none (`error`). */
  error?: Maybe<Scalars['String']['output']>;
  /** Whether the number has an integration layer set up, as sent (`has_integration_layer`). */
  hasIntegrationLayer?: Maybe<Scalars['Boolean']['output']>;
  /** Whether the number is behind an interactive voice response system, which changes how it is verified (`ivr`). */
  ivr?: Maybe<Scalars['Boolean']['output']>;
  /** Review status of a requested display-name change; null when none was requested (`new_name_status`). */
  newNameStatus?: Maybe<Scalars['String']['output']>;
  /** Region of the number's setup, as sent (`region`). */
  region?: Maybe<Scalars['String']['output']>;
  /** Number of shards of the number's setup, as sent (`shards_number`). */
  shardsNumber?: Maybe<Scalars['Int']['output']>;
  /** How the number was verified, e.g. `sms` or `voice` (`verification_method`). */
  verificationMethod?: Maybe<Scalars['String']['output']>;
  /** Whether the number was already in use on the messaging network before it was registered (`was_in_use`). */
  wasInUse?: Maybe<Scalars['Boolean']['output']>;
};

/** Filter on how a channel's phone number was set up. */
export type ChannelSetupInfoFilter = {
  /** Only channels with this default language, as the upstream spells it. */
  defaultLanguage?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose IVR flag has this value. */
  ivr?: InputMaybe<Scalars['Boolean']['input']>;
  /** Only channels with this display name. */
  phoneName?: InputMaybe<Scalars['String']['input']>;
  /** Only the channel with this phone number, written as the upstream stores it. */
  phoneNumber?: InputMaybe<Scalars['String']['input']>;
  /** Only channels verified with this method, as the upstream spells it. */
  verificationMethod?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose number was (true) or was not (false) in use before. */
  wasInUse?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Business account that the partner manages; it owns one or more channels, and conversation usage is accounted per client. Resolvable as a federation entity by `id`. */
export type Client = {
  __typename?: 'Client';
  /** The client's channels, one page at a time. BAD_USER_INPUT when `limit` lies outside 1..1000 or `offset` is below 0. Null, with the error at this path, when that upstream call fails (upstream A4, filtered by client). */
  channels?: Maybe<ChannelList>;
  /** The client's contact details; null when the upstream sends none. */
  contactInfo?: Maybe<ClientContactInfo>;
  /** The user registered under the client; null when the upstream sends none. */
  contactUser?: Maybe<ContactUser>;
  /** When the client was created; null when the upstream omits it. */
  createdAt?: Maybe<Scalars['DateTime']['output']>;
  /** Who created the client; null when the upstream does not say. */
  createdBy?: Maybe<UserRef>;
  /** The client id. */
  id: Scalars['ID']['output'];
  /** Where the client's conversations came from and what they cost (beta, enabled per client on request). */
  insights: ClientInsights;
  /** Channels of this client the partner may manage, and so create API keys for. Null, with the error at this path, when that upstream call fails (upstream A5). */
  manageableChannels?: Maybe<Array<Channel>>;
  /** How many channels the client may have; null when the upstream omits it. The client listing states a default of 2, the edit endpoint a default and maximum of 10. */
  maxChannels?: Maybe<Scalars['Int']['output']>;
  /** Business details given when the business account was created; null when the upstream sends none. */
  metaInfo?: Maybe<ClientMetaInfo>;
  /** When the client was last changed; null when the upstream omits it. */
  modifiedAt?: Maybe<Scalars['DateTime']['output']>;
  /** Who last changed the client; null when the upstream does not say. */
  modifiedBy?: Maybe<UserRef>;
  /** The client name; null when the upstream omits it. */
  name?: Maybe<Scalars['String']['output']>;
  /** The client's company name; null when not given. */
  organisation?: Maybe<Scalars['String']['output']>;
  /** Free text the partner attached to the client (set with updateClient); null when none. */
  partnerPayload?: Maybe<Scalars['String']['output']>;
  /** Whether the client is active, as the upstream spells it (for example `active`; other values are not documented). */
  status?: Maybe<Scalars['String']['output']>;
  /** Conversation usage and balance of the client over all its channels. The upstream allows 5 requests per 30 seconds, so the gateway caches and shares a per-partner budget; RATE_LIMITED with `retryAfterSeconds` when it is spent. Null, with the error at this path, when the budget is spent or that upstream call fails (upstream A2). */
  usage?: Maybe<Usage>;
};


/** Business account that the partner manages; it owns one or more channels, and conversation usage is accounted per client. Resolvable as a federation entity by `id`. */
export type ClientChannelsArgs = {
  filter?: InputMaybe<ChannelFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<ChannelOrder>;
};


/** Business account that the partner manages; it owns one or more channels, and conversation usage is accounted per client. Resolvable as a federation entity by `id`. */
export type ClientUsageArgs = {
  appIds?: InputMaybe<Array<Scalars['String']['input']>>;
  from?: InputMaybe<Scalars['DateTime']['input']>;
  granularity?: InputMaybe<Granularity>;
  to?: InputMaybe<Scalars['DateTime']['input']>;
};

/** The client's contact details; each is null when not given. */
export type ClientContactInfo = {
  __typename?: 'ClientContactInfo';
  /** City of the address. */
  city?: Maybe<Scalars['String']['output']>;
  /** Country, as the upstream spells it. */
  country?: Maybe<Scalars['String']['output']>;
  /** Contact e-mail address. */
  email?: Maybe<Scalars['String']['output']>;
  /** Full name of the contact person. */
  fullName?: Maybe<Scalars['String']['output']>;
  /** Contact language, as the upstream spells it. */
  language?: Maybe<Scalars['String']['output']>;
  /** Contact phone number, as entered. */
  phone?: Maybe<Scalars['String']['output']>;
  /** Street name of the address. */
  streetName?: Maybe<Scalars['String']['output']>;
  /** The business's web page URL. */
  webpageUrl?: Maybe<Scalars['String']['output']>;
  /** Postal code of the address. */
  zipCode?: Maybe<Scalars['String']['output']>;
};

/** Narrows a client listing: each field set must match exactly, and fields combine with AND. Leave a field out to not filter on it. */
export type ClientFilter = {
  /** Only clients whose contact details match. */
  contactInfo?: InputMaybe<ContactInfoFilter>;
  /** Only clients whose registered user matches. */
  contactUser?: InputMaybe<ContactUserFilter>;
  /** Only the client with this id. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Only clients whose business details match. */
  metaInfo?: InputMaybe<ClientMetaInfoFilter>;
  /** Only clients with this name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Only clients with this status, as the upstream spells it (for example `active`). */
  status?: InputMaybe<Scalars['String']['input']>;
};

/** Insights (beta) of one client: which sources (entry points) brought its conversations, what they cost, and which first messages (actions) came in. Access is enabled per client on request; every list answers FORBIDDEN for a client without it, before any data is requested. */
export type ClientInsights = {
  __typename?: 'ClientInsights';
  /** How often each given action came in through each source in the date range. FORBIDDEN without insights access; null, with the error at this path, when refused or when the upstream call fails. */
  actionSources?: Maybe<ActionSourceList>;
  /** First messages (actions) received through the given sources in the date range, with how often each came in. FORBIDDEN without insights access; null, with the error at this path, when refused or when the upstream call fails. */
  actions?: Maybe<InsightActionList>;
  /** Whether insights are enabled for this client (upstream C, insights-allowed). */
  allowed: Scalars['Boolean']['output'];
  /** Sources that brought conversations in the date range, each with its spend and daily figures. FORBIDDEN without insights access; null, with the error at this path, when refused or when the upstream call fails. */
  sources?: Maybe<InsightSourceList>;
};


/** Insights (beta) of one client: which sources (entry points) brought its conversations, what they cost, and which first messages (actions) came in. Access is enabled per client on request; every list answers FORBIDDEN for a client without it, before any data is requested. */
export type ClientInsightsActionSourcesArgs = {
  actionIds: Array<Scalars['ID']['input']>;
  dateFrom: Scalars['DateTime']['input'];
  dateTo: Scalars['DateTime']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  sourceIds?: InputMaybe<Array<Scalars['ID']['input']>>;
};


/** Insights (beta) of one client: which sources (entry points) brought its conversations, what they cost, and which first messages (actions) came in. Access is enabled per client on request; every list answers FORBIDDEN for a client without it, before any data is requested. */
export type ClientInsightsActionsArgs = {
  dateFrom: Scalars['DateTime']['input'];
  dateTo: Scalars['DateTime']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  sourceIds: Array<Scalars['ID']['input']>;
};


/** Insights (beta) of one client: which sources (entry points) brought its conversations, what they cost, and which first messages (actions) came in. Access is enabled per client on request; every list answers FORBIDDEN for a client without it, before any data is requested. */
export type ClientInsightsSourcesArgs = {
  appIds?: InputMaybe<Array<Scalars['String']['input']>>;
  dateFrom: Scalars['DateTime']['input'];
  dateTo: Scalars['DateTime']['input'];
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
};

/** One page of a partner's clients. */
export type ClientList = {
  __typename?: 'ClientList';
  /** The filters the upstream says it applied, echoed as it sent them: an object of dotted field paths (e.g. `contact_info.country`) to the compared values; {} when the listing was not filtered, null when the upstream sent no echo (upstream A1 `filters`). */
  appliedFilters?: Maybe<Scalars['JSON']['output']>;
  /** The sort the upstream says it applied, as field paths with a leading `-` for descending (e.g. ["-created_at"]); empty when unsorted, null when the upstream sent no echo (upstream A1 `sort`). */
  appliedSort?: Maybe<Array<Scalars['String']['output']>>;
  /** The upstream's count, described by the interface as the number of clients in the partner account; use `total` for the number of matches. */
  count: Scalars['Int']['output'];
  /** Page size the upstream applied; null when it does not say. */
  limit?: Maybe<Scalars['Int']['output']>;
  /** The clients of this page. */
  nodes: Array<Client>;
  /** Number of matching clients skipped before this page; null when the upstream does not say. */
  offset?: Maybe<Scalars['Int']['output']>;
  /** Number of clients matching the filter upstream, over all pages. */
  total: Scalars['Int']['output'];
};

/** Business details given when the client's business account was created; each is null when not given. */
export type ClientMetaInfo = {
  __typename?: 'ClientMetaInfo';
  /** Short text about the business. */
  about?: Maybe<Scalars['String']['output']>;
  /** Description of the business. */
  businessDescription?: Maybe<Scalars['String']['output']>;
  /** The business vertical, as the upstream spells it. */
  businessVertical?: Maybe<Scalars['String']['output']>;
  /** The business's time zone, as the upstream spells it. */
  timezone?: Maybe<Scalars['String']['output']>;
  /** What the business uses messaging for. */
  useCase?: Maybe<Scalars['String']['output']>;
};

/** Filter on the business details given when the client's business account was created. */
export type ClientMetaInfoFilter = {
  /** Only clients with this about text. */
  about?: InputMaybe<Scalars['String']['input']>;
  /** Only clients with this business description. */
  businessDescription?: InputMaybe<Scalars['String']['input']>;
  /** Only clients in this business vertical, as the upstream spells it. */
  businessVertical?: InputMaybe<Scalars['String']['input']>;
  /** Only clients in this time zone, as the upstream spells it. */
  timezone?: InputMaybe<Scalars['String']['input']>;
  /** Only clients with this stated use case. */
  useCase?: InputMaybe<Scalars['String']['input']>;
};

/** How to sort a client listing. */
export type ClientOrder = {
  /** Ascending (default) or descending. */
  direction?: InputMaybe<SortDirection>;
  /** The client field to sort by. */
  field: ClientOrderField;
};

/** Client field that a listing can be sorted by. Each value stands for the upstream field path: lower case, with dots between groups (`META_INFO_TIMEZONE` is `meta_info.timezone`). */
export type ClientOrderField =
  /** Sort by contact city. */
  | 'CONTACT_INFO_CITY'
  /** Sort by contact country. */
  | 'CONTACT_INFO_COUNTRY'
  /** Sort by contact e-mail address. */
  | 'CONTACT_INFO_EMAIL'
  /** Sort by contact language. */
  | 'CONTACT_INFO_LANGUAGE'
  /** Sort by contact phone number. */
  | 'CONTACT_INFO_PHONE'
  /** Sort by contact street name. */
  | 'CONTACT_INFO_STREET_NAME'
  /** Sort by contact web page URL. */
  | 'CONTACT_INFO_WEBPAGE_URL'
  /** Sort by contact postal code. */
  | 'CONTACT_INFO_ZIP_CODE'
  /** Sort by registered user's e-mail address. */
  | 'CONTACT_USER_EMAIL'
  /** Sort by registered user's name. */
  | 'CONTACT_USER_NAME'
  /** Sort by registered user's phone number. */
  | 'CONTACT_USER_PHONE'
  /** Sort by creation time. */
  | 'CREATED_AT'
  /** Sort by the client id. */
  | 'ID'
  /** Sort by about text. */
  | 'META_INFO_ABOUT'
  /** Sort by business description. */
  | 'META_INFO_BUSINESS_DESCRIPTION'
  /** Sort by business vertical. */
  | 'META_INFO_BUSINESS_VERTICAL'
  /** Sort by time zone. */
  | 'META_INFO_TIMEZONE'
  /** Sort by stated use case. */
  | 'META_INFO_USE_CASE'
  /** Sort by last modification time. */
  | 'MODIFIED_AT'
  /** Sort by the client name. */
  | 'NAME'
  /** Sort by the client status. */
  | 'STATUS';

/**
 * The answer of `blockContact`, `unblockContact` and `reportContact` (on-premise only). Before v3 these answered a bare
 * Boolean; the payload leads back to the channel, whose `blockedContacts` a client can select again.
 */
export type ContactActionPayload = {
  __typename?: 'ContactActionPayload';
  /** Whether the contact is blocked after the action: true after blockContact or a report with `block: true`, false after unblockContact, null after a report that did not block. */
  blocked?: Maybe<Scalars['Boolean']['output']>;
  /** The channel whose contact was blocked, unblocked or reported. Null only when the channel cannot be read back. */
  channel?: Maybe<Channel>;
  /** The contact's wa_id or phone number as given in the mutation. */
  phoneNumber: Scalars['String']['output'];
  /** Always true in a successful answer; a refusal is an error (NOT_ENGAGED, INVALID_PARAMETER, UNSUPPORTED_FOR_HOSTING …) instead. */
  success: Scalars['Boolean']['output'];
};

/** Postal address of a contact card. */
export type ContactAddressInput = {
  /** City or town. */
  city?: InputMaybe<Scalars['String']['input']>;
  /** Country name. */
  country?: InputMaybe<Scalars['String']['input']>;
  /** Country code, two letters; BAD_USER_INPUT otherwise. */
  countryCode?: InputMaybe<Scalars['String']['input']>;
  /** State or region. */
  state?: InputMaybe<Scalars['String']['input']>;
  /** Street and number. */
  street?: InputMaybe<Scalars['String']['input']>;
  /** Kind of address: HOME or WORK. */
  type?: InputMaybe<Scalars['String']['input']>;
  /** Postal code. */
  zip?: InputMaybe<Scalars['String']['input']>;
};

/** Contact card as received or sent (the output twin of ContactCardInput). */
export type ContactCard = {
  __typename?: 'ContactCard';
  /** Postal addresses; empty when none. */
  addresses: Array<ContactCardAddress>;
  /** Birthday as written on the card (YYYY-MM-DD when well formed); null when absent. */
  birthday?: Maybe<Scalars['String']['output']>;
  /** Email addresses; empty when none. */
  emails: Array<ContactCardEmail>;
  /** First name; null when absent. */
  firstName?: Maybe<Scalars['String']['output']>;
  /** The name as the card shows it; when a received card has none, its name parts joined with spaces (possibly empty). */
  formattedName: Scalars['String']['output'];
  /** Last name; null when absent. */
  lastName?: Maybe<Scalars['String']['output']>;
  /** Middle name; null when absent. */
  middleName?: Maybe<Scalars['String']['output']>;
  /** Company, department and job title; null when the card has none. */
  organization?: Maybe<ContactCardOrganization>;
  /** Phone numbers; empty when none. */
  phones: Array<ContactCardPhone>;
  /** Name prefix such as "Dr."; null when absent. */
  prefix?: Maybe<Scalars['String']['output']>;
  /** Name suffix such as "Esq."; null when absent. */
  suffix?: Maybe<Scalars['String']['output']>;
  /** Web addresses; empty when none. */
  urls: Array<ContactCardUrl>;
};

/** Postal address on a contact card. */
export type ContactCardAddress = {
  __typename?: 'ContactCardAddress';
  /** City; null when absent. */
  city?: Maybe<Scalars['String']['output']>;
  /** Country name; null when absent. */
  country?: Maybe<Scalars['String']['output']>;
  /** Two-letter country code (ISO 3166-1 alpha-2) as written; null when absent. */
  countryCode?: Maybe<Scalars['String']['output']>;
  /** State or region; null when absent. */
  state?: Maybe<Scalars['String']['output']>;
  /** Street and number; null when absent. */
  street?: Maybe<Scalars['String']['output']>;
  /** Its label as written (standard values HOME, WORK); null when absent. */
  type?: Maybe<Scalars['String']['output']>;
  /** Postal code; null when absent. */
  zip?: Maybe<Scalars['String']['output']>;
};

/** An email address on a contact card. */
export type ContactCardEmail = {
  __typename?: 'ContactCardEmail';
  /** The address as written; null when absent. */
  email?: Maybe<Scalars['String']['output']>;
  /** Its label as written (standard values HOME, WORK); null when absent. */
  type?: Maybe<Scalars['String']['output']>;
};

/** One contact card of a contacts message. */
export type ContactCardInput = {
  /** Postal addresses. */
  addresses?: InputMaybe<Array<ContactAddressInput>>;
  /** Birthday as a date, YYYY-MM-DD; BAD_USER_INPUT otherwise. */
  birthday?: InputMaybe<Scalars['String']['input']>;
  /** E-mail addresses. */
  emails?: InputMaybe<Array<ContactEmailInput>>;
  /** The contact's name. */
  name: ContactNameInput;
  /** Organisation the contact works for. */
  org?: InputMaybe<ContactOrgInput>;
  /** Phone numbers. */
  phones?: InputMaybe<Array<ContactPhoneInput>>;
  /** Web addresses. */
  urls?: InputMaybe<Array<ContactUrlInput>>;
};

/** Where the contact works, from a contact card. */
export type ContactCardOrganization = {
  __typename?: 'ContactCardOrganization';
  /** Company name; null when absent. */
  company?: Maybe<Scalars['String']['output']>;
  /** Department; null when absent. */
  department?: Maybe<Scalars['String']['output']>;
  /** Job title; null when absent. */
  title?: Maybe<Scalars['String']['output']>;
};

/** Phone number on a contact card. */
export type ContactCardPhone = {
  __typename?: 'ContactCardPhone';
  /** The number as written on the card, in any format; null when absent. */
  phone?: Maybe<Scalars['String']['output']>;
  /** Its label as written (standard values CELL, MAIN, IPHONE, HOME, WORK); null when absent. */
  type?: Maybe<Scalars['String']['output']>;
  /** The number's wa_id (digits) when it is on the messaging network; null otherwise. */
  waId?: Maybe<Scalars['String']['output']>;
};

/** Web address on a contact card. */
export type ContactCardUrl = {
  __typename?: 'ContactCardUrl';
  /** Its label as written (standard values HOME, WORK); null when absent. */
  type?: Maybe<Scalars['String']['output']>;
  /** The URL as written; null when absent. */
  url?: Maybe<Scalars['String']['output']>;
};

/** E-mail address of a contact card. */
export type ContactEmailInput = {
  /** The e-mail address; not empty. */
  email: Scalars['String']['input'];
  /** Kind of address: HOME or WORK; BAD_USER_INPUT otherwise. */
  type?: InputMaybe<Scalars['String']['input']>;
};

/** Filter on a client's contact details. */
export type ContactInfoFilter = {
  /** Only clients in this city. */
  city?: InputMaybe<Scalars['String']['input']>;
  /** Only clients in this country, as the upstream spells it. */
  country?: InputMaybe<Scalars['String']['input']>;
  /** Only clients with this contact e-mail address. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** Only clients with this contact language. */
  language?: InputMaybe<Scalars['String']['input']>;
  /** Only clients with this contact phone number. */
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Only clients with this street name. */
  streetName?: InputMaybe<Scalars['String']['input']>;
  /** Only clients with this web page URL. */
  webpageUrl?: InputMaybe<Scalars['String']['input']>;
  /** Only clients with this postal code. */
  zipCode?: InputMaybe<Scalars['String']['input']>;
};

/** Name of a contact card: formattedName plus at least one other part (BAD_USER_INPUT otherwise). */
export type ContactNameInput = {
  /** First name. */
  firstName?: InputMaybe<Scalars['String']['input']>;
  /** The full name as displayed; not empty. */
  formattedName: Scalars['String']['input'];
  /** Last name. */
  lastName?: InputMaybe<Scalars['String']['input']>;
  /** Middle name. */
  middleName?: InputMaybe<Scalars['String']['input']>;
  /** Name prefix. */
  prefix?: InputMaybe<Scalars['String']['input']>;
  /** Name suffix. */
  suffix?: InputMaybe<Scalars['String']['input']>;
};

/** Organisation of a contact card. */
export type ContactOrgInput = {
  /** Company name. */
  company?: InputMaybe<Scalars['String']['input']>;
  /** Department. */
  department?: InputMaybe<Scalars['String']['input']>;
  /** Job title. */
  title?: InputMaybe<Scalars['String']['input']>;
};

/** Phone number of a contact card. */
export type ContactPhoneInput = {
  /** The phone number; not empty. */
  phone: Scalars['String']['input'];
  /** Kind of number: CELL, MAIN, IPHONE, HOME or WORK. */
  type?: InputMaybe<Scalars['String']['input']>;
  /** The number's wa_id on the messaging network, if known. */
  waId?: InputMaybe<Scalars['String']['input']>;
};

/** The user stopped or resumed marketing messages from the business (upstream user_preferences; on-premise a system message user_preference_changed). */
export type ContactPreferenceEvent = {
  __typename?: 'ContactPreferenceEvent';
  /** What the preference is about, e.g. `marketing_messages`. */
  category: Scalars['String']['output'];
  /** The channel the preference concerns. */
  channelId: Scalars['ID']['output'];
  /** The user's contact key: its wa_id (digits), else its business-scoped user id. */
  contact: Scalars['String']['output'];
  /** Position in the channel's event log; opaque. Pass it as `after` to resume after this event. */
  cursor: Scalars['String']['output'];
  /** The whole preference object as delivered. */
  raw: Scalars['JSON']['output'];
  /** When the gateway accepted the notification (its log time). */
  receivedAt: Scalars['DateTime']['output'];
  /** When the user changed it (notified in UNIX seconds); null when the notification has none. */
  timestamp?: Maybe<Scalars['DateTime']['output']>;
  /** The preference, e.g. `stop` or `resume`. */
  value: Scalars['String']['output'];
};

/** Web address of a contact card. */
export type ContactUrlInput = {
  /** Kind of address: HOME or WORK; BAD_USER_INPUT otherwise. */
  type?: InputMaybe<Scalars['String']['input']>;
  /** The URL; not empty. */
  url: Scalars['String']['input'];
};

/** The user registered under a client; each field is null when not given. */
export type ContactUser = {
  __typename?: 'ContactUser';
  /** The user's e-mail address. */
  email?: Maybe<Scalars['String']['output']>;
  /** The user's name. */
  name?: Maybe<Scalars['String']['output']>;
  /** The user's phone number. */
  phone?: Maybe<Scalars['String']['output']>;
};

/** Filter on the user registered under a client. */
export type ContactUserFilter = {
  /** Only clients whose registered user has this e-mail address. */
  email?: InputMaybe<Scalars['String']['input']>;
  /** Only clients whose registered user has this name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Only clients whose registered user has this phone number. */
  phone?: InputMaybe<Scalars['String']['input']>;
};

/** One or more contact cards. */
export type ContactsContent = {
  __typename?: 'ContactsContent';
  /** The cards, in the order sent. */
  contacts: Array<ContactCard>;
};

/** The exchange of a channel with one contact, as this gateway saw it: inbound messages, sends made through it, and their statuses. The upstream has no read endpoint for messages, so what the gateway did not receive is not here. */
export type Conversation = {
  __typename?: 'Conversation';
  /** The channel of the conversation. */
  channelId: Scalars['ID']['output'];
  /** The contact key: the contact's wa_id (digits) when known, else its business-scoped user id (e.g. `US.13491208655302741918`). */
  contact: Scalars['String']['output'];
  /** The profile name carried by the contact's latest inbound notification; null when none named one. */
  contactName?: Maybe<Scalars['String']['output']>;
  /** The contact's wa_id (digits); null when only a business-scoped user id is known. */
  contactPhone?: Maybe<Scalars['String']['output']>;
  /** The contact's business-scoped user id, when a notification named it; null otherwise. */
  contactUserId?: Maybe<Scalars['String']['output']>;
  /** The contact's username, as the latest notification naming one said; null when none did. */
  contactUsername?: Maybe<Scalars['String']['output']>;
  /** Stable and unique: derived from the channel id and the contact key. */
  id: Scalars['ID']['output'];
  /** The time of the latest message in or out or status of this conversation. */
  lastActivityAt: Scalars['DateTime']['output'];
  /** The time of the contact's latest message (its own timestamp, not its arrival); null when the gateway holds none. */
  lastInboundAt?: Maybe<Scalars['DateTime']['output']>;
  /** The most recent message of the thread; null once its record is no longer retained (always null when EVENT_RETENTION_MS is 0). */
  lastMessage?: Maybe<MessageRecord>;
  /** The thread in both directions, newest first; `first` (default 50) is capped at 200. Empty when EVENT_RETENTION_MS is 0. Within one page of `Channel.conversations`, the threads read at most 500 messages together: past that, BAD_USER_INPUT on `first`. */
  messages: MessageRecordPage;
  /** After the contact changed its number: the contact key (the new wa_id) of the conversation that continues this one; null otherwise. */
  movedTo?: Maybe<Scalars['String']['output']>;
  /** The 24-hour customer-service window with this contact. */
  serviceWindow: ServiceWindow;
};


/** The exchange of a channel with one contact, as this gateway saw it: inbound messages, sends made through it, and their statuses. The upstream has no read endpoint for messages, so what the gateway did not receive is not here. */
export type ConversationMessagesArgs = {
  before?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** Conversations of one kind (category or initiator) and what they cost; a figure the upstream leaves out counts as 0. */
export type ConversationCount = {
  __typename?: 'ConversationCount';
  /** Number of those conversations that were charged. */
  paidQuantity: Scalars['Int']['output'];
  /** What they cost, in the usage currency. */
  price: Scalars['Float']['output'];
  /** Number of conversations. */
  quantity: Scalars['Int']['output'];
};

/** Which conversations a listing keeps. */
export type ConversationFilter = {
  /** Keeps conversations whose window is in this state (OPEN, CLOSED or UNKNOWN); all when omitted. */
  window?: InputMaybe<ServiceWindowState>;
};

/** One page of a channel's conversations, most recent activity first. */
export type ConversationPage = {
  __typename?: 'ConversationPage';
  /** Where the page ended; pass it as `after` to continue. Null when the page is empty and nothing follows. */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** true when more matching conversations follow this page. */
  hasMore: Scalars['Boolean']['output'];
  /** The conversations of this page (at most `first`, which is capped at 100). */
  nodes: Array<Conversation>;
};

/** Call-to-action URL button message. */
export type CtaUrlMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: Scalars['String']['input'];
  /** The button's label, 1 to 20 characters. */
  displayText: Scalars['String']['input'];
  /** Footer line, at most 60 characters. */
  footer?: InputMaybe<Scalars['String']['input']>;
  /** Optional header above the body. */
  header?: InputMaybe<InteractiveHeaderInput>;
  /** The http:// or https:// URL the button opens. */
  url: Scalars['String']['input'];
};

/** Country where a cloud-hosted channel stores its message content (data localisation) instead of the default storage in the United States. */
export type DataRegion =
  /** Message content stored in Australia. */
  | 'AU'
  /** Message content stored in Bahrain. */
  | 'BH'
  /** Message content stored in Brazil. */
  | 'BR'
  /** Message content stored in Canada. */
  | 'CA'
  /** Message content stored in Switzerland. */
  | 'CH'
  /** Message content stored in Germany. */
  | 'DE'
  /** Message content stored in United Kingdom. */
  | 'GB'
  /** Message content stored in Indonesia. */
  | 'ID'
  /** Message content stored in India. */
  | 'IN'
  /** Message content stored in Japan. */
  | 'JP'
  /** Message content stored in South Korea. */
  | 'KR'
  /** Message content stored in Singapore. */
  | 'SG'
  /** Message content stored in South Africa. */
  | 'ZA';

/** What a flow does when it opens. */
export type FlowAction =
  /** Asks the business's flow endpoint for the first screen. */
  | 'DATA_EXCHANGE'
  /** Opens the screen given (with its data). */
  | 'NAVIGATE';

/** Message whose button opens a WhatsApp Flow. */
export type FlowMessageInput = {
  /** NAVIGATE opens `screen`; DATA_EXCHANGE asks the flow endpoint and takes neither screen nor data. */
  action?: InputMaybe<FlowAction>;
  /** The message text, 1 to 1024 characters. */
  body: Scalars['String']['input'];
  /** NAVIGATE: the first screen's data, a non-empty JSON object. */
  data?: InputMaybe<Scalars['JSON']['input']>;
  /** The button's text, 1 to 20 characters. */
  flowCta: Scalars['String']['input'];
  /** The flow's id; exactly one of flowId and flowName. */
  flowId?: InputMaybe<Scalars['ID']['input']>;
  /** The flow's name; exactly one of flowId and flowName. */
  flowName?: InputMaybe<Scalars['String']['input']>;
  /** Your token for this flow, sent back with its answer; the upstream's "unused" when null. */
  flowToken?: InputMaybe<Scalars['String']['input']>;
  /** Footer line, at most 60 characters. */
  footer?: InputMaybe<Scalars['String']['input']>;
  /** Optional header above the body. */
  header?: InputMaybe<InteractiveHeaderInput>;
  /** The flow's version to open: PUBLISHED unless DRAFT is given. */
  mode?: InputMaybe<FlowMode>;
  /** NAVIGATE: the id of the first screen; required with data. */
  screen?: InputMaybe<Scalars['String']['input']>;
};

/** Which version of a flow a flow message opens. */
export type FlowMode =
  /** The flow's draft, for testing. */
  | 'DRAFT'
  /** The flow's published version. */
  | 'PUBLISHED';

/** Length of each usage period. */
export type Granularity =
  /** One period per calendar day. */
  | 'DAY'
  /** One period per calendar month. */
  | 'MONTH';

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

/** Message a user sent to a channel, as notified by the upstream. */
export type InboundMessage = {
  __typename?: 'InboundMessage';
  /** The business account the notification came for (cloud: its `entry[].id`), as given; null on-premise, whose notifications carry no envelope. */
  businessAccountId?: Maybe<Scalars['String']['output']>;
  /** For a reaction, an edit or a revoke: the id of the message it changes (`reaction.message_id`, `edit.original_message_id`, `revoke.original_message_id`); null for any other message. */
  changesMessageId?: Maybe<Scalars['ID']['output']>;
  /** The channel that received the message. */
  channelId: Scalars['ID']['output'];
  /** The sender's profile name as the messaging network shows it, from the notification's contacts list (the entry whose wa_id is the sender); null when the notification names no profile for the sender. */
  contactName?: Maybe<Scalars['String']['output']>;
  /** What the message carries, typed by its kind (read from `raw`). An edit holds its new version; a revoke, which carries no content, is UnsupportedContent without errors. */
  content: MessageContent;
  /** The message it answers, and whether it was forwarded; null when the notification has no context. */
  context?: Maybe<MessageContext>;
  /** Position in the channel's event log; opaque. Pass it as `after` to resume after this event; valid for the retention window. */
  cursor: Scalars['String']['output'];
  /** The channel's own phone number as displayed to contacts (digits, as sent in the notification's metadata); cloud notifications only, null on-premise, whose notifications carry no metadata. */
  displayPhoneNumber?: Maybe<Scalars['String']['output']>;
  /** The sender's contact key: its wa_id (digits) when the notification carries one, else its business-scoped user id (e.g. `US.13491208655302741918`). */
  from: Scalars['String']['output'];
  /** The sender's wa_id (digits); null when the notification carries no phone number (a user with a username). */
  fromPhone?: Maybe<Scalars['String']['output']>;
  /** The sender's business-scoped user id (`from_user_id`, or a parent id `CC.ENT.…`), when the notification carries it; null otherwise. */
  fromUserId?: Maybe<Scalars['String']['output']>;
  /** The message id given by the messaging network. */
  id: Scalars['ID']['output'];
  /** The channel's number as the upstream identifies it (cloud `metadata.phone_number_id`), as given; null on-premise. */
  phoneNumberId?: Maybe<Scalars['String']['output']>;
  /** One line for a conversation list, at most 100 characters (longer ones end with "…"; line breaks become spaces): the text; a caption, else "Photo", "Video", "Audio", "Voice message", "Sticker", "Document" or "Document: <file name>"; a button's or row's title; "Form sent" for a flow; the template quick reply's text; "📍 <name, else address, else latitude, longitude>"; "👤 <name>" (+N for more cards); the reaction's emoji, or "Reaction removed"; "Order: <n> products, <m> items" (without the items when a line says no quantity); a system notice's text, "Opened the chat" for a request_welcome; "Template: <name>"; "This message was deleted" for a revoke; "Unsupported message". Null only for an empty text. */
  preview?: Maybe<Scalars['String']['output']>;
  /** The whole message object as delivered, for the fields of other types. */
  raw: Scalars['JSON']['output'];
  /** When the gateway accepted the notification (its log time; several events of one notification may share it). */
  receivedAt: Scalars['DateTime']['output'];
  /** The click-to-chat ad or post that brought the user; null when the message did not come from one. */
  referral?: Maybe<AdReferral>;
  /** The text body for text messages; null for other types. */
  text?: Maybe<Scalars['String']['output']>;
  /** When the user sent it (notified in UNIX seconds); null when the notification has none. */
  timestamp?: Maybe<Scalars['DateTime']['output']>;
  /** Message type as notified, lower case (for example `text`, `image`, `location`); `unknown` when the notification has none. */
  type: Scalars['String']['output'];
  /** The sender's username (`contacts[].profile.username`), when the user set one; null otherwise. */
  username?: Maybe<Scalars['String']['output']>;
};

/** First message of a conversation, as received through a source. */
export type InsightAction = {
  __typename?: 'InsightAction';
  /** App id the action belongs to; null when absent. */
  appId?: Maybe<Scalars['String']['output']>;
  /** Id of the client; null when absent. */
  clientId?: Maybe<Scalars['ID']['output']>;
  /** How many times this first message was received in the range. */
  hits: Scalars['Int']['output'];
  /** The action id. */
  id: Scalars['ID']['output'];
  /** The message text; null when absent. */
  message?: Maybe<Scalars['String']['output']>;
  /** Message type, as the upstream spells it (for example `text`); null when absent. */
  type?: Maybe<Scalars['String']['output']>;
};

/** One page of insight actions. */
export type InsightActionList = {
  __typename?: 'InsightActionList';
  /** Page size the upstream applied; null when it does not say. */
  limit?: Maybe<Scalars['Int']['output']>;
  /** The actions of this page. */
  nodes: Array<InsightAction>;
  /** Number of actions skipped before this page; null when the upstream does not say. */
  offset?: Maybe<Scalars['Int']['output']>;
  /** Number of actions matching upstream, over all pages. */
  totalCount: Scalars['Int']['output'];
};

/** Figures of one source on one day. */
export type InsightPoint = {
  __typename?: 'InsightPoint';
  /** Conversations the source brought that day. */
  conversations: Scalars['Int']['output'];
  /** Currency of `spend`, as the upstream spells it; null when absent. */
  currency?: Maybe<Scalars['String']['output']>;
  /** The day, as the upstream writes it (YYYY-MM-DD). */
  date: Scalars['String']['output'];
  /** The source (entry point) this day's figures belong to: the id of the enclosing InsightSource, as the upstream repeats it on each point (upstream C sources `insights[].source_id`). */
  sourceId?: Maybe<Scalars['ID']['output']>;
  /** What they cost, in `currency`. */
  spend: Scalars['Float']['output'];
};

/** An entry point (for example an ad) that brought conversations to a client, with what they cost. */
export type InsightSource = {
  __typename?: 'InsightSource';
  /** App id the source belongs to; null when absent. */
  appId?: Maybe<Scalars['String']['output']>;
  /** Category, as the upstream spells it (for example `known`; other values are not documented); null when absent. */
  category?: Maybe<Scalars['String']['output']>;
  /** Id of the client; null when absent. */
  clientId?: Maybe<Scalars['ID']['output']>;
  /** When the source was created, as the upstream reports it; null when absent. */
  createdTime?: Maybe<Scalars['DateTime']['output']>;
  /** Currency of `totalSpend`, as the upstream spells it; null when absent. */
  currency?: Maybe<Scalars['String']['output']>;
  /** Direction, as the upstream spells it (for example `incoming`); null when absent. */
  direction?: Maybe<Scalars['String']['output']>;
  /** The source id. */
  id: Scalars['ID']['output'];
  /** Figures of the source per day of the range. */
  insights: Array<InsightPoint>;
  /** Message text associated with the source; null when absent. */
  message?: Maybe<Scalars['String']['output']>;
  /** Name of the source, which renameInsightsSource changes; null when not named. */
  name?: Maybe<Scalars['String']['output']>;
  /** Conversations the source brought in the range; null when absent. */
  totalConversations?: Maybe<Scalars['Int']['output']>;
  /** What those conversations cost, in `currency`; null when absent. */
  totalSpend?: Maybe<Scalars['Float']['output']>;
  /** Type, as the upstream spells it (for example `ctwa`; other values are not documented); null when absent. */
  type?: Maybe<Scalars['String']['output']>;
};

/** One page of insight sources. */
export type InsightSourceList = {
  __typename?: 'InsightSourceList';
  /** Page size the upstream applied; null when it does not say. */
  limit?: Maybe<Scalars['Int']['output']>;
  /** The sources of this page. */
  nodes: Array<InsightSource>;
  /** Number of sources skipped before this page; null when the upstream does not say. */
  offset?: Maybe<Scalars['Int']['output']>;
  /** Number of sources matching upstream, over all pages. */
  totalCount: Scalars['Int']['output'];
};

/**
 * The answer of `renameInsightsSource`. Before v3 it answered a bare Boolean; the payload carries the renamed source, so a
 * client cache shows the new name at once.
 */
export type InsightSourcePayload = {
  __typename?: 'InsightSourcePayload';
  /**
   * The renamed source with its `id`, `clientId` and new `name`. Its other fields are not part of a rename's answer:
   * selecting them here raises an error at that field; read them from `ClientInsights.sources`.
   */
  source?: Maybe<InsightSource>;
  /** Whether the upstream reported the rename as done. */
  success: Scalars['Boolean']['output'];
};

/** An interactive message the business sent through the gateway (outbound records only). */
export type InteractiveContent = {
  __typename?: 'InteractiveContent';
  /** The message text; null for a product message sent without one. */
  bodyText?: Maybe<Scalars['String']['output']>;
  /** The footer line; null when there is none. */
  footer?: Maybe<Scalars['String']['output']>;
  /** The header text; null when there is none or the header is a media item. */
  header?: Maybe<Scalars['String']['output']>;
  /** Which interactive message it is. */
  interactiveKind: InteractiveKind;
  /** Reply buttons and list rows (id, title, description); a CTA's or flow's button text as one option without id; empty for products, catalogs and location requests. */
  options: Array<InteractiveOption>;
};

/** An interactive message's header: exactly one of a text (1 to 60 characters) and one media item (by id or link, without caption). */
export type InteractiveHeaderInput = {
  /** Document header (with an optional file name). */
  document?: InputMaybe<MediaMessageInput>;
  /** Image header. */
  image?: InputMaybe<MediaMessageInput>;
  /** The header text, 1 to 60 characters. */
  text?: InputMaybe<Scalars['String']['input']>;
  /** Video header. */
  video?: InputMaybe<MediaMessageInput>;
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

/** One choice of an interactive message as the user sees it. */
export type InteractiveOption = {
  __typename?: 'InteractiveOption';
  /** Description of a list row; null otherwise. */
  description?: Maybe<Scalars['String']['output']>;
  /** Your id for the button or row; null for a CTA's or flow's button. */
  id?: Maybe<Scalars['String']['output']>;
  /** The label shown. */
  title: Scalars['String']['output'];
};

/** The user's answer to an interactive message: a reply button, a list row, or a completed flow. */
export type InteractiveReplyContent = {
  __typename?: 'InteractiveReplyContent';
  /** The row's description (LIST only); null otherwise. */
  description?: Maybe<Scalars['String']['output']>;
  /** Answers of a flow: its response_json parsed into JSON (the form's fields and the flow token). Null for buttons and rows, and when the response is absent or not valid JSON. */
  flowResponse?: Maybe<Scalars['JSON']['output']>;
  /**
   * What the user answered: a button, a list row or a flow (the same value as `replyKind`).
   * @deprecated Use `replyKind`: `kind` clashes with `MediaContent.kind` (another type) when a client selects every member of MessageContent.
   */
  kind: InteractiveReplyKind;
  /** The id the business gave the button or row when it sent the message; null for a flow. */
  replyId?: Maybe<Scalars['String']['output']>;
  /** What the user answered: a button, a list row or a flow. */
  replyKind: InteractiveReplyKind;
  /** The button's or row's title as the user saw it; for a flow, the text of the user's reply bubble (often "Sent"). Null when absent. */
  title?: Maybe<Scalars['String']['output']>;
};

/** Which kind of interactive message a user answered. */
export type InteractiveReplyKind =
  /** The user tapped a reply button of an interactive button message. */
  | 'BUTTON'
  /** The user completed a flow (a form); its answers are in flowResponse. */
  | 'FLOW'
  /** The user chose a row of an interactive list message. */
  | 'LIST';

/** Content of a limited-time-offer marketing template (cloud only). Footers are not supported, and web and desktop clients show a notice instead of the offer. */
export type LimitedTimeOfferTemplateInput = {
  /** Body text with variables {{1}}, {{2}}, … numbered without gaps. */
  body: Scalars['String']['input'];
  /** One example value per body variable, in order. */
  bodyExamples?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Example coupon code of the copy-code button, which then comes first; required when hasExpiration. */
  copyCodeExample?: InputMaybe<Scalars['String']['input']>;
  /** Whether the offer shows an expiration timer; then copyCodeExample is required. */
  hasExpiration: Scalars['Boolean']['input'];
  /** Header media kind, IMAGE or VIDEO; goes with headerHandle. */
  headerFormat?: InputMaybe<Scalars['String']['input']>;
  /** Handle of the example header media; goes with headerFormat. */
  headerHandle?: InputMaybe<Scalars['String']['input']>;
  /** Language code of the template; not empty. */
  language: Scalars['String']['input'];
  /** Template name; not empty. */
  name: Scalars['String']['input'];
  /** Text of the offer; not empty. */
  offerText: Scalars['String']['input'];
  /** http:// or https:// URL of the url button, with at most one variable {{1}}. */
  url: Scalars['String']['input'];
  /** Text of the url button, which is always required. */
  urlButtonText: Scalars['String']['input'];
  /** Example URL, required exactly when `url` has a {{1}} variable. */
  urlExample?: InputMaybe<Scalars['String']['input']>;
};

/** List message: a button opens the sections and their rows; the user picks one row. */
export type ListMessageInput = {
  /** The message text, 1 to 4096 characters. */
  body: Scalars['String']['input'];
  /** The label of the button that opens the list, 1 to 20 characters. */
  buttonText: Scalars['String']['input'];
  /** Footer line, at most 60 characters. */
  footer?: InputMaybe<Scalars['String']['input']>;
  /** Header text, at most 60 characters (lists take no media header). */
  header?: InputMaybe<Scalars['String']['input']>;
  /** 1 to 10 sections holding 1 to 10 rows in all; every section titled when there is more than one. */
  sections: Array<ListSectionInput>;
};

/** One row of a list. */
export type ListRowInput = {
  /** Line under the title, at most 72 characters. */
  description?: InputMaybe<Scalars['String']['input']>;
  /** Your id for the row, 1 to 200 characters, distinct across the list; returned when picked. */
  id: Scalars['String']['input'];
  /** The row's title, 1 to 24 characters. */
  title: Scalars['String']['input'];
};

/** One section of a list. */
export type ListSectionInput = {
  /** The section's rows, at least one. */
  rows: Array<ListRowInput>;
  /** The section's title, at most 24 characters; required when the list has more than one section. */
  title?: InputMaybe<Scalars['String']['input']>;
};

/** Outcome of enabling or disabling local storage, as the upstream reports it. */
export type LocalStorageResult = {
  __typename?: 'LocalStorageResult';
  /**
   * The channel after the change, read back from the upstream, so its `dataLocalizationRegion` in a client cache is
   * current. Null only when the channel cannot be read back.
   */
  channel?: Maybe<Channel>;
  /** HTTP status the upstream reports inside its answer; null when absent. */
  httpCode?: Maybe<Scalars['Int']['output']>;
  /** The upstream's explanation for developers, for example why the change needs a confirmation pin; null when absent. */
  message?: Maybe<Scalars['String']['output']>;
  /** True when the upstream accepted the change. */
  success: Scalars['Boolean']['output'];
};

/** Place on a map. */
export type LocationContent = {
  __typename?: 'LocationContent';
  /** The place's address as one line; null when absent. */
  address?: Maybe<Scalars['String']['output']>;
  /** Latitude in decimal degrees (WGS 84). */
  latitude: Scalars['Float']['output'];
  /** Longitude in decimal degrees (WGS 84). */
  longitude: Scalars['Float']['output'];
  /** The place's name; null when the user shared a bare position. */
  name?: Maybe<Scalars['String']['output']>;
  /** Web page about the place; null when absent. */
  url?: Maybe<Scalars['String']['output']>;
};

/** Location pin; every field is required. */
export type LocationMessageInput = {
  /** Address of the place; not empty. */
  address: Scalars['String']['input'];
  /** Latitude in degrees, -90..90. */
  latitude: Scalars['Float']['input'];
  /** Longitude in degrees, -180..180. */
  longitude: Scalars['Float']['input'];
  /** Name of the place; not empty. */
  name: Scalars['String']['input'];
};

/** Message asking the user to share a location. */
export type LocationRequestMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: Scalars['String']['input'];
};

/** Media file of a channel. Files are kept 30 days on cloud and 14 days on-premise unless deleted earlier. */
export type Media = {
  __typename?: 'Media';
  /** Gateway URL that streams the file with the channel's key applied, so no upstream secret reaches the browser. */
  downloadUrl?: Maybe<Scalars['String']['output']>;
  /** Size in bytes; null when the upstream does not say. */
  fileSize?: Maybe<Scalars['Int']['output']>;
  /** The media id, to send the file or read it again. */
  id: Scalars['ID']['output'];
  /** The file's MIME type; null when the upstream does not say. */
  mimeType?: Maybe<Scalars['String']['output']>;
  /** SHA-256 hash of the file; null on-premise, which does not report it. */
  sha256?: Maybe<Scalars['String']['output']>;
};

/** An image, video, audio file, voice note, document or sticker. */
export type MediaContent = {
  __typename?: 'MediaContent';
  /** For STICKER: true for an animated sticker (cloud only), false otherwise. Null for other kinds. */
  animated?: Maybe<Scalars['Boolean']['output']>;
  /** The caption shown under an image, video or document; null when there is none. */
  caption?: Maybe<Scalars['String']['output']>;
  /** File name of a document (for example `invoice.pdf`); null for other kinds and when absent. */
  fileName?: Maybe<Scalars['String']['output']>;
  /** What kind of media it is. */
  kind: MediaKind;
  /** The public URL the file was sent from; only for the gateway's own sends by link, null otherwise. */
  link?: Maybe<Scalars['String']['output']>;
  /** The upstream's media id: download it through the gateway's media route or Channel.media while the upstream keeps it. Null for a send by link, or when the notification names no id. */
  mediaId?: Maybe<Scalars['ID']['output']>;
  /** The file's media type as notified (for example `image/jpeg`, `audio/ogg; codecs=opus`); null for the gateway's own sends and when absent. */
  mimeType?: Maybe<Scalars['String']['output']>;
  /** The file's SHA-256 hash as the upstream notifies it (its encoding differs between hostings); null for the gateway's own sends and when absent. */
  sha256?: Maybe<Scalars['String']['output']>;
  /** For AUDIO: true for a voice note recorded in the app (cloud `voice: true`; on-premise notifies it as type `voice`), false for another audio file. Null for other kinds. */
  voice?: Maybe<Scalars['Boolean']['output']>;
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
  caption?: InputMaybe<Scalars['String']['input']>;
  /** File name shown for documents only. */
  filename?: InputMaybe<Scalars['String']['input']>;
  /** Id of a file uploaded with uploadMedia or POST /media/{channelId} (recommended). */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Public http:// or https:// URL pointing directly at the file. */
  link?: InputMaybe<Scalars['String']['input']>;
  /** On-premise only: name of the provider for links that need authorisation; BAD_USER_INPUT on cloud. */
  provider?: InputMaybe<Scalars['String']['input']>;
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

/** What a message carries, typed by its kind: the same types for inbound messages of both hostings and for the gateway's own sends. Tell the members apart with __typename; a kind the gateway cannot type is UnsupportedContent (the message's `type` and `raw` still say what arrived). Members agree on the names they share (a shared name has one type across members), so one selection can name every member without aliases. */
export type MessageContent = ButtonReplyContent | ContactsContent | InteractiveContent | InteractiveReplyContent | LocationContent | MediaContent | OrderContent | ReactionContent | SystemContent | TemplateContent | TextContent | UnsupportedContent;

/** What the notification says about the message a user's message answers or came from. */
export type MessageContext = {
  __typename?: 'MessageContext';
  /** true when the user forwarded the message from another chat. */
  forwarded: Scalars['Boolean']['output'];
  /** true when the message was forwarded many times before it reached the user (the app marks it so). */
  frequentlyForwarded: Scalars['Boolean']['output'];
  /** The product (catalog id of the item) the user asked about from a catalog or product message; null otherwise. */
  referredProductId?: Maybe<Scalars['String']['output']>;
  /** The id of the message this one answers (a reply, a button tap on a template); null when it answers none. */
  replyTo?: Maybe<Scalars['ID']['output']>;
  /** The sender of the message answered (`context.from`: a wa_id, or the business's own number when the user answers the business); null when the notification does not say. */
  replyToFrom?: Maybe<Scalars['String']['output']>;
};

/** Which way a recorded message went. */
export type MessageDirection =
  /** Sent by a user to the channel (received through a notification). */
  | 'INBOUND'
  /** Sent by the channel (through this gateway's sendMessage, or known from its status notifications). */
  | 'OUTBOUND';

/** Message the business sent from its phone app on a number shared with the API; it is also an OUTBOUND MessageRecord of its conversation, with sentFrom BUSINESS_APP (upstream smb_message_echoes). */
export type MessageEchoEvent = {
  __typename?: 'MessageEchoEvent';
  /** The channel whose number sent the message. */
  channelId: Scalars['ID']['output'];
  /** What the message carries, typed by its kind. */
  content: MessageContent;
  /** Position in the channel's event log; opaque. Pass it as `after` to resume after this event. */
  cursor: Scalars['String']['output'];
  /** The message id given by the messaging network. */
  id: Scalars['ID']['output'];
  /** One line for a conversation list (the text, a caption, '📍 name' …); null when there is nothing to show. */
  preview?: Maybe<Scalars['String']['output']>;
  /** The whole echo object as delivered. */
  raw: Scalars['JSON']['output'];
  /** When the gateway accepted the notification (its log time). */
  receivedAt: Scalars['DateTime']['output'];
  /** When it was sent (notified in UNIX seconds); null when the notification has none. */
  timestamp?: Maybe<Scalars['DateTime']['output']>;
  /** The recipient's contact key: its wa_id (digits), else its business-scoped user id. */
  to: Scalars['String']['output'];
  /** Message type as notified, lower case (for example `text`, `image`). */
  type: Scalars['String']['output'];
};

/** Who sent an outbound message. */
export type MessageOrigin =
  /** Sent through this gateway (sendMessage). */
  | 'API'
  /** Sent from the WhatsApp Business app or a linked device on a number shared with the API (an smb_message_echoes notification). */
  | 'BUSINESS_APP';

/** What a message costs, as its status notification said (cloud `pricing`). */
export type MessagePricing = {
  __typename?: 'MessagePricing';
  /** Whether the message is charged; null when not said. */
  billable?: Maybe<Scalars['Boolean']['output']>;
  /** The pricing category, e.g. `service`, `marketing`, `utility`, `authentication`; null when not said. */
  category?: Maybe<Scalars['String']['output']>;
  /** The upstream's pricing model, e.g. `CBP` or `PMP`; null when not said. */
  pricingModel?: Maybe<Scalars['String']['output']>;
  /** The pricing type, e.g. `regular` or `free_customer_service`; null when not said. */
  type?: Maybe<Scalars['String']['output']>;
};

/** One reaction to a message: a contact's, or the business's own sent from its phone app. */
export type MessageReaction = {
  __typename?: 'MessageReaction';
  /** When the contact reacted (the reaction's own timestamp). */
  at: Scalars['DateTime']['output'];
  /** The emoji. */
  emoji: Scalars['String']['output'];
  /** Who reacted: the contact's key (wa_id, else business-scoped user id); for the business's own reaction from its phone app (an echo), the business number (digits). */
  from: Scalars['String']['output'];
};

/** One message sent through this gateway or received by it, with what the status notifications said since. Kept for EVENT_RETENTION_MS after its last change; none are kept when it is 0. */
export type MessageRecord = {
  __typename?: 'MessageRecord';
  /** When the send was accepted (outbound) or the notification received (inbound); for a message known only from status notifications, when the first of them was received. */
  at: Scalars['DateTime']['output'];
  /** The channel that sent or received it. */
  channelId: Scalars['ID']['output'];
  /** The other party's wa_id (the recipient of an outbound message, the sender of an inbound one); null when a status notification of a message not sent through this gateway named no recipient. */
  contact?: Maybe<Scalars['String']['output']>;
  /** The sender's profile name as the notification gave it (inbound); null for outbound messages and when the notification named none. */
  contactName?: Maybe<Scalars['String']['output']>;
  /** What the message carries, typed by its kind: read from the notification's item (inbound, echoes) or the request body (sends through this gateway); after an edit, the new version. Null for a message known only from its status notifications, and once it was deleted for everyone (revokedAt): the gateway then erased what it said. */
  content?: Maybe<MessageContent>;
  /** The message it answers, and whether it was forwarded, as the notification (or the send's `context`) said it; null when it said none, and once the message was deleted (revokedAt). */
  context?: Maybe<MessageContext>;
  /** Position of the record in its conversation; opaque. Pass it as `Conversation.messages(before:)` to read older messages. */
  cursor: Scalars['String']['output'];
  /** Whether the channel sent it (OUTBOUND) or received it (INBOUND). */
  direction: MessageDirection;
  /** When the user edited the message (an `edit` notification); `content` then holds the new version. Null when never edited. */
  editedAt?: Maybe<Scalars['DateTime']['output']>;
  /** The upstream's error when the status is failed: an object with `code`, `title` and `details` as notified; null otherwise. */
  error?: Maybe<Scalars['JSON']['output']>;
  /** The message id given by the messaging network (wamid). */
  id: Scalars['ID']['output'];
  /** One line for a conversation list: the text, a caption, a button or row title, '📍 name', a reaction's emoji …; the gateway's interactive sends as their bubble reads: "🔘 <button titles joined by ' / '>", "📋 <list text>", "🔗 <link button>", "📝 <flow button>", "🛍️ <text or product list header>", "📍 <location request text>"; "This message was deleted" once it was deleted for everyone (revokedAt); null when there is no content or nothing to show. */
  preview?: Maybe<Scalars['String']['output']>;
  /** Earlier versions of an edited message, oldest first, each as it was delivered (the notification's item); empty when never edited, and once the message was deleted (revokedAt). */
  previousVersions: Array<Scalars['JSON']['output']>;
  /** Reactions on this message: the latest of each reacting contact, in the order they came; a removed reaction is gone. */
  reactions: Array<MessageReaction>;
  /** When the gateway received the notification or accepted the send (what `at` holds). */
  receivedAt: Scalars['DateTime']['output'];
  /** The click-to-chat ad or post that brought the user (inbound); null when none, and once the message was deleted. */
  referral?: Maybe<AdReferral>;
  /** When the message was deleted for everyone (a `revoke` notification, from the user or the business's phone app); null otherwise. Its content, text, context and earlier versions are erased then. */
  revokedAt?: Maybe<Scalars['DateTime']['output']>;
  /** When the message was sent: the notification's own timestamp for inbound messages and echoes (whole seconds as the upstream gives them), the acceptance of the send for the gateway's own; for a message known only from its status notifications, the first status's timestamp. Threads are ordered by it, newest first (within one second, by arrival; then by message id). */
  sentAt: Scalars['DateTime']['output'];
  /** Who sent an outbound message: the caller of sendMessage (a person or a service) for the gateway's own sends, the business's phone app for an echo; null for inbound messages, for messages known only from their status notifications and for sends recorded before it was kept. */
  sentBy?: Maybe<Actor>;
  /** Who sent an outbound message: API for a send through this gateway, BUSINESS_APP for one the business sent from its phone app (an echo); null for inbound messages and for messages known only from their status notifications. */
  sentFrom?: Maybe<MessageOrigin>;
  /** Latest status by the message lifecycle, not by arrival order, lower case: accepted (outbound, before any notification), sent, delivered, read, failed (final); received for inbound. Repeated notifications count once. */
  status: Scalars['String']['output'];
  /** Status notifications of this message, in the order received, each once. */
  statuses: Array<MessageStatusEvent>;
  /** The text body for text messages, in both directions; null for other types and for messages known only from their statuses. */
  text?: Maybe<Scalars['String']['output']>;
  /** Message type as sent or notified (text, image, template, ...); null for a message known only from its status notifications. */
  type?: Maybe<Scalars['String']['output']>;
};

/** One page of a conversation's messages, newest first. */
export type MessageRecordPage = {
  __typename?: 'MessageRecordPage';
  /** Cursor of the last (oldest) node; pass it as `before` to continue (null when the page is empty). */
  endCursor?: Maybe<Scalars['String']['output']>;
  /** true when older messages follow this page. */
  hasMore: Scalars['Boolean']['output'];
  /** The messages of this page, newest first (at most `first`, which is capped at 200). */
  nodes: Array<MessageRecord>;
};

/** Status change of a message the channel sent, as notified by the upstream. */
export type MessageStatusEvent = {
  __typename?: 'MessageStatusEvent';
  /** The upstream's billing conversation of this message (`conversation`, on both hostings); null when the status carries none. */
  billingConversation?: Maybe<BillingConversation>;
  /** The channel that sent the message. */
  channelId: Scalars['ID']['output'];
  /** Position in the channel's event log; opaque. Pass it as `after` to resume after this event; valid for the retention window. */
  cursor: Scalars['String']['output'];
  /** Errors reported with a failed status; empty otherwise. */
  errors: Array<ChannelErrorEvent>;
  /** Id of the message, as sendMessage returned it. */
  messageId: Scalars['ID']['output'];
  /** For a status of a group message: the group member it is about (`recipient_participant_id`, a wa_id; else the member's business-scoped user id); null for a one-to-one message or when the status names no member. */
  participant?: Maybe<Scalars['String']['output']>;
  /** What the message costs as the upstream notified it (`pricing`, on both hostings); null when the status carries none (failed statuses, older on-premise versions). */
  pricing?: Maybe<MessagePricing>;
  /** The whole status object as delivered. */
  raw: Scalars['JSON']['output'];
  /** When the gateway accepted the notification (its log time). */
  receivedAt: Scalars['DateTime']['output'];
  /** The recipient's contact key: its wa_id when the notification names one, else its business-scoped user id; a group's id for a message to a group; null when the notification names neither. */
  recipientId?: Maybe<Scalars['String']['output']>;
  /** Whether the message went to one user (INDIVIDUAL) or to a group (GROUP: `recipientId` is then the group's id, and no one-to-one conversation follows from the status). */
  recipientType: RecipientType;
  /** The recipient's business-scoped user id (`recipient_user_id`); null when the notification has none. */
  recipientUserId?: Maybe<Scalars['String']['output']>;
  /** The new status, lower case as notified (for example sent, delivered, read or failed); a send can be accepted and fail later. */
  status: Scalars['String']['output'];
  /** When the status changed (notified in UNIX seconds); null when the notification has none. */
  timestamp?: Maybe<Scalars['DateTime']['output']>;
};

/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type Mutation = {
  __typename?: 'Mutation';
  /** On-premise only: blocks a contact, who must have written in the last 24 hours (NOT_ENGAGED otherwise). UNSUPPORTED_FOR_HOSTING on cloud channels (upstream B5). */
  blockContact: ContactActionPayload;
  /** Cloud only: points the webhook of the channel's whole business account at this gateway (this channel's URL PUBLIC_URL/webhooks/{channelId} and its Basic credential); each notification is then kept on the channel its number names, and one for a number that is no channel of the account is kept here untyped. It takes effect within 15 to 20 seconds. BAD_USER_INPUT when PUBLIC_URL cannot receive notifications (as for connectWebhookToGateway); UNSUPPORTED_FOR_HOSTING on on-premise channels (upstream B6). */
  connectWabaWebhookToGateway: WabaWebhook;
  /** Points the channel's number-level webhook at this gateway (PUBLIC_URL/webhooks/{channelId}, with a per-channel Basic credential), so its events reach the subscriptions. BAD_USER_INPUT when PUBLIC_URL cannot receive the notifications: it is plain http (the upstream delivers over HTTPS only; http is accepted only for a loopback address, which only the embedded simulator on the same machine can reach), or, on cloud, it names a port (upstream B6), except a loopback one on the embedded simulator. */
  connectWebhookToGateway: WebhookConfig;
  /** Creates a new API key for a channel, stores it encrypted for later messaging calls, and sets the channel's webhook again, because a new key removes it upstream. FORBIDDEN when the partner may not manage the channel (upstream A6). */
  createApiKey: ApiKey;
  /** Cloud only: creates a marketing template with a limited-time offer, which must be approved before it can be sent. UNSUPPORTED_FOR_HOSTING on on-premise channels, BAD_USER_INPUT for a broken rule (upstream B2). */
  createLimitedTimeOfferTemplate: Template;
  /** Deletes an uploaded media file; true when the upstream confirms (upstream B3). */
  deleteMedia: Scalars['Boolean']['output'];
  /** On-premise only: removes the number's profile photo; true when the upstream confirms. UNSUPPORTED_FOR_HOSTING on cloud channels (upstream B4 /v1/settings/profile/photo). */
  deleteProfilePhoto: Scalars['Boolean']['output'];
  /** Returns a channel's message content storage to the default in the United States (upstream A11). */
  disableLocalStorage: LocalStorageResult;
  /** Cloud only: stores a channel's message content in the given country instead of the United States; the upstream may ask for a confirmation pin sent to the number. UNSUPPORTED_FOR_HOSTING on on-premise channels, NOT_FOUND for an unknown channel, BAD_USER_INPUT when the channel belongs to another client (upstream A10). */
  enableLocalStorage: LocalStorageResult;
  /** Asks the upstream to export the client's contacts; true when it reports success. How the export is delivered is not specified upstream, and the request is sent once, never retried. FORBIDDEN without insights access. */
  exportInsightsContacts: Scalars['Boolean']['output'];
  /** Renames an insight source and answers the renamed source, so a client cache shows the new name. FORBIDDEN without insights access. */
  renameInsightsSource: InsightSourcePayload;
  /** On-premise only: reports a contact, who must have written in the last 24 hours (NOT_ENGAGED otherwise). UNSUPPORTED_FOR_HOSTING on cloud channels (upstream B5). */
  reportContact: ContactActionPayload;
  /** Requests cancellation of a channel's subscription: charges stop, the client may pay directly and is notified. Returns the channel as the upstream answers (upstream A8). */
  requestChannelCancellation: Channel;
  /** Sends one message from the channel to a user and returns its id. Never retried: a timeout after the request left is UPSTREAM_UNAVAILABLE with an unknown outcome. BAD_USER_INPUT for a broken rule (nothing sent), SERVICE_WINDOW_CLOSED for a free-form message outside the 24-hour window, MISSING_API_KEY without a key (upstream B1). */
  sendMessage: SentMessage;
  /** Sets the storage country used by default for all cloud-hosted numbers of the partner and returns it. UPSTREAM_ERROR when the upstream does not confirm the region (upstream A12). */
  setDefaultDataLocalizationRegion: DataRegion;
  /** On-premise only: replaces the number's profile photo with the image given inline (JPEG or PNG, PNG 8-bit RGB or RGBA, at most 5 MB and at most MEDIA_INLINE_MAX_BYTES); true when the upstream confirms. BAD_USER_INPUT for another type, a larger file or invalid base64; UNSUPPORTED_FOR_HOSTING on cloud channels, whose photo is set with BusinessProfileInput.profilePictureHandle (upstream B4 /v1/settings/profile/photo). */
  setProfilePhoto: Scalars['Boolean']['output'];
  /** Cloud only: sets the webhook of the channel's whole business account; it takes effect within 15 to 20 seconds, so read it back before messaging. BAD_USER_INPUT for a plain-http URL; UNSUPPORTED_FOR_HOSTING on on-premise channels (upstream B6). */
  setWabaWebhook: WabaWebhook;
  /** Sets where the upstream sends this number's notifications (number-level webhook); a URL other than this gateway's stops the channel's subscriptions from receiving events. BAD_USER_INPUT for a plain-http URL or one the hosting refuses (upstream B6). */
  setWebhook: WebhookConfig;
  /** On-premise only: unblocks a contact. INVALID_PARAMETER for an invalid number, UNSUPPORTED_FOR_HOSTING on cloud channels (upstream B5). */
  unblockContact: ContactActionPayload;
  /** Changes the given fields of the number's business profile, leaving the others as they are, and returns the profile read back. BAD_USER_INPUT for a broken limit (upstream B4). */
  updateBusinessProfile: BusinessProfile;
  /** Changes a client's partner payload and channel quota and returns the updated client. BAD_USER_INPUT when maxChannels lies outside 1..10 (upstream A7). */
  updateClient: Client;
  /** Sets the partner's redirect URL, webhook URL and whether clients may add phone numbers themselves. BAD_USER_INPUT for a URL that is not absolute or uses the wrong scheme (upstream A9). */
  updatePartnerSettings: PartnerSettings;
  /** Uploads a small file given inline (at most MEDIA_INLINE_MAX_BYTES, 5 MB by default) and returns its media id; stream larger files to POST /media/{channelId}. BAD_USER_INPUT for an unsupported type or a file over its kind's limit (upstream B3). */
  uploadMedia: Media;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationBlockContactArgs = {
  channelId: Scalars['ID']['input'];
  phoneNumber: Scalars['String']['input'];
  reason?: InputMaybe<Scalars['String']['input']>;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationConnectWabaWebhookToGatewayArgs = {
  channelId: Scalars['ID']['input'];
  overrideAll?: InputMaybe<Scalars['Boolean']['input']>;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationConnectWebhookToGatewayArgs = {
  channelId: Scalars['ID']['input'];
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationCreateApiKeyArgs = {
  channelId: Scalars['ID']['input'];
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationCreateLimitedTimeOfferTemplateArgs = {
  channelId: Scalars['ID']['input'];
  input: LimitedTimeOfferTemplateInput;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationDeleteMediaArgs = {
  channelId: Scalars['ID']['input'];
  mediaId: Scalars['ID']['input'];
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationDeleteProfilePhotoArgs = {
  channelId: Scalars['ID']['input'];
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationDisableLocalStorageArgs = {
  channelId: Scalars['ID']['input'];
  clientId: Scalars['ID']['input'];
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationEnableLocalStorageArgs = {
  channelId: Scalars['ID']['input'];
  clientId: Scalars['ID']['input'];
  region: DataRegion;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationExportInsightsContactsArgs = {
  clientId: Scalars['ID']['input'];
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationRenameInsightsSourceArgs = {
  clientId: Scalars['ID']['input'];
  name: Scalars['String']['input'];
  sourceId: Scalars['ID']['input'];
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationReportContactArgs = {
  block?: InputMaybe<Scalars['Boolean']['input']>;
  channelId: Scalars['ID']['input'];
  messageId?: InputMaybe<Scalars['ID']['input']>;
  phoneNumber: Scalars['String']['input'];
  reason?: InputMaybe<Scalars['String']['input']>;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationRequestChannelCancellationArgs = {
  channelId: Scalars['ID']['input'];
  clientId: Scalars['ID']['input'];
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationSendMessageArgs = {
  channelId: Scalars['ID']['input'];
  input: SendMessageInput;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationSetDefaultDataLocalizationRegionArgs = {
  region: DataRegion;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationSetProfilePhotoArgs = {
  channelId: Scalars['ID']['input'];
  input: UploadMediaInput;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationSetWabaWebhookArgs = {
  channelId: Scalars['ID']['input'];
  input: WabaWebhookInput;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationSetWebhookArgs = {
  channelId: Scalars['ID']['input'];
  input: WebhookInput;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationUnblockContactArgs = {
  channelId: Scalars['ID']['input'];
  phoneNumber: Scalars['String']['input'];
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationUpdateBusinessProfileArgs = {
  channelId: Scalars['ID']['input'];
  input: BusinessProfileInput;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationUpdateClientArgs = {
  clientId: Scalars['ID']['input'];
  input: UpdateClientInput;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationUpdatePartnerSettingsArgs = {
  input: PartnerSettingsInput;
};


/** Changes to partners, clients and channels, and messaging actions. Each acts for the caller's partner. */
export type MutationUploadMediaArgs = {
  channelId: Scalars['ID']['input'];
  input: UploadMediaInput;
};

/** The business a business account acts on behalf of; each field is null when the upstream omits it. */
export type OnBehalfOfBusinessInfo = {
  __typename?: 'OnBehalfOfBusinessInfo';
  /** The business id. */
  id?: Maybe<Scalars['ID']['output']>;
  /** The business name. */
  name?: Maybe<Scalars['String']['output']>;
  /** Status, as the upstream spells it (for example `approved`). */
  status?: Maybe<Scalars['String']['output']>;
  /** Type, as the upstream spells it. */
  type?: Maybe<Scalars['String']['output']>;
};

/** Filter on the business a business account acts on behalf of. */
export type OnBehalfOfBusinessInfoFilter = {
  /** Only channels of the on-behalf-of business with this id. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Only channels of on-behalf-of businesses with this name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of on-behalf-of businesses with this status, as the upstream spells it (for example `approved`). */
  status?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of on-behalf-of businesses of this type, as the upstream spells it. */
  type?: InputMaybe<Scalars['String']['input']>;
};

/** An order the user placed from the business's catalog. */
export type OrderContent = {
  __typename?: 'OrderContent';
  /** The catalog the products come from; null when absent. */
  catalogId?: Maybe<Scalars['String']['output']>;
  /** The ordered products; an item without a product id is left out. */
  items: Array<OrderItem>;
  /** Note the user wrote with the order; null when none. */
  orderText?: Maybe<Scalars['String']['output']>;
  /**
   * Note the user wrote with the order (the same value as `orderText`); null when none.
   * @deprecated Use `orderText`: `text` clashes with `ButtonReplyContent.text` (another type) when a client selects every member of MessageContent.
   */
  text?: Maybe<Scalars['String']['output']>;
};

/** One product line of an order. */
export type OrderItem = {
  __typename?: 'OrderItem';
  /** The price's currency (ISO 4217, for example USD); null when absent. */
  currency?: Maybe<Scalars['String']['output']>;
  /** Unit price as notified, in `currency`; null when absent. */
  itemPrice?: Maybe<Scalars['Float']['output']>;
  /** The product's id in the catalog (its SKU, as the business set it). */
  productRetailerId: Scalars['String']['output'];
  /** How many; null when absent or not a whole number. */
  quantity?: Maybe<Scalars['Int']['output']>;
};

/** Notification of the channel the gateway does not type, kept whole so nothing acknowledged is lost: a `field` other than messages, user_preferences, smb_message_echoes and the three template fields (TemplateUpdateEvent), or an item it could not read, such as a message naming no contact. */
export type OtherNotificationEvent = {
  __typename?: 'OtherNotificationEvent';
  /** The channel the notification was delivered for. */
  channelId: Scalars['ID']['output'];
  /** Position in the channel's event log; opaque. Pass it as `after` to resume after this event. */
  cursor: Scalars['String']['output'];
  /** The change's `field` (cloud, e.g. `account_update`), or the key the item came under (on-premise, e.g. `messages`). */
  field: Scalars['String']['output'];
  /** The change's value or the item, as delivered. */
  raw: Scalars['JSON']['output'];
  /** Why the gateway kept it untyped, e.g. `field account_update`, `missing id`, `no contact key`. */
  reason: Scalars['String']['output'];
  /** When the gateway accepted the notification (its log time). */
  receivedAt: Scalars['DateTime']['output'];
};

/** Partner account: the software provider that manages many client businesses and their channels. Resolvable as a federation entity by `id`. */
export type Partner = {
  __typename?: 'Partner';
  /** Writes (mutations) done through this gateway for this partner, newest first: who did what, on which client or channel, with what outcome; never message content, tokens or keys. Entries are kept AUDIT_RETENTION_MS (default 90 days). Needs the scope hubgraph:admin with every client granted (FORBIDDEN otherwise, naming what is missing); BAD_USER_INPUT when `first` lies outside 1..200 or `after` is malformed. Read from the gateway's own store: no upstream call. */
  auditTrail: AuditEntryPage;
  /** One channel of this partner, or null when no channel has this id. */
  channel?: Maybe<Channel>;
  /** The partner's channels (business phone numbers), one page at a time, filtered and sorted upstream. BAD_USER_INPUT when `limit` lies outside 1..1000 or `offset` is below 0. Null, with the error at this path, when that upstream call fails (upstream A4). */
  channels?: Maybe<ChannelList>;
  /** One client of this partner, or null when no client has this id. */
  client?: Maybe<Client>;
  /** The partner's clients, one page at a time, filtered and sorted upstream. BAD_USER_INPUT when `limit` lies outside 1..1000 or `offset` is below 0. Null, with the error at this path, when that upstream call fails (upstream A1). */
  clients?: Maybe<ClientList>;
  /** The partner account id. */
  id: Scalars['ID']['output'];
};


/** Partner account: the software provider that manages many client businesses and their channels. Resolvable as a federation entity by `id`. */
export type PartnerAuditTrailArgs = {
  actor?: InputMaybe<Scalars['String']['input']>;
  after?: InputMaybe<Scalars['String']['input']>;
  channelId?: InputMaybe<Scalars['ID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};


/** Partner account: the software provider that manages many client businesses and their channels. Resolvable as a federation entity by `id`. */
export type PartnerChannelArgs = {
  id: Scalars['ID']['input'];
};


/** Partner account: the software provider that manages many client businesses and their channels. Resolvable as a federation entity by `id`. */
export type PartnerChannelsArgs = {
  filter?: InputMaybe<ChannelFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<ChannelOrder>;
};


/** Partner account: the software provider that manages many client businesses and their channels. Resolvable as a federation entity by `id`. */
export type PartnerClientArgs = {
  id: Scalars['ID']['input'];
};


/** Partner account: the software provider that manages many client businesses and their channels. Resolvable as a federation entity by `id`. */
export type PartnerClientsArgs = {
  filter?: InputMaybe<ClientFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<ClientOrder>;
};

/** The partner record as the upstream answers a settings change. */
export type PartnerSettings = {
  __typename?: 'PartnerSettings';
  /** The partner's brand name as shown to clients; null when not set. */
  brandName?: Maybe<Scalars['String']['output']>;
  /** The partner account id. */
  id: Scalars['ID']['output'];
  /** URL of the partner's logo; null when not set. */
  logoUrl?: Maybe<Scalars['String']['output']>;
  /** Whether the onboarding deep link carries additional parameters; null when the upstream omits it. */
  onboardingDeeplinkAddParams?: Maybe<Scalars['Boolean']['output']>;
  /** The partner these settings belong to, so a client cache can tie the answer of updatePartnerSettings to it. */
  partner?: Maybe<Partner>;
  /** The partner's payment plan as the upstream sends it (an object whose fields the interface does not list). */
  paymentPlan?: Maybe<Scalars['JSON']['output']>;
  /** Whether the partner must pay before using the service; null when the upstream omits it. */
  paymentRequired?: Maybe<Scalars['Boolean']['output']>;
  /** URL clients are sent back to after onboarding; null when none is set. */
  redirectUrl?: Maybe<Scalars['String']['output']>;
  /** URL that receives the partner's webhook notifications; null when none is set. */
  webhookUrl?: Maybe<Scalars['String']['output']>;
};

/** The partner-wide settings written by updatePartnerSettings; all three are required. */
export type PartnerSettingsInput = {
  /** Whether clients see the add-number button in the client interface. It only covers numbers added there, not the integrated onboarding. */
  allowClientToAddPhoneNumber: Scalars['Boolean']['input'];
  /** Absolute http:// or https:// URL clients are sent back to after onboarding; BAD_USER_INPUT otherwise. */
  redirectUrl: Scalars['String']['input'];
  /** Absolute https:// URL that receives the partner's webhook notifications (they need HTTPS with a valid certificate); BAD_USER_INPUT otherwise. */
  webhookUrl: Scalars['String']['input'];
};

/** Several products of a catalog, in sections. */
export type ProductListMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: Scalars['String']['input'];
  /** The catalog's id. */
  catalogId: Scalars['ID']['input'];
  /** Footer line, at most 60 characters. */
  footer?: InputMaybe<Scalars['String']['input']>;
  /** The header text, 1 to 60 characters. */
  header: Scalars['String']['input'];
  /** 1 to 10 sections holding 1 to 30 products in all. */
  sections: Array<ProductSectionInput>;
};

/** One product of a catalog. */
export type ProductMessageInput = {
  /** An optional text, at most 1024 characters. */
  body?: InputMaybe<Scalars['String']['input']>;
  /** The catalog's id. */
  catalogId: Scalars['ID']['input'];
  /** Footer line, at most 60 characters. */
  footer?: InputMaybe<Scalars['String']['input']>;
  /** The product's retailer id (its SKU); on-premise at most 100 characters. */
  productRetailerId: Scalars['String']['input'];
};

/** One section of a product list. */
export type ProductSectionInput = {
  /** The products' retailer ids, at least one; on-premise each at most 100 characters. */
  productRetailerIds: Array<Scalars['String']['input']>;
  /** The section's title, 1 to 24 characters. */
  title: Scalars['String']['input'];
};

/** The entry points of the graph. Every operation acts for one partner (PARTNER_ID, or the caller's X-Partner-Id header in multi-tenant mode) and makes at most MAX_UPSTREAM_CALLS_PER_OPERATION upstream calls (default 50): one estimated over it is refused with BAD_USER_INPUT before anything is sent, and a field past it fails on its own. */
export type Query = {
  __typename?: 'Query';
  /** One channel (business phone number) of the caller's partner, or null when no channel has this id. */
  channel?: Maybe<Channel>;
  /** One client of the caller's partner, or null when no client has this id. */
  client?: Maybe<Client>;
  /** The partner account whose clients and channels you read. Fails with NOT_FOUND when `id` names a partner the caller's credentials cannot read. */
  partner: Partner;
  /** Who is calling. Any valid caller may ask, whatever its scopes. */
  viewer: Viewer;
};


/** The entry points of the graph. Every operation acts for one partner (PARTNER_ID, or the caller's X-Partner-Id header in multi-tenant mode) and makes at most MAX_UPSTREAM_CALLS_PER_OPERATION upstream calls (default 50): one estimated over it is refused with BAD_USER_INPUT before anything is sent, and a field past it fails on its own. */
export type QueryChannelArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points of the graph. Every operation acts for one partner (PARTNER_ID, or the caller's X-Partner-Id header in multi-tenant mode) and makes at most MAX_UPSTREAM_CALLS_PER_OPERATION upstream calls (default 50): one estimated over it is refused with BAD_USER_INPUT before anything is sent, and a field past it fails on its own. */
export type QueryClientArgs = {
  id: Scalars['ID']['input'];
};


/** The entry points of the graph. Every operation acts for one partner (PARTNER_ID, or the caller's X-Partner-Id header in multi-tenant mode) and makes at most MAX_UPSTREAM_CALLS_PER_OPERATION upstream calls (default 50): one estimated over it is refused with BAD_USER_INPUT before anything is sent, and a field past it fails on its own. */
export type QueryPartnerArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
};

/** Reaction (an emoji) to a message, or its removal. It changes the message it names rather than being a message of its own. */
export type ReactionContent = {
  __typename?: 'ReactionContent';
  /** The emoji; null when the reaction was removed. */
  emoji?: Maybe<Scalars['String']['output']>;
  /** The id of the message reacted to. */
  messageId: Scalars['ID']['output'];
  /** true when the user removed their reaction (the upstream sends no emoji, or an empty one). */
  removed: Scalars['Boolean']['output'];
};

/** Who a message went to, as its status notification says (`recipient_type`). */
export type RecipientType =
  /** Sent to a group: the recipient is the group's id. */
  | 'GROUP'
  /** One user: the recipient is the contact of a one-to-one conversation. */
  | 'INDIVIDUAL';

/** One renewal of a client's balance. */
export type Renewal = {
  __typename?: 'Renewal';
  /** Amount added, in the usage currency; null when the upstream omits it. */
  amount?: Maybe<Scalars['Float']['output']>;
  /** When the balance was renewed; null when the upstream omits it. */
  date?: Maybe<Scalars['DateTime']['output']>;
};

/** One reply button. */
export type ReplyButtonInput = {
  /** Your id for the button, 1 to 256 characters without leading or trailing blanks; returned when tapped. */
  id: Scalars['String']['input'];
  /** The button's label, 1 to 20 characters. */
  title: Scalars['String']['input'];
};

/** Reply buttons: the user answers by tapping one (its id comes back as InteractiveReplyContent.replyId). */
export type ReplyButtonsMessageInput = {
  /** The message text, 1 to 1024 characters. */
  body: Scalars['String']['input'];
  /** 1 to 3 buttons with distinct ids and distinct titles. */
  buttons: Array<ReplyButtonInput>;
  /** Footer line, at most 60 characters. */
  footer?: InputMaybe<Scalars['String']['input']>;
  /** Optional header above the body. */
  header?: InputMaybe<InteractiveHeaderInput>;
};

/** Recipient and content of a message. Set exactly one content field (text, location, contacts, audio, document, image, sticker, video, template, interactive, or one typed interactive kind: buttons, list, ctaUrl, flow, product, productList, catalog, locationRequest); BAD_USER_INPUT otherwise. */
export type SendMessageInput = {
  /** Audio file to send. */
  audio?: InputMaybe<MediaMessageInput>;
  /** Reply buttons (interactive `button`): a body with 1 to 3 buttons the user taps to answer; both hostings. */
  buttons?: InputMaybe<ReplyButtonsMessageInput>;
  /** Cloud only: a body with a button that opens the business's catalog (interactive `catalog_message`); BAD_USER_INPUT on on-premise channels. */
  catalog?: InputMaybe<CatalogMessageInput>;
  /** One or more contact cards; at least one. */
  contacts?: InputMaybe<Array<ContactCardInput>>;
  /** Cloud only: a body with one button that opens a URL (interactive `cta_url`); BAD_USER_INPUT on on-premise channels. */
  ctaUrl?: InputMaybe<CtaUrlMessageInput>;
  /** Document file to send, with optional caption and file name. */
  document?: InputMaybe<MediaMessageInput>;
  /** Cloud only: a body with a button that opens a WhatsApp Flow (interactive `flow`); BAD_USER_INPUT on on-premise channels. */
  flow?: InputMaybe<FlowMessageInput>;
  /** Your key for this send, 1 to 256 characters: the same key within 24 hours returns the first result instead of sending again. BAD_USER_INPUT when reused for a different message. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  /** Image to send, with optional caption. */
  image?: InputMaybe<MediaMessageInput>;
  /** An interactive message, passed through as the upstream `interactive` object (its shape is not specified upstream); must be a JSON object. On-premise, each `product_retailer_id` (in `action` or `action.sections[].product_items[]`) is at most 100 characters, BAD_USER_INPUT otherwise; cloud states no limit and passes it through. */
  interactive?: InputMaybe<Scalars['JSON']['input']>;
  /** List (interactive `list`): a body and a button that opens up to 10 rows in up to 10 sections; both hostings. */
  list?: InputMaybe<ListMessageInput>;
  /** Location pin to send. */
  location?: InputMaybe<LocationMessageInput>;
  /** Cloud only: a body with a button asking the user to share a location (interactive `location_request_message`); BAD_USER_INPUT on on-premise channels. */
  locationRequest?: InputMaybe<LocationRequestMessageInput>;
  /** One product of a catalog (interactive `product`); both hostings. */
  product?: InputMaybe<ProductMessageInput>;
  /** Up to 30 products of a catalog in up to 10 sections (interactive `product_list`); both hostings. */
  productList?: InputMaybe<ProductListMessageInput>;
  /** Cloud only: id of the message this one replies to; a message older than 30 days is sent as a normal message. BAD_USER_INPUT on on-premise channels. */
  replyTo?: InputMaybe<Scalars['ID']['input']>;
  /** Sticker to send. */
  sticker?: InputMaybe<MediaMessageInput>;
  /** An approved template: the only kind that reaches a user outside the 24-hour window. */
  template?: InputMaybe<TemplateMessageInput>;
  /** Text content. Free-form messages reach a user only within 24 hours of their last message. */
  text?: InputMaybe<TextMessageInput>;
  /** The recipient's contact key: its wa_id or a phone number in any format, or, on cloud channels, its business-scoped user id (sent as the upstream's `recipient`; BAD_USER_INPUT on-premise). */
  to: Scalars['String']['input'];
  /** Video to send, with optional caption. */
  video?: InputMaybe<MediaMessageInput>;
};

/** Message accepted by the upstream. Acceptance is not delivery: a failure later arrives as a failed status (messageStatusChanged). */
export type SentMessage = {
  __typename?: 'SentMessage';
  /** The conversation with the recipient after this send; null when it could not be read. */
  conversation?: Maybe<Conversation>;
  /** The message id (starting `wamid.` on cloud); status notifications refer to it. */
  id: Scalars['ID']['output'];
  /** The recipient as given in `to`. */
  input?: Maybe<Scalars['String']['output']>;
  /**
   * The gateway's record of this message: status `accepted` until status notifications arrive, then sent, delivered,
   * read or failed, with every status seen. Select it with the status a client shows, and `Channel.message(id)` or
   * `messageStatusChanged` keep it current. Null while events are not retained (`EVENT_RETENTION_MS=0`) or when the
   * record could not be written.
   */
  record?: Maybe<MessageRecord>;
  /** Who sent it: the caller of sendMessage (a person, or a service by its credential's label); for a repeated idempotent send, the caller of the first. */
  sentBy: Actor;
  /** Cloud: the recipient's wa_id as resolved by the upstream; null on-premise. */
  waId?: Maybe<Scalars['String']['output']>;
};

/** The 24-hour customer-service window with one contact, as far as this gateway knows. */
export type ServiceWindow = {
  __typename?: 'ServiceWindow';
  /** When an open window closes: the contact's last inbound message time plus 24 hours. Null unless OPEN. */
  closesAt?: Maybe<Scalars['DateTime']['output']>;
  /** The time of the contact's latest message held by the gateway; null when it holds none. */
  lastInboundAt?: Maybe<Scalars['DateTime']['output']>;
  /** OPEN, CLOSED or UNKNOWN. */
  state: ServiceWindowState;
};

/** State of the 24-hour customer-service window: free-form messages reach a contact only within 24 hours of the contact's last message; templates always may be sent. */
export type ServiceWindowState =
  /** The contact's last message is older than 24 hours (or the upstream said so): only templates are delivered. */
  | 'CLOSED'
  /** The contact wrote within the last 24 hours: any message type may be sent. */
  | 'OPEN'
  /** The gateway has not seen enough of the channel's notifications to know (no message from the contact held, and notifications received for less than 24 hours, e.g. after a deploy without Redis): a send goes through and the upstream decides. */
  | 'UNKNOWN';

/** Order of a sorted listing. */
export type SortDirection =
  /** Ascending: smallest, oldest or alphabetically first value first. */
  | 'ASC'
  /** Descending: largest, newest or alphabetically last value first. */
  | 'DESC';

/** Events from the webhook notifications this gateway receives (over graphql-ws); a channel's events reach it only once its webhook points here (connectWebhookToGateway). Each event is published once however often the upstream re-delivers it. Events are kept for the retention window (EVENT_RETENTION_MS, default 7 days; 0 keeps nothing and `after` is then always CURSOR_EXPIRED). `after` takes the `cursor` of the last event a subscriber saw: the retained events after it are delivered first, in order, then live ones, with none twice and none skipped. Errors: NOT_FOUND for a channel of another partner, BAD_USER_INPUT for a malformed cursor or one of another channel, CURSOR_EXPIRED for a cursor older than the retention window (resynchronise from Channel.events without `after`). */
export type Subscription = {
  __typename?: 'Subscription';
  /** Out-of-band errors the upstream reports for the channel. */
  channelError: ChannelErrorEvent;
  /** Every kind of event of the channel in one stream, in log order (the order the gateway received them). */
  channelEvents: ChannelEvent;
  /** Each change of a conversation of the channel: a message in or out, a new status of one of its messages, or the upstream closing its window. One event per change, with the conversation as it is when delivered; live only (no replay), from every instance of the gateway. */
  conversationUpdated: Conversation;
  /** Messages users send to the channel. */
  messageReceived: InboundMessage;
  /** Status changes (sent, delivered, read, failed) of messages the channel sent. */
  messageStatusChanged: MessageStatusEvent;
  /** Reviews, quality and category changes of the templates of the channel's business account (cloud), as notified to the channel's webhook. */
  templateUpdated: TemplateUpdateEvent;
};


/** Events from the webhook notifications this gateway receives (over graphql-ws); a channel's events reach it only once its webhook points here (connectWebhookToGateway). Each event is published once however often the upstream re-delivers it. Events are kept for the retention window (EVENT_RETENTION_MS, default 7 days; 0 keeps nothing and `after` is then always CURSOR_EXPIRED). `after` takes the `cursor` of the last event a subscriber saw: the retained events after it are delivered first, in order, then live ones, with none twice and none skipped. Errors: NOT_FOUND for a channel of another partner, BAD_USER_INPUT for a malformed cursor or one of another channel, CURSOR_EXPIRED for a cursor older than the retention window (resynchronise from Channel.events without `after`). */
export type SubscriptionChannelErrorArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  channelId: Scalars['ID']['input'];
};


/** Events from the webhook notifications this gateway receives (over graphql-ws); a channel's events reach it only once its webhook points here (connectWebhookToGateway). Each event is published once however often the upstream re-delivers it. Events are kept for the retention window (EVENT_RETENTION_MS, default 7 days; 0 keeps nothing and `after` is then always CURSOR_EXPIRED). `after` takes the `cursor` of the last event a subscriber saw: the retained events after it are delivered first, in order, then live ones, with none twice and none skipped. Errors: NOT_FOUND for a channel of another partner, BAD_USER_INPUT for a malformed cursor or one of another channel, CURSOR_EXPIRED for a cursor older than the retention window (resynchronise from Channel.events without `after`). */
export type SubscriptionChannelEventsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  channelId: Scalars['ID']['input'];
};


/** Events from the webhook notifications this gateway receives (over graphql-ws); a channel's events reach it only once its webhook points here (connectWebhookToGateway). Each event is published once however often the upstream re-delivers it. Events are kept for the retention window (EVENT_RETENTION_MS, default 7 days; 0 keeps nothing and `after` is then always CURSOR_EXPIRED). `after` takes the `cursor` of the last event a subscriber saw: the retained events after it are delivered first, in order, then live ones, with none twice and none skipped. Errors: NOT_FOUND for a channel of another partner, BAD_USER_INPUT for a malformed cursor or one of another channel, CURSOR_EXPIRED for a cursor older than the retention window (resynchronise from Channel.events without `after`). */
export type SubscriptionConversationUpdatedArgs = {
  channelId: Scalars['ID']['input'];
};


/** Events from the webhook notifications this gateway receives (over graphql-ws); a channel's events reach it only once its webhook points here (connectWebhookToGateway). Each event is published once however often the upstream re-delivers it. Events are kept for the retention window (EVENT_RETENTION_MS, default 7 days; 0 keeps nothing and `after` is then always CURSOR_EXPIRED). `after` takes the `cursor` of the last event a subscriber saw: the retained events after it are delivered first, in order, then live ones, with none twice and none skipped. Errors: NOT_FOUND for a channel of another partner, BAD_USER_INPUT for a malformed cursor or one of another channel, CURSOR_EXPIRED for a cursor older than the retention window (resynchronise from Channel.events without `after`). */
export type SubscriptionMessageReceivedArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  channelId: Scalars['ID']['input'];
};


/** Events from the webhook notifications this gateway receives (over graphql-ws); a channel's events reach it only once its webhook points here (connectWebhookToGateway). Each event is published once however often the upstream re-delivers it. Events are kept for the retention window (EVENT_RETENTION_MS, default 7 days; 0 keeps nothing and `after` is then always CURSOR_EXPIRED). `after` takes the `cursor` of the last event a subscriber saw: the retained events after it are delivered first, in order, then live ones, with none twice and none skipped. Errors: NOT_FOUND for a channel of another partner, BAD_USER_INPUT for a malformed cursor or one of another channel, CURSOR_EXPIRED for a cursor older than the retention window (resynchronise from Channel.events without `after`). */
export type SubscriptionMessageStatusChangedArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  channelId: Scalars['ID']['input'];
};


/** Events from the webhook notifications this gateway receives (over graphql-ws); a channel's events reach it only once its webhook points here (connectWebhookToGateway). Each event is published once however often the upstream re-delivers it. Events are kept for the retention window (EVENT_RETENTION_MS, default 7 days; 0 keeps nothing and `after` is then always CURSOR_EXPIRED). `after` takes the `cursor` of the last event a subscriber saw: the retained events after it are delivered first, in order, then live ones, with none twice and none skipped. Errors: NOT_FOUND for a channel of another partner, BAD_USER_INPUT for a malformed cursor or one of another channel, CURSOR_EXPIRED for a cursor older than the retention window (resynchronise from Channel.events without `after`). */
export type SubscriptionTemplateUpdatedArgs = {
  channelId: Scalars['ID']['input'];
};

/** Notices about the contact: a changed number, a changed identity. */
export type SystemContent = {
  __typename?: 'SystemContent';
  /**
   * The notice as the upstream words it (the same value as `systemBody`); null when absent.
   * @deprecated Use `systemBody`: `body` clashes with `TextContent.body` (another type) when a client selects every member of MessageContent.
   */
  body?: Maybe<Scalars['String']['output']>;
  /** The contact's new business-scoped user id after a change, when the notice gives one; null otherwise. */
  newUserId?: Maybe<Scalars['String']['output']>;
  /** The contact's new wa_id after a number change; null for other notices. */
  newWaId?: Maybe<Scalars['String']['output']>;
  /** The notice as the upstream words it (for example "User A changed from … to …"); null when absent. */
  systemBody?: Maybe<Scalars['String']['output']>;
  /** Upstream system type as notified, e.g. user_changed_number, customer_changed_number (on-premise), user_changed_user_id, customer_identity_changed. */
  systemType: Scalars['String']['output'];
};

/** Template as created upstream. */
export type Template = {
  __typename?: 'Template';
  /** Template category, as the upstream spells it (limited-time offers are marketing). */
  category: Scalars['String']['output'];
  /** The template id. */
  id: Scalars['ID']['output'];
  /** Review status, as the upstream spells it: `PENDING` right after creation; only approved templates can be sent. */
  status: Scalars['String']['output'];
};

/** One button parameter of a template; the member its kind needs, and no other. */
export type TemplateButtonInput = {
  /** COPY_CODE: the code the user copies, at most 15 characters. */
  couponCode?: InputMaybe<Scalars['String']['input']>;
  /** FLOW: the data the flow's first screen starts with, a JSON object. */
  flowActionData?: InputMaybe<Scalars['JSON']['input']>;
  /** FLOW: the flow token, sent back with the flow's answer (default "unused"). */
  flowToken?: InputMaybe<Scalars['String']['input']>;
  /** The button's position in the template, 0..9. */
  index: Scalars['Int']['input'];
  /** The button's kind, as the template was created with. */
  kind: TemplateButtonKind;
  /** QUICK_REPLY: the payload returned when tapped (ButtonReplyContent.payload); not empty. */
  payload?: InputMaybe<Scalars['String']['input']>;
  /** URL: the suffix appended to the button's URL; not empty. */
  text?: InputMaybe<Scalars['String']['input']>;
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

/** What a template notification changed. */
export type TemplateChange =
  /** The category changed, or is about to (template_category_update). */
  | 'CATEGORY'
  /** The quality score moved (message_template_quality_update). */
  | 'QUALITY'
  /** The review status moved (message_template_status_update): approved, rejected, paused, disabled … */
  | 'STATUS';

/** Template the gateway sent (outbound records only). */
export type TemplateContent = {
  __typename?: 'TemplateContent';
  /** The language code it was sent in (for example en_US). */
  language: Scalars['String']['output'];
  /**
   * The template's name (the same value as `templateName`).
   * @deprecated Use `templateName`: `name` clashes with `LocationContent.name` (another type) when a client selects every member of MessageContent.
   */
  name: Scalars['String']['output'];
  /** Body parameters as sent, in order: a text, or a currency's or date's fallback value; empty when the body has none or the send gave raw components. */
  parameters: Array<Scalars['String']['output']>;
  /** The template's name. */
  templateName: Scalars['String']['output'];
};

/** An amount of money as a template parameter. */
export type TemplateCurrencyInput = {
  /** The amount times 1000 (100.99 is 100990). */
  amount1000: Scalars['Int']['input'];
  /** The ISO 4217 currency code, three capital letters (USD, EUR). */
  code: Scalars['String']['input'];
  /** The text shown where the amount cannot be localised, e.g. "$100.99"; not empty. */
  fallbackValue: Scalars['String']['input'];
};

/** Date and time as a template parameter. */
export type TemplateDateTimeInput = {
  /** The date as it is shown to the user, e.g. "February 25, 1977"; not empty (cloud renders only this value). */
  fallbackValue: Scalars['String']['input'];
};

/** Header parameter of a template: exactly one member, matching the header the template was created with. */
export type TemplateHeaderInput = {
  /** The document of a document header, by id or link (with an optional file name). */
  document?: InputMaybe<MediaMessageInput>;
  /** The image of an image header, by id or link. */
  image?: InputMaybe<MediaMessageInput>;
  /** Cloud only: the location of a location header. */
  location?: InputMaybe<LocationMessageInput>;
  /** The text of a header with a variable; not empty. */
  text?: InputMaybe<Scalars['String']['input']>;
  /** The video of a video header, by id or link. */
  video?: InputMaybe<MediaMessageInput>;
};

/** Approved template to send, with the values for its variables. Use the typed fields, or `components` for kinds not modelled here, never both. */
export type TemplateMessageInput = {
  /** Typed body parameters in order, or each with a name for templates with named parameters ({{order_id}}); instead of bodyParameters. All named or none. */
  body?: InputMaybe<Array<TemplateParameterInput>>;
  /** Values of the body variables {{1}}, {{2}}, … in order; none empty. */
  bodyParameters?: InputMaybe<Array<Scalars['String']['input']>>;
  /** Typed button parameters, one per button that takes one (quick reply, URL, copy code, flow); at most one per index, each 0..9. Beside the limited-time-offer fields, not on the same indexes. */
  buttons?: InputMaybe<Array<TemplateButtonInput>>;
  /** Raw template components as an array of objects, for template kinds not modelled above; when set, the typed fields must be absent. On cloud a `date_time` parameter must carry `date_time.fallback_value`, the only part cloud renders; BAD_USER_INPUT otherwise. */
  components?: InputMaybe<Scalars['JSON']['input']>;
  /** Limited-time offers: the coupon code of the copy-code button, which comes first (index 0); needs the url button (urlButtonIndex and urlButtonParameter), as the offer's template always has one. For another template with a copy-code button, use `buttons`. */
  couponCode?: InputMaybe<Scalars['String']['input']>;
  /** Typed header parameter: text, media (by id or link) or a location; instead of headerMediaId and headerMediaType. Exactly one member. */
  header?: InputMaybe<TemplateHeaderInput>;
  /** Media id for the header, only for templates with a media header. */
  headerMediaId?: InputMaybe<Scalars['ID']['input']>;
  /** Kind of the header media: IMAGE (default), VIDEO or DOCUMENT; needs headerMediaId. */
  headerMediaType?: InputMaybe<MediaType>;
  /** Language code of the approved translation to send. */
  languageCode: Scalars['String']['input'];
  /** The template's name. */
  name: Scalars['String']['input'];
  /** On-premise only: the template's namespace (the business account's, see WabaAccount.namespace). Optional since on-premise 2.41 and required by older on-premise versions; not used on cloud, where it is BAD_USER_INPUT. */
  namespace?: InputMaybe<Scalars['String']['input']>;
  /** Cloud only, limited-time offers: when the offer expires, in the future (sent as milliseconds). Needs couponCode and the url button. */
  offerExpiresAt?: InputMaybe<Scalars['DateTime']['input']>;
  /** Index of the url button, 0..9 (not 0 when a coupon code is given); goes with urlButtonParameter. */
  urlButtonIndex?: InputMaybe<Scalars['Int']['input']>;
  /** Text for the url button's variable; goes with urlButtonIndex. */
  urlButtonParameter?: InputMaybe<Scalars['String']['input']>;
};

/** One body parameter of a template: exactly one of text, currency and dateTime. */
export type TemplateParameterInput = {
  /** An amount of money. */
  currency?: InputMaybe<TemplateCurrencyInput>;
  /** Date and time, shown as its fallback value. */
  dateTime?: InputMaybe<TemplateDateTimeInput>;
  /** For templates with named parameters ({{order_id}}): the parameter's name, lowercase letters, digits and underscores. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Text value; not empty. */
  text?: InputMaybe<Scalars['String']['input']>;
};

/** Review, quality or category change of a template of the channel's business account, as the upstream notified it (cloud only: templates are a cloud feature). A template created with createLimitedTimeOfferTemplate is PENDING until its STATUS notification says APPROVED; only then can it be sent. */
export type TemplateUpdateEvent = {
  __typename?: 'TemplateUpdateEvent';
  /** What changed: STATUS, QUALITY or CATEGORY. */
  change: TemplateChange;
  /** The channel whose webhook received the notification (templates belong to its business account). */
  channelId: Scalars['ID']['output'];
  /** Position in the channel's event log; opaque. Pass it as `after` to resume after this event. */
  cursor: Scalars['String']['output'];
  /** The template's language code as notified (`message_template_language`, e.g. `en_US` or `en-US`); null when absent. */
  language?: Maybe<Scalars['String']['output']>;
  /** CATEGORY: the category after the change (`new_category`; for a notice of a change to come, `correct_category`, the one it will take); null for other changes. */
  newCategory?: Maybe<Scalars['String']['output']>;
  /** CATEGORY: the category before the change (`previous_category`; for a notice of a change to come, the current category); null for other changes. */
  previousCategory?: Maybe<Scalars['String']['output']>;
  /** QUALITY: the new quality score (`new_quality_score`: GREEN, YELLOW, RED or UNKNOWN); null for other changes. */
  quality?: Maybe<Scalars['String']['output']>;
  /** The change's value as delivered. */
  raw: Scalars['JSON']['output'];
  /** STATUS: the reason given (`reason`, e.g. INVALID_FORMAT, ABUSIVE_CONTENT); null when the upstream gives none or says NONE, and for other changes. */
  reason?: Maybe<Scalars['String']['output']>;
  /** When the gateway accepted the notification (its log time). */
  receivedAt: Scalars['DateTime']['output'];
  /** STATUS: the new review status as notified (`event`: APPROVED, REJECTED, PAUSED, DISABLED, FLAGGED, REINSTATED …); null for other changes. */
  status?: Maybe<Scalars['String']['output']>;
  /** The template's upstream id (`message_template_id`), as the id createLimitedTimeOfferTemplate answered; null when the notification has none. */
  templateId?: Maybe<Scalars['ID']['output']>;
  /** The template's name (`message_template_name`). */
  templateName: Scalars['String']['output'];
};

/** Text message. */
export type TextContent = {
  __typename?: 'TextContent';
  /** The text as written, with the messaging network's formatting symbols (`*bold*`, `_italics_`, `~strike~`, triple backticks for code) left in place; at most 4096 characters. */
  body: Scalars['String']['output'];
};

/** Text message content. */
export type TextMessageInput = {
  /** The text, 1 to 4096 characters; supports *bold*, _italics_, ~strike-through~ and triple-backtick code. */
  body: Scalars['String']['input'];
  /** Show a preview of the first http:// or https:// URL in the body. */
  previewUrl?: InputMaybe<Scalars['Boolean']['input']>;
};

/** An item the gateway cannot show as one of the other kinds: cloud `unsupported`, on-premise `unknown`, a revoke (which carries no content of its own), a kind this gateway does not know yet, or an item missing a field its kind requires. The message's `type` and `raw` still hold what arrived. */
export type UnsupportedContent = {
  __typename?: 'UnsupportedContent';
  /** The upstream's reasons (for example 131051 "Message type unknown" on cloud, 501 on-premise); empty when it gave none. Each carries the cursor of the event or record it belongs to. */
  errors: Array<ChannelErrorEvent>;
};

/** New values for a client. */
export type UpdateClientInput = {
  /** How many channels the client may have, 1..10; unchanged when omitted. BAD_USER_INPUT outside that range. */
  maxChannels?: InputMaybe<Scalars['Int']['input']>;
  /** Free text to attach to the client; replaces the previous payload. */
  partnerPayload: Scalars['String']['input'];
};

/** Small file to upload inline. Larger files go through the streaming route POST /media/{channelId}. */
export type UploadMediaInput = {
  /** File content, base64-encoded; at most MEDIA_INLINE_MAX_BYTES decoded (5 MB by default). BAD_USER_INPUT when invalid or empty. */
  base64: Scalars['String']['input'];
  /** The file name; not empty. */
  fileName: Scalars['String']['input'];
  /** The file's MIME type, for example `image/png`; it must be accepted for the kind (see MediaType). */
  mimeType: Scalars['String']['input'];
  /** The kind the file will be sent as, whose MIME types and size limit apply; inferred from mimeType when omitted. */
  type?: InputMaybe<MediaType>;
};

/** Conversation usage and prepaid balance of a client or one of its channels. Figures are approximate and can differ slightly from invoices; the invoice issued after month end is authoritative. */
export type Usage = {
  __typename?: 'Usage';
  /** The client's balance in `currency`. Only meaningful for clients on direct payment; 0 for clients the partner pays for. */
  balance: Scalars['Float']['output'];
  /** Price of one business-initiated conversation for the client's currency and country; null when the upstream omits it. */
  businessInitiatedPrice?: Maybe<Scalars['Float']['output']>;
  /** Currency of every amount here, as an ISO 4217 code in upper case (for example `EUR`). */
  currency: Scalars['String']['output'];
  /** Estimated cost of one conversation started with a template; null when the upstream omits it. */
  estimatedTemplateCost?: Maybe<Scalars['Float']['output']>;
  /** Length of each period, as the upstream applied it. */
  granularity: Granularity;
  /** The latest balance renewal; null when the upstream reports none. */
  lastRenewal?: Maybe<Renewal>;
  /** One entry per day or month of the requested range, as the upstream reports them. */
  periods: Array<UsagePeriod>;
  /** Every figure of `periods` summed over the whole range. */
  totals: UsageTotals;
  /** Price of one user-initiated conversation for the client's currency and country; null when the upstream omits it. */
  userInitiatedPrice?: Maybe<Scalars['Float']['output']>;
};

/** Usage of one day or month; a figure the upstream leaves out counts as 0. */
export type UsagePeriod = {
  __typename?: 'UsagePeriod';
  /** Authentication conversations in the period. */
  authentication: ConversationCount;
  /** Conversations the business started in the period. */
  businessInitiated: ConversationCount;
  /** Free conversations of the period that started from a free entry point. */
  freeEntryPoint: Scalars['Int']['output'];
  /** Number of conversations free of charge in the period. */
  freeQuantity: Scalars['Int']['output'];
  /** Free conversations of the period counted against the free tier. */
  freeTier: Scalars['Int']['output'];
  /** Marketing conversations in the period. */
  marketing: ConversationCount;
  /** Number of conversations charged in the period. */
  paidQuantity: Scalars['Int']['output'];
  /** Start of the period. */
  periodDate: Scalars['DateTime']['output'];
  /** Number of conversations in the period. */
  quantity: Scalars['Int']['output'];
  /** Service conversations in the period. */
  service: ConversationCount;
  /** What the conversations of the period cost, in the usage currency. */
  totalPrice: Scalars['Float']['output'];
  /** Conversations the user started in the period. */
  userInitiated: ConversationCount;
  /** Utility conversations in the period. */
  utility: ConversationCount;
};

/** Usage summed over all periods of the requested range. */
export type UsageTotals = {
  __typename?: 'UsageTotals';
  /** Authentication conversations in the range. */
  authentication: ConversationCount;
  /** Conversations the business started in the range. */
  businessInitiated: ConversationCount;
  /** Free conversations of the range that started from a free entry point. */
  freeEntryPoint: Scalars['Int']['output'];
  /** Number of conversations free of charge in the range. */
  freeQuantity: Scalars['Int']['output'];
  /** Free conversations of the range counted against the free tier. */
  freeTier: Scalars['Int']['output'];
  /** Marketing conversations in the range. */
  marketing: ConversationCount;
  /** Number of conversations charged in the range. */
  paidQuantity: Scalars['Int']['output'];
  /** Number of conversations in the range. */
  quantity: Scalars['Int']['output'];
  /** Service conversations in the range. */
  service: ConversationCount;
  /** What the conversations of the range cost, in the usage currency. */
  totalPrice: Scalars['Float']['output'];
  /** Conversations the user started in the range. */
  userInitiated: ConversationCount;
  /** Utility conversations in the range. */
  utility: ConversationCount;
};

/** User of the partner platform who created or changed a record. */
export type UserRef = {
  __typename?: 'UserRef';
  /** The user's id; null when the upstream omits it. */
  userId?: Maybe<Scalars['String']['output']>;
  /** The user's name; null when the upstream omits it. */
  userName?: Maybe<Scalars['String']['output']>;
};

/** Who is calling: the actor, the scopes held and the clients that may be seen and acted for. */
export type Viewer = {
  __typename?: 'Viewer';
  /** The person of the access token, or the service of a gateway token (or the gateway itself when no token is asked for). */
  actor: Actor;
  /** True when the caller may see and act for every client of the partner (a clients claim of `["*"]`, or a service). */
  allClients: Scalars['Boolean']['output'];
  /** Ids of the partner's clients the caller may see and act for: every client when `allClients`, else the granted ones that the partner has (an id of another partner's client is left out). Reads the partner's client listing (cached). */
  clientIds: Array<Scalars['ID']['output']>;
  /** The scopes the caller holds, of `hubgraph:read`, `hubgraph:send`, `hubgraph:manage` and `hubgraph:admin`; a service holds all four. Empty for a token granting none of them. */
  scopes: Array<Scalars['String']['output']>;
};

/** The business account (WABA) a channel is linked to; each field is null when the upstream omits it. */
export type WabaAccount = {
  __typename?: 'WabaAccount';
  /** The business account id on the messaging network. */
  externalId?: Maybe<Scalars['String']['output']>;
  /** Status of the business verification, as the upstream spells it. */
  fbAccountStatus?: Maybe<Scalars['String']['output']>;
  /** Id of the business that owns the account (`fb_business_id` upstream). */
  fbBusinessId?: Maybe<Scalars['String']['output']>;
  /** The business account id. */
  id?: Maybe<Scalars['ID']['output']>;
  /** The business account's namespace. */
  namespace?: Maybe<Scalars['String']['output']>;
  /** The business this account acts on behalf of; null when the upstream sends none. */
  onBehalfOfBusinessInfo?: Maybe<OnBehalfOfBusinessInfo>;
};

/** Filter on the business account (WABA) a channel is linked to. */
export type WabaAccountFilter = {
  /** Only channels of business accounts created at this time, written as the upstream stores it. */
  createdAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of the business account with this external id. */
  externalId?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of business accounts with this business id (`fb_business_id` upstream). */
  fbBusinessId?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of the business account with this id. */
  id?: InputMaybe<Scalars['ID']['input']>;
  /** Only channels of business accounts last changed at this time, written as the upstream stores it. */
  modifiedAt?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of business accounts with this name. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Only channels of business accounts with this namespace. */
  namespace?: InputMaybe<Scalars['String']['input']>;
  /** Only channels whose on-behalf-of business matches. */
  onBehalfOfBusinessInfo?: InputMaybe<OnBehalfOfBusinessInfoFilter>;
  /** Only channels of business accounts with this status, as the upstream spells it. */
  status?: InputMaybe<Scalars['String']['input']>;
};

/** Webhook of a channel's whole business account (cloud only), used by numbers without a number-level webhook. */
export type WabaWebhook = {
  __typename?: 'WabaWebhook';
  /** After setWabaWebhook: when the upstream has applied it at the latest (it takes 15 to 20 seconds; until then notifications go where they went before). Null on reads. */
  activatesAt?: Maybe<Scalars['DateTime']['output']>;
  /** The channel through which this business-account webhook was read or set (cloud only). Null only when the channel cannot be read back. */
  channel?: Maybe<Channel>;
  /** Headers the upstream adds when calling it; an Authorization value shows only its scheme. */
  headers?: Maybe<Scalars['JSON']['output']>;
  /** The upstream's message when setting it: activation takes 15 to 20 seconds, so read it back before messaging. Null when read. */
  message?: Maybe<Scalars['String']['output']>;
  /** Phone numbers of the business account; null right after setting it. */
  numbers?: Maybe<Array<Scalars['String']['output']>>;
  /** URL that receives the notifications; null when none is set. */
  url?: Maybe<Scalars['String']['output']>;
  /** The business account id; null right after setting it. */
  wabaId?: Maybe<Scalars['ID']['output']>;
};

/** Business-account webhook to set (cloud only). */
export type WabaWebhookInput = {
  /** Headers the upstream adds when calling `url`, as an object of names to string values. */
  headers: Scalars['JSON']['input'];
  /** True applies the URL to every cloud number of the account; false (default) only to numbers without their own webhook. */
  overrideAll?: InputMaybe<Scalars['Boolean']['input']>;
  /** https:// URL that receives the notifications (HTTPS with a valid certificate only; http:// is BAD_USER_INPUT), without an underscore in the host name or an explicit port. */
  url: Scalars['String']['input'];
};

/** Webhook that receives a number's notifications. */
export type WebhookConfig = {
  __typename?: 'WebhookConfig';
  /**
   * The channel whose number-level webhook this is. Select the fields you show (for example `channel { id webhook { url } }`)
   * and a normalized client cache updates that channel without a refetch. Null only when the channel cannot be read back.
   */
  channel?: Maybe<Channel>;
  /** Headers the upstream adds when calling it; an Authorization value shows only its scheme. */
  headers?: Maybe<Scalars['JSON']['output']>;
  /** URL that receives the notifications; null when none is set. */
  url?: Maybe<Scalars['String']['output']>;
};

/** Number-level webhook to set. */
export type WebhookInput = {
  /** Headers the upstream adds when calling `url`, as an object of names to string values (for example an Authorization header with the basic scheme). */
  headers?: InputMaybe<Scalars['JSON']['input']>;
  /** https:// URL that receives the notifications (the upstream delivers over HTTPS with a valid certificate only; http:// is BAD_USER_INPUT on both hostings); on cloud without an underscore in the host name or an explicit port. */
  url: Scalars['String']['input'];
};

/** Outcome of setting a channel's webhook again after a new API key removed it. */
export type WebhookRestore = {
  __typename?: 'WebhookRestore';
  /** Why it was not restored; the webhook must then be set again with setWebhook before notifications flow. Null when restored. */
  error?: Maybe<Scalars['String']['output']>;
  /** True when the previous webhook was set again with the new key. */
  restored: Scalars['Boolean']['output'];
  /** The webhook URL that was (or could not be) set again; null when it could not be read before the key changed. */
  url?: Maybe<Scalars['String']['output']>;
};

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ReferenceResolver<TResult, TReference, TContext> = (
      reference: TReference,
      context: TContext,
      info: GraphQLResolveInfo
    ) => Promise<TResult> | TResult;

      type ScalarCheck<T, S> = S extends true ? T : NullableCheck<T, S>;
      type NullableCheck<T, S> = Maybe<T> extends T ? Maybe<ListCheck<NonNullable<T>, S>> : ListCheck<T, S>;
      type ListCheck<T, S> = T extends (infer U)[] ? NullableCheck<U, S>[] : GraphQLRecursivePick<T, S>;
      export type GraphQLRecursivePick<T, S> = { [K in keyof T & keyof S]: ScalarCheck<T[K], S[K]> };
    

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

/** Mapping of federation types */
export type FederationTypes = ResolversObject<{
  Channel: Channel;
  Client: Client;
  Partner: Partner;
}>;

/** Mapping of federation reference types */
export type FederationReferenceTypes = ResolversObject<{
  Channel:
    ( { __typename: 'Channel' }
    & GraphQLRecursivePick<FederationTypes['Channel'], {"id":true}> );
  Client:
    ( { __typename: 'Client' }
    & GraphQLRecursivePick<FederationTypes['Client'], {"id":true}> );
  Partner:
    ( { __typename: 'Partner' }
    & GraphQLRecursivePick<FederationTypes['Partner'], {"id":true}> );
}>;

/** Mapping of union types */
export type ResolversUnionTypes<_RefType extends Record<string, unknown>> = ResolversObject<{
  ChannelEvent:
    | ( ChannelErrorEvent )
    | ( ContactPreferenceEvent )
    | ( InboundMessageModel )
    | ( Omit<MessageEchoEvent, 'content'> & { content: _RefType['MessageContent'] } )
    | ( MessageStatusEvent )
    | ( OtherNotificationEvent )
    | ( TemplateUpdateEvent )
  ;
  MessageContent:
    | ( ButtonReplyContent )
    | ( ContactsContent )
    | ( InteractiveContent )
    | ( InteractiveReplyContent )
    | ( LocationContent )
    | ( MediaContent )
    | ( OrderContent )
    | ( ReactionContent )
    | ( SystemContent )
    | ( TemplateContent )
    | ( TextContent )
    | ( UnsupportedContent )
  ;
}>;


/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  ActionSource: ResolverTypeWrapper<ActionSource>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  ActionSourceList: ResolverTypeWrapper<ActionSourceList>;
  Actor: ResolverTypeWrapper<ActorModel>;
  ActorKind: ActorKind;
  AdReferral: ResolverTypeWrapper<AdReferral>;
  ApiKey: ResolverTypeWrapper<ApiKeyResult>;
  AuditEntry: ResolverTypeWrapper<AuditEntryRecord>;
  AuditEntryPage: ResolverTypeWrapper<Omit<AuditEntryPage, 'nodes'> & { nodes: Array<ResolversTypes['AuditEntry']> }>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  AuditOutcome: AuditOutcome;
  BillingConversation: ResolverTypeWrapper<BillingConversation>;
  BlockedContactList: ResolverTypeWrapper<BlockedContactList>;
  BusinessProfile: ResolverTypeWrapper<BusinessProfileModel>;
  BusinessProfileInput: BusinessProfileInput;
  BusinessVertical: BusinessVertical;
  ButtonReplyContent: ResolverTypeWrapper<ButtonReplyContent>;
  CatalogMessageInput: CatalogMessageInput;
  Channel: ResolverTypeWrapper<ChannelNode>;
  ChannelClientContactInfoFilter: ChannelClientContactInfoFilter;
  ChannelClientFilter: ChannelClientFilter;
  ChannelErrorEvent: ResolverTypeWrapper<ChannelErrorEvent>;
  ChannelEvent: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['ChannelEvent']>;
  ChannelEventKind: ChannelEventKind;
  ChannelEventPage: ResolverTypeWrapper<Omit<ChannelEventPage, 'nodes'> & { nodes: Array<ResolversTypes['ChannelEvent']> }>;
  ChannelFilter: ChannelFilter;
  ChannelIntegration: ResolverTypeWrapper<ChannelIntegration>;
  ChannelIntegrationFilter: ChannelIntegrationFilter;
  ChannelIntegrationParametersFilter: ChannelIntegrationParametersFilter;
  ChannelList: ResolverTypeWrapper<ChannelListDto>;
  ChannelOrder: ChannelOrder;
  ChannelOrderField: ChannelOrderField;
  ChannelProfileInfoFilter: ChannelProfileInfoFilter;
  ChannelProjectFilter: ChannelProjectFilter;
  ChannelSettingsFilter: ChannelSettingsFilter;
  ChannelSettingsTierFilter: ChannelSettingsTierFilter;
  ChannelSetupDetails: ResolverTypeWrapper<ChannelSetupDetails>;
  ChannelSetupInfoFilter: ChannelSetupInfoFilter;
  Client: ResolverTypeWrapper<ClientNode>;
  ClientContactInfo: ResolverTypeWrapper<ClientContactInfo>;
  ClientFilter: ClientFilter;
  ClientInsights: ResolverTypeWrapper<ClientInsightsRef>;
  ClientList: ResolverTypeWrapper<ClientListDto>;
  ClientMetaInfo: ResolverTypeWrapper<ClientMetaInfo>;
  ClientMetaInfoFilter: ClientMetaInfoFilter;
  ClientOrder: ClientOrder;
  ClientOrderField: ClientOrderField;
  ContactActionPayload: ResolverTypeWrapper<ContactActionModel>;
  ContactAddressInput: ContactAddressInput;
  ContactCard: ResolverTypeWrapper<ContactCard>;
  ContactCardAddress: ResolverTypeWrapper<ContactCardAddress>;
  ContactCardEmail: ResolverTypeWrapper<ContactCardEmail>;
  ContactCardInput: ContactCardInput;
  ContactCardOrganization: ResolverTypeWrapper<ContactCardOrganization>;
  ContactCardPhone: ResolverTypeWrapper<ContactCardPhone>;
  ContactCardUrl: ResolverTypeWrapper<ContactCardUrl>;
  ContactEmailInput: ContactEmailInput;
  ContactInfoFilter: ContactInfoFilter;
  ContactNameInput: ContactNameInput;
  ContactOrgInput: ContactOrgInput;
  ContactPhoneInput: ContactPhoneInput;
  ContactPreferenceEvent: ResolverTypeWrapper<ContactPreferenceEvent>;
  ContactUrlInput: ContactUrlInput;
  ContactUser: ResolverTypeWrapper<ContactUser>;
  ContactUserFilter: ContactUserFilter;
  ContactsContent: ResolverTypeWrapper<ContactsContent>;
  Conversation: ResolverTypeWrapper<ConversationView>;
  ConversationCount: ResolverTypeWrapper<ConversationCount>;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ConversationFilter: ConversationFilter;
  ConversationPage: ResolverTypeWrapper<Omit<ConversationPage, 'nodes'> & { nodes: Array<ResolversTypes['Conversation']> }>;
  CtaUrlMessageInput: CtaUrlMessageInput;
  DataRegion: DataRegion;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  FlowAction: FlowAction;
  FlowMessageInput: FlowMessageInput;
  FlowMode: FlowMode;
  Granularity: Granularity;
  Hosting: Hosting;
  HubStatus: HubStatus;
  InboundMessage: ResolverTypeWrapper<InboundMessageModel>;
  InsightAction: ResolverTypeWrapper<InsightAction>;
  InsightActionList: ResolverTypeWrapper<InsightActionList>;
  InsightPoint: ResolverTypeWrapper<InsightPoint>;
  InsightSource: ResolverTypeWrapper<InsightSourceModel>;
  InsightSourceList: ResolverTypeWrapper<Omit<InsightSourceList, 'nodes'> & { nodes: Array<ResolversTypes['InsightSource']> }>;
  InsightSourcePayload: ResolverTypeWrapper<Omit<InsightSourcePayload, 'source'> & { source?: Maybe<ResolversTypes['InsightSource']> }>;
  InteractiveContent: ResolverTypeWrapper<InteractiveContent>;
  InteractiveHeaderInput: InteractiveHeaderInput;
  InteractiveKind: InteractiveKind;
  InteractiveOption: ResolverTypeWrapper<InteractiveOption>;
  InteractiveReplyContent: ResolverTypeWrapper<InteractiveReplyContent>;
  InteractiveReplyKind: InteractiveReplyKind;
  JSON: ResolverTypeWrapper<Scalars['JSON']['output']>;
  LimitedTimeOfferTemplateInput: LimitedTimeOfferTemplateInput;
  ListMessageInput: ListMessageInput;
  ListRowInput: ListRowInput;
  ListSectionInput: ListSectionInput;
  LocalStorageResult: ResolverTypeWrapper<LocalStorageModel>;
  LocationContent: ResolverTypeWrapper<LocationContent>;
  LocationMessageInput: LocationMessageInput;
  LocationRequestMessageInput: LocationRequestMessageInput;
  Media: ResolverTypeWrapper<MediaRef>;
  MediaContent: ResolverTypeWrapper<MediaContent>;
  MediaKind: MediaKind;
  MediaMessageInput: MediaMessageInput;
  MediaType: MediaType;
  MessageContent: ResolverTypeWrapper<ResolversUnionTypes<ResolversTypes>['MessageContent']>;
  MessageContext: ResolverTypeWrapper<MessageContext>;
  MessageDirection: MessageDirection;
  MessageEchoEvent: ResolverTypeWrapper<Omit<MessageEchoEvent, 'content'> & { content: ResolversTypes['MessageContent'] }>;
  MessageOrigin: MessageOrigin;
  MessagePricing: ResolverTypeWrapper<MessagePricing>;
  MessageReaction: ResolverTypeWrapper<MessageReaction>;
  MessageRecord: ResolverTypeWrapper<Omit<MessageRecord, 'content' | 'sentBy'> & { content?: Maybe<ResolversTypes['MessageContent']>, sentBy?: Maybe<ResolversTypes['Actor']> }>;
  MessageRecordPage: ResolverTypeWrapper<Omit<MessageRecordPage, 'nodes'> & { nodes: Array<ResolversTypes['MessageRecord']> }>;
  MessageStatusEvent: ResolverTypeWrapper<MessageStatusEvent>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  OnBehalfOfBusinessInfo: ResolverTypeWrapper<OnBehalfOfBusinessInfo>;
  OnBehalfOfBusinessInfoFilter: OnBehalfOfBusinessInfoFilter;
  OrderContent: ResolverTypeWrapper<OrderContent>;
  OrderItem: ResolverTypeWrapper<OrderItem>;
  OtherNotificationEvent: ResolverTypeWrapper<OtherNotificationEvent>;
  Partner: ResolverTypeWrapper<PartnerRef>;
  PartnerSettings: ResolverTypeWrapper<PartnerDto>;
  PartnerSettingsInput: PartnerSettingsInput;
  ProductListMessageInput: ProductListMessageInput;
  ProductMessageInput: ProductMessageInput;
  ProductSectionInput: ProductSectionInput;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ReactionContent: ResolverTypeWrapper<ReactionContent>;
  RecipientType: RecipientType;
  Renewal: ResolverTypeWrapper<Renewal>;
  ReplyButtonInput: ReplyButtonInput;
  ReplyButtonsMessageInput: ReplyButtonsMessageInput;
  SendMessageInput: SendMessageInput;
  SentMessage: ResolverTypeWrapper<SentMessageModel>;
  ServiceWindow: ResolverTypeWrapper<ServiceWindow>;
  ServiceWindowState: ServiceWindowState;
  SortDirection: SortDirection;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
  SystemContent: ResolverTypeWrapper<SystemContent>;
  Template: ResolverTypeWrapper<Template>;
  TemplateButtonInput: TemplateButtonInput;
  TemplateButtonKind: TemplateButtonKind;
  TemplateChange: TemplateChange;
  TemplateContent: ResolverTypeWrapper<TemplateContent>;
  TemplateCurrencyInput: TemplateCurrencyInput;
  TemplateDateTimeInput: TemplateDateTimeInput;
  TemplateHeaderInput: TemplateHeaderInput;
  TemplateMessageInput: TemplateMessageInput;
  TemplateParameterInput: TemplateParameterInput;
  TemplateUpdateEvent: ResolverTypeWrapper<TemplateUpdateEvent>;
  TextContent: ResolverTypeWrapper<TextContent>;
  TextMessageInput: TextMessageInput;
  UnsupportedContent: ResolverTypeWrapper<UnsupportedContent>;
  UpdateClientInput: UpdateClientInput;
  UploadMediaInput: UploadMediaInput;
  Usage: ResolverTypeWrapper<UsageDto>;
  UsagePeriod: ResolverTypeWrapper<UsagePeriodDto>;
  UsageTotals: ResolverTypeWrapper<UsageTotals>;
  UserRef: ResolverTypeWrapper<UserRef>;
  Viewer: ResolverTypeWrapper<Caller>;
  WabaAccount: ResolverTypeWrapper<WabaAccount>;
  WabaAccountFilter: WabaAccountFilter;
  WabaWebhook: ResolverTypeWrapper<WabaWebhookModel>;
  WabaWebhookInput: WabaWebhookInput;
  WebhookConfig: ResolverTypeWrapper<WebhookConfigModel>;
  WebhookInput: WebhookInput;
  WebhookRestore: ResolverTypeWrapper<WebhookRestore>;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  ActionSource: ActionSource;
  String: Scalars['String']['output'];
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  ActionSourceList: ActionSourceList;
  Actor: ActorModel;
  AdReferral: AdReferral;
  ApiKey: ApiKeyResult;
  AuditEntry: AuditEntryRecord;
  AuditEntryPage: Omit<AuditEntryPage, 'nodes'> & { nodes: Array<ResolversParentTypes['AuditEntry']> };
  Boolean: Scalars['Boolean']['output'];
  BillingConversation: BillingConversation;
  BlockedContactList: BlockedContactList;
  BusinessProfile: BusinessProfileModel;
  BusinessProfileInput: BusinessProfileInput;
  ButtonReplyContent: ButtonReplyContent;
  CatalogMessageInput: CatalogMessageInput;
  Channel: ChannelNode;
  ChannelClientContactInfoFilter: ChannelClientContactInfoFilter;
  ChannelClientFilter: ChannelClientFilter;
  ChannelErrorEvent: ChannelErrorEvent;
  ChannelEvent: ResolversUnionTypes<ResolversParentTypes>['ChannelEvent'];
  ChannelEventPage: Omit<ChannelEventPage, 'nodes'> & { nodes: Array<ResolversParentTypes['ChannelEvent']> };
  ChannelFilter: ChannelFilter;
  ChannelIntegration: ChannelIntegration;
  ChannelIntegrationFilter: ChannelIntegrationFilter;
  ChannelIntegrationParametersFilter: ChannelIntegrationParametersFilter;
  ChannelList: ChannelListDto;
  ChannelOrder: ChannelOrder;
  ChannelProfileInfoFilter: ChannelProfileInfoFilter;
  ChannelProjectFilter: ChannelProjectFilter;
  ChannelSettingsFilter: ChannelSettingsFilter;
  ChannelSettingsTierFilter: ChannelSettingsTierFilter;
  ChannelSetupDetails: ChannelSetupDetails;
  ChannelSetupInfoFilter: ChannelSetupInfoFilter;
  Client: ClientNode;
  ClientContactInfo: ClientContactInfo;
  ClientFilter: ClientFilter;
  ClientInsights: ClientInsightsRef;
  ClientList: ClientListDto;
  ClientMetaInfo: ClientMetaInfo;
  ClientMetaInfoFilter: ClientMetaInfoFilter;
  ClientOrder: ClientOrder;
  ContactActionPayload: ContactActionModel;
  ContactAddressInput: ContactAddressInput;
  ContactCard: ContactCard;
  ContactCardAddress: ContactCardAddress;
  ContactCardEmail: ContactCardEmail;
  ContactCardInput: ContactCardInput;
  ContactCardOrganization: ContactCardOrganization;
  ContactCardPhone: ContactCardPhone;
  ContactCardUrl: ContactCardUrl;
  ContactEmailInput: ContactEmailInput;
  ContactInfoFilter: ContactInfoFilter;
  ContactNameInput: ContactNameInput;
  ContactOrgInput: ContactOrgInput;
  ContactPhoneInput: ContactPhoneInput;
  ContactPreferenceEvent: ContactPreferenceEvent;
  ContactUrlInput: ContactUrlInput;
  ContactUser: ContactUser;
  ContactUserFilter: ContactUserFilter;
  ContactsContent: ContactsContent;
  Conversation: ConversationView;
  ConversationCount: ConversationCount;
  Float: Scalars['Float']['output'];
  ConversationFilter: ConversationFilter;
  ConversationPage: Omit<ConversationPage, 'nodes'> & { nodes: Array<ResolversParentTypes['Conversation']> };
  CtaUrlMessageInput: CtaUrlMessageInput;
  DateTime: Scalars['DateTime']['output'];
  FlowMessageInput: FlowMessageInput;
  InboundMessage: InboundMessageModel;
  InsightAction: InsightAction;
  InsightActionList: InsightActionList;
  InsightPoint: InsightPoint;
  InsightSource: InsightSourceModel;
  InsightSourceList: Omit<InsightSourceList, 'nodes'> & { nodes: Array<ResolversParentTypes['InsightSource']> };
  InsightSourcePayload: Omit<InsightSourcePayload, 'source'> & { source?: Maybe<ResolversParentTypes['InsightSource']> };
  InteractiveContent: InteractiveContent;
  InteractiveHeaderInput: InteractiveHeaderInput;
  InteractiveOption: InteractiveOption;
  InteractiveReplyContent: InteractiveReplyContent;
  JSON: Scalars['JSON']['output'];
  LimitedTimeOfferTemplateInput: LimitedTimeOfferTemplateInput;
  ListMessageInput: ListMessageInput;
  ListRowInput: ListRowInput;
  ListSectionInput: ListSectionInput;
  LocalStorageResult: LocalStorageModel;
  LocationContent: LocationContent;
  LocationMessageInput: LocationMessageInput;
  LocationRequestMessageInput: LocationRequestMessageInput;
  Media: MediaRef;
  MediaContent: MediaContent;
  MediaMessageInput: MediaMessageInput;
  MessageContent: ResolversUnionTypes<ResolversParentTypes>['MessageContent'];
  MessageContext: MessageContext;
  MessageEchoEvent: Omit<MessageEchoEvent, 'content'> & { content: ResolversParentTypes['MessageContent'] };
  MessagePricing: MessagePricing;
  MessageReaction: MessageReaction;
  MessageRecord: Omit<MessageRecord, 'content' | 'sentBy'> & { content?: Maybe<ResolversParentTypes['MessageContent']>, sentBy?: Maybe<ResolversParentTypes['Actor']> };
  MessageRecordPage: Omit<MessageRecordPage, 'nodes'> & { nodes: Array<ResolversParentTypes['MessageRecord']> };
  MessageStatusEvent: MessageStatusEvent;
  Mutation: Record<PropertyKey, never>;
  OnBehalfOfBusinessInfo: OnBehalfOfBusinessInfo;
  OnBehalfOfBusinessInfoFilter: OnBehalfOfBusinessInfoFilter;
  OrderContent: OrderContent;
  OrderItem: OrderItem;
  OtherNotificationEvent: OtherNotificationEvent;
  Partner: PartnerRef;
  PartnerSettings: PartnerDto;
  PartnerSettingsInput: PartnerSettingsInput;
  ProductListMessageInput: ProductListMessageInput;
  ProductMessageInput: ProductMessageInput;
  ProductSectionInput: ProductSectionInput;
  Query: Record<PropertyKey, never>;
  ReactionContent: ReactionContent;
  Renewal: Renewal;
  ReplyButtonInput: ReplyButtonInput;
  ReplyButtonsMessageInput: ReplyButtonsMessageInput;
  SendMessageInput: SendMessageInput;
  SentMessage: SentMessageModel;
  ServiceWindow: ServiceWindow;
  Subscription: Record<PropertyKey, never>;
  SystemContent: SystemContent;
  Template: Template;
  TemplateButtonInput: TemplateButtonInput;
  TemplateContent: TemplateContent;
  TemplateCurrencyInput: TemplateCurrencyInput;
  TemplateDateTimeInput: TemplateDateTimeInput;
  TemplateHeaderInput: TemplateHeaderInput;
  TemplateMessageInput: TemplateMessageInput;
  TemplateParameterInput: TemplateParameterInput;
  TemplateUpdateEvent: TemplateUpdateEvent;
  TextContent: TextContent;
  TextMessageInput: TextMessageInput;
  UnsupportedContent: UnsupportedContent;
  UpdateClientInput: UpdateClientInput;
  UploadMediaInput: UploadMediaInput;
  Usage: UsageDto;
  UsagePeriod: UsagePeriodDto;
  UsageTotals: UsageTotals;
  UserRef: UserRef;
  Viewer: Caller;
  WabaAccount: WabaAccount;
  WabaAccountFilter: WabaAccountFilter;
  WabaWebhook: WabaWebhookModel;
  WabaWebhookInput: WabaWebhookInput;
  WebhookConfig: WebhookConfigModel;
  WebhookInput: WebhookInput;
  WebhookRestore: WebhookRestore;
}>;

export type ActionSourceResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ActionSource'] = ResolversParentTypes['ActionSource']> = ResolversObject<{
  appId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  clientId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  hits?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  sourceId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type ActionSourceListResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ActionSourceList'] = ResolversParentTypes['ActionSourceList']> = ResolversObject<{
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ActionSource']>, ParentType, ContextType>;
  offset?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ActorResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Actor'] = ResolversParentTypes['Actor']> = ResolversObject<{
  kind?: Resolver<ResolversTypes['ActorKind'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  subject?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type AdReferralResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AdReferral'] = ResolversParentTypes['AdReferral']> = ResolversObject<{
  body?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  ctwaClid?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  headline?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  mediaType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sourceId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sourceType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sourceUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ApiKeyResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ApiKey'] = ResolversParentTypes['ApiKey']> = ResolversObject<{
  address?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  apiKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  appId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  channel?: Resolver<Maybe<ResolversTypes['Channel']>, ParentType, ContextType>;
  id?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  webhookRestore?: Resolver<Maybe<ResolversTypes['WebhookRestore']>, ParentType, ContextType>;
}>;

export type AuditEntryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditEntry'] = ResolversParentTypes['AuditEntry']> = ResolversObject<{
  actor?: Resolver<ResolversTypes['Actor'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  channelId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  clientId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  code?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  messageId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  operation?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  outcome?: Resolver<ResolversTypes['AuditOutcome'], ParentType, ContextType>;
}>;

export type AuditEntryPageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['AuditEntryPage'] = ResolversParentTypes['AuditEntryPage']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasMore?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['AuditEntry']>, ParentType, ContextType>;
}>;

export type BillingConversationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['BillingConversation'] = ResolversParentTypes['BillingConversation']> = ResolversObject<{
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  originType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type BlockedContactListResolvers<ContextType = Context, ParentType extends ResolversParentTypes['BlockedContactList'] = ResolversParentTypes['BlockedContactList']> = ResolversObject<{
  limit?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  offset?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  waIds?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type BusinessProfileResolvers<ContextType = Context, ParentType extends ResolversParentTypes['BusinessProfile'] = ResolversParentTypes['BusinessProfile']> = ResolversObject<{
  address?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  channel?: Resolver<Maybe<ResolversTypes['Channel']>, ParentType, ContextType>;
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  profilePictureUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  vertical?: Resolver<Maybe<ResolversTypes['BusinessVertical']>, ParentType, ContextType>;
  websites?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ButtonReplyContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ButtonReplyContent'] = ResolversParentTypes['ButtonReplyContent']> = ResolversObject<{
  payload?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  text?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ChannelResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Channel'] = ResolversParentTypes['Channel'], FederationReferenceType extends FederationReferenceTypes['Channel'] = FederationReferenceTypes['Channel']> = ResolversObject<{
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Channel']> | FederationReferenceType, FederationReferenceType, ContextType>;
  accountMode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billingStartedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  blockedContacts?: Resolver<Maybe<ResolversTypes['BlockedContactList']>, ParentType, ContextType, RequireFields<ChannelBlockedContactsArgs, 'limit' | 'offset'>>;
  businessProfile?: Resolver<Maybe<ResolversTypes['BusinessProfile']>, ParentType, ContextType>;
  cancelledAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  client?: Resolver<Maybe<ResolversTypes['Client']>, ParentType, ContextType>;
  clientId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  conversation?: Resolver<Maybe<ResolversTypes['Conversation']>, ParentType, ContextType, RequireFields<ChannelConversationArgs, 'contact'>>;
  conversations?: Resolver<ResolversTypes['ConversationPage'], ParentType, ContextType, RequireFields<ChannelConversationsArgs, 'first'>>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currentLimit?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  currentQualityRating?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  currentQualityUpdateEvent?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  dataLocalizationRegion?: Resolver<Maybe<ResolversTypes['DataRegion']>, ParentType, ContextType>;
  displayName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  events?: Resolver<ResolversTypes['ChannelEventPage'], ParentType, ContextType, RequireFields<ChannelEventsArgs, 'first'>>;
  hosting?: Resolver<ResolversTypes['Hosting'], ParentType, ContextType>;
  hostingSupportEndsAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  hubStatus?: Resolver<ResolversTypes['HubStatus'], ParentType, ContextType>;
  hubStatusRaw?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  integration?: Resolver<Maybe<ResolversTypes['ChannelIntegration']>, ParentType, ContextType>;
  isMigrated?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  isOba?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  media?: Resolver<Maybe<ResolversTypes['Media']>, ParentType, ContextType, RequireFields<ChannelMediaArgs, 'id'>>;
  message?: Resolver<Maybe<ResolversTypes['MessageRecord']>, ParentType, ContextType, RequireFields<ChannelMessageArgs, 'id'>>;
  onPremiseVersion?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phoneNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  serviceWindow?: Resolver<ResolversTypes['ServiceWindow'], ParentType, ContextType, RequireFields<ChannelServiceWindowArgs, 'contact'>>;
  setupDetails?: Resolver<Maybe<ResolversTypes['ChannelSetupDetails']>, ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  terminatedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  tier?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  usage?: Resolver<Maybe<ResolversTypes['Usage']>, ParentType, ContextType, RequireFields<ChannelUsageArgs, 'granularity'>>;
  version?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  wabaAccount?: Resolver<Maybe<ResolversTypes['WabaAccount']>, ParentType, ContextType>;
  wabaWebhook?: Resolver<Maybe<ResolversTypes['WabaWebhook']>, ParentType, ContextType>;
  webhook?: Resolver<Maybe<ResolversTypes['WebhookConfig']>, ParentType, ContextType>;
}>;

export type ChannelErrorEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ChannelErrorEvent'] = ResolversParentTypes['ChannelErrorEvent']> = ResolversObject<{
  channelId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  code?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  details?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  raw?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  title?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ChannelEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ChannelEvent'] = ResolversParentTypes['ChannelEvent']> = ResolversObject<{
  __resolveType: TypeResolveFn<'ChannelErrorEvent' | 'ContactPreferenceEvent' | 'InboundMessage' | 'MessageEchoEvent' | 'MessageStatusEvent' | 'OtherNotificationEvent' | 'TemplateUpdateEvent', ParentType, ContextType>;
}>;

export type ChannelEventPageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ChannelEventPage'] = ResolversParentTypes['ChannelEventPage']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasMore?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['ChannelEvent']>, ParentType, ContextType>;
}>;

export type ChannelIntegrationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ChannelIntegration'] = ResolversParentTypes['ChannelIntegration']> = ResolversObject<{
  appId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  enabled?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  hostingPlatformType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  state?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ChannelListResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ChannelList'] = ResolversParentTypes['ChannelList']> = ResolversObject<{
  appliedFilters?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  appliedSort?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Channel']>, ParentType, ContextType>;
  offset?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ChannelSetupDetailsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ChannelSetupDetails'] = ResolversParentTypes['ChannelSetupDetails']> = ResolversObject<{
  certificate?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  configurationType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  defaultLanguage?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasIntegrationLayer?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  ivr?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  newNameStatus?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  region?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  shardsNumber?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  verificationMethod?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  wasInUse?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
}>;

export type ClientResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Client'] = ResolversParentTypes['Client'], FederationReferenceType extends FederationReferenceTypes['Client'] = FederationReferenceTypes['Client']> = ResolversObject<{
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Client']> | FederationReferenceType, FederationReferenceType, ContextType>;
  channels?: Resolver<Maybe<ResolversTypes['ChannelList']>, ParentType, ContextType, Partial<ClientChannelsArgs>>;
  contactInfo?: Resolver<Maybe<ResolversTypes['ClientContactInfo']>, ParentType, ContextType>;
  contactUser?: Resolver<Maybe<ResolversTypes['ContactUser']>, ParentType, ContextType>;
  createdAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  createdBy?: Resolver<Maybe<ResolversTypes['UserRef']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  insights?: Resolver<ResolversTypes['ClientInsights'], ParentType, ContextType>;
  manageableChannels?: Resolver<Maybe<Array<ResolversTypes['Channel']>>, ParentType, ContextType>;
  maxChannels?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  metaInfo?: Resolver<Maybe<ResolversTypes['ClientMetaInfo']>, ParentType, ContextType>;
  modifiedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  modifiedBy?: Resolver<Maybe<ResolversTypes['UserRef']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organisation?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  partnerPayload?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  usage?: Resolver<Maybe<ResolversTypes['Usage']>, ParentType, ContextType, RequireFields<ClientUsageArgs, 'granularity'>>;
}>;

export type ClientContactInfoResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ClientContactInfo'] = ResolversParentTypes['ClientContactInfo']> = ResolversObject<{
  city?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fullName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  language?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  streetName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  webpageUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  zipCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ClientInsightsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ClientInsights'] = ResolversParentTypes['ClientInsights']> = ResolversObject<{
  actionSources?: Resolver<Maybe<ResolversTypes['ActionSourceList']>, ParentType, ContextType, RequireFields<ClientInsightsActionSourcesArgs, 'actionIds' | 'dateFrom' | 'dateTo'>>;
  actions?: Resolver<Maybe<ResolversTypes['InsightActionList']>, ParentType, ContextType, RequireFields<ClientInsightsActionsArgs, 'dateFrom' | 'dateTo' | 'sourceIds'>>;
  allowed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sources?: Resolver<Maybe<ResolversTypes['InsightSourceList']>, ParentType, ContextType, RequireFields<ClientInsightsSourcesArgs, 'dateFrom' | 'dateTo'>>;
}>;

export type ClientListResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ClientList'] = ResolversParentTypes['ClientList']> = ResolversObject<{
  appliedFilters?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  appliedSort?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Client']>, ParentType, ContextType>;
  offset?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ClientMetaInfoResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ClientMetaInfo'] = ResolversParentTypes['ClientMetaInfo']> = ResolversObject<{
  about?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  businessDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  businessVertical?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  timezone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  useCase?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ContactActionPayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactActionPayload'] = ResolversParentTypes['ContactActionPayload']> = ResolversObject<{
  blocked?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  channel?: Resolver<Maybe<ResolversTypes['Channel']>, ParentType, ContextType>;
  phoneNumber?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type ContactCardResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactCard'] = ResolversParentTypes['ContactCard']> = ResolversObject<{
  addresses?: Resolver<Array<ResolversTypes['ContactCardAddress']>, ParentType, ContextType>;
  birthday?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  emails?: Resolver<Array<ResolversTypes['ContactCardEmail']>, ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  formattedName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  middleName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  organization?: Resolver<Maybe<ResolversTypes['ContactCardOrganization']>, ParentType, ContextType>;
  phones?: Resolver<Array<ResolversTypes['ContactCardPhone']>, ParentType, ContextType>;
  prefix?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  suffix?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  urls?: Resolver<Array<ResolversTypes['ContactCardUrl']>, ParentType, ContextType>;
}>;

export type ContactCardAddressResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactCardAddress'] = ResolversParentTypes['ContactCardAddress']> = ResolversObject<{
  city?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  country?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  countryCode?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  state?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  street?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  zip?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ContactCardEmailResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactCardEmail'] = ResolversParentTypes['ContactCardEmail']> = ResolversObject<{
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ContactCardOrganizationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactCardOrganization'] = ResolversParentTypes['ContactCardOrganization']> = ResolversObject<{
  company?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  department?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ContactCardPhoneResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactCardPhone'] = ResolversParentTypes['ContactCardPhone']> = ResolversObject<{
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  waId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ContactCardUrlResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactCardUrl'] = ResolversParentTypes['ContactCardUrl']> = ResolversObject<{
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ContactPreferenceEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactPreferenceEvent'] = ResolversParentTypes['ContactPreferenceEvent']> = ResolversObject<{
  category?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  channelId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  contact?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  raw?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  timestamp?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  value?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ContactUserResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactUser'] = ResolversParentTypes['ContactUser']> = ResolversObject<{
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  phone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ContactsContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ContactsContent'] = ResolversParentTypes['ContactsContent']> = ResolversObject<{
  contacts?: Resolver<Array<ResolversTypes['ContactCard']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type ConversationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Conversation'] = ResolversParentTypes['Conversation']> = ResolversObject<{
  channelId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  contact?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  contactName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contactPhone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contactUserId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contactUsername?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastActivityAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  lastInboundAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastMessage?: Resolver<Maybe<ResolversTypes['MessageRecord']>, ParentType, ContextType>;
  messages?: Resolver<ResolversTypes['MessageRecordPage'], ParentType, ContextType, RequireFields<ConversationMessagesArgs, 'first'>>;
  movedTo?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  serviceWindow?: Resolver<ResolversTypes['ServiceWindow'], ParentType, ContextType>;
}>;

export type ConversationCountResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ConversationCount'] = ResolversParentTypes['ConversationCount']> = ResolversObject<{
  paidQuantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ConversationPageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ConversationPage'] = ResolversParentTypes['ConversationPage']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasMore?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Conversation']>, ParentType, ContextType>;
}>;

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type InboundMessageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InboundMessage'] = ResolversParentTypes['InboundMessage']> = ResolversObject<{
  businessAccountId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  changesMessageId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  channelId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  contactName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  content?: Resolver<ResolversTypes['MessageContent'], ParentType, ContextType>;
  context?: Resolver<Maybe<ResolversTypes['MessageContext']>, ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  displayPhoneNumber?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  fromPhone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fromUserId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  phoneNumberId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  preview?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  raw?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  referral?: Resolver<Maybe<ResolversTypes['AdReferral']>, ParentType, ContextType>;
  text?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  timestamp?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  username?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type InsightActionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InsightAction'] = ResolversParentTypes['InsightAction']> = ResolversObject<{
  appId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  clientId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  hits?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type InsightActionListResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InsightActionList'] = ResolversParentTypes['InsightActionList']> = ResolversObject<{
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['InsightAction']>, ParentType, ContextType>;
  offset?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type InsightPointResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InsightPoint'] = ResolversParentTypes['InsightPoint']> = ResolversObject<{
  conversations?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  date?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  spend?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
}>;

export type InsightSourceResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InsightSource'] = ResolversParentTypes['InsightSource']> = ResolversObject<{
  appId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  category?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  clientId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  createdTime?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  direction?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  insights?: Resolver<Array<ResolversTypes['InsightPoint']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  totalConversations?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  totalSpend?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type InsightSourceListResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InsightSourceList'] = ResolversParentTypes['InsightSourceList']> = ResolversObject<{
  limit?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['InsightSource']>, ParentType, ContextType>;
  offset?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type InsightSourcePayloadResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InsightSourcePayload'] = ResolversParentTypes['InsightSourcePayload']> = ResolversObject<{
  source?: Resolver<Maybe<ResolversTypes['InsightSource']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type InteractiveContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InteractiveContent'] = ResolversParentTypes['InteractiveContent']> = ResolversObject<{
  bodyText?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  footer?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  header?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  interactiveKind?: Resolver<ResolversTypes['InteractiveKind'], ParentType, ContextType>;
  options?: Resolver<Array<ResolversTypes['InteractiveOption']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type InteractiveOptionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InteractiveOption'] = ResolversParentTypes['InteractiveOption']> = ResolversObject<{
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  title?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type InteractiveReplyContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['InteractiveReplyContent'] = ResolversParentTypes['InteractiveReplyContent']> = ResolversObject<{
  description?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  flowResponse?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['InteractiveReplyKind'], ParentType, ContextType>;
  replyId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  replyKind?: Resolver<ResolversTypes['InteractiveReplyKind'], ParentType, ContextType>;
  title?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export interface JsonScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['JSON'], any> {
  name: 'JSON';
}

export type LocalStorageResultResolvers<ContextType = Context, ParentType extends ResolversParentTypes['LocalStorageResult'] = ResolversParentTypes['LocalStorageResult']> = ResolversObject<{
  channel?: Resolver<Maybe<ResolversTypes['Channel']>, ParentType, ContextType>;
  httpCode?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  success?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type LocationContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['LocationContent'] = ResolversParentTypes['LocationContent']> = ResolversObject<{
  address?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  latitude?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  longitude?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type MediaResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Media'] = ResolversParentTypes['Media']> = ResolversObject<{
  downloadUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileSize?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  mimeType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sha256?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type MediaContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MediaContent'] = ResolversParentTypes['MediaContent']> = ResolversObject<{
  animated?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  caption?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['MediaKind'], ParentType, ContextType>;
  link?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  mediaId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  mimeType?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sha256?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  voice?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type MessageContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MessageContent'] = ResolversParentTypes['MessageContent']> = ResolversObject<{
  __resolveType: TypeResolveFn<'ButtonReplyContent' | 'ContactsContent' | 'InteractiveContent' | 'InteractiveReplyContent' | 'LocationContent' | 'MediaContent' | 'OrderContent' | 'ReactionContent' | 'SystemContent' | 'TemplateContent' | 'TextContent' | 'UnsupportedContent', ParentType, ContextType>;
}>;

export type MessageContextResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MessageContext'] = ResolversParentTypes['MessageContext']> = ResolversObject<{
  forwarded?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  frequentlyForwarded?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  referredProductId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  replyTo?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  replyToFrom?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type MessageEchoEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MessageEchoEvent'] = ResolversParentTypes['MessageEchoEvent']> = ResolversObject<{
  channelId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  content?: Resolver<ResolversTypes['MessageContent'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  preview?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  raw?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  timestamp?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  to?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type MessagePricingResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MessagePricing'] = ResolversParentTypes['MessagePricing']> = ResolversObject<{
  billable?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  category?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pricingModel?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type MessageReactionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MessageReaction'] = ResolversParentTypes['MessageReaction']> = ResolversObject<{
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  emoji?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  from?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type MessageRecordResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MessageRecord'] = ResolversParentTypes['MessageRecord']> = ResolversObject<{
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  channelId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  contact?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  contactName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  content?: Resolver<Maybe<ResolversTypes['MessageContent']>, ParentType, ContextType>;
  context?: Resolver<Maybe<ResolversTypes['MessageContext']>, ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['MessageDirection'], ParentType, ContextType>;
  editedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  error?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  preview?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  previousVersions?: Resolver<Array<ResolversTypes['JSON']>, ParentType, ContextType>;
  reactions?: Resolver<Array<ResolversTypes['MessageReaction']>, ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  referral?: Resolver<Maybe<ResolversTypes['AdReferral']>, ParentType, ContextType>;
  revokedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  sentAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  sentBy?: Resolver<Maybe<ResolversTypes['Actor']>, ParentType, ContextType>;
  sentFrom?: Resolver<Maybe<ResolversTypes['MessageOrigin']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  statuses?: Resolver<Array<ResolversTypes['MessageStatusEvent']>, ParentType, ContextType>;
  text?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type MessageRecordPageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MessageRecordPage'] = ResolversParentTypes['MessageRecordPage']> = ResolversObject<{
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasMore?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['MessageRecord']>, ParentType, ContextType>;
}>;

export type MessageStatusEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['MessageStatusEvent'] = ResolversParentTypes['MessageStatusEvent']> = ResolversObject<{
  billingConversation?: Resolver<Maybe<ResolversTypes['BillingConversation']>, ParentType, ContextType>;
  channelId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  errors?: Resolver<Array<ResolversTypes['ChannelErrorEvent']>, ParentType, ContextType>;
  messageId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  participant?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  pricing?: Resolver<Maybe<ResolversTypes['MessagePricing']>, ParentType, ContextType>;
  raw?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  recipientId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  recipientType?: Resolver<ResolversTypes['RecipientType'], ParentType, ContextType>;
  recipientUserId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  timestamp?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type MutationResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  blockContact?: Resolver<ResolversTypes['ContactActionPayload'], ParentType, ContextType, RequireFields<MutationBlockContactArgs, 'channelId' | 'phoneNumber'>>;
  connectWabaWebhookToGateway?: Resolver<ResolversTypes['WabaWebhook'], ParentType, ContextType, RequireFields<MutationConnectWabaWebhookToGatewayArgs, 'channelId' | 'overrideAll'>>;
  connectWebhookToGateway?: Resolver<ResolversTypes['WebhookConfig'], ParentType, ContextType, RequireFields<MutationConnectWebhookToGatewayArgs, 'channelId'>>;
  createApiKey?: Resolver<ResolversTypes['ApiKey'], ParentType, ContextType, RequireFields<MutationCreateApiKeyArgs, 'channelId'>>;
  createLimitedTimeOfferTemplate?: Resolver<ResolversTypes['Template'], ParentType, ContextType, RequireFields<MutationCreateLimitedTimeOfferTemplateArgs, 'channelId' | 'input'>>;
  deleteMedia?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteMediaArgs, 'channelId' | 'mediaId'>>;
  deleteProfilePhoto?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteProfilePhotoArgs, 'channelId'>>;
  disableLocalStorage?: Resolver<ResolversTypes['LocalStorageResult'], ParentType, ContextType, RequireFields<MutationDisableLocalStorageArgs, 'channelId' | 'clientId'>>;
  enableLocalStorage?: Resolver<ResolversTypes['LocalStorageResult'], ParentType, ContextType, RequireFields<MutationEnableLocalStorageArgs, 'channelId' | 'clientId' | 'region'>>;
  exportInsightsContacts?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationExportInsightsContactsArgs, 'clientId'>>;
  renameInsightsSource?: Resolver<ResolversTypes['InsightSourcePayload'], ParentType, ContextType, RequireFields<MutationRenameInsightsSourceArgs, 'clientId' | 'name' | 'sourceId'>>;
  reportContact?: Resolver<ResolversTypes['ContactActionPayload'], ParentType, ContextType, RequireFields<MutationReportContactArgs, 'block' | 'channelId' | 'phoneNumber'>>;
  requestChannelCancellation?: Resolver<ResolversTypes['Channel'], ParentType, ContextType, RequireFields<MutationRequestChannelCancellationArgs, 'channelId' | 'clientId'>>;
  sendMessage?: Resolver<ResolversTypes['SentMessage'], ParentType, ContextType, RequireFields<MutationSendMessageArgs, 'channelId' | 'input'>>;
  setDefaultDataLocalizationRegion?: Resolver<ResolversTypes['DataRegion'], ParentType, ContextType, RequireFields<MutationSetDefaultDataLocalizationRegionArgs, 'region'>>;
  setProfilePhoto?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationSetProfilePhotoArgs, 'channelId' | 'input'>>;
  setWabaWebhook?: Resolver<ResolversTypes['WabaWebhook'], ParentType, ContextType, RequireFields<MutationSetWabaWebhookArgs, 'channelId' | 'input'>>;
  setWebhook?: Resolver<ResolversTypes['WebhookConfig'], ParentType, ContextType, RequireFields<MutationSetWebhookArgs, 'channelId' | 'input'>>;
  unblockContact?: Resolver<ResolversTypes['ContactActionPayload'], ParentType, ContextType, RequireFields<MutationUnblockContactArgs, 'channelId' | 'phoneNumber'>>;
  updateBusinessProfile?: Resolver<ResolversTypes['BusinessProfile'], ParentType, ContextType, RequireFields<MutationUpdateBusinessProfileArgs, 'channelId' | 'input'>>;
  updateClient?: Resolver<ResolversTypes['Client'], ParentType, ContextType, RequireFields<MutationUpdateClientArgs, 'clientId' | 'input'>>;
  updatePartnerSettings?: Resolver<ResolversTypes['PartnerSettings'], ParentType, ContextType, RequireFields<MutationUpdatePartnerSettingsArgs, 'input'>>;
  uploadMedia?: Resolver<ResolversTypes['Media'], ParentType, ContextType, RequireFields<MutationUploadMediaArgs, 'channelId' | 'input'>>;
}>;

export type OnBehalfOfBusinessInfoResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OnBehalfOfBusinessInfo'] = ResolversParentTypes['OnBehalfOfBusinessInfo']> = ResolversObject<{
  id?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  type?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type OrderContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OrderContent'] = ResolversParentTypes['OrderContent']> = ResolversObject<{
  catalogId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['OrderItem']>, ParentType, ContextType>;
  orderText?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  text?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type OrderItemResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OrderItem'] = ResolversParentTypes['OrderItem']> = ResolversObject<{
  currency?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  itemPrice?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  productRetailerId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  quantity?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
}>;

export type OtherNotificationEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['OtherNotificationEvent'] = ResolversParentTypes['OtherNotificationEvent']> = ResolversObject<{
  channelId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  field?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  raw?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type PartnerResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Partner'] = ResolversParentTypes['Partner'], FederationReferenceType extends FederationReferenceTypes['Partner'] = FederationReferenceTypes['Partner']> = ResolversObject<{
  __resolveReference?: ReferenceResolver<Maybe<ResolversTypes['Partner']> | FederationReferenceType, FederationReferenceType, ContextType>;
  auditTrail?: Resolver<ResolversTypes['AuditEntryPage'], ParentType, ContextType, RequireFields<PartnerAuditTrailArgs, 'first'>>;
  channel?: Resolver<Maybe<ResolversTypes['Channel']>, ParentType, ContextType, RequireFields<PartnerChannelArgs, 'id'>>;
  channels?: Resolver<Maybe<ResolversTypes['ChannelList']>, ParentType, ContextType, Partial<PartnerChannelsArgs>>;
  client?: Resolver<Maybe<ResolversTypes['Client']>, ParentType, ContextType, RequireFields<PartnerClientArgs, 'id'>>;
  clients?: Resolver<Maybe<ResolversTypes['ClientList']>, ParentType, ContextType, Partial<PartnerClientsArgs>>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type PartnerSettingsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['PartnerSettings'] = ResolversParentTypes['PartnerSettings']> = ResolversObject<{
  brandName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  logoUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  onboardingDeeplinkAddParams?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  partner?: Resolver<Maybe<ResolversTypes['Partner']>, ParentType, ContextType>;
  paymentPlan?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  paymentRequired?: Resolver<Maybe<ResolversTypes['Boolean']>, ParentType, ContextType>;
  redirectUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  webhookUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  channel?: Resolver<Maybe<ResolversTypes['Channel']>, ParentType, ContextType, RequireFields<QueryChannelArgs, 'id'>>;
  client?: Resolver<Maybe<ResolversTypes['Client']>, ParentType, ContextType, RequireFields<QueryClientArgs, 'id'>>;
  partner?: Resolver<ResolversTypes['Partner'], ParentType, ContextType, Partial<QueryPartnerArgs>>;
  viewer?: Resolver<ResolversTypes['Viewer'], ParentType, ContextType>;
}>;

export type ReactionContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ReactionContent'] = ResolversParentTypes['ReactionContent']> = ResolversObject<{
  emoji?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  messageId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  removed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type RenewalResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Renewal'] = ResolversParentTypes['Renewal']> = ResolversObject<{
  amount?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  date?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
}>;

export type SentMessageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SentMessage'] = ResolversParentTypes['SentMessage']> = ResolversObject<{
  conversation?: Resolver<Maybe<ResolversTypes['Conversation']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  input?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  record?: Resolver<Maybe<ResolversTypes['MessageRecord']>, ParentType, ContextType>;
  sentBy?: Resolver<ResolversTypes['Actor'], ParentType, ContextType>;
  waId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ServiceWindowResolvers<ContextType = Context, ParentType extends ResolversParentTypes['ServiceWindow'] = ResolversParentTypes['ServiceWindow']> = ResolversObject<{
  closesAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  lastInboundAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  state?: Resolver<ResolversTypes['ServiceWindowState'], ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  channelError?: SubscriptionResolver<ResolversTypes['ChannelErrorEvent'], "channelError", ParentType, ContextType, RequireFields<SubscriptionChannelErrorArgs, 'channelId'>>;
  channelEvents?: SubscriptionResolver<ResolversTypes['ChannelEvent'], "channelEvents", ParentType, ContextType, RequireFields<SubscriptionChannelEventsArgs, 'channelId'>>;
  conversationUpdated?: SubscriptionResolver<ResolversTypes['Conversation'], "conversationUpdated", ParentType, ContextType, RequireFields<SubscriptionConversationUpdatedArgs, 'channelId'>>;
  messageReceived?: SubscriptionResolver<ResolversTypes['InboundMessage'], "messageReceived", ParentType, ContextType, RequireFields<SubscriptionMessageReceivedArgs, 'channelId'>>;
  messageStatusChanged?: SubscriptionResolver<ResolversTypes['MessageStatusEvent'], "messageStatusChanged", ParentType, ContextType, RequireFields<SubscriptionMessageStatusChangedArgs, 'channelId'>>;
  templateUpdated?: SubscriptionResolver<ResolversTypes['TemplateUpdateEvent'], "templateUpdated", ParentType, ContextType, RequireFields<SubscriptionTemplateUpdatedArgs, 'channelId'>>;
}>;

export type SystemContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['SystemContent'] = ResolversParentTypes['SystemContent']> = ResolversObject<{
  body?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  newUserId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  newWaId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  systemBody?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  systemType?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TemplateResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Template'] = ResolversParentTypes['Template']> = ResolversObject<{
  category?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type TemplateContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TemplateContent'] = ResolversParentTypes['TemplateContent']> = ResolversObject<{
  language?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  parameters?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  templateName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TemplateUpdateEventResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TemplateUpdateEvent'] = ResolversParentTypes['TemplateUpdateEvent']> = ResolversObject<{
  change?: Resolver<ResolversTypes['TemplateChange'], ParentType, ContextType>;
  channelId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  language?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  newCategory?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  previousCategory?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  quality?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  raw?: Resolver<ResolversTypes['JSON'], ParentType, ContextType>;
  reason?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  receivedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  status?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  templateId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  templateName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type TextContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['TextContent'] = ResolversParentTypes['TextContent']> = ResolversObject<{
  body?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UnsupportedContentResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UnsupportedContent'] = ResolversParentTypes['UnsupportedContent']> = ResolversObject<{
  errors?: Resolver<Array<ResolversTypes['ChannelErrorEvent']>, ParentType, ContextType>;
  __isTypeOf?: IsTypeOfResolverFn<ParentType, ContextType>;
}>;

export type UsageResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Usage'] = ResolversParentTypes['Usage']> = ResolversObject<{
  balance?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  businessInitiatedPrice?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  estimatedTemplateCost?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  granularity?: Resolver<ResolversTypes['Granularity'], ParentType, ContextType>;
  lastRenewal?: Resolver<Maybe<ResolversTypes['Renewal']>, ParentType, ContextType>;
  periods?: Resolver<Array<ResolversTypes['UsagePeriod']>, ParentType, ContextType>;
  totals?: Resolver<ResolversTypes['UsageTotals'], ParentType, ContextType>;
  userInitiatedPrice?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
}>;

export type UsagePeriodResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UsagePeriod'] = ResolversParentTypes['UsagePeriod']> = ResolversObject<{
  authentication?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  businessInitiated?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  freeEntryPoint?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  freeQuantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  freeTier?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  marketing?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  paidQuantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  periodDate?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  service?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  totalPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  userInitiated?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  utility?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
}>;

export type UsageTotalsResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UsageTotals'] = ResolversParentTypes['UsageTotals']> = ResolversObject<{
  authentication?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  businessInitiated?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  freeEntryPoint?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  freeQuantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  freeTier?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  marketing?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  paidQuantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  service?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  totalPrice?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  userInitiated?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
  utility?: Resolver<ResolversTypes['ConversationCount'], ParentType, ContextType>;
}>;

export type UserRefResolvers<ContextType = Context, ParentType extends ResolversParentTypes['UserRef'] = ResolversParentTypes['UserRef']> = ResolversObject<{
  userId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  userName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type ViewerResolvers<ContextType = Context, ParentType extends ResolversParentTypes['Viewer'] = ResolversParentTypes['Viewer']> = ResolversObject<{
  actor?: Resolver<ResolversTypes['Actor'], ParentType, ContextType>;
  allClients?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  clientIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  scopes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type WabaAccountResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WabaAccount'] = ResolversParentTypes['WabaAccount']> = ResolversObject<{
  externalId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fbAccountStatus?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fbBusinessId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  namespace?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  onBehalfOfBusinessInfo?: Resolver<Maybe<ResolversTypes['OnBehalfOfBusinessInfo']>, ParentType, ContextType>;
}>;

export type WabaWebhookResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WabaWebhook'] = ResolversParentTypes['WabaWebhook']> = ResolversObject<{
  activatesAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  channel?: Resolver<Maybe<ResolversTypes['Channel']>, ParentType, ContextType>;
  headers?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  message?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  numbers?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  wabaId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type WebhookConfigResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WebhookConfig'] = ResolversParentTypes['WebhookConfig']> = ResolversObject<{
  channel?: Resolver<Maybe<ResolversTypes['Channel']>, ParentType, ContextType>;
  headers?: Resolver<Maybe<ResolversTypes['JSON']>, ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type WebhookRestoreResolvers<ContextType = Context, ParentType extends ResolversParentTypes['WebhookRestore'] = ResolversParentTypes['WebhookRestore']> = ResolversObject<{
  error?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  restored?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  url?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type Resolvers<ContextType = Context> = ResolversObject<{
  ActionSource?: ActionSourceResolvers<ContextType>;
  ActionSourceList?: ActionSourceListResolvers<ContextType>;
  Actor?: ActorResolvers<ContextType>;
  AdReferral?: AdReferralResolvers<ContextType>;
  ApiKey?: ApiKeyResolvers<ContextType>;
  AuditEntry?: AuditEntryResolvers<ContextType>;
  AuditEntryPage?: AuditEntryPageResolvers<ContextType>;
  BillingConversation?: BillingConversationResolvers<ContextType>;
  BlockedContactList?: BlockedContactListResolvers<ContextType>;
  BusinessProfile?: BusinessProfileResolvers<ContextType>;
  ButtonReplyContent?: ButtonReplyContentResolvers<ContextType>;
  Channel?: ChannelResolvers<ContextType>;
  ChannelErrorEvent?: ChannelErrorEventResolvers<ContextType>;
  ChannelEvent?: ChannelEventResolvers<ContextType>;
  ChannelEventPage?: ChannelEventPageResolvers<ContextType>;
  ChannelIntegration?: ChannelIntegrationResolvers<ContextType>;
  ChannelList?: ChannelListResolvers<ContextType>;
  ChannelSetupDetails?: ChannelSetupDetailsResolvers<ContextType>;
  Client?: ClientResolvers<ContextType>;
  ClientContactInfo?: ClientContactInfoResolvers<ContextType>;
  ClientInsights?: ClientInsightsResolvers<ContextType>;
  ClientList?: ClientListResolvers<ContextType>;
  ClientMetaInfo?: ClientMetaInfoResolvers<ContextType>;
  ContactActionPayload?: ContactActionPayloadResolvers<ContextType>;
  ContactCard?: ContactCardResolvers<ContextType>;
  ContactCardAddress?: ContactCardAddressResolvers<ContextType>;
  ContactCardEmail?: ContactCardEmailResolvers<ContextType>;
  ContactCardOrganization?: ContactCardOrganizationResolvers<ContextType>;
  ContactCardPhone?: ContactCardPhoneResolvers<ContextType>;
  ContactCardUrl?: ContactCardUrlResolvers<ContextType>;
  ContactPreferenceEvent?: ContactPreferenceEventResolvers<ContextType>;
  ContactUser?: ContactUserResolvers<ContextType>;
  ContactsContent?: ContactsContentResolvers<ContextType>;
  Conversation?: ConversationResolvers<ContextType>;
  ConversationCount?: ConversationCountResolvers<ContextType>;
  ConversationPage?: ConversationPageResolvers<ContextType>;
  DateTime?: GraphQLScalarType;
  InboundMessage?: InboundMessageResolvers<ContextType>;
  InsightAction?: InsightActionResolvers<ContextType>;
  InsightActionList?: InsightActionListResolvers<ContextType>;
  InsightPoint?: InsightPointResolvers<ContextType>;
  InsightSource?: InsightSourceResolvers<ContextType>;
  InsightSourceList?: InsightSourceListResolvers<ContextType>;
  InsightSourcePayload?: InsightSourcePayloadResolvers<ContextType>;
  InteractiveContent?: InteractiveContentResolvers<ContextType>;
  InteractiveOption?: InteractiveOptionResolvers<ContextType>;
  InteractiveReplyContent?: InteractiveReplyContentResolvers<ContextType>;
  JSON?: GraphQLScalarType;
  LocalStorageResult?: LocalStorageResultResolvers<ContextType>;
  LocationContent?: LocationContentResolvers<ContextType>;
  Media?: MediaResolvers<ContextType>;
  MediaContent?: MediaContentResolvers<ContextType>;
  MessageContent?: MessageContentResolvers<ContextType>;
  MessageContext?: MessageContextResolvers<ContextType>;
  MessageEchoEvent?: MessageEchoEventResolvers<ContextType>;
  MessagePricing?: MessagePricingResolvers<ContextType>;
  MessageReaction?: MessageReactionResolvers<ContextType>;
  MessageRecord?: MessageRecordResolvers<ContextType>;
  MessageRecordPage?: MessageRecordPageResolvers<ContextType>;
  MessageStatusEvent?: MessageStatusEventResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  OnBehalfOfBusinessInfo?: OnBehalfOfBusinessInfoResolvers<ContextType>;
  OrderContent?: OrderContentResolvers<ContextType>;
  OrderItem?: OrderItemResolvers<ContextType>;
  OtherNotificationEvent?: OtherNotificationEventResolvers<ContextType>;
  Partner?: PartnerResolvers<ContextType>;
  PartnerSettings?: PartnerSettingsResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ReactionContent?: ReactionContentResolvers<ContextType>;
  Renewal?: RenewalResolvers<ContextType>;
  SentMessage?: SentMessageResolvers<ContextType>;
  ServiceWindow?: ServiceWindowResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  SystemContent?: SystemContentResolvers<ContextType>;
  Template?: TemplateResolvers<ContextType>;
  TemplateContent?: TemplateContentResolvers<ContextType>;
  TemplateUpdateEvent?: TemplateUpdateEventResolvers<ContextType>;
  TextContent?: TextContentResolvers<ContextType>;
  UnsupportedContent?: UnsupportedContentResolvers<ContextType>;
  Usage?: UsageResolvers<ContextType>;
  UsagePeriod?: UsagePeriodResolvers<ContextType>;
  UsageTotals?: UsageTotalsResolvers<ContextType>;
  UserRef?: UserRefResolvers<ContextType>;
  Viewer?: ViewerResolvers<ContextType>;
  WabaAccount?: WabaAccountResolvers<ContextType>;
  WabaWebhook?: WabaWebhookResolvers<ContextType>;
  WebhookConfig?: WebhookConfigResolvers<ContextType>;
  WebhookRestore?: WebhookRestoreResolvers<ContextType>;
}>;

