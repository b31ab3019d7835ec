/**
 * The resolver map, one entry per GraphQL type, each from the file named after it (kebab-case: `ApiKey` in
 * api-key.ts); a type too large for one file is a folder whose index.ts assembles its parts (channel/).
 * Entities keep `__resolveReference` beside their fields. Root types: query.ts (every Query field),
 * subscription.ts, and mutation/ — one file per area, each a part of Mutation, assembled in mutation/index.ts;
 * a new mutation goes into its area's file. Nothing here but resolvers and the mappers of the values they answer:
 * helpers with no type of their own live below (context.ts, messaging/, id-arguments.ts).
 */
import type { Resolvers } from '../generated/graphql.js';
import { ApiKey } from './api-key.js';
import { BusinessProfile } from './business-profile.js';
import { Channel } from './channel/index.js';
import { Client } from './client.js';
import { ClientInsights } from './client-insights.js';
import { ContactActionPayload } from './contact-action-payload.js';
import { Conversation } from './conversation.js';
import { InboundMessageFields } from './inbound-message.js';
import { InsightSource } from './insight-source.js';
import { LocalStorageResult } from './local-storage-result.js';
import { Media } from './media.js';
import { MessageContentType } from './message-content.js';
import { Mutation } from './mutation/index.js';
import { Partner } from './partner.js';
import { PartnerSettings } from './partner-settings.js';
import { Query } from './query.js';
import { DateTime, JSONScalar } from './scalars.js';
import { SentMessage } from './sent-message.js';
import { Subscription } from './subscription.js';
import { Usage } from './usage.js';
import { UsagePeriod } from './usage-period.js';
import { Viewer } from './viewer.js';
import { WabaWebhook } from './waba-webhook.js';
import { WebhookConfig } from './webhook-config.js';

export const resolvers: Resolvers = {
  DateTime,
  JSON: JSONScalar,
  Query,
  Mutation,
  Subscription,
  Viewer,
  Partner,
  PartnerSettings,
  Client,
  ClientInsights,
  InsightSource,
  Usage,
  UsagePeriod,
  Channel,
  BusinessProfile,
  ApiKey,
  WebhookConfig,
  WabaWebhook,
  LocalStorageResult,
  ContactActionPayload,
  SentMessage,
  Conversation,
  InboundMessage: InboundMessageFields,
  MessageContent: MessageContentType,
  Media,
};
