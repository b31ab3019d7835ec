import type { ApiKeyResolvers } from '../generated/graphql.js';
import { channelOf } from './channel/ref.js';

/** The only answer that carries an area-B key: the caller asked for a new one. */
export const ApiKey: ApiKeyResolvers = {
  id: (key) => key.id ?? null,
  address: (key) => key.address ?? null,
  apiKey: (key) => key.api_key,
  appId: (key) => key.app_id ?? null,
  webhookRestore: (key) => key.webhookRestore,
  channel: channelOf,
};
