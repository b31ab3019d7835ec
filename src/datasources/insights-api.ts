import type { UpstreamClient } from './http.js';
import type { ResponseCache, Tenant } from '../store/cache.js';
import type { Config } from '../config.js';
import { BadUserInputError, ForbiddenError } from '../errors.js';
import { checkPage, type Page } from './filters.js';
import type { ActionSourceDto, InsightActionDto, InsightSourceEntryDto, InsightsPageDto } from './types.js';
import { BearerSource, type SearchParams } from './upstream-source.js';
import { checkIdText, upstreamPath, type UpstreamPath } from './upstream-path.js';

/** Cache scopes of area C. */
export const InsightsScopes = {
  allowed: 'insights-allowed',
  data: (clientId: string) => `insights:${clientId}`,
} as const;

export interface DateRange {
  dateFrom: string;
  dateTo: string;
}

/**
 * The spec names `date_from`/`date_to` strings without a format: the gateway sends the UTC
 * calendar date of the DateTime, `YYYY-MM-DD` (the format of the insight points' own `date`).
 */
export function insightsDate(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

/** How a list parameter of area C travels (INSIGHTS_LIST_ENCODING): one comma-separated parameter, or one parameter per value. */
export type InsightsListEncoding = 'comma' | 'repeat';

/**
 * A list parameter (`app_ids`, `source_ids`, `actions_id`, `sources_id`), de-duplicated and sorted so equal sets
 * share one cache entry. `comma`: one parameter `a,b` (like A3's `app_ids`), so an id must not contain a comma;
 * `repeat`: `x=a&x=b` (like A2's `app_id`).
 */
export function insightsList(ids: readonly string[], field: string, required: boolean, encoding: InsightsListEncoding): string | string[] | undefined {
  if (ids.length === 0) {
    if (required) throw new BadUserInputError(`${field} must name at least one id`, field);
    return undefined;
  }
  ids.forEach((id, index) => {
    checkIdText(id, `${field}.${index}`);
    if (id.trim() === '') throw new BadUserInputError('ids must be non-empty', `${field}.${index}`);
    if (encoding === 'comma' && id.includes(',')) {
      throw new BadUserInputError('ids must not contain a comma (lists are sent comma-separated, INSIGHTS_LIST_ENCODING=comma)', `${field}.${index}`);
    }
  });
  const unique = [...new Set(ids)].sort();
  return encoding === 'comma' ? unique.join(',') : unique;
}

function rangeParams(range: DateRange): { date_from: string; date_to: string } {
  if (Date.parse(range.dateTo) < Date.parse(range.dateFrom)) throw new BadUserInputError('dateTo must not be before dateFrom', 'dateTo');
  return { date_from: insightsDate(range.dateFrom), date_to: insightsDate(range.dateTo) };
}

function pageParams(page: Page): { limit?: number; offset?: number } {
  checkPage(page);
  return {
    ...(page.limit != null && { limit: page.limit }),
    ...(page.offset != null && { offset: page.offset }),
  };
}

/** Area C (insights, beta) for one request's caller: the caller's upstream Authorization, like area A. */
export class InsightsApi extends BearerSource {
  constructor(
    http: UpstreamClient,
    cache: ResponseCache,
    tenant: Tenant,
    requestId: string,
    authorization: string,
    private readonly config: Config,
  ) {
    super(http, cache, tenant, requestId, authorization);
  }

  /** insights-allowed; one call per client per request (dedup), cached across requests. */
  async allowed(partnerId: string, clientId: string): Promise<boolean> {
    const body = await this.read<{ allowed: boolean }>('C', upstreamPath`v1/insights-allowed/${{ clientId }}`, {
      headers: this.headers,
      tenant: this.tenantFor(partnerId),
      cache: { scope: InsightsScopes.allowed, ttlMs: this.config.cacheTtlMs.insights },
    });
    return body.allowed === true;
  }

  /** FORBIDDEN before any data endpoint is called for a client without insights access. */
  async requireAllowed(partnerId: string, clientId: string): Promise<void> {
    if (!(await this.allowed(partnerId, clientId))) {
      throw new ForbiddenError(`Insights are not enabled for client ${clientId}: insights access is enabled per client on request to the provider`);
    }
  }

  private async data<T>(partnerId: string, clientId: string, path: UpstreamPath, searchParams: SearchParams) {
    await this.requireAllowed(partnerId, clientId);
    return this.read<InsightsPageDto<T>>('C', path, {
      searchParams,
      headers: this.headers,
      tenant: this.tenantFor(partnerId),
      cache: { scope: InsightsScopes.data(clientId), ttlMs: this.config.cacheTtlMs.insights },
    });
  }

  async sources(partnerId: string, clientId: string, query: DateRange & Page & { appIds?: readonly string[] | null }) {
    const searchParams = {
      ...rangeParams(query),
      app_ids: query.appIds ? insightsList(query.appIds, 'appIds', true, this.config.insightsListEncoding) : undefined,
      ...pageParams(query),
    };
    return this.data<InsightSourceEntryDto>(partnerId, clientId, upstreamPath`v1/clients/${{ clientId }}/sources`, searchParams);
  }

  async actions(partnerId: string, clientId: string, query: DateRange & Page & { sourceIds: readonly string[] }) {
    const searchParams = {
      source_ids: insightsList(query.sourceIds, 'sourceIds', true, this.config.insightsListEncoding),
      ...rangeParams(query),
      ...pageParams(query),
    };
    return this.data<InsightActionDto>(partnerId, clientId, upstreamPath`v1/clients/${{ clientId }}/actions`, searchParams);
  }

  async actionSources(partnerId: string, clientId: string, query: DateRange & Page & { actionIds: readonly string[]; sourceIds?: readonly string[] | null }) {
    const searchParams = {
      actions_id: insightsList(query.actionIds, 'actionIds', true, this.config.insightsListEncoding),
      sources_id: query.sourceIds ? insightsList(query.sourceIds, 'sourceIds', true, this.config.insightsListEncoding) : undefined,
      ...rangeParams(query),
      ...pageParams(query),
    };
    return this.data<ActionSourceDto>(partnerId, clientId, upstreamPath`v1/clients/${{ clientId }}/actions/source_details`, searchParams);
  }

  async renameSource(partnerId: string, clientId: string, sourceId: string, name: string): Promise<boolean> {
    if (name.trim() === '') throw new BadUserInputError('name must not be empty', 'name');
    const path = upstreamPath`v1/clients/${{ clientId }}/sources/${{ sourceId }}`;
    await this.requireAllowed(partnerId, clientId);
    try {
      const body = await this.write<{ success: boolean }>('C', 'PATCH', path, {
        json: { name },
        headers: this.headers,
      });
      return body.success === true;
    } finally {
      await this.invalidate(InsightsScopes.data(clientId), this.tenantFor(partnerId));
    }
  }

  /** A GET with an effect upstream: sent once, never cached or retried. */
  async exportContacts(partnerId: string, clientId: string): Promise<boolean> {
    const path = upstreamPath`v1/clients/${{ clientId }}/export_contacts`;
    await this.requireAllowed(partnerId, clientId);
    const body = await this.write<{ success: boolean }>('C', 'GET', path, {
      headers: this.headers,
    });
    return body.success === true;
  }
}
