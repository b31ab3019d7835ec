import { ForbiddenError, NotFoundError } from '../errors.js';
import { LISTING_LIMIT_MAX, type Page } from '../datasources/filters.js';
import type { ClientGrant } from './actor.js';

/**
 * Client grants (issue 41, docs/security.md "Client grants"): every check of which clients a caller may see and act
 * for lives here. What lies outside the grant answers exactly as what does not exist (NOT_FOUND, or null where the
 * schema answers null), so a caller cannot tell an ungranted client or channel from a missing one.
 */

export function grantsClient(grant: ClientGrant, clientId: string): boolean {
  return grant.allClients || grant.clientIds.has(clientId);
}

export const clientIdOfClient = (client: { id: string }) => client.id;
export const clientIdOfChannel = (channel: { client_id: string }) => channel.client_id;

/** The answer for a client that does not exist, or is outside the grant (one message for both). */
export const clientNotFound = (clientId: string) => new NotFoundError(`Client ${clientId} not found`);

/**
 * A write naming a client (and channel) by id: with a partial grant the client must be granted and exist, checked
 * before anything is sent, and both failures give one answer. Every client granted: nothing is looked up, the
 * upstream answers for an unknown id as before grants existed.
 */
export async function requireGrantedClient(grant: ClientGrant, clientId: string, loadClient: (clientId: string) => Promise<unknown>): Promise<void> {
  if (grant.allClients) return;
  if (!grantsClient(grant, clientId) || (await loadClient(clientId)) === null) throw clientNotFound(clientId);
}

/**
 * A write whose own steps could reach the upstream before the channel's route is read (createApiKey): with a partial
 * grant the channel is looked up first (the loader answers null outside the grant), as the route would answer.
 */
export async function requireGrantedChannel(grant: ClientGrant, channelId: string, loadChannel: (channelId: string) => Promise<unknown>): Promise<void> {
  if (grant.allClients) return;
  if ((await loadChannel(channelId)) === null) throw new NotFoundError(`Channel ${channelId} not found`);
}

/**
 * Partner-wide writes and reads (cancellation, default storage region, quotas, client permissions, partner settings,
 * the audit trail) act for every client at once: a caller granted only some of them may not use them.
 */
export function requireEveryClient(grant: ClientGrant, operation: string): void {
  if (!grant.allClients) {
    throw new ForbiddenError(`${operation} acts for the whole partner: it needs every client granted, and this caller is granted only some clients`);
  }
}

/** What an A1/A4 listing answers; the numbers are recomputed when the gateway filters the rows. */
export interface Listing<Node> {
  total: number;
  count: number;
  limit: number | null;
  offset: number | null;
  appliedFilters: unknown;
  appliedSort: string[] | null;
  nodes: Node[];
}

interface ListingQuery extends Page {
  filter?: object | null;
  orderBy?: unknown;
}

/**
 * A listing holding only granted clients (or their channels), with a `total` and pages that count only them.
 * `clientKey` is the filter input naming the client (`id` for clients, `clientId` for channels).
 * - every client granted: the upstream listing as asked;
 * - the caller's filter names one client: that client's listing if granted, an empty one otherwise (nothing sent);
 * - one client granted: the upstream listing filtered to it (its total and pages are the grant's);
 * - several: the upstream filters by one value only (spec 4.1), so the listing is read in pages of LISTING_LIMIT_MAX
 *   with the caller's filter and sort, the granted rows kept, and the caller's page cut from them.
 */
export async function listWithinGrant<Node, L extends Listing<Node>, Q extends ListingQuery>(
  grant: ClientGrant,
  query: Q,
  clientKey: 'id' | 'clientId',
  clientIdOf: (node: Node) => string,
  list: (query: Q) => Promise<L>,
): Promise<L> {
  if (grant.allClients) return list(query);
  const keep = (nodes: Node[]) => nodes.filter((node) => grant.clientIds.has(clientIdOf(node)));
  const named = (query.filter as Record<string, unknown> | null | undefined)?.[clientKey];
  if (typeof named === 'string' || grant.clientIds.size === 1) {
    const clientId = typeof named === 'string' ? named : [...grant.clientIds][0];
    if (!grant.clientIds.has(clientId)) {
      return {
        total: 0,
        count: 0,
        limit: query.limit ?? null,
        offset: query.offset ?? null,
        appliedFilters: null,
        appliedSort: null,
        nodes: [],
      } as unknown as L;
    }
    const answer = await list({ ...query, filter: { ...query.filter, [clientKey]: clientId } });
    // `count` may be the partner account's size (A1): a partial grant is told only its own numbers.
    return { ...answer, count: answer.total, nodes: keep(answer.nodes) };
  }
  const granted: Node[] = [];
  let page: L;
  let offset = 0;
  do {
    page = await list({ ...query, limit: LISTING_LIMIT_MAX, offset });
    granted.push(...keep(page.nodes));
    offset += LISTING_LIMIT_MAX;
  } while (page.nodes.length === LISTING_LIMIT_MAX && offset < page.total);
  const start = query.offset ?? 0;
  const nodes = granted.slice(start, query.limit == null ? undefined : start + query.limit);
  return { ...page, total: granted.length, count: granted.length, limit: query.limit ?? null, offset: query.offset ?? null, nodes };
}

/**
 * A subscription's feed holding only items of the channel checked at subscribe (whose client the grant covers): each
 * item is checked as it comes, not only the subscribe call, so nothing of another channel ever reaches a caller with a
 * partial grant. Ending the wrapper ends the feed (its cleanup runs as before).
 */
export function feedWithinGrant<Item>(
  grant: ClientGrant,
  channel: { id: string; client_id: string },
  feed: AsyncIterableIterator<Item>,
  channelIdOf: (item: Item) => string,
): AsyncIterableIterator<Item> {
  if (grant.allClients) return feed;
  const granted = (item: Item) => channelIdOf(item) === channel.id && grantsClient(grant, channel.client_id);
  const filtered: AsyncIterableIterator<Item> = {
    async next() {
      for (;;) {
        const result = await feed.next();
        if (result.done || granted(result.value)) return result;
      }
    },
    return: (value?: unknown) => feed.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
    throw: (error?: unknown) => feed.throw?.(error) ?? Promise.reject(error instanceof Error ? error : new Error(String(error))),
    [Symbol.asyncIterator]() {
      return filtered;
    },
  };
  return filtered;
}
