import type { Got } from 'got';
import { fingerprint, type ResponseCache, type Tenant } from '../cache.js';
import type { Config } from '../config.js';
import { MissingApiKeyError, NotFoundError, UnsupportedForHostingError } from '../errors.js';
import type { Hosting } from '../generated/graphql.js';
import type { KeyStore } from '../keystore.js';
import type { Loaders } from '../loaders.js';
import { hostingOf } from '../resolvers/channel.js';
import type { ChannelNode } from './types.js';
import { UpstreamSource } from './upstream-source.js';

/** Where and how area-B calls for one channel go (spec §9). */
export interface ChannelRoute {
  channel: ChannelNode;
  hosting: Exclude<Hosting, 'UNKNOWN'>;
  http: Got;
  /** Prefix of messages and media paths: none on cloud, `v1/` on-premise. */
  messagesPrefix: '' | 'v1/';
  /** Prefix of configuration paths (webhook, templates, settings): always `v1/`. */
  configPrefix: 'v1/';
  headers: { 'svc-api-key': string };
  /** Cache owner: the partner and a fingerprint of the channel's key. */
  tenant: Tenant;
}

/** Area B for one request: resolves a channel's hosting (cached listing) and key, then calls the right root. */
export class MessagingApi extends UpstreamSource {
  constructor(
    private readonly clients: { cloud: Got; onPremise: Got },
    cache: ResponseCache,
    tenant: Tenant,
    requestId: string,
    protected readonly config: Config,
    private readonly keyStore: KeyStore,
    private readonly loaders: Loaders,
  ) {
    super(clients.cloud, cache, tenant, requestId);
  }

  /** The channel's route; MISSING_API_KEY / NOT_FOUND / UNSUPPORTED_FOR_HOSTING before anything is sent. */
  async route(partnerId: string, channelId: string): Promise<ChannelRoute> {
    const channel = await this.loaders.channelById.load({ partnerId, id: channelId });
    if (!channel) throw new NotFoundError(`Channel ${channelId} not found`);
    const hosting = hostingOf(channel);
    if (hosting === 'UNKNOWN') {
      throw new UnsupportedForHostingError('Messaging', `unknown hosting (${channel.integration?.hosting_platform_type ?? 'none'})`);
    }
    const apiKey = await this.keyStore.get(partnerId, channelId);
    if (!apiKey) throw new MissingApiKeyError(channelId);
    return {
      channel,
      hosting,
      http: hosting === 'CLOUD' ? this.clients.cloud : this.clients.onPremise,
      messagesPrefix: hosting === 'CLOUD' ? '' : 'v1/',
      configPrefix: 'v1/',
      headers: { 'svc-api-key': apiKey },
      tenant: { partnerId, credentialFingerprint: fingerprint(apiKey) },
    };
  }
}
