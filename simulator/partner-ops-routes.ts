import { Router, type Request, type Response } from 'express';
import type { UsageFigure, UsagePeriodRecord } from './records.js';
import { sendApiError } from './http.js';
import { channelCore, partnerAuth, withoutOwner } from './partner-routes.js';
import { extension, type SimChannel, type SimState } from './state.js';

/** A10's region list (A12's is the same set in another order). */
export const SIM_DATA_REGIONS = ['AU', 'ID', 'ZA', 'IN', 'CA', 'JP', 'SG', 'KR', 'DE', 'CH', 'GB', 'BR', 'BH'];

export interface BalanceRateLimit {
  points: number;
  windowMs: number;
}

/** The spec's A2 limit: 5 requests per 30 seconds. */
export const SIM_BALANCE_LIMIT: BalanceRateLimit = { points: 5, windowMs: 30_000 };

/** A2 calls accepted (timestamps, per partner) and refused with 429; tests read it. */
export interface BalanceLimitState {
  accepted: Map<string, number[]>;
  rejected: number;
}

export function balanceLimitState(state: SimState): BalanceLimitState {
  return extension(state, 'a2-limit', () => ({ accepted: new Map<string, number[]>(), rejected: 0 }));
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const isPrice = (field: string) => field.endsWith('_price');

/**
 * The numeric fields of a period, and which are prices. A3 runs this over 120 daily records per
 * call; the simulator's handling counts into its latency, so it is kept cheap.
 */
function numericFields(period: UsagePeriodRecord): Array<{ field: UsageFigure; price: boolean }> {
  return (Object.keys(period) as Array<keyof UsagePeriodRecord>)
    .filter((key): key is UsageFigure => key !== 'period_date')
    .map((field) => ({ field, price: isPrice(field) }));
}

/**
 * A channel's share of its client's daily usage: integer figures are split among the client's
 * channels so the shares add up exactly, prices evenly.
 */
function channelShare(state: SimState, channel: SimChannel): UsagePeriodRecord[] {
  const siblings = [...state.channels.values()]
    .filter((item) => item.client_id === channel.client_id)
    .map((item) => item.id)
    .sort();
  const count = siblings.length;
  const index = siblings.indexOf(channel.id);
  const periods = state.usage.get(channel.client_id) ?? [];
  // Every seeded period carries the same fields: listed once, not per record.
  const fields = periods[0] ? numericFields(periods[0]) : [];
  return periods.map((period) => {
    const share: UsagePeriodRecord = { ...period };
    for (const { field, price } of fields) {
      const value = period[field];
      share[field] = price ? round4(value / count) : Math.floor((value * (index + 1)) / count) - Math.floor((value * index) / count);
    }
    return share;
  });
}

function sumInto(target: UsagePeriodRecord, source: UsagePeriodRecord, fields = numericFields(source)): void {
  for (const { field, price } of fields) {
    const sum = target[field] + source[field];
    target[field] = price ? round4(sum) : sum;
  }
}

/** Per-day sums of several channels' shares (all cover the same days). */
function sumShares(shares: UsagePeriodRecord[][]): UsagePeriodRecord[] {
  const [first, ...rest] = shares;
  if (!first) return [];
  const sum = first.map((period) => ({ ...period }));
  for (const share of rest) share.forEach((period, index) => sumInto(sum[index], period));
  return sum;
}

/** Daily records within [start, end] (UNIX seconds), by DAY or summed per calendar MONTH (UTC). */
function aggregate(periods: UsagePeriodRecord[], start: number | null, end: number | null, granularity: 'DAY' | 'MONTH'): UsagePeriodRecord[] {
  // Period dates are ISO timestamps of one format (seed.ts), so the bounds compare as strings.
  const from = start === null ? null : new Date(start * 1000).toISOString();
  const to = end === null ? null : new Date(end * 1000).toISOString();
  const fields = periods[0] ? numericFields(periods[0]) : [];
  const groups = new Map<string, UsagePeriodRecord>();
  for (const period of periods) {
    if ((from !== null && period.period_date < from) || (to !== null && period.period_date > to)) continue;
    const key = granularity === 'DAY' ? period.period_date : `${period.period_date.slice(0, 7)}-01T00:00:00.000Z`;
    const group = groups.get(key);
    if (group) sumInto(group, period, fields);
    else groups.set(key, { ...period, period_date: key });
  }
  return [...groups.values()];
}

function unixParam(value: unknown): number | null | 'invalid' {
  if (value === undefined) return null;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : 'invalid';
}

interface UsageParams {
  start: number | null;
  end: number | null;
  granularity: 'DAY' | 'MONTH';
}

function usageParams(request: Request, response: Response): UsageParams | null {
  const start = unixParam(request.query.start_date);
  const end = unixParam(request.query.end_date);
  if (start === 'invalid' || end === 'invalid') {
    sendApiError(response, 400, 'start_date and end_date must be UNIX timestamps in seconds');
    return null;
  }
  const granularity = request.query.granularity ?? 'MONTH';
  if (granularity !== 'DAY' && granularity !== 'MONTH') {
    sendApiError(response, 400, 'granularity must be DAY or MONTH');
    return null;
  }
  return { start, end, granularity };
}

function usageRecord(state: SimState, clientId: string, periods: UsagePeriodRecord[], params: UsageParams) {
  const balance = state.balances.get(clientId) ?? { balance: 0, currency: 'eur', last_renewal: null };
  return {
    balance: balance.balance,
    currency: balance.currency,
    last_renewal: balance.last_renewal,
    bi_price_for_currency_and_client_country: 0.0712,
    ui_price_for_currency_and_client_country: 0.0213,
    estimated_template_cost: 0.0651,
    granularity: params.granularity.toLowerCase(),
    usage: aggregate(periods, params.start, params.end, params.granularity),
  };
}

/** Sliding log per partner, as strict as the upstream could be: 429 with Retry-After once `points` calls fall in the window. */
function admitBalanceCall(state: SimState, limit: BalanceRateLimit, partnerId: string, response: Response): boolean {
  const limits = balanceLimitState(state);
  const now = Date.now();
  const recent = (limits.accepted.get(partnerId) ?? []).filter((at) => at > now - limit.windowMs);
  limits.accepted.set(partnerId, recent);
  if (recent.length >= limit.points) {
    limits.rejected += 1;
    response.setHeader('Retry-After', String(Math.max(1, Math.ceil((recent[0] + limit.windowMs - now) / 1000))));
    sendApiError(response, 429, `rate limit: ${limit.points} balance requests per ${limit.windowMs / 1000} seconds`);
    return false;
  }
  recent.push(now);
  return true;
}

const localStorageAnswer = (message: string) => ({ meta: { success: true, http_code: 200, developer_message: message } });

/** Area A operations: A2, A3 (usage and balance), A7–A12 (writes). */
export function partnerOperationsRouter(state: SimState, balanceLimit: BalanceRateLimit = SIM_BALANCE_LIMIT): Router {
  const router = Router();
  router.use('/partners/:partnerId', partnerAuth(state));

  const ownClient = (request: Request<{ partnerId: string; clientId: string }>, response: Response) => {
    const client = state.clients.get(request.params.clientId);
    if (!client || client.partner_id !== request.params.partnerId) {
      sendApiError(response, 404, 'client not found');
      return null;
    }
    return client;
  };
  const ownChannel = (request: Request<{ partnerId: string; clientId: string; channelId: string }>, response: Response) => {
    const channel = state.channels.get(request.params.channelId);
    if (!channel || channel.partner_id !== request.params.partnerId || channel.client_id !== request.params.clientId) {
      sendApiError(response, 404, 'channel not found');
      return null;
    }
    return channel;
  };

  // A2
  router.get('/partners/:partnerId/clients/:clientId/info/balance', (request, response) => {
    if (!admitBalanceCall(state, balanceLimit, request.params.partnerId, response)) return;
    const client = ownClient(request, response);
    const params = client && usageParams(request, response);
    if (!client || !params) return;
    const raw = request.query.app_id;
    const appIds = raw === undefined ? null : (Array.isArray(raw) ? raw : [raw]).map(String);
    const periods = appIds
      ? sumShares(
          [...state.channels.values()]
            .filter((channel) => channel.client_id === client.id && appIds.includes(channel.integration.app_id))
            .map((channel) => channelShare(state, channel)),
        )
      : (state.usage.get(client.id) ?? []);
    response.json(usageRecord(state, client.id, periods, params));
  });

  // A3
  router.get('/partners/:partnerId/clients/:clientId/channels/:channelId/info/balance', (request, response) => {
    const client = ownClient(request, response);
    const channel = client && ownChannel(request, response);
    const params = channel && usageParams(request, response);
    if (!client || !channel || !params) return;
    const appIds = typeof request.query.app_ids === 'string' ? request.query.app_ids.split(',') : null;
    const included = !appIds || appIds.includes(channel.integration.app_id);
    response.json(usageRecord(state, client.id, included ? channelShare(state, channel) : [], params));
  });

  // A7
  router.patch('/partners/:partnerId/clients/:clientId', (request, response) => {
    const client = ownClient(request, response);
    if (!client) return;
    const body = (request.body ?? {}) as { partner_payload?: unknown; max_channels?: unknown };
    if (typeof body.partner_payload !== 'string') return sendApiError(response, 400, 'partner_payload is required');
    if (body.max_channels !== undefined && (!Number.isInteger(body.max_channels) || Number(body.max_channels) < 1 || Number(body.max_channels) > 10)) {
      return sendApiError(response, 400, 'max_channels must be an integer from 1 to 10');
    }
    client.partner_payload = body.partner_payload;
    if (body.max_channels !== undefined) client.max_channels = Number(body.max_channels);
    client.modified_at = new Date().toISOString();
    for (const channel of state.channels.values()) {
      if (channel.client_id === client.id && channel.client) channel.client.partner_payload = body.partner_payload;
    }
    response.json(withoutOwner(client));
  });

  // A8: the new status is not specified upstream; the simulator moves the channel to pending_deletion.
  router.post('/partners/:partnerId/clients/:clientId/channels/:channelId/control/cancellation_request', (request, response) => {
    const channel = ownChannel(request, response);
    if (!channel) return;
    if (channel.cancelled_at) return sendApiError(response, 400, 'cancellation already requested');
    const now = new Date().toISOString();
    channel.hub_status = 'pending_deletion';
    channel.cancelled_at = now;
    channel.modified_at = now;
    response.json({
      ...channelCore(channel),
      setup_info: {
        phone_name: channel.setup_info.phone_name,
        phone_number: channel.setup_info.phone_number,
        was_in_use: false,
        ivr: false,
        verification_method: 'sms',
        certificate: null,
        new_name_status: null,
        default_language: 'en',
        has_integration_layer: true,
        error: null,
        configuration_type: null,
        region: null,
        shards_number: 1,
      },
      client: { id: channel.client.id, name: channel.client.name },
      waba_account: { id: channel.waba_account.id, external_id: channel.waba_account.external_id },
    });
  });

  // A9
  router.patch('/partners/:partnerId', (request, response) => {
    const partner = state.partners.get(request.params.partnerId)!;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body.allow_client_to_add_phone_no !== 'boolean') return sendApiError(response, 400, 'allow_client_to_add_phone_no is required');
    if (typeof body.partner_redirect_url !== 'string') return sendApiError(response, 400, 'partner_redirect_url is required');
    if (typeof body.webhook_url !== 'string') return sendApiError(response, 400, 'webhook_url is required');
    partner.allow_client_to_add_phone_no = body.allow_client_to_add_phone_no;
    partner.partner_redirect_url = body.partner_redirect_url;
    partner.webhook_url = body.webhook_url;
    response.json({
      id: partner.id,
      webhook_url: partner.webhook_url,
      partner_redirect_url: partner.partner_redirect_url,
      brand_name: partner.brand_name,
      logo_url: partner.logo_url,
      onboarding_deeplink_add_params: partner.onboarding_deeplink_add_params,
      payment_plan: partner.payment_plan,
      payment_required: partner.payment_required,
    });
  });

  // A10: the confirmation pin flow is not specified; the simulator applies the region at once.
  router.post('/partners/:partnerId/clients/:clientId/channels/:channelId/control/enable_local_storage', (request, response) => {
    const channel = ownChannel(request, response);
    if (!channel) return;
    const region = (request.body as { data_localization_region?: unknown } | undefined)?.data_localization_region;
    if (typeof region !== 'string' || !SIM_DATA_REGIONS.includes(region)) {
      return sendApiError(response, 400, `data_localization_region must be one of ${SIM_DATA_REGIONS.join(', ')}`);
    }
    if (channel.integration.hosting_platform_type !== 'net_cloud_api') {
      return sendApiError(response, 400, 'local storage is only available for cloud-hosted channels');
    }
    channel.settings = { ...channel.settings, data_localization_region: region };
    channel.modified_at = new Date().toISOString();
    response.json(localStorageAnswer(`Local storage in ${region} enabled`));
  });

  // A11
  router.post('/partners/:partnerId/clients/:clientId/channels/:channelId/control/disable_local_storage', (request, response) => {
    const channel = ownChannel(request, response);
    if (!channel) return;
    channel.settings = { ...channel.settings, data_localization_region: null };
    channel.modified_at = new Date().toISOString();
    response.json(localStorageAnswer('Local storage disabled; message content is stored in the default US storage'));
  });

  // A12
  router.patch('/partners/:partnerId/settings/default_data_localization_region', (request, response) => {
    const partner = state.partners.get(request.params.partnerId)!;
    const region = (request.body as { default_data_localization_region?: unknown } | undefined)?.default_data_localization_region;
    if (typeof region !== 'string' || !SIM_DATA_REGIONS.includes(region)) {
      return sendApiError(response, 400, `default_data_localization_region must be one of ${SIM_DATA_REGIONS.join(', ')}`);
    }
    partner.default_data_localization_region = region;
    response.json({
      meta: { developer_message: 'Default data localization region updated', http_code: 200, success: true },
      data: { default_data_localization_region: region },
    });
  });

  return router;
}
