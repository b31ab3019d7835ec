import { BadUserInputError } from '../errors.js';

const camelToSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * Nested filter input → the upstream `filters` object: one key per set leaf, keyed by its
 * dotted field path in snake_case (`contactInfo.country` → `contact_info.country`).
 * `renames` maps top-level input names whose upstream key is not derived (`search` → `q`).
 */
export function toUpstreamFilters(input: object | null | undefined, renames: Record<string, string> = {}): Record<string, string | number | boolean> {
  const filters: Record<string, string | number | boolean> = {};
  const walk = (value: object, prefix: string, top: boolean) => {
    for (const [name, item] of Object.entries(value)) {
      if (item === null || item === undefined) continue;
      const key = top && renames[name] ? renames[name] : camelToSnake(name);
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof item === 'object') walk(item as object, path, false);
      else filters[path] = item as string | number | boolean;
    }
  };
  if (input) walk(input, '', true);
  return filters;
}

/**
 * Sort enum value → upstream field path. Enum names are the path in upper case with `_` for
 * both separators; `groups` lists the (dotted) object prefixes so they can be told apart,
 * longest first wins (`CLIENT_META_INFO_TIMEZONE` → `client.meta_info.timezone`).
 */
export function sortFieldPath(value: string, groups: readonly string[]): string {
  const lower = value.toLowerCase();
  const match = [...groups].sort((a, b) => b.length - a.length).find((group) => lower.startsWith(`${group.replace(/\./g, '_')}_`));
  return match ? `${match}.${lower.slice(match.length + 1)}` : lower;
}

export const CLIENT_SORT_GROUPS = ['meta_info', 'contact_info', 'contact_user'] as const;
export const CHANNEL_SORT_GROUPS = [
  'profile_info',
  'setup_info',
  'project',
  'client',
  'client.meta_info',
  'client.contact_info',
  'client.contact_user',
  'integration',
  'integration.parameters',
  'waba_account',
  'waba_account.on_behalf_of_business_info',
  'channel_settings',
] as const;

export function toUpstreamSort(order: { field: string; direction?: 'ASC' | 'DESC' | null } | null | undefined, groups: readonly string[]): string | undefined {
  if (!order) return undefined;
  const path = sortFieldPath(order.field, groups);
  return order.direction === 'DESC' ? `-${path}` : path;
}

export interface Page {
  limit?: number | null;
  offset?: number | null;
}

/**
 * The largest page a listing (A1, A4, the insights listings) may ask for: the spec states no
 * upstream maximum, and an unbounded one would let one caller make the upstream assemble (and the
 * gateway buffer) a whole account at once.
 */
export const LISTING_LIMIT_MAX = 1_000;

/** 1 ≤ limit ≤ maxLimit and offset ≥ 0, checked before anything is sent. */
export function checkPage(page: Page, maxLimit = LISTING_LIMIT_MAX): void {
  if (page.limit !== null && page.limit !== undefined) {
    if (page.limit < 1) throw new BadUserInputError('limit must be at least 1', 'limit');
    if (page.limit > maxLimit) {
      throw new BadUserInputError(`limit must be at most ${maxLimit}`, 'limit');
    }
  }
  if (page.offset !== null && page.offset !== undefined && page.offset < 0) {
    throw new BadUserInputError('offset must be at least 0', 'offset');
  }
}
