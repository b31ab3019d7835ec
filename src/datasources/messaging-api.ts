import type { UpstreamClient } from './http.js';
import { fingerprint } from '../lib/secrets.js';
import type { ResponseCache, Tenant } from '../store/cache.js';
import type { Config } from '../config.js';
import { MissingApiKeyError, NotFoundError, UnsupportedForHostingError } from '../errors.js';
import { errorFromUpstreamBody } from './upstream-errors.js';
import type { Hosting } from '../generated/graphql.js';
import type { ChannelKeys } from '../store/keystore.js';
import type { Loaders } from './loaders.js';
import { hostingOf, type RetiredHostingNotice } from './hosting.js';
import type { EndpointId } from './endpoints.js';
import type { BusinessProfileDto, ChannelNode, SendResponseDto, WabaWebhookDto, WebhookConfigBody, WebhookConfigDto } from './types.js';
import { UpstreamSource } from './upstream-source.js';
import { phoneSegment, upstreamPath, type PathPrefix } from './upstream-path.js';

/** Fields asked for with `fields=` on cloud: every readable profile field (spec B4). */
const CLOUD_PROFILE_FIELDS = ['address', 'description', 'email', 'profile_picture_url', 'websites', 'vertical'] as const;

/** Where and how area-B calls for one channel go (spec §9). */
export interface ChannelRoute {
  channel: ChannelNode;
  hosting: Exclude<Hosting, 'UNKNOWN'>;
  http: UpstreamClient;
  /** Prefix of messages and media paths: none on cloud, `v1/` on-premise. */
  messagesPrefix: PathPrefix;
  /** Prefix of configuration paths (webhook, templates, settings): always `v1/`. */
  configPrefix: 'v1/';
  headers: { 'svc-api-key': string };
  /** Cache owner: the partner and a fingerprint of the channel's key. */
  tenant: Tenant;
}

/** Area B for one request: resolves a channel's hosting (cached listing) and key, then calls the right root. */
export class MessagingApi extends UpstreamSource {
  constructor(
    private readonly clients: { cloud: UpstreamClient; onPremise: UpstreamClient },
    cache: ResponseCache,
    tenant: Tenant,
    requestId: string,
    protected readonly config: Config,
    private readonly keys: ChannelKeys,
    private readonly loaders: Loaders,
    private readonly retiredHosting: RetiredHostingNotice,
  ) {
    super(clients.cloud, cache, tenant, requestId);
  }

  /**
   * The channel's route; MISSING_API_KEY / NOT_FOUND / UNSUPPORTED_FOR_HOSTING before anything is
   * sent. `apiKey` overrides the stored key (createApiKey uses the old and the new key explicitly).
   */
  async route(partnerId: string, channelId: string, apiKey?: string): Promise<ChannelRoute> {
    const channel = await this.loaders.channelById.load({ partnerId, id: channelId });
    if (!channel) throw new NotFoundError(`Channel ${channelId} not found`);
    const hosting = hostingOf(channel);
    if (hosting === 'UNKNOWN') {
      throw new UnsupportedForHostingError('Messaging', `unknown hosting (${channel.integration?.hosting_platform_type ?? 'none'})`);
    }
    const key = apiKey ?? (await this.keys.get(partnerId, channelId));
    if (!key) throw new MissingApiKeyError(channelId);
    if (hosting === 'ON_PREMISE') this.retiredHosting.used(partnerId, channelId);
    return {
      channel,
      hosting,
      http: hosting === 'CLOUD' ? this.clients.cloud : this.clients.onPremise,
      messagesPrefix: hosting === 'CLOUD' ? '' : 'v1/',
      configPrefix: 'v1/',
      headers: { 'svc-api-key': key },
      tenant: { partnerId, credentialFingerprint: fingerprint(key) },
    };
  }

  /** The route of a channel whose hosting offers the operation; UNSUPPORTED_FOR_HOSTING otherwise. */
  async routeFor(partnerId: string, channelId: string, hosting: ChannelRoute['hosting'], operation: string): Promise<ChannelRoute> {
    const route = await this.route(partnerId, channelId);
    if (route.hosting !== hosting) {
      throw new UnsupportedForHostingError(operation, route.hosting === 'CLOUD' ? 'cloud-hosted' : 'on-premise');
    }
    return route;
  }

  private cached(route: ChannelRoute, scope: string) {
    return { scope: `${scope}:${route.channel.id}`, ttlMs: this.config.cacheTtlMs.messaging };
  }

  /** B1 (and B2 template sends): one POST, never retried. */
  async sendMessage(route: ChannelRoute, body: Record<string, unknown>): Promise<SendResponseDto> {
    const response = await this.write<SendResponseDto>('B1', 'POST', upstreamPath`${route.messagesPrefix}messages`, {
      http: route.http,
      headers: route.headers,
      json: body,
    });
    return this.checked('B1', response);
  }

  /** B2 create (cloud only; the caller routes with routeFor). */
  async createTemplate(route: ChannelRoute, body: Record<string, unknown>): Promise<{ id: string; status: string; category: string }> {
    return this.checked(
      'B2',
      await this.write('B2', 'POST', upstreamPath`${route.configPrefix}configs/templates`, { http: route.http, headers: route.headers, json: body }),
    );
  }

  /**
   * B4 read. Cloud: GET chat_business_profile?fields=… answering `{data: [profile]}`. On-premise:
   * GET v1/settings/business/profile answering the profile nested in `settings.business` (the
   * spec names the nesting, not the path; this is the on-premise settings path of the profile).
   */
  async businessProfile(route: ChannelRoute): Promise<BusinessProfileDto> {
    if (route.hosting === 'CLOUD') {
      const body = await this.read<{ data?: BusinessProfileDto[] }>('B4', upstreamPath`chat_business_profile`, {
        http: route.http,
        headers: route.headers,
        tenant: route.tenant,
        searchParams: { fields: CLOUD_PROFILE_FIELDS.join(',') },
        cache: this.cached(route, 'profile'),
      });
      return this.checked('B4', body).data?.[0] ?? {};
    }
    const body = await this.read<{ settings?: { business?: BusinessProfileDto & { profile?: BusinessProfileDto } } }>(
      'B4',
      upstreamPath`${route.configPrefix}settings/business/profile`,
      { http: route.http, headers: route.headers, tenant: route.tenant, cache: this.cached(route, 'profile') },
    );
    const business = this.checked('B4', body).settings?.business ?? {};
    return business.profile ?? business;
  }

  /** B4 update: only the given fields; the next read sees the change. */
  async updateBusinessProfile(route: ChannelRoute, body: Record<string, unknown>): Promise<void> {
    const path = route.hosting === 'CLOUD' ? upstreamPath`chat_business_profile` : upstreamPath`${route.configPrefix}settings/business/profile`;
    this.checked('B4', await this.write('B4', 'POST', path, { http: route.http, headers: route.headers, json: body }));
    await this.invalidate(`profile:${route.channel.id}`, route.tenant);
  }

  /** B5 block (on-premise). */
  async blockContact(route: ChannelRoute, phoneNumber: string, reason: string | undefined): Promise<void> {
    await this.contactAction(route, phoneNumber, 'block', reason === undefined ? {} : { reason });
  }

  /** B5 unblock (on-premise). */
  async unblockContact(route: ChannelRoute, phoneNumber: string): Promise<void> {
    await this.contactAction(route, phoneNumber, 'unblock', undefined);
  }

  /** B5 report (on-premise); `block` also blocks the contact. */
  async reportContact(route: ChannelRoute, phoneNumber: string, body: { reason?: string; block: boolean; message_id?: string }): Promise<void> {
    await this.contactAction(route, phoneNumber, 'report', body);
  }

  /** B5 blocklist page (on-premise). */
  async blockedContacts(route: ChannelRoute, page: { limit: number; offset: number }) {
    const body = await this.read<{ contacts?: Array<{ wa_id: string }>; pagination?: { limit?: number; offset?: number; total?: number } }>(
      'B5',
      upstreamPath`${route.messagesPrefix}contacts/blocklist`,
      { http: route.http, headers: route.headers, tenant: route.tenant, searchParams: page, cache: this.cached(route, 'blocklist') },
    );
    return this.checked('B5', body);
  }

  private async contactAction(route: ChannelRoute, phoneNumber: string, action: 'block' | 'unblock' | 'report', json: unknown) {
    const path = upstreamPath`${route.messagesPrefix}contacts/${phoneSegment({ phoneNumber })}/${{ action }}`;
    this.checked('B5', await this.write<unknown>('B5', 'POST', path, { http: route.http, headers: route.headers, ...(json !== undefined && { json }) }));
    await this.invalidate(`blocklist:${route.channel.id}`, route.tenant);
  }

  /**
   * B6 number-level webhook (both variants). Webhook reads are never cached (docs/messaging.md): the upstream changes
   * them on its own (a key created elsewhere removes the number's webhook, a business-account webhook activates
   * 15–20 s after it was set), so only a fresh read is true. Identical reads of one operation still share one call.
   */
  async getWebhook(partnerId: string, channelId: string, apiKey?: string): Promise<WebhookConfigDto> {
    const route = await this.route(partnerId, channelId, apiKey);
    const body = await this.read<WebhookConfigDto>('B6', upstreamPath`${route.configPrefix}configs/webhook`, {
      http: route.http,
      headers: route.headers,
      tenant: route.tenant,
    });
    return this.checked('B6', body);
  }

  /** Where the channel's notifications go: its number-level webhook, else (cloud) its business account's; null: nowhere. */
  async effectiveWebhookUrl(partnerId: string, channelId: string): Promise<string | null> {
    const own = await this.getWebhook(partnerId, channelId);
    if (own.url) return own.url;
    const route = await this.route(partnerId, channelId);
    return route.hosting === 'CLOUD' ? (await this.wabaWebhook(route)).url || null : null;
  }

  /** B6 set the number-level webhook (both variants); the caller validates the config for the hosting. */
  async setWebhook(partnerId: string, channelId: string, config: WebhookConfigBody, apiKey?: string): Promise<WebhookConfigDto> {
    const route = await this.route(partnerId, channelId, apiKey);
    const body = await this.write<WebhookConfigDto>('B6', 'POST', upstreamPath`${route.configPrefix}configs/webhook`, {
      http: route.http,
      headers: route.headers,
      json: config,
    });
    return this.checked('B6', body);
  }

  /** B6 business-account webhook (cloud only); never cached, like the number-level read. */
  async wabaWebhook(route: ChannelRoute): Promise<WabaWebhookDto> {
    return this.checked(
      'B6',
      await this.read<WabaWebhookDto>('B6', upstreamPath`waba_webhook`, { http: route.http, headers: route.headers, tenant: route.tenant }),
    );
  }

  /** B6 set the business-account webhook (cloud only); `override_all` at the top level (spec leaves it open). */
  async setWabaWebhook(route: ChannelRoute, body: WebhookConfigBody & { override_all: boolean }): Promise<WabaWebhookDto> {
    return this.checked(
      'B6',
      await this.write<WabaWebhookDto>('B6', 'POST', upstreamPath`waba_webhook`, { http: route.http, headers: route.headers, json: body }),
    );
  }

  /** A 200 answer that still carries `errors` is a failure (spec §7: success has no `errors` member). */
  private checked<T>(endpoint: EndpointId, body: T): T {
    const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
    if (Array.isArray(errors) && errors.length > 0) throw errorFromUpstreamBody(endpoint, 200, body);
    return body;
  }
}
