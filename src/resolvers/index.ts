import type { Resolvers } from '../generated/graphql.js';
import { ApiKey } from './api-key.js';
import { BusinessProfile } from './business-profile.js';
import { Channel } from './channel.js';
import { ChannelConversations } from './channel-conversations.js';
import { Conversation } from './conversation.js';
import { channelOf } from './channel-ref.js';
import { ChannelEvents, toGraphRecord } from './channel-events.js';
import { ChannelMessaging } from './channel-messaging.js';
import { Client } from './client.js';
import { InboundMessageFields } from './inbound-message.js';
import { ClientInsights, InsightSource, clientInsights, insightsMutations } from './insights.js';
import { ChannelMedia, Media, mediaMutations } from './media.js';
import { PartnerSettings, partnerMutations } from './mutation-partner.js';
import { eventsMutations } from './mutation-events.js';
import { MessageContentType } from './message-content.js';
import { messagingMutations } from './mutation-messaging.js';
import { Partner } from './partner.js';
import { Query } from './query.js';
import { DateTime, JSONScalar } from './scalars.js';
import { Subscription } from './subscription.js';
import { Usage, UsagePeriod, channelUsage, clientUsage } from './usage.js';
import { Viewer, viewerQuery } from './viewer.js';

export const resolvers: Resolvers = {
  DateTime,
  JSON: JSONScalar,
  Query: { ...Query, ...viewerQuery },
  Viewer,
  Partner,
  Client: { ...Client, usage: clientUsage, insights: clientInsights },
  Channel: { ...Channel, ...ChannelMessaging, ...ChannelMedia, ...ChannelEvents, ...ChannelConversations, usage: channelUsage },
  Mutation: { ...messagingMutations, ...partnerMutations, ...insightsMutations, ...mediaMutations, ...eventsMutations },
  Subscription,
  BusinessProfile: { ...BusinessProfile, channel: channelOf },
  ApiKey: { ...ApiKey, channel: channelOf },
  WebhookConfig: { channel: channelOf },
  WabaWebhook: { channel: channelOf },
  LocalStorageResult: { channel: channelOf },
  ContactActionPayload: { channel: channelOf },
  SentMessage: {
    record: async ({ channelId, id }, _args, { events }) => {
      const record = await events.message(channelId, id);
      return record ? toGraphRecord(record) : null;
    },
    conversation: ({ channelId, contact }, _args, { events }) => events.conversation(channelId, contact),
  },
  Conversation,
  InboundMessage: InboundMessageFields,
  MessageContent: MessageContentType,
  Media,
  Usage,
  UsagePeriod,
  PartnerSettings,
  ClientInsights,
  InsightSource,
};
