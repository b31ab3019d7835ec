import type { RecordedRequest } from '../../simulator/recorder.js';

const ENDPOINTS: Array<[string, string, RegExp]> = [
  ['A1', 'GET', /^\/api\/v2\/partners\/[^/]+\/clients$/],
  ['A2', 'GET', /^\/api\/v2\/partners\/[^/]+\/clients\/[^/]+\/info\/balance$/],
  ['A3', 'GET', /^\/api\/v2\/partners\/[^/]+\/clients\/[^/]+\/channels\/[^/]+\/info\/balance$/],
  ['A4', 'GET', /^\/api\/v2\/partners\/[^/]+\/channels$/],
  ['A5', 'GET', /^\/api\/v2\/partners\/[^/]+\/clients\/[^/]+\/shared_client_numbers$/],
  ['A7', 'PATCH', /^\/api\/v2\/partners\/[^/]+\/clients\/[^/]+$/],
  ['B1', 'POST', /^\/(cloud\/messages|onprem\/v1\/messages)$/],
  ['B3', 'POST', /^\/(cloud\/media|onprem\/v1\/media)$/],
  ['B6', 'POST', /^\/(cloud|onprem)\/v1\/configs\/webhook$/],
];

/** Endpoint id of a request the simulator recorded (A1, A4, …), or `METHOD path` for others. */
export function endpointOf(request: Pick<RecordedRequest, 'method' | 'path'>): string {
  const match = ENDPOINTS.find(([, method, pattern]) => method === request.method && pattern.test(request.path));
  return match ? match[0] : `${request.method} ${request.path}`;
}

/** Calls per endpoint, e.g. {A1: 1, A4: 3}. */
export function countByEndpoint(requests: readonly RecordedRequest[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of requests) {
    const id = endpointOf(request);
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
}

export function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** `A1×1 + A4×3` */
export function describeCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b));
  return entries.length ? entries.map(([id, count]) => `${id}×${count}`).join(' + ') : 'none';
}

/** A recorded upstream request in the form to send it again: path with its query, credentials and body. */
export interface ReplayRequest {
  method: string;
  /** Below the simulator's base URL, query string included. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** One operation the gateway ran: the upstream requests it made, as round trips, and the data it answered. */
export interface RecordedOperation {
  /** In sequence; the requests of one round trip in parallel. */
  roundTrips: ReplayRequest[][];
  data: Record<string, unknown>;
}

export function toReplay(request: RecordedRequest): ReplayRequest {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) for (const item of [value].flat()) query.append(name, item);
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'svc-api-key', 'content-type']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    method: request.method,
    path: `${request.path}${query.size > 0 ? `?${query.toString()}` : ''}`,
    headers,
    ...(request.body !== undefined && request.method !== 'GET' && { body: JSON.stringify(request.body) }),
  };
}
