import type { Resolvers } from '../generated/graphql.js';
import { Channel } from './channel.js';
import { Client } from './client.js';
import { Partner } from './partner.js';
import { Query } from './query.js';
import { DateTime, JSONScalar } from './scalars.js';

export const resolvers: Resolvers = {
  DateTime,
  JSON: JSONScalar,
  Query,
  Partner,
  Client,
  Channel,
};
