import type { UpstreamClient } from './http.js';
import type { BalanceLimiter } from '../store/balance-limiter.js';
import type { ResponseCache, Tenant } from '../store/cache.js';
import type { Config } from '../config.js';
import { ErrorCode, HubgraphError } from '../errors.js';
import { CHANNEL_SORT_GROUPS, CLIENT_SORT_GROUPS, LISTING_LIMIT_MAX, checkPage, toUpstreamFilters, toUpstreamSort, type Page } from './filters.js';
import type {
  ApiKeyDto,
  ChannelDto,
  ChannelListDto,
  ChannelListingDto,
  ChannelNode,
  ClientListDto,
  ClientListingDto,
  ClientDto,
  ClientNode,
  DefaultRegionDto,
  ListingDto,
  LocalStorageDto,
  Owned,
  PartnerDto,
  UsageDto,
} from './types.js';
import { BearerSource } from './upstream-source.js';
import { checkPathId, upstreamPath } from './upstream-path.js';
import { usageSearchParams, type UsageQuery } from './usage-params.js';

/** Each cached page's rows with the partner they were read for: kept beside the page, never handed out. */
const ownedRowsOfPage = new WeakMap<readonly object[], { partnerId: string; rows: readonly object[] }>();

/**
 * A listing's rows with the partner they were read for, as objects of the request's own. A page from the in-process
 * cache is one deep-frozen object shared by every hit (store/cache.ts), and V8 copies a frozen object one property at
 * a time (~6,000 instructions a channel, about 5 % of a cached listing's; bench/RESULTS.md, scenario 13): its rows are
 * derived once and kept unfrozen beside it, and each request gets copies of those, which V8 makes in one step.
 */
function ownedRows<T extends object>(rows: readonly T[], partnerId: string): Array<Owned<T>> {
  const own = (row: T): Owned<T> => ({ ...row, partnerId });
  if (!Object.isFrozen(rows)) return rows.map(own);
  let kept = ownedRowsOfPage.get(rows);
  if (kept?.partnerId !== partnerId) {
    kept = { partnerId, rows: rows.map(own) };
    ownedRowsOfPage.set(rows, kept);
  }
  return (kept.rows as ReadonlyArray<Owned<T>>).map((row) => ({ ...row }));
}

export interface ListingQuery<Filter, Order> extends Page {
  filter?: Filter | null;
  orderBy?: Order | null;
}

type Order = { field: string; direction?: 'ASC' | 'DESC' | null };

/**
 * The numbers and echo of an A1/A4 listing. The sort echo is documented as an array of strings;
 * a single string is taken as a one-entry array, and an absent echo stays null (not "unsorted").
 */
function listingNumbers(body: ListingDto) {
  const sort = body.sort;
  return {
    total: body.total,
    count: body.count,
    limit: body.limit ?? null,
    offset: body.offset ?? null,
    appliedFilters: body.filters ?? null,
    appliedSort: typeof sort === 'string' ? (sort === '' ? [] : [sort]) : Array.isArray(sort) ? sort.filter((path) => typeof path === 'string') : null,
  };
}

/** Cache scopes of area A; a mutation invalidates the scopes it affects. */
export const PartnerScopes = {
  clients: 'clients',
  channels: 'channels',
  usage: (clientId: string) => `usage:${clientId}`,
} as const;

/** Area A (partner management) for one request's caller. */
export class PartnerApi extends BearerSource {
  constructor(
    http: UpstreamClient,
    cache: ResponseCache,
    tenant: Tenant,
    requestId: string,
    authorization: string,
    private readonly config: Config,
    private readonly balanceLimiter: BalanceLimiter,
  ) {
    super(http, cache, tenant, requestId, authorization);
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
    const searchParams = this.listingParams(toUpstreamFilters(query.filter), toUpstreamSort(query.orderBy, CLIENT_SORT_GROUPS), query);
    const body = await this.read<ClientListingDto>('A1', upstreamPath`partners/${{ partnerId }}/clients`, {
      searchParams,
      headers: this.headers,
      tenant: this.tenantFor(partnerId),
      cache: { scope: PartnerScopes.clients, ttlMs: this.config.cacheTtlMs.listing },
    });
    return { ...listingNumbers(body), nodes: ownedRows(body.clients, partnerId) };
  }

  /**
   * A1 with one row: the cheapest call that tells a partner the caller may read from an unknown (404) or
   * foreign (403) one; both answer NOT_FOUND, so a caller cannot probe which partner ids exist.
   */
  async requireReadablePartner(partnerId: string): Promise<void> {
    try {
      await this.listClients(partnerId, { limit: 1 });
    } catch (error) {
      const code = error instanceof HubgraphError ? error.code : null;
      if (code !== ErrorCode.NotFound && code !== ErrorCode.Forbidden) throw error;
      throw new HubgraphError(`Partner ${partnerId} not found`, ErrorCode.NotFound, { upstream: (error as HubgraphError).extensions.upstream });
    }
  }

  /** A4 */
  async listChannels(partnerId: string, query: ListingQuery<object, Order>): Promise<ChannelListDto> {
    checkPage(query);
    const searchParams = this.listingParams(toUpstreamFilters(query.filter, { search: 'q' }), toUpstreamSort(query.orderBy, CHANNEL_SORT_GROUPS), query);
    const body = await this.read<ChannelListingDto>('A4', upstreamPath`partners/${{ partnerId }}/channels`, {
      searchParams,
      headers: this.headers,
      tenant: this.tenantFor(partnerId),
      cache: { scope: PartnerScopes.channels, ttlMs: this.config.cacheTtlMs.listing },
    });
    return { ...listingNumbers(body), nodes: ownedRows(body.partner_channels, partnerId) };
  }

  /** A1 filtered by id. */
  async getClient(partnerId: string, clientId: string): Promise<ClientNode | null> {
    // An id that could never be a path segment names no client: refused, not looked up.
    checkPathId(clientId, 'clientId');
    const list = await this.listClients(partnerId, { filter: { id: clientId } });
    return list.nodes.find((client) => client.id === clientId) ?? null;
  }

  /** A4 filtered by id ("a filter on id returns only the channel with that id"). */
  async getChannel(partnerId: string, channelId: string): Promise<ChannelNode | null> {
    checkPathId(channelId, 'channelId');
    const list = await this.listChannels(partnerId, { filter: { id: channelId } });
    return list.nodes.find((channel) => channel.id === channelId) ?? null;
  }

  /**
   * The partner's channels on the business account of `channelId` (A4 by id, then A4 filtered by
   * `waba_account.id`, one page of up to LISTING_LIMIT_MAX); null when the partner has no such channel.
   */
  async businessAccountChannels(partnerId: string, channelId: string): Promise<ChannelNode[] | null> {
    const channel = await this.getChannel(partnerId, channelId);
    if (!channel) return null;
    const accountId = channel.waba_account?.id;
    if (!accountId) return [channel];
    const list = await this.listChannels(partnerId, { filter: { wabaAccount: { id: accountId } }, limit: LISTING_LIMIT_MAX });
    return list.nodes.some((node) => node.id === channelId) ? list.nodes : [channel, ...list.nodes];
  }

  /** A5 */
  async sharedClientNumbers(partnerId: string, clientId: string): Promise<ChannelNode[]> {
    const channels = await this.read<ChannelDto[]>('A5', upstreamPath`partners/${{ partnerId }}/clients/${{ clientId }}/shared_client_numbers`, {
      headers: this.headers,
      tenant: this.tenantFor(partnerId),
      cache: { scope: PartnerScopes.channels, ttlMs: this.config.cacheTtlMs.listing },
    });
    return channels.map((channel) => ({ ...channel, client_id: channel.client_id ?? clientId, partnerId }));
  }

  /** A6: a new area-B key for the channel (no body); never retried, a second call would make another key. */
  async createApiKey(partnerId: string, channelId: string): Promise<ApiKeyDto> {
    return this.write<ApiKeyDto>('A6', 'POST', upstreamPath`partners/${{ partnerId }}/channels/${{ channelId }}/api_keys`, {
      headers: this.headers,
    });
  }

  private channelControlPath(
    partnerId: string,
    clientId: string,
    channelId: string,
    action: 'cancellation_request' | 'enable_local_storage' | 'disable_local_storage',
  ) {
    return upstreamPath`partners/${{ partnerId }}/clients/${{ clientId }}/channels/${{ channelId }}/control/${{ action }}`;
  }

  /**
   * A2, limited upstream to 5 requests / 30 s per partner. Cached per tenant, client and
   * parameters; the partner's budget is consulted only when the upstream is actually called
   * (cache hits and in-request duplicates spend nothing), and never retried (a retry spends budget).
   */
  async clientUsage(partnerId: string, clientId: string, query: UsageQuery): Promise<UsageDto> {
    return this.read<UsageDto>('A2', upstreamPath`partners/${{ partnerId }}/clients/${{ clientId }}/info/balance`, {
      searchParams: usageSearchParams(query, 'A2'),
      headers: this.headers,
      tenant: this.tenantFor(partnerId),
      cache: { scope: PartnerScopes.usage(clientId), ttlMs: this.config.cacheTtlMs.usage },
      throttle: (call, key) => this.balanceLimiter.schedule(partnerId, call, key),
      retryLimit: 0,
    });
  }

  /** A3: no rate limit is stated for it, so only cached and deduplicated like A2 (an upstream 429 still maps to RATE_LIMITED). */
  async channelUsage(partnerId: string, clientId: string, channelId: string, query: UsageQuery): Promise<UsageDto> {
    return this.read<UsageDto>('A3', upstreamPath`partners/${{ partnerId }}/clients/${{ clientId }}/channels/${{ channelId }}/info/balance`, {
      searchParams: usageSearchParams(query, 'A3'),
      headers: this.headers,
      tenant: this.tenantFor(partnerId),
      cache: { scope: PartnerScopes.usage(clientId), ttlMs: this.config.cacheTtlMs.usage },
    });
  }

  /** Drops the cached scopes a write may have changed, whatever its outcome (a timed-out write may have happened). */
  private async afterWrite<T>(partnerId: string, scopes: string[], write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      for (const scope of scopes) await this.invalidate(scope, this.tenantFor(partnerId));
    }
  }

  /** A7; the client listing and the channel listing (it embeds client.partner_payload) change. */
  async updateClient(partnerId: string, clientId: string, input: { partner_payload: string; max_channels?: number }): Promise<ClientNode> {
    const client = await this.afterWrite(partnerId, [PartnerScopes.clients, PartnerScopes.channels], () =>
      this.write<ClientDto>('A7', 'PATCH', upstreamPath`partners/${{ partnerId }}/clients/${{ clientId }}`, { json: input, headers: this.headers }),
    );
    return { ...client, partnerId };
  }

  /** A8; answers the cancellation-shaped channel (no integration; reduced client and waba_account). */
  async requestCancellation(partnerId: string, clientId: string, channelId: string): Promise<ChannelNode> {
    const channel = await this.afterWrite(partnerId, [PartnerScopes.channels, PartnerScopes.usage(clientId)], () =>
      this.write<ChannelDto>('A8', 'POST', this.channelControlPath(partnerId, clientId, channelId, 'cancellation_request'), {
        headers: this.headers,
      }),
    );
    return { ...channel, client_id: channel.client_id ?? clientId, partnerId };
  }

  /** A9; no read of the graph caches the partner record. */
  async updatePartnerSettings(
    partnerId: string,
    body: { allow_client_to_add_phone_no: boolean; partner_redirect_url: string; webhook_url: string },
  ): Promise<PartnerDto> {
    return this.write<PartnerDto>('A9', 'PATCH', upstreamPath`partners/${{ partnerId }}`, { json: body, headers: this.headers });
  }

  /** A10; the channel's settings.data_localization_region changes. */
  async enableLocalStorage(partnerId: string, clientId: string, channelId: string, region: string): Promise<LocalStorageDto> {
    return this.afterWrite(partnerId, [PartnerScopes.channels], () =>
      this.write<LocalStorageDto>('A10', 'POST', this.channelControlPath(partnerId, clientId, channelId, 'enable_local_storage'), {
        json: { data_localization_region: region },
        headers: this.headers,
      }),
    );
  }

  /** A11 */
  async disableLocalStorage(partnerId: string, clientId: string, channelId: string): Promise<LocalStorageDto> {
    return this.afterWrite(partnerId, [PartnerScopes.channels], () =>
      this.write<LocalStorageDto>('A11', 'POST', this.channelControlPath(partnerId, clientId, channelId, 'disable_local_storage'), {
        headers: this.headers,
      }),
    );
  }

  /** A12; cloud channels without their own region may now report the new default. */
  async setDefaultDataLocalizationRegion(partnerId: string, region: string): Promise<DefaultRegionDto> {
    return this.afterWrite(partnerId, [PartnerScopes.channels], () =>
      this.write<DefaultRegionDto>('A12', 'PATCH', upstreamPath`partners/${{ partnerId }}/settings/default_data_localization_region`, {
        json: { default_data_localization_region: region },
        headers: this.headers,
      }),
    );
  }
}
