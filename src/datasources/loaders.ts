import DataLoader from 'dataloader';
import type { PartnerApi } from './partner-api.js';
import type { ChannelNode, ClientNode } from './types.js';
import type { ClientGrant } from '../identity/actor.js';
import { clientIdOfChannel, clientIdOfClient, withinGrant } from '../identity/grants.js';

/** `partnerId` + entity id; both are part of every key so partners never share an entry. */
export interface EntityKey {
  partnerId: string;
  id: string;
}

/** A channel known to belong to a client, to be completed from that client's channel listing. */
export interface ClientChannelKey extends EntityKey {
  clientId: string;
}

const entityCacheKey = (key: EntityKey) => `${key.partnerId}\u0000${key.id}`;

function byPartnerAndClient(keys: readonly ClientChannelKey[]): Map<string, ClientChannelKey[]> {
  const groups = new Map<string, ClientChannelKey[]>();
  for (const key of keys) {
    const group = `${key.partnerId}\u0000${key.clientId}`;
    groups.set(group, [...(groups.get(group) ?? []), key]);
  }
  return groups;
}

/** Largest page asked for when completing a client's channels (max_channels is at most 10). */
const CLIENT_CHANNELS_PAGE = 100;

/**
 * Per-request loaders: one upstream call per distinct entity, and listings prime them. A client or channel outside the
 * caller's grant loads as null, as one that does not exist: every lookup by id (queries, `_entities`, a channel's
 * route for messaging and media, subscriptions) goes through these.
 */
export function createLoaders(partnerApi: PartnerApi, grant: ClientGrant) {
  const clientById = new DataLoader<EntityKey, ClientNode | null, string>(
    async (keys) =>
      Promise.all(
        keys.map((key) =>
          partnerApi.getClient(key.partnerId, key.id).then(
            (client) => withinGrant(grant, client, clientIdOfClient),
            (error: Error) => error,
          ),
        ),
      ),
    { cacheKeyFn: entityCacheKey },
  );
  const channelById = new DataLoader<EntityKey, ChannelNode | null, string>(
    async (keys) =>
      Promise.all(
        keys.map((key) =>
          partnerApi.getChannel(key.partnerId, key.id).then(
            (channel) => withinGrant(grant, channel, clientIdOfChannel),
            (error: Error) => error,
          ),
        ),
      ),
    { cacheKeyFn: entityCacheKey },
  );
  // Channels from A5 lack integration, client and waba_account: one A4 call per client completes them all.
  const channelOfClient = new DataLoader<ClientChannelKey, ChannelNode | null, string>(
    async (keys) => {
      const results = new Map<string, ChannelNode | null | Error>();
      await Promise.all(
        [...byPartnerAndClient(keys).values()].map(async (group) => {
          const { partnerId, clientId } = group[0];
          try {
            const list = await partnerApi.listChannels(partnerId, {
              filter: { clientId },
              limit: CLIENT_CHANNELS_PAGE,
            });
            const nodes = list.nodes.filter((channel) => withinGrant(grant, channel, clientIdOfChannel) !== null);
            for (const channel of nodes) channelById.prime({ partnerId, id: channel.id }, channel);
            for (const key of group) {
              results.set(entityCacheKey(key), nodes.find((channel) => channel.id === key.id) ?? null);
            }
          } catch (error) {
            for (const key of group) results.set(entityCacheKey(key), error as Error);
          }
        }),
      );
      return keys.map((key) => results.get(entityCacheKey(key))!);
    },
    { cacheKeyFn: entityCacheKey },
  );

  return {
    clientById,
    channelById,
    channelOfClient,
    primeClients(partnerId: string, clients: readonly ClientNode[]) {
      for (const client of clients) clientById.prime({ partnerId, id: client.id }, withinGrant(grant, client, clientIdOfClient));
    },
    primeChannels(partnerId: string, channels: readonly ChannelNode[]) {
      for (const channel of channels) channelById.prime({ partnerId, id: channel.id }, withinGrant(grant, channel, clientIdOfChannel));
    },
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
