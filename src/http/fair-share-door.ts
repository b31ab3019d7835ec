import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UnauthenticatedError } from '../errors.js';
import { ShareUsedUpError } from '../store/fair-share.js';
import { type HttpRefusal, releaseUnreadBody, sendJson } from './request.js';

/**
 * A caller refused at the door may be flooding: a body larger than an ordinary operation is not
 * read to keep its connection, which closes after the 429 (reconnecting is the caller's cost).
 */
const REFUSED_CALLER_DISCARD_LIMIT_BYTES = 64 * 1024;

/** Node's timers and Date.now() round apart by up to a millisecond: an answer held a little past the refill finds the budget refilled. */
const REFILL_MARGIN_MS = 5;

/**
 * Each MiB of a refused body past the first is charged as one more refusal: reading and holding a
 * body costs the gateway by its size, and one read to the 7 MB limit (default MEDIA_INLINE_MAX_BYTES)
 * takes a default budget (MAX_COST_PER_SECOND_PER_CALLER) whole. A body refused by its Content-Length
 * costs as much as the same body chunked, read to the limit: it is not read, but its connection closes
 * after the answer, and each new one a sender of such bodies opens takes in a buffer-full of it.
 */
const CHARGED_BYTES_PER_REFUSAL = 1024 * 1024;

function refusalsCharged(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / CHARGED_BYTES_PER_REFUSAL));
}

export interface FairShareDoorOptions {
  /** Takes the caller's in-flight slot before the body is read; returns its release. Throws ShareUsedUpError when the caller's share is used up. */
  enter(shareKey: string): () => void;
  /** Refusals of one caller out of budget that may wait at once for the budget to refill; past them the refusal is immediate and closes its connection. */
  maxHeldRefusalsPerCaller: number;
  /**
   * Charges a body refused for its size, structure, encoding or syntax to its caller's share as
   * `operations` operations refused for their cost: one, and one more for each further MiB read.
   */
  chargeRefused(shareKey: string, operations: number): Promise<void>;
  /** Counts a request refused before Apollo saw it (hubgraph_graphql_http_refusals_total). */
  countRefusal(reason: 'budget' | 'budget_at_once' | 'in_flight' | 'body' | 'credential', status: number): void;
}

export interface FairShareDoor {
  /**
   * Takes the caller's in-flight slot for this request (given back when its response closes); false when the
   * caller's share is used up, the refusal then answered by the door (held until the budget refills, or at once).
   */
  admit(request: IncomingMessage, response: ServerResponse, shareKey: string): boolean;
  /** Charges a body refused before Apollo saw it to its caller, by the bytes it cost, and counts the refusal. */
  chargeBodyRefusal(shareKey: string, refusal: HttpRefusal): Promise<void>;
  /**
   * Answers a request whose credential is already known to be refused (identity/share-keys.ts) with its
   * UNAUTHENTICATED, its body unread: a credential repeated after its refusal costs a lookup, and no upstream call.
   */
  refuseCredential(request: IncomingMessage, response: ServerResponse, error: UnauthenticatedError): void;
}

/**
 * The fair-share step of /graphql over HTTP, before a request's body is read (pipeline.ts's fair-share step; over
 * graphql-ws the same share is checked before a document is parsed).
 */
export function fairShareDoor(options: FairShareDoorOptions): FairShareDoor {
  const refuseAtDoor = (request: IncomingMessage, response: ServerResponse, error: ShareUsedUpError) => {
    releaseUnreadBody(request, response, REFUSED_CALLER_DISCARD_LIMIT_BYTES);
    sendJson(
      response,
      429,
      { errors: [{ message: error.message, extensions: { code: error.code, retryAfterSeconds: error.retryAfterSeconds } }] },
      { headers: { 'retry-after': String(error.retryAfterSeconds) } },
    );
  };
  /** Each caller's refusals waiting for its budget to refill. */
  const held = new Map<string, number>();
  /**
   * A caller out of budget is answered when its budget refills (at most a second), not at once:
   * a client that keeps its connections busy with requests it was told to hold back (Retry-After)
   * gets one answer per connection per refill instead of thousands a second, each costing the
   * gateway a request's headers, an answer and often a new connection. nginx's limit_req delays
   * excess requests the same way. Its body stays unread meanwhile, so a sender of large bodies
   * waits on its own connection. Past maxHeldRefusalsPerCaller, the answer is immediate and the
   * connection closes; a refusal for operations in flight is answered at once.
   */
  const holdUntilRefill = (request: IncomingMessage, response: ServerResponse, error: ShareUsedUpError, shareKey: string) => {
    const waiting = held.get(shareKey) ?? 0;
    if (error.budgetRefillsInMs === undefined) {
      options.countRefusal('in_flight', 429);
      refuseAtDoor(request, response, error);
      return;
    }
    if (waiting >= options.maxHeldRefusalsPerCaller) {
      options.countRefusal('budget_at_once', 429);
      response.shouldKeepAlive = false;
      refuseAtDoor(request, response, error);
      return;
    }
    options.countRefusal('budget', 429);
    held.set(shareKey, waiting + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      const left = (held.get(shareKey) ?? 1) - 1;
      if (left > 0) held.set(shareKey, left);
      else held.delete(shareKey);
    };
    const timer = setTimeout(() => {
      release();
      // The body deadline (408) may have answered meanwhile.
      if (!response.writableEnded) refuseAtDoor(request, response, error);
    }, error.budgetRefillsInMs + REFILL_MARGIN_MS);
    response.once('close', release);
  };
  return {
    admit(request, response, shareKey) {
      let leave: () => void;
      try {
        leave = options.enter(shareKey);
      } catch (error) {
        if (!(error instanceof ShareUsedUpError)) throw error;
        holdUntilRefill(request, response, error, shareKey);
        return false;
      }
      response.once('close', leave);
      return true;
    },
    refuseCredential(request, response, error) {
      options.countRefusal('credential', 401);
      releaseUnreadBody(request, response, REFUSED_CALLER_DISCARD_LIMIT_BYTES);
      sendJson(response, 401, { errors: [{ message: error.message, extensions: { code: error.code } }] });
    },
    async chargeBodyRefusal(shareKey, refusal) {
      options.countRefusal('body', refusal.status);
      await options.chargeRefused(shareKey, refusalsCharged(refusal.bytesRefused));
    },
  };
}
