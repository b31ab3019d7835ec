import { stableStringify } from '../lib/stable-stringify.js';
import type { ResponseCache, Tenant } from '../store/cache.js';
import { toGraphQLError } from './upstream-errors.js';
import type { CallBudget } from './call-budget.js';
import type { EndpointId } from './endpoints.js';
import type { UpstreamClient, UpstreamRequest } from './http.js';
import type { UpstreamPath } from './upstream-path.js';

export interface CachePolicy {
  /** Invalidation scope, e.g. `channels` or `usage:<clientId>`. */
  scope: string;
  ttlMs: number;
}

/** An array value is sent as a repeated parameter (`app_id=a&app_id=b`). */
export type SearchParams = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface ReadOptions {
  searchParams?: SearchParams;
  headers?: Record<string, string>;
  cache?: CachePolicy;
  /**
   * Owner of the cache entry and of the dedup slot: the partner in the path and the fingerprint of
   * the credential the headers carry (area-B keys are per channel), so reads made with different
   * credentials never share an answer.
   */
  tenant: Tenant;
  /** Client of another root than the source's default (area B picks cloud or on-premise per channel). */
  http?: UpstreamClient;
  /**
   * Runs around the upstream call only (never around a cache hit or a shared in-flight read),
   * e.g. to take a slot of a rate limit. `key` identifies the request (tenant, credential,
   * parameters, cache generation), so identical calls of concurrent requests may share one.
   */
  throttle?: <R>(call: () => Promise<R>, key: string) => Promise<R>;
  /** Overrides the client's retry count (a rate-limited endpoint spends budget on every attempt). */
  retryLimit?: number;
}

export interface WriteOptions {
  json?: unknown;
  headers?: Record<string, string>;
  searchParams?: SearchParams;
  http?: UpstreamClient;
}

function definedParams(params: SearchParams | undefined): Record<string, string | string[]> | undefined {
  if (!params) return undefined;
  let defined: Record<string, string | string[]> | undefined;
  for (const name of Object.keys(params)) {
    const value = params[name];
    if (value !== undefined) (defined ??= {})[name] = Array.isArray(value) ? [...(value as readonly string[])] : String(value);
  }
  return defined;
}

/**
 * What identifies a read beside its tenant: its path and parameters, the text stableStringify([path, params]) gives
 * (keys sorted), written in one pass over the parameters' few strings: the general walk took 0.9 % of a cached
 * listing's own instructions (bench/RESULTS.md, scenario 13, fifth round).
 */
export function readKey(path: UpstreamPath, params: Record<string, string | string[]> | undefined): string {
  if (!params) return `[${JSON.stringify(path)},null]`;
  let fields = '';
  for (const name of Object.keys(params).sort()) fields += `${fields ? ',' : ''}${JSON.stringify(name)}:${JSON.stringify(params[name])}`;
  return `[${JSON.stringify(path)},{${fields}}]`;
}

function urlSearchParams(params: Record<string, string | string[]>): URLSearchParams {
  return new URLSearchParams(
    Object.entries(params).flatMap(([key, value]): Array<[string, string]> =>
      Array.isArray(value) ? value.map((item): [string, string] => [key, item]) : [[key, value]],
    ),
  );
}

function generationSlot(tenant: Tenant, scope: string): string {
  return JSON.stringify([tenant.partnerId, tenant.credentialFingerprint, scope]);
}

/**
 * Base of the per-request data sources. Reads are deduplicated within the request (identical
 * method, path, parameters and credential share one upstream call) and optionally cached across
 * requests under the tenant; writes are sent exactly once and never retried.
 */
export abstract class UpstreamSource {
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly generations = new Map<string, Promise<number>>();

  /** The operation's upstream calls left (MAX_UPSTREAM_CALLS_PER_OPERATION), shared with the request's other sources. */
  private budget: CallBudget | null = null;

  protected constructor(
    protected readonly http: UpstreamClient,
    protected readonly cache: ResponseCache,
    protected readonly tenant: Tenant,
    protected readonly requestId: string,
  ) {}

  /** Every call this source sends from now on takes one from `budget` first. */
  limitCalls(budget: CallBudget): this {
    this.budget = budget;
    return this;
  }

  protected async read<T>(endpoint: EndpointId, path: UpstreamPath, options: ReadOptions): Promise<T> {
    const searchParams = definedParams(options.searchParams);
    const { tenant } = options;
    const request = readKey(path, searchParams);
    const root = options.http ? options.http.root : '';
    const dedupKey = JSON.stringify([root, tenant.partnerId, tenant.credentialFingerprint, request]);
    const pending = this.inflight.get(dedupKey);
    if (pending) return pending as Promise<T>;

    const load = async (): Promise<T> => {
      // A TTL of 0 turns the cache off: no generation read, no key, no lookup that cannot hit.
      const policy = options.cache && options.cache.ttlMs > 0 ? options.cache : undefined;
      const cacheKey = policy ? this.cache.key(tenant, policy.scope, await this.generation(tenant, policy.scope), request) : undefined;
      if (cacheKey) {
        const cached = await this.cache.get<T>(cacheKey);
        if (cached !== undefined) return cached;
      }
      const call = () =>
        this.send<T>(
          {
            method: 'GET',
            endpoint,
            path,
            ...(searchParams && { searchParams: urlSearchParams(searchParams) }),
            ...(options.headers && { headers: options.headers }),
            ...(options.retryLimit !== undefined && { retryLimit: options.retryLimit }),
          },
          false,
          options.http,
        );
      const fetchUpstream = () => (options.throttle ? options.throttle(call, stableStringify([dedupKey, cacheKey])) : call());
      return cacheKey && policy ? this.cache.fill(cacheKey, policy.ttlMs, fetchUpstream) : fetchUpstream();
    };
    const promise = load();
    this.inflight.set(dedupKey, promise);
    // A failed read may be retried by a later field; only successes stay shared.
    promise.catch(() => this.inflight.delete(dedupKey));
    return promise;
  }

  protected async write<T>(
    endpoint: EndpointId,
    // GET too: some upstream actions are GETs with an effect (insights export_contacts), never cached or retried.
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: UpstreamPath,
    options: WriteOptions = {},
  ): Promise<T> {
    const searchParams = definedParams(options.searchParams);
    return this.send<T>(
      {
        method,
        endpoint,
        path,
        retryLimit: 0,
        ...(options.json !== undefined && { json: options.json }),
        ...(searchParams && { searchParams: urlSearchParams(searchParams) }),
        ...(options.headers && { headers: options.headers }),
      },
      true,
      options.http,
    );
  }

  /**
   * Told when a write's invalidation failed (the request's context reports it beside the write's
   * answer). Unset, the store's error is thrown as before.
   */
  reportStaleCache: (error: unknown) => void = (error) => {
    throw error;
  };

  /**
   * Drops cached reads of the scope for every instance sharing the store, and this request's own.
   * Runs after a write: a store failure here must not replace the write's own answer or error
   * (a caller told "retry" would repeat a write that happened), so it goes to reportStaleCache.
   */
  protected async invalidate(scope: string, tenant: Tenant = this.tenant): Promise<void> {
    this.generations.delete(generationSlot(tenant, scope));
    this.inflight.clear();
    try {
      await this.cache.invalidate(tenant, scope);
    } catch (error) {
      this.reportStaleCache(error);
    }
  }

  private generation(tenant: Tenant, scope: string): Promise<number> {
    const key = generationSlot(tenant, scope);
    let generation = this.generations.get(key);
    if (!generation) {
      generation = this.cache.generation(tenant, scope);
      this.generations.set(key, generation);
    }
    return generation;
  }

  private async send<T>(request: Omit<UpstreamRequest, 'requestId'>, write: boolean, http: UpstreamClient = this.http): Promise<T> {
    // Refused before sending once the operation has spent its calls.
    this.budget?.take();
    try {
      return (await http.json<T>({ ...request, requestId: this.requestId })).body;
    } catch (error) {
      throw toGraphQLError(error, request.endpoint, { write });
    }
  }
}

/**
 * Areas A and C: every call carries the caller's upstream Authorization, and cached entries
 * belong to the partner named in the path, seen through that credential.
 */
export abstract class BearerSource extends UpstreamSource {
  protected constructor(
    http: UpstreamClient,
    cache: ResponseCache,
    tenant: Tenant,
    requestId: string,
    private readonly authorization: string,
  ) {
    super(http, cache, tenant, requestId);
  }

  protected get headers(): { authorization: string } {
    return { authorization: this.authorization };
  }

  protected tenantFor(partnerId: string): Tenant {
    return { partnerId, credentialFingerprint: this.tenant.credentialFingerprint };
  }
}
