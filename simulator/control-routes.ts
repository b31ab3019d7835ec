import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';

/**
 * Fault injection for tests and benchmarks: a rule makes matching upstream requests fail (status,
 * Retry-After, body, or a dropped connection) and/or answer late (delayMs), for the next `times`
 * matches or until removed.
 * Requests a fault answers are still recorded, so tests can count retries.
 */
const faultInput = z
  .object({
    /** Regular expression tested against the full request path, e.g. `^/api/v2/partners/[^/]+/clients$`. */
    path: z.string().min(1),
    method: z
      .string()
      .min(1)
      .transform((value) => value.toUpperCase())
      .optional(),
    status: z.number().int().min(100).max(599).optional(),
    /** How many matching requests the rule affects; omitted: every one until DELETE. */
    times: z.number().int().positive().optional(),
    /** Sent as the Retry-After header (seconds or an HTTP date). */
    retryAfter: z.union([z.number().int().min(0), z.string().min(1)]).optional(),
    delayMs: z.number().int().min(0).optional(),
    /** Destroy the connection instead of answering (after delayMs): the client sees ECONNRESET. */
    dropConnection: z.boolean().optional(),
    /** Response body; default `{error: {code: status, message}}`. */
    body: z.unknown().optional(),
    /** Drop every earlier rule first. */
    reset: z.boolean().optional(),
  })
  .refine(
    (input) => input.status !== undefined || input.delayMs !== undefined || input.dropConnection === true,
    'a fault needs status, delayMs and/or dropConnection',
  )
  .refine((input) => {
    try {
      new RegExp(input.path);
      return true;
    } catch {
      return false;
    }
  }, 'path must be a valid regular expression');

export type FaultInput = z.input<typeof faultInput>;

interface FaultRule {
  id: number;
  pattern: RegExp;
  method: string | undefined;
  status: number | undefined;
  remaining: number;
  retryAfter: string | undefined;
  delayMs: number;
  dropConnection: boolean;
  body: unknown;
  /** Requests the rule has answered so far. */
  hits: number;
}

export class FaultInjector {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(input: FaultInput): FaultRule {
    const parsed = faultInput.parse(input);
    if (parsed.reset) this.clear();
    const rule: FaultRule = {
      id: this.nextId++,
      pattern: new RegExp(parsed.path),
      method: parsed.method,
      status: parsed.status,
      remaining: parsed.times ?? Number.POSITIVE_INFINITY,
      retryAfter: parsed.retryAfter === undefined ? undefined : String(parsed.retryAfter),
      delayMs: parsed.delayMs ?? 0,
      dropConnection: parsed.dropConnection ?? false,
      body: parsed.body,
      hits: 0,
    };
    this.rules.push(rule);
    return rule;
  }

  clear(): void {
    this.rules = [];
  }

  list() {
    return this.rules.map(({ pattern, remaining, ...rule }) => ({
      ...rule,
      path: pattern.source,
      remaining: Number.isFinite(remaining) ? remaining : null,
    }));
  }

  /** Takes one use of the first rule matching the request, if any. */
  private take(method: string, path: string): FaultRule | undefined {
    const rule = this.rules.find((candidate) => candidate.remaining > 0 && (!candidate.method || candidate.method === method) && candidate.pattern.test(path));
    if (!rule) return undefined;
    rule.remaining -= 1;
    rule.hits += 1;
    if (rule.remaining === 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
    return rule;
  }

  middleware() {
    return (request: Request, response: Response, next: NextFunction) => {
      if (request.path.startsWith('/_control')) return next();
      const rule = this.take(request.method, request.path);
      if (!rule) return next();
      const answer = () => {
        if (rule.dropConnection) {
          request.socket.destroy();
          return;
        }
        if (rule.status === undefined) return next();
        if (rule.retryAfter !== undefined) response.setHeader('retry-after', rule.retryAfter);
        response.status(rule.status).json(rule.body ?? { error: { code: rule.status, message: `injected fault (rule ${rule.id})` } });
      };
      if (rule.delayMs === 0) return answer();
      // A client that gave up (timeout) closes the connection: nothing left to answer.
      const timer = setTimeout(answer, rule.delayMs);
      response.on('close', () => clearTimeout(timer));
    };
  }
}

/** `/_control`: POST/GET/DELETE `/faults`. Not part of the upstream interface; never recorded. */
export function controlRouter(faults: FaultInjector): Router {
  const router = Router();
  router.post('/faults', (request: Request, response: Response) => {
    const parsed = faultInput.safeParse(request.body ?? {});
    if (!parsed.success) {
      response.status(400).json({ error: { code: 400, message: parsed.error.issues.map((issue) => issue.message).join('; ') } });
      return;
    }
    const rule = faults.add(request.body as FaultInput);
    response.status(201).json({ id: rule.id });
  });
  router.get('/faults', (_request: Request, response: Response) => {
    response.json({ faults: faults.list() });
  });
  router.delete('/faults', (_request: Request, response: Response) => {
    faults.clear();
    response.status(204).end();
  });
  return router;
}
