import { performance } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';

/**
 * The modelled upstream latency: an answer leaves `latencyMs` after its request arrived, the
 * simulator's own handling included, as a real server's handling is part of its latency. So
 * parallel calls are handled while they wait rather than one after another behind the wait
 * (which made a fan-out of N calls cost latency + N × handling). Handling that takes longer
 * than the latency delays the answer no further. The control routes (/_control) answer at once.
 */
export function latencyMiddleware(latencyMs: number) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.path.startsWith('/_control')) return next();
    const due = performance.now() + latencyMs;
    response.locals.answerDue = due;
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    response.end = ((...args: unknown[]) => {
      const wait = due - performance.now();
      if (wait <= 0 || response.headersSent) return end(...args);
      setTimeout(() => end(...args), wait);
      return response;
    }) as Response['end'];
    // Handling waits for the check phase, so requests that arrived together are all stamped
    // before any of them is handled (one thread would otherwise stamp each after the others' work).
    setImmediate(next);
  };
}

/** Streamed answers send their head with the first chunk: they start once the latency has passed. */
export async function untilAnswerDue(response: Response): Promise<void> {
  const due = response.locals.answerDue as number | undefined;
  const wait = due === undefined ? 0 : due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
