import { BadUserInputError } from '../errors.js';
import type { Granularity } from '../generated/graphql.js';

export interface UsageQuery {
  from?: string | null;
  to?: string | null;
  granularity?: Granularity | null;
  appIds?: readonly string[] | null;
}

/** ISO 8601 (already normalised by the DateTime scalar) → UNIX seconds, UTC. */
export function unixSeconds(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

/**
 * A2/A3 query parameters. Dates become UNIX seconds (`start_date`, `end_date`); granularity is
 * always sent (upstream default MONTH, the graph's too). App ids are de-duplicated and sorted, so
 * equal sets share one cache entry; A2 takes them as a repeated `app_id` parameter
 * (`app_id=a&app_id=b`, the spec's "array of string"), A3 as one comma-separated `app_ids`.
 */
export function usageSearchParams(query: UsageQuery, endpoint: 'A2' | 'A3'): Record<string, string | number | string[]> {
  const params: Record<string, string | number | string[]> = {};
  if (query.from) params.start_date = unixSeconds(query.from);
  if (query.to) params.end_date = unixSeconds(query.to);
  if (query.from && query.to && Date.parse(query.to) < Date.parse(query.from)) {
    throw new BadUserInputError('to must not be before from', 'to');
  }
  params.granularity = query.granularity ?? 'MONTH';
  if (query.appIds) {
    if (query.appIds.length === 0) throw new BadUserInputError('appIds must not be empty; omit it for all app ids', 'appIds');
    query.appIds.forEach((appId, index) => {
      if (appId.trim() === '') throw new BadUserInputError('app ids must not be empty', `appIds.${index}`);
      if (endpoint === 'A3' && appId.includes(',')) {
        throw new BadUserInputError('app ids must not contain a comma (A3 sends them comma-separated)', `appIds.${index}`);
      }
    });
    const appIds = [...new Set(query.appIds)].sort();
    if (endpoint === 'A2') params.app_id = appIds;
    else params.app_ids = appIds.join(',');
  }
  return params;
}
