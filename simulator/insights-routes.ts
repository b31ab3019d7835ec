import { Router, type NextFunction, type Request, type Response } from 'express';
import type { ActionRecord, SourceInsightRecord, SourceRecord, SourceWithTotals } from './records.js';
import { bearerToken, sendApiError } from './http.js';
import { extension, type SimState } from './state.js';

interface ActionHit {
  action_id: string;
  source_id: string;
  date: string;
  hits: number;
}

/** Area C's seed: which clients have insights, their sources with daily insights, actions and their hits per source and day. */
export interface InsightsState {
  allowed: Set<string>;
  sources: Map<string, SourceRecord[]>;
  points: SourceInsightRecord[];
  actions: Map<string, ActionRecord[]>;
  hits: ActionHit[];
  /** Clients whose contact export was requested, in order. */
  exports: string[];
}

const INSIGHT_DAYS = 60;
const SOURCE_NAMES = ['Spring sale ad', 'Newsletter link', 'Website chat button'];
const ACTION_MESSAGES = ['What does it cost?', 'Is it in stock?', 'Opening hours?', 'Talk to a person'];

const day = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Every client whose number is not ≡ 2 (mod 3) has insights: client-002, -005, -008 have none. */
export function seedInsights(state: SimState, now = new Date()): InsightsState {
  const insights: InsightsState = { allowed: new Set(), sources: new Map(), points: [], actions: new Map(), hits: [], exports: [] };
  for (const client of state.clients.values()) {
    const number = Number(client.id.replace(/\D/g, ''));
    if (number % 3 === 2) continue;
    insights.allowed.add(client.id);
    const appIds = [...state.channels.values()]
      .filter((channel) => channel.client_id === client.id)
      .map((channel) => channel.integration.app_id)
      .sort();
    const sources = SOURCE_NAMES.map((name, s): SourceRecord => ({
      id: `src-${client.id}-${s + 1}`,
      app_id: appIds[s % appIds.length],
      client_id: client.id,
      name,
      message: `Hello! I came from "${name}"`,
      category: 'known',
      type: s === 0 ? 'ctwa' : 'link',
      direction: 'incoming',
      created_time: new Date(now.getTime() - 90 * 86_400_000).toISOString(),
      currency: 'EUR',
    }));
    insights.sources.set(client.id, sources);
    const actions = ACTION_MESSAGES.map((message, a): ActionRecord => ({
      id: `act-${client.id}-${a + 1}`,
      app_id: appIds[0],
      client_id: client.id,
      message,
      type: 'text',
    }));
    insights.actions.set(client.id, actions);
    for (let d = 0; d < INSIGHT_DAYS; d += 1) {
      const date = day(now, d);
      sources.forEach((source, s) => {
        const conversations = (d * 7 + s * 3 + number) % 11;
        insights.points.push({ source_id: source.id, date, conversations, currency: 'EUR', spend: Math.round(conversations * 5) / 100 });
        actions.forEach((action, a) => {
          const hits = (d + s + a + number) % 4;
          if (hits > 0) insights.hits.push({ action_id: action.id, source_id: source.id, date, hits });
        });
      });
    }
  }
  return insights;
}

export function insightsState(state: SimState): InsightsState {
  return extension(state, 'insights', () => seedInsights(state));
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A list parameter sent either way the gateway may send it: comma-separated (`a,b`) or repeated (`x=a&x=b`). */
function list(value: unknown): string[] | null {
  const values = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : typeof value === 'string' ? value.split(',') : [];
  const ids = values.filter((id) => id !== '');
  return ids.length > 0 ? ids : null;
}

function dates(request: Request, response: Response): { from: string; to: string } | null {
  const { date_from: from, date_to: to } = request.query;
  if (typeof from !== 'string' || typeof to !== 'string' || !DATE.test(from) || !DATE.test(to)) {
    sendApiError(response, 400, 'date_from and date_to are required (YYYY-MM-DD)');
    return null;
  }
  return { from, to };
}

function page<T>(request: Request, response: Response, items: T[]) {
  const limit = request.query.limit === undefined ? 20 : Number(request.query.limit);
  const offset = request.query.offset === undefined ? 0 : Number(request.query.offset);
  if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offset) || offset < 0) {
    sendApiError(response, 400, 'limit must be ≥ 1 and offset ≥ 0');
    return null;
  }
  return { data: items.slice(offset, offset + limit), total_count: items.length, offset, limit };
}

/** Area C (beta): bearer token of any partner; a client of another partner is 403, one without insights 403 on the data endpoints. */
export function insightsRouter(state: SimState): Router {
  const router = Router();
  const data = () => insightsState(state);

  const authorise = (request: Request<{ clientId: string }>, response: Response, next: NextFunction) => {
    const token = bearerToken(request);
    const partner = [...state.partners.values()].find((item) => item.token === token);
    if (!partner) return sendApiError(response, 401, 'invalid or missing bearer token');
    const client = state.clients.get(request.params.clientId);
    if (!client) return sendApiError(response, 404, 'client not found');
    if (client.partner_id !== partner.id) return sendApiError(response, 403, 'token does not grant access to this client');
    next();
  };
  const requireInsights = (request: Request<{ clientId: string }>, response: Response, next: NextFunction) => {
    if (!data().allowed.has(request.params.clientId)) return sendApiError(response, 403, 'insights are not enabled for this client');
    next();
  };

  router.get('/v1/insights-allowed/:clientId', authorise, (request, response) => {
    response.json({ allowed: data().allowed.has(request.params.clientId) });
  });

  router.use('/v1/clients/:clientId', authorise, requireInsights);

  router.get('/v1/clients/:clientId/sources', (request, response) => {
    const range = dates(request, response);
    if (!range) return;
    const appIds = list(request.query.app_ids);
    const entries = (data().sources.get(request.params.clientId) ?? [])
      .filter((source) => !appIds || appIds.includes(source.app_id))
      .map((source) => {
        const insights = data().points.filter((point) => point.source_id === source.id && point.date >= range.from && point.date <= range.to);
        const withTotals: SourceWithTotals = {
          ...source,
          total_conversations: insights.reduce((sum, point) => sum + point.conversations, 0),
          total_spend: Math.round(insights.reduce((sum, point) => sum + point.spend, 0) * 100) / 100,
        };
        return { source: withTotals, insights };
      });
    const result = page(request, response, entries);
    if (result) response.json(result);
  });

  router.patch('/v1/clients/:clientId/sources/:sourceId', (request, response) => {
    const source = data()
      .sources.get(request.params.clientId)
      ?.find((item) => item.id === request.params.sourceId);
    if (!source) return sendApiError(response, 404, 'source not found');
    const name = (request.body as { name?: unknown } | undefined)?.name;
    if (typeof name !== 'string' || name === '') return sendApiError(response, 400, 'name is required');
    source.name = name;
    response.json({ success: true });
  });

  const hitsOf = (clientId: string, range: { from: string; to: string }, actionIds: string[] | null, sourceIds: string[] | null) => {
    const actions = new Set((data().actions.get(clientId) ?? []).map((action) => action.id));
    return data().hits.filter(
      (hit) =>
        actions.has(hit.action_id) &&
        (!actionIds || actionIds.includes(hit.action_id)) &&
        (!sourceIds || sourceIds.includes(hit.source_id)) &&
        hit.date >= range.from &&
        hit.date <= range.to,
    );
  };

  router.get('/v1/clients/:clientId/actions', (request, response) => {
    const sourceIds = list(request.query.source_ids);
    if (!sourceIds) return sendApiError(response, 400, 'source_ids is required');
    const range = dates(request, response);
    if (!range) return;
    const hits = hitsOf(request.params.clientId, range, null, sourceIds);
    const actions = (data().actions.get(request.params.clientId) ?? [])
      .map((action) => ({ ...action, hits: hits.filter((hit) => hit.action_id === action.id).reduce((sum, hit) => sum + hit.hits, 0) }))
      .filter((action) => action.hits > 0);
    const result = page(request, response, actions);
    if (result) response.json(result);
  });

  router.get('/v1/clients/:clientId/actions/source_details', (request, response) => {
    const actionIds = list(request.query.actions_id);
    if (!actionIds) return sendApiError(response, 400, 'actions_id is required');
    const range = dates(request, response);
    if (!range) return;
    const hits = hitsOf(request.params.clientId, range, actionIds, list(request.query.sources_id));
    const bySource = (data().sources.get(request.params.clientId) ?? [])
      .map((source) => ({
        app_id: source.app_id,
        client_id: request.params.clientId,
        source_id: source.id,
        hits: hits.filter((hit) => hit.source_id === source.id).reduce((sum, hit) => sum + hit.hits, 0),
      }))
      .filter((entry) => entry.hits > 0);
    const result = page(request, response, bySource);
    if (result) response.json(result);
  });

  router.get('/v1/clients/:clientId/export_contacts', (request, response) => {
    data().exports.push(request.params.clientId);
    response.json({ success: true });
  });

  return router;
}
