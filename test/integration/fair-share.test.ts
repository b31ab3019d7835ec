import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { graphqlBodyLimit } from '../../src/http/media-route.js';
import { connectWs } from '../support/events.js';
import { ACME, metricValue, startTestGateway, useTestGateway, type TestGateway } from '../support/gateway.js';
import { describeWithRedis, dropNamespace, testRedisEnv, uniqueNamespace } from '../support/redis.js';

/** Each caller's share (MAX_OPERATIONS_IN_FLIGHT_PER_CALLER, MAX_COST_PER_SECOND_PER_CALLER), through real HTTP. */

const HOSTILE = 'Bearer hostile-caller-token';
const POLITE = 'Bearer polite-caller-token';
/**
 * Callers no earlier test charged, one for each test that follows another on its gateway: the budget is per caller, so
 * such a test starts with a whole one instead of waiting a second for the earlier test's spending to refill.
 */
const freshCallerTokens = Array.from({ length: 10 }, (_, index) => `fresh-caller-token-${index}`);
let freshCallers = 0;
function freshCaller(): string {
  const token = freshCallerTokens[freshCallers++];
  if (!token) throw new Error('every fresh caller is taken: list more in freshCallerTokens');
  return `Bearer ${token}`;
}
const GATEWAY_TOKENS = ['hostile-caller-token', 'polite-caller-token', ...freshCallerTokens].join(',');
/** Past the fair-share budget's one-second window: the caller's budget is whole again. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));
const A1 = `^/api/v2/partners/${ACME.id}/clients$`;

type Answer = {
  status: number;
  retryAfter: string | null;
  body: { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
};

async function post(url: string, authorization: string, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] };
}

describe('fair share: a caller over its share is refused alone', () => {
  const harness = useTestGateway({
    GATEWAY_TOKENS,
    MAX_OPERATIONS_IN_FLIGHT_PER_CALLER: '2',
    MAX_COST_PER_SECOND_PER_CALLER: '100',
    CACHE_TTL_LISTING_MS: '0',
    // The estimate alone: the charge for upstream calls made has a block of its own below.
    UPSTREAM_CALL_COST: '0',
  });

  it('refuses operations past the in-flight bound with RATE_LIMITED (429) before reading them, while another caller is served', async () => {
    harness.simulator.faults.add({ path: A1, method: 'GET', delayMs: 400 });
    const slow = '{ partner { clients(limit: 1) { total } } }';
    const hostile = Array.from({ length: 4 }, () => post(harness.url, HOSTILE, slow));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const polite = await post(harness.url, POLITE, '{ partner { id } }');
    expect(polite.body.errors).toBeUndefined();
    const answers = await Promise.all(hostile);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0].retryAfter).toBe('1');
    expect(refused[0].body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(refused[0].body.errors?.[0]?.message).toMatch(/2 operations in flight \(MAX_OPERATIONS_IN_FLIGHT_PER_CALLER\)/);
    expect(answers.filter((answer) => answer.status === 200 && !answer.body.errors)).toHaveLength(2);
    expect(harness.simulator.recorder.matching(new RegExp(A1), 'GET')).toHaveLength(2);
    // The slots are given back: the caller is served again.
    expect((await post(harness.url, HOSTILE, '{ partner { id } }')).body.errors).toBeUndefined();
  });

  it("refuses an operation past the caller's cost per second before anything is sent, other callers and /healthz unaffected", async () => {
    // 1 + 10 + 60 = 71 of the 100 per second: the second one within the same second is over.
    const listing = 'query ($n: Int) { partner { channels(limit: $n) { nodes { id } } } }';
    let refusal: Answer | undefined;
    for (let attempt = 0; attempt < 3 && !refusal; attempt += 1) {
      const answers = [await post(harness.url, HOSTILE, listing, { n: 60 }), await post(harness.url, HOSTILE, listing, { n: 60 })];
      refusal = answers.find((answer) => answer.body.errors?.[0]?.extensions?.code === 'RATE_LIMITED');
    }
    expect(refusal?.status).toBe(429);
    expect(refusal?.retryAfter).toBe('1');
    expect(refusal?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(refusal?.body.errors?.[0]?.message).toMatch(/cost budget \(MAX_COST_PER_SECOND_PER_CALLER, 100 per second\) is used up/);
    expect((await post(harness.url, POLITE, listing, { n: 60 })).body.errors).toBeUndefined();
    expect((await fetch(`${new URL(harness.url).origin}/healthz`)).status).toBe(200);
  });
});

type HeadersOnlyAnswer = {
  status: number;
  retryAfter: string | undefined;
  connection: string | undefined;
  body: Answer['body'];
  /** Resolves when the gateway closes the connection (it never does while it keeps reading). */
  closedByGateway: Promise<void>;
  close(): void;
};

/**
 * A POST whose headers declare a body of `declaredBytes` that is never sent: answered only by what
 * the gateway decides from the headers. The connection stays open until the gateway closes it or `close()`.
 */
function headersOnly(url: string, authorization: string, declaredBytes = 100): Promise<HeadersOnlyAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      // Keep-alive asked for, as clients on an agent do: a connection closed by the gateway is its own decision.
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(declaredBytes), connection: 'keep-alive', authorization },
        agent: false,
      },
      (response) => {
        // Before `close()`, only the gateway closes the connection.
        const closedByGateway = new Promise<void>((closed) => response.socket.once('close', closed));
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            connection: response.headers.connection,
            body: JSON.parse(text) as Answer['body'],
            closedByGateway,
            close: () => request.destroy(),
          }),
        );
      },
    );
    request.on('error', reject);
    request.flushHeaders();
  });
}

/** A raw POST body (not necessarily JSON) to /graphql. */
async function postRaw(url: string, authorization: string, body: string): Promise<Answer> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] };
}

describe('fair share: a caller out of budget costs next to nothing', () => {
  const harness = useTestGateway({
    GATEWAY_TOKENS,
    MAX_COST_PER_SECOND_PER_CALLER: '100',
    CACHE_TTL_LISTING_MS: '0',
    // A body that never comes is answered 408 after this: only a refusal at the door answers sooner.
    HTTP_REQUEST_TIMEOUT_MS: '3000',
  });

  it('is refused at the door (429, RATE_LIMITED, Retry-After) before its body is read, until its budget refills', async () => {
    // 1 + 10 + 1,000 = 1,011: takes the whole budget of 100 for its second; the next operation is refused by the budget.
    const spendAll = '{ partner { channels(limit: 1000) { nodes { id } } } }';
    let door: Awaited<ReturnType<typeof headersOnly>> | undefined;
    for (let attempt = 0; attempt < 5 && door?.status !== 429; attempt += 1) {
      if (attempt > 0) await nextSecond();
      expect((await post(harness.url, HOSTILE, spendAll)).body.errors).toBeUndefined();
      // Its body never comes: only the door answers it before the 408 of HTTP_REQUEST_TIMEOUT_MS.
      door = await headersOnly(harness.url, HOSTILE);
      door.close();
    }
    expect(door?.status).toBe(429);
    expect(door?.retryAfter).toBe('1');
    expect(door?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(door?.body.errors?.[0]?.message).toMatch(/cost budget \(MAX_COST_PER_SECOND_PER_CALLER, 100 per second\) is used up/);
    expect((await post(harness.url, POLITE, '{ partner { id } }')).body.errors).toBeUndefined();
    await nextSecond();
    expect((await post(harness.url, HOSTILE, '{ partner { id } }')).body.errors).toBeUndefined();
  }, 60_000);

  it('a caller that comes back before its budget refills is answered when it has: its next request is served', async () => {
    const hostile = freshCaller();
    const spendAll = '{ partner { channels(limit: 1000) { nodes { id } } } }';
    let held: Answer | undefined;
    for (let attempt = 0; attempt < 5 && held?.status !== 429; attempt += 1) {
      if (attempt > 0) await nextSecond();
      expect((await post(harness.url, hostile, spendAll)).body.errors).toBeUndefined();
      held = await post(harness.url, hostile, '{ partner { id } }');
    }
    expect(held?.status).toBe(429);
    expect(held?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    // Answered at once, the refusal would leave the budget used up for the rest of its second.
    expect((await post(harness.url, hostile, '{ partner { id } }')).body.errors).toBeUndefined();
  }, 60_000);

  it('an operation refused over MAX_QUERY_COST is charged MAX_QUERY_COST to its caller alone', async () => {
    const hostile = freshCaller();
    // 15 × 1,011 + 1: over the default MAX_QUERY_COST of 5,000, which is charged (the whole budget of 100 here).
    const overCost = `{ partner { ${Array.from({ length: 15 }, (_, index) => `a${index}: channels(limit: 1000) { nodes { id } }`).join(' ')} } }`;
    let next: Answer | undefined;
    for (let attempt = 0; attempt < 5 && next?.status !== 429; attempt += 1) {
      if (attempt > 0) await nextSecond();
      const refused = await post(harness.url, hostile, overCost);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      next = await post(harness.url, hostile, '{ partner { id } }');
    }
    expect(next?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(harness.simulator.recorder.requests).toHaveLength(0);
    expect((await post(harness.url, POLITE, '{ partner { id } }')).body.errors).toBeUndefined();
  });

  it('over WebSocket, a document refused by validation is charged to its caller, and a caller out of budget is refused before its document is parsed', async () => {
    const hostile = freshCaller();
    const over = (connection: ReturnType<typeof connectWs>, query: string) =>
      new Promise<{ extensions?: Record<string, unknown> } | undefined>((resolve) => {
        connection.client.subscribe(
          { query },
          {
            next: (value) => resolve(value.errors?.[0] as never),
            error: (failure) => resolve((Array.isArray(failure) ? failure[0] : failure) as never),
            complete: () => resolve(undefined),
          },
        );
      });
    let next: Answer | undefined;
    let connection = connectWs(harness.url, { authorization: hostile });
    for (let attempt = 0; attempt < 5 && next?.status !== 429; attempt += 1) {
      if (attempt > 0) await nextSecond();
      await connection.dispose();
      connection = connectWs(harness.url, { authorization: hostile });
      expect((await over(connection, '{ partner { noSuchField } }'))?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      next = await post(harness.url, hostile, '{ partner { id } }');
    }
    expect(next?.status).toBe(429);
    // Still within the refill the held 429 waited for? Spend it again, then a document that does not even parse.
    await over(connection, '{ partner { noSuchField } }');
    expect((await over(connection, '{ partner {'))?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    await connection.dispose();
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  }, 60_000);

  it('a caller at the door who declares a large body is answered 429 with Retry-After from its headers, and its connection closed instead of reading the body', async () => {
    const hostile = freshCaller();
    const spendAll = '{ partner { channels(limit: 1000) { nodes { id } } } }';
    let door: HeadersOnlyAnswer | undefined;
    for (let attempt = 0; attempt < 5 && door?.status !== 429; attempt += 1) {
      door?.close();
      if (attempt > 0) await nextSecond();
      expect((await post(harness.url, hostile, spendAll)).body.errors).toBeUndefined();
      // 5 MB, under the byte limit: without the door it would be read and parsed.
      door = await headersOnly(harness.url, hostile, 5_000_000);
    }
    try {
      expect(door?.status).toBe(429);
      expect(door?.retryAfter).toBe('1');
      expect(door?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
      expect(door?.connection).toBe('close');
      await door?.closedByGateway;
    } finally {
      door?.close();
    }
  }, 60_000);

  const deepBody = `{"query":"{ partner { id } }","variables":{"v":${'['.repeat(65)}${']'.repeat(65)}}}`;
  it.each<[string, (authorization: string) => Promise<{ status: number; code?: unknown }>, number]>([
    ['nested past MAX_BODY_DEPTH', async (authorization) => ({ status: (await postRaw(harness.url, authorization, deepBody)).status }), 413],
    [
      'over the byte limit by its Content-Length',
      async (authorization) => {
        const answer = await headersOnly(harness.url, authorization, graphqlBodyLimit(harness.config.media.inlineMaxBytes) + 1);
        answer.close();
        return { status: answer.status };
      },
      413,
    ],
    ['not JSON', async (authorization) => ({ status: (await postRaw(harness.url, authorization, '{"query": "{ partner')).status }), 400],
    ['a document that does not parse', async (authorization) => ({ status: (await post(harness.url, authorization, '{ partner {')).status }), 400],
    [
      'a document refused by validation',
      async (authorization) => ({ status: (await post(harness.url, authorization, '{ partner { noSuchField } }')).status }),
      400,
    ],
  ])(
    'input refused as %s is charged to its caller: its next request meets the door, other callers are served',
    async (_kind, refused, status) => {
      const hostile = freshCaller();
      let next: Answer | undefined;
      for (let attempt = 0; attempt < 5 && next?.status !== 429; attempt += 1) {
        if (attempt > 0) await nextSecond();
        expect((await refused(hostile)).status).toBe(status);
        next = await post(harness.url, hostile, '{ partner { id } }');
      }
      expect(next?.status).toBe(429);
      expect(next?.retryAfter).toBe('1');
      expect(next?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
      expect(harness.simulator.recorder.requests).toHaveLength(0);
      expect((await post(harness.url, POLITE, '{ partner { id } }')).body.errors).toBeUndefined();
    },
    30_000,
  );
});

describe('fair share: refusals held until the budget refills are bounded per caller', () => {
  const harness = useTestGateway({
    GATEWAY_TOKENS,
    MAX_OPERATIONS_IN_FLIGHT_PER_CALLER: '2',
    MAX_COST_PER_SECOND_PER_CALLER: '100',
    CACHE_TTL_LISTING_MS: '0',
  });

  it('past MAX_OPERATIONS_IN_FLIGHT_PER_CALLER held refusals, the next is answered at once and its connection closed', async () => {
    const spendAll = '{ partner { channels(limit: 1000) { nodes { id } } } }';
    let doors: HeadersOnlyAnswer[] = [];
    for (let attempt = 0; attempt < 5 && (doors.length === 0 || !doors.every((door) => door.status === 429)); attempt += 1) {
      if (attempt > 0) await nextSecond();
      expect((await post(harness.url, HOSTILE, spendAll)).body.errors).toBeUndefined();
      doors = await Promise.all(Array.from({ length: 3 }, () => headersOnly(harness.url, HOSTILE)));
      for (const door of doors) door.close();
    }
    expect(doors.map((door) => door.status)).toEqual([429, 429, 429]);
    // Two wait for the refill and keep their connections (their small bodies are discarded); the third does not wait.
    expect(doors.filter((door) => door.connection === 'close')).toHaveLength(1);
    expect((await post(harness.url, POLITE, '{ partner { id } }')).body.errors).toBeUndefined();
    // Counted by how they were answered (the attempts before the last may have added some of either).
    expect(await metricValue(harness, 'hubgraph_graphql_http_refusals_total{reason="budget",status="429"}')).toBeGreaterThanOrEqual(2);
    expect(await metricValue(harness, 'hubgraph_graphql_http_refusals_total{reason="budget_at_once",status="429"}')).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

describe('fair share: the upstream calls an operation made are charged to its caller, cache hits are not', () => {
  const harness = useTestGateway({
    GATEWAY_TOKENS,
    MAX_COST_PER_SECOND_PER_CALLER: '100',
    UPSTREAM_CALL_COST: '100',
  });

  it('a read that reached the upstream uses up the budget (11 + 100): the next operation meets the door; the same read from the cache is charged its estimate alone', async () => {
    let listing = '';
    let next: Answer | undefined;
    for (let attempt = 1; attempt <= 5 && next?.status !== 429; attempt += 1) {
      if (attempt > 1) await nextSecond();
      // A page not read yet: one A1 call.
      listing = `{ partner { clients(limit: ${attempt}) { total } } }`;
      const before = harness.simulator.recorder.requests.length;
      expect((await post(harness.url, HOSTILE, listing)).body.errors).toBeUndefined();
      expect(harness.simulator.recorder.requests.length - before).toBe(1);
      next = await post(harness.url, HOSTILE, '{ partner { id } }');
    }
    expect(next?.status).toBe(429);
    expect(next?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect((await post(harness.url, POLITE, '{ partner { id } }')).body.errors).toBeUndefined();

    // From the cache: 11 each, three of them within one budget of 100, nothing sent.
    const before = harness.simulator.recorder.requests.length;
    const cached = [await post(harness.url, HOSTILE, listing), await post(harness.url, HOSTILE, listing), await post(harness.url, HOSTILE, listing)];
    expect(cached.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(harness.simulator.recorder.requests.length).toBe(before);
  }, 60_000);

  it('charges a query over WebSocket for its upstream calls the same way: the next request of its caller over HTTP meets the door', async () => {
    const hostile = freshCaller();
    let next: Answer | undefined;
    for (let attempt = 1; attempt <= 5 && next?.status !== 429; attempt += 1) {
      if (attempt > 1) await nextSecond();
      const connection = connectWs(harness.url, { authorization: hostile });
      const before = harness.simulator.recorder.requests.length;
      const result = await new Promise<{ errors?: unknown }>((resolve, reject) => {
        connection.client.subscribe(
          { query: `{ partner { channels(limit: ${attempt}) { total } } }` },
          { next: resolve, error: reject, complete: () => undefined },
        );
      });
      await connection.dispose();
      expect(result.errors).toBeUndefined();
      expect(harness.simulator.recorder.requests.length - before).toBe(1);
      next = await post(harness.url, hostile, '{ partner { id } }');
    }
    expect(next?.status).toBe(429);
    expect(next?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
  }, 60_000);
});

describeWithRedis('fair share across two gateways on one Redis: one cost budget per caller', () => {
  const namespace = uniqueNamespace('fair-share');
  const gateways: { simulator?: Simulator; first?: TestGateway; second?: TestGateway } = {};
  beforeAll(async () => {
    gateways.simulator = await startSimulator();
    const env = {
      ...testRedisEnv(namespace),
      GATEWAY_TOKENS,
      MAX_COST_PER_SECOND_PER_CALLER: '100',
      CACHE_TTL_LISTING_MS: '0',
    };
    gateways.first = await startTestGateway(env, {}, gateways.simulator);
    gateways.second = await startTestGateway(env, {}, gateways.simulator);
  });
  afterAll(async () => {
    await gateways.first?.close();
    await gateways.second?.close();
    await gateways.simulator?.close();
    await dropNamespace(namespace);
  });

  it('a budget spent on one gateway is refused on the other with RATE_LIMITED and retryAfterSeconds, nothing sent; another caller and the refilled budget are served', async () => {
    const first = gateways.first!;
    const second = gateways.second!;
    const simulator = gateways.simulator!;
    // 1 + 10 + 1,000 = 1,011: one such operation takes the whole budget of 100 for its second.
    const spendAll = '{ partner { channels(limit: 1000) { nodes { id } } } }';
    const cheap = '{ partner { clients(limit: 1) { total } } }';
    let refusal: Answer | undefined;
    // Both requests must fall in the same budget second; a loaded machine may need another try.
    for (let attempt = 0; attempt < 5 && !refusal; attempt += 1) {
      const spent = await post(first.url, HOSTILE, spendAll);
      expect(spent.body.errors).toBeUndefined();
      simulator.recorder.clear();
      const answer = await post(second.url, HOSTILE, cheap);
      if (answer.status === 429) refusal = answer;
      else await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(refusal?.status).toBe(429);
    expect(refusal?.retryAfter).toBe('1');
    expect(refusal?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(refusal?.body.errors?.[0]?.message).toMatch(/cost budget \(MAX_COST_PER_SECOND_PER_CALLER, 100 per second\) is used up/);
    expect(simulator.recorder.matching(new RegExp(A1), 'GET')).toHaveLength(0);
    expect((await post(second.url, POLITE, cheap)).body.errors).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1_100 * Number(refusal?.body.errors?.[0]?.extensions?.retryAfterSeconds)));
    expect((await post(second.url, HOSTILE, cheap)).body.errors).toBeUndefined();
  });
});

/** A chunked POST of `bytes` of a JSON string, left open: answered once the gateway has read past its byte limit. */
function chunkedPast(url: string, authorization: string, bytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, agent: false }, (response) => {
      response.resume();
      request.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    const prefix = '{"query":"{ partner { id } }","variables":{"blob":"';
    request.write(prefix + 'A'.repeat(bytes - prefix.length));
  });
}

describe('fair share: a refused body is charged by the bytes read', () => {
  // A byte limit of 1 MiB, the default budget (20,000) and MAX_QUERY_COST (5,000): four refusals of small bodies a second.
  const harness = useTestGateway({ GATEWAY_TOKENS, MEDIA_INLINE_MAX_BYTES: '1024' });

  it('a chunked body read past the limit is charged once more for each MiB read past the first: two of them use up what four small refusals would', async () => {
    const limit = graphqlBodyLimit(harness.config.media.inlineMaxBytes);
    const cheap = '{ partner { id } }';
    let afterSmall: Answer | undefined;
    let afterLarge: Answer | undefined;
    for (let attempt = 0; attempt < 5 && (afterSmall?.status !== 200 || afterLarge?.status !== 429); attempt += 1) {
      if (attempt > 0) await nextSecond();
      for (let refusal = 0; refusal < 2; refusal += 1) expect((await postRaw(harness.url, HOSTILE, '{"query": "{ partner')).status).toBe(400);
      afterSmall = await post(harness.url, HOSTILE, cheap);
      await nextSecond();
      // limit + 1 bytes: read whole (1 MiB and a byte), each charged twice MAX_QUERY_COST.
      for (let refusal = 0; refusal < 2; refusal += 1) expect(await chunkedPast(harness.url, HOSTILE, limit + 1)).toBe(413);
      afterLarge = await post(harness.url, HOSTILE, cheap);
    }
    expect(afterSmall?.body.errors).toBeUndefined();
    expect(afterLarge?.status).toBe(429);
    expect(afterLarge?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect((await post(harness.url, POLITE, cheap)).body.errors).toBeUndefined();
  }, 60_000);
});

describe('fair share: a body refused by its Content-Length is charged as one read to the limit', () => {
  // A byte limit of 3,065,536 bytes (three MiB begun): refused unread, such a body is charged three times MAX_QUERY_COST
  // (5,000), as the same body sent chunked is once read to the limit; two of them pass the default budget (20,000).
  const harness = useTestGateway({ GATEWAY_TOKENS, MEDIA_INLINE_MAX_BYTES: '2250000' });

  it('two bodies refused by their Content-Length use up the budget, where two small refusals leave most of it', async () => {
    const limit = graphqlBodyLimit(harness.config.media.inlineMaxBytes);
    expect(Math.ceil(limit / (1024 * 1024))).toBe(3);
    let afterRefusals: Answer | undefined;
    for (let attempt = 0; attempt < 5 && afterRefusals?.status !== 429; attempt += 1) {
      if (attempt > 0) await nextSecond();
      for (let refusal = 0; refusal < 2; refusal += 1) {
        const answer = await headersOnly(harness.url, HOSTILE, limit + 1);
        answer.close();
        expect(answer.status).toBe(413);
      }
      afterRefusals = await post(harness.url, HOSTILE, '{ partner { id } }');
    }
    expect(afterRefusals?.status).toBe(429);
    expect(afterRefusals?.body.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(await metricValue(harness, 'hubgraph_graphql_http_refusals_total{reason="body",status="413"}')).toBeGreaterThanOrEqual(2);
    expect(harness.simulator.recorder.requests).toHaveLength(0);
    expect((await post(harness.url, POLITE, '{ partner { id } }')).body.errors).toBeUndefined();
  }, 60_000);
});
