import { randomBytes, randomUUID } from 'node:crypto';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { bearerToken, sendApiError } from './http.js';
import { isOnPremise, type SimChannel, type SimState } from './state.js';

/** Reads a dotted field path (`contact_info.country`) off a record. */
export function fieldAt(record: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
}

const CHANNEL_SEARCH_FIELDS = ['setup_info.phone_number', 'setup_info.phone_name', 'client.name', 'client.partner_payload', 'waba_account.fb_business_id'];

function parseFilters(raw: unknown): Record<string, unknown> | null {
  if (raw === undefined) return {};
  if (typeof raw !== 'string') return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A JSON leaf as the text a query-string filter compares it with. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function matches(record: unknown, filters: Record<string, unknown>, searchFields: string[] = []): boolean {
  return Object.entries(filters).every(([path, expected]) => {
    if (path === 'q') {
      const needle = String(expected).toLowerCase();
      return searchFields.some((field) =>
        asText(fieldAt(record, field) ?? '')
          .toLowerCase()
          .includes(needle),
      );
    }
    const actual = fieldAt(record, path);
    return actual !== undefined && asText(actual) === asText(expected);
  });
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return asText(a).localeCompare(asText(b), 'en', { numeric: true });
}

/** Filters, sorts and pages a listing as A1/A4 do; answers 400 for malformed parameters. */
function listing<T>(request: Request, response: Response, records: T[], searchFields?: string[]) {
  const filters = parseFilters(request.query.filters);
  if (!filters) {
    response.status(400).json({ error: { code: 400, message: 'filters must be a JSON object' } });
    return null;
  }
  const limit = request.query.limit === undefined ? 50 : Number(request.query.limit);
  const offset = request.query.offset === undefined ? 0 : Number(request.query.offset);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0) {
    response.status(400).json({ error: { code: 400, message: 'limit must be ≥ 1 and offset ≥ 0' } });
    return null;
  }
  const sort = typeof request.query.sort === 'string' ? request.query.sort : undefined;
  const filtered = records.filter((record) => matches(record, filters, searchFields));
  if (sort) {
    const descending = sort.startsWith('-');
    const path = descending ? sort.slice(1) : sort;
    filtered.sort((a, b) => compare(fieldAt(a, path), fieldAt(b, path)) * (descending ? -1 : 1));
  }
  const page = filtered.slice(offset, offset + limit);
  return { count: page.length, filters, sort: sort ? [sort] : [], limit, offset, total: filtered.length, page };
}

export function withoutOwner<T extends { partner_id: string }>(record: T): Omit<T, 'partner_id'> {
  const { partner_id: _owner, ...rest } = record;
  return rest;
}

/** Area A's credential check: bearer token of the partner named in the path (401 unknown token, 403 another partner's). */
export function partnerAuth(state: SimState) {
  return (request: Request<{ partnerId: string }>, response: Response, next: NextFunction) => {
    const token = bearerToken(request);
    const owner = [...state.partners.values()].find((partner) => partner.token === token);
    if (!owner) return sendApiError(response, 401, 'invalid or missing bearer token');
    if (!state.partners.has(request.params.partnerId)) return sendApiError(response, 404, 'partner not found');
    if (owner.id !== request.params.partnerId) return sendApiError(response, 403, 'token does not grant access to this partner');
    next();
  };
}

/** Area A reads (A1, A4, A5). */
/**
 * The fields A5 and the A8 cancellation answer share: the channel without `integration`,
 * `client` and `waba_account` (which those answers omit or reduce).
 */
export function channelCore(channel: SimChannel) {
  return {
    account_mode: channel.account_mode,
    billing_started_at: channel.billing_started_at,
    cancelled_at: channel.cancelled_at,
    client_id: channel.client_id,
    created_at: channel.created_at,
    current_limit: channel.current_limit,
    current_quality_rating: channel.current_quality_rating,
    hub_status: channel.hub_status,
    id: channel.id,
    is_migrated: channel.is_migrated,
    is_oba: channel.is_oba,
    settings: channel.settings,
    status: channel.status,
    terminated_at: channel.terminated_at,
    version: channel.version,
  };
}

/**
 * A5's `current_quality_update_event`, whose shape the interface does not give: the simulator
 * reports a downgrade event for numbers not rated High and null for the others, so both cases exist.
 */
function qualityUpdateEvent(channel: SimChannel) {
  if (channel.current_quality_rating === 'High') return null;
  return { event: 'DOWNGRADE', current_quality_rating: channel.current_quality_rating, current_limit: channel.current_limit, timestamp: channel.modified_at };
}

export function partnerRouter(state: SimState): Router {
  const router = Router();

  router.use('/partners/:partnerId', partnerAuth(state));

  router.get('/partners/:partnerId/clients', (request, response) => {
    const clients = [...state.clients.values()].filter((client) => client.partner_id === request.params.partnerId);
    const result = listing(request, response, clients);
    if (!result) return;
    const { page, ...numbers } = result;
    response.json({ ...numbers, clients: page.map(withoutOwner) });
  });

  router.get('/partners/:partnerId/channels', (request, response) => {
    const channels = [...state.channels.values()].filter((channel) => channel.partner_id === request.params.partnerId);
    const result = listing(request, response, channels, CHANNEL_SEARCH_FIELDS);
    if (!result) return;
    const { page, ...numbers } = result;
    response.json({ ...numbers, partner_channels: page.map(withoutOwner) });
  });

  router.get('/partners/:partnerId/clients/:clientId/shared_client_numbers', (request, response) => {
    const client = state.clients.get(request.params.clientId);
    if (!client || client.partner_id !== request.params.partnerId) return sendApiError(response, 404, 'client not found');
    const shared = [...state.channels.values()]
      .filter((channel) => channel.client_id === client.id && state.sharedNumbers.has(channel.id))
      .map((channel) => ({
        ...channelCore(channel),
        current_quality_update_event: qualityUpdateEvent(channel),
        setup_info: { phone_name: channel.setup_info.phone_name, phone_number: channel.setup_info.phone_number },
      }));
    response.json(shared);
  });

  // A6: needs the partner's permission for the channel (A5); a new key removes the number's webhook (spec §5).
  router.post('/partners/:partnerId/channels/:channelId/api_keys', (request, response) => {
    const channel = state.channels.get(request.params.channelId);
    if (!channel || channel.partner_id !== request.params.partnerId) return sendApiError(response, 404, 'channel not found');
    if (!state.sharedNumbers.has(channel.id)) return sendApiError(response, 403, 'the partner has no permission for this channel');
    const apiKey = `sim-key-${channel.id}-${randomBytes(9).toString('base64url')}`;
    state.apiKeys.set(apiKey, channel.id);
    state.webhooks.delete(channel.id);
    response.json({
      id: randomUUID(),
      address: isOnPremise(channel) ? '/onprem' : '/cloud',
      api_key: apiKey,
      app_id: channel.integration.app_id,
    });
  });

  return router;
}
