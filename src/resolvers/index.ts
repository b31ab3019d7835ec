import type { Resolvers } from '../generated/graphql.js';
import { ApiKey } from './api-key.js';
import { BusinessProfile } from './business-profile.js';
import { Channel } from './channel.js';
import { ChannelMessaging } from './channel-messaging.js';
import { Client } from './client.js';
import { messagingMutations } from './mutation-messaging.js';
import { Partner } from './partner.js';
import { Query } from './query.js';
import { DateTime, JSONScalar } from './scalars.js';

export const resolvers: Resolvers = {
  DateTime,
  JSON: JSONScalar,
  Query,
  Partner,
  Client,
  Channel: { ...Channel, ...ChannelMessaging },
  Mutation: { ...messagingMutations },
  BusinessProfile,
  ApiKey,
};
