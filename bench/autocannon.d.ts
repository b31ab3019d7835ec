// autocannon ships no types; this declares the part of its programmatic API the benchmarks use.
declare module 'autocannon' {
  import type { IncomingHttpHeaders } from 'node:http';

  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
  }

  export interface Options extends Request {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    pipelining?: number;
    /** Requests per second across all connections (0: as fast as answered). */
    overallRate?: number;
    timeout?: number;
    requests?: Request[];
    /** Replaces every `[<id>]` in the body with a fresh unique id per request. */
    idReplacement?: boolean;
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  }

  export type Headers = IncomingHttpHeaders;

  /** A running load: its result once done, and an event per answer (`responseTimeMs` unrounded, unlike the latency histogram). */
  export interface Instance extends Promise<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void;
  }

  export default function autocannon(options: Options): Instance;
}
