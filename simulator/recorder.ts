import type { NextFunction, Request, Response } from 'express';

/** One request as the simulator received it; tests assert on these. */
export interface RecordedRequest {
  method: string;
  /** Path below the area root, e.g. `/api/v2/partners/p/clients`. */
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  at: number;
}

/** Requests a recorder keeps by default: enough for any test, bounded for a simulator serving a bench or a long `npm start`. */
export const RECORDER_CAPACITY = 10_000;

/**
 * The simulator's latest requests, oldest first: a ring of `capacity` entries (past it, the oldest
 * are dropped, a quarter of the capacity at a time so a push stays O(1) amortised). Tests read
 * `requests` as a plain array.
 */
export class RequestRecorder {
  readonly requests: RecordedRequest[] = [];

  constructor(private readonly capacity = RECORDER_CAPACITY) {}

  clear(): void {
    this.requests.length = 0;
  }

  /** Requests whose path matches, optionally by method. */
  matching(pattern: RegExp | string, method?: string): RecordedRequest[] {
    return this.requests.filter(
      (request) => (typeof pattern === 'string' ? request.path === pattern : pattern.test(request.path)) && (!method || request.method === method),
    );
  }

  middleware() {
    return (request: Request, _response: Response, next: NextFunction) => {
      if (!request.path.startsWith('/_control')) {
        this.requests.push({
          method: request.method,
          path: request.path,
          query: request.query as Record<string, string | string[]>,
          headers: { ...request.headers },
          body: request.body,
          at: Date.now(),
        });
        if (this.requests.length > this.capacity + Math.floor(this.capacity / 4)) this.requests.splice(0, this.requests.length - this.capacity);
      }
      next();
    };
  }
}
