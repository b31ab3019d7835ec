import type { Got } from 'got';
import type { ResponseCache, Tenant } from '../cache.js';
import type { Config } from '../config.js';
import {
  CHANNEL_SORT_GROUPS,
  CLIENT_SORT_GROUPS,
  checkPage,
  toUpstreamFilters,
  toUpstreamSort,
  type Page,
} from './filters.js';
import type {
  ChannelDto,
  ChannelListDto,
  ChannelListingDto,
  ChannelNode,
  ClientListDto,
  ClientListingDto,
  ClientNode,
} from './types.js';
import { UpstreamSource } from './upstream-source.js';

export interface ListingQuery<Filter, Order> extends Page {
  filter?: Filter | null;
  orderBy?: Order | null;
}

type Order = { field: string; direction?: 'ASC' | 'DESC' | null };

/** Cache scopes of area A; a mutation invalidates the scopes it affects. */
export const PartnerScopes = {
  clients: 'clients',
  channels: 'channels',
  usage: (clientId: string) => `usage:${clientId}`,
} as const;

/** Area A (partner management) for one request's caller. */
export class PartnerApi extends UpstreamSource {
  constructor(
    http: Got,
    cache: ResponseCache,
    tenant: Tenant,
    requestId: string,
    private readonly authorization: string,
    private readonly config: Config,
  ) {
    super(http, cache, tenant, requestId);
  }

  private get headers() {
    return { authorization: this.authorization };
  }

  /** Cache entries belong to the partner in the path, seen through the caller's credential. */
  protected tenantFor(partnerId: string): Tenant {
    return { partnerId, credentialFingerprint: this.tenant.credentialFingerprint };
  }

  private listingParams(filters: Record<string, unknown>, sort: string | undefined, page: Page) {
    return {
      ...(Object.keys(filters).length > 0 && { filters: JSON.stringify(filters) }),
      ...(sort && { sort }),
      ...(page.limit != null && { limit: page.limit }),
      ...(page.offset != null && { offset: page.offset }),
    };
  }

  /** A1 */
  async listClients(partnerId: string, query: ListingQuery<object, Order>): Promise<ClientListDto> {
    checkPage(query);
    const searchParams = this.listingParams(
      toUpstreamFilters(query.filter),
      toUpstreamSort(query.orderBy, CLIENT_SORT_GROUPS),
      query,
    );
    const body = await this.read<ClientListingDto>('A1', `partners/${encodeURIComponent(partnerId)}/clients`, {
      searchParams,
      headers: this.headers,
      tenant: this.tenantFor(partnerId),
      cache: { scope: PartnerScopes.clients, ttlMs: this.config.cacheTtlMs.listing },
    });
    return {
      total: body.total,
      count: body.count,
      limit: body.limit ?? null,
      offset: body.offset ?? null,
      nodes: body.clients.map((client) => ({ ...client, partnerId })),
    };
  }

  /** A4 */
  async listChannels(partnerId: string, query: ListingQuery<object, Order>): Promise<ChannelListDto> {
    checkPage(query);
    const searchParams = this.listingParams(
      toUpstreamFilters(query.filter, { search: 'q' }),
      toUpstreamSort(query.orderBy, CHANNEL_SORT_GROUPS),
      query,
    );
    const body = await this.read<ChannelListingDto>('A4', `partners/${encodeURIComponent(partnerId)}/channels`, {
      searchParams,
      headers: this.headers,
      tenant: this.tenantFor(partnerId),
      cache: { scope: PartnerScopes.channels, ttlMs: this.config.cacheTtlMs.listing },
    });
    return {
      total: body.total,
      count: body.count,
      limit: body.limit ?? null,
      offset: body.offset ?? null,
      nodes: body.partner_channels.map((channel) => ({ ...channel, partnerId })),
    };
  }

  /** A1 filtered by id. */
  async getClient(partnerId: string, clientId: string): Promise<ClientNode | null> {
    const list = await this.listClients(partnerId, { filter: { id: clientId } });
    return list.nodes.find((client) => client.id === clientId) ?? null;
  }

  /** A4 filtered by id ("a filter on id returns only the channel with that id"). */
  async getChannel(partnerId: string, channelId: string): Promise<ChannelNode | null> {
    const list = await this.listChannels(partnerId, { filter: { id: channelId } });
    return list.nodes.find((channel) => channel.id === channelId) ?? null;
  }

  /** A5 */
  async sharedClientNumbers(partnerId: string, clientId: string): Promise<ChannelNode[]> {
    const channels = await this.read<ChannelDto[]>(
      'A5',
      `partners/${encodeURIComponent(partnerId)}/clients/${encodeURIComponent(clientId)}/shared_client_numbers`,
      {
        headers: this.headers,
        tenant: this.tenantFor(partnerId),
        cache: { scope: PartnerScopes.channels, ttlMs: this.config.cacheTtlMs.listing },
      },
    );
    return channels.map((channel) => ({ ...channel, client_id: channel.client_id ?? clientId, partnerId }));
  }
}
