import { describe, expect, it } from '@jest/globals';
import { connectWs } from '../support/events.js';
import { useTestGateway } from '../support/gateway.js';

/** MAX_QUERY_COST on the schema's @cost/@listSize, through real HTTP. */

const FIFTEEN_LISTINGS = `{ ${Array.from({ length: 15 }, (_, index) => `a${index}: partner { channels(limit: 1000) { total nodes { id status } } }`).join(' ')} }`;
const LISTING = 'query Listing($n: Int) { partner { channels(limit: $n) { nodes { id status } } } }';

async function post(url: string, body: Record<string, unknown>) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: unknown;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
      extensions?: Record<string, unknown>;
    },
  };
}

describe('query cost (MAX_QUERY_COST, default 5000)', () => {
  const harness = useTestGateway();

  it('refuses 15 listings of 1,000 channels before any upstream call, with the estimate', async () => {
    const { status, body } = await post(harness.url, { query: FIFTEEN_LISTINGS });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', cost: { estimated: 15_165, max: 5_000 } });
    expect(body.errors?.[0]?.message).toMatch(/estimated cost is 15165, over the limit of 5000 \(MAX_QUERY_COST\): nothing was sent/);
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('counts a variable slicing argument: the same document passes with a small page and is refused with a large one', async () => {
    const small = await post(harness.url, { query: `${LISTING.replace('Listing', 'Small')}`, variables: { n: 5 } });
    expect(small.body.errors).toBeUndefined();
    const many = `query Many($n: Int) { ${Array.from({ length: 6 }, (_, index) => `a${index}: partner { channels(limit: $n) { nodes { id } } }`).join(' ')} }`;
    expect((await post(harness.url, { query: many, variables: { n: 10 } })).body.errors).toBeUndefined();
    harness.simulator.recorder.clear();
    const refused = await post(harness.url, { query: many, variables: { n: 1000 } });
    expect(refused.body.errors?.[0]?.extensions?.cost).toEqual({ estimated: 6 * 1011, max: 5000 });
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('answers the actual cost and upstream calls in extensions.cost when the request asks, and observes both as metrics', async () => {
    const asked = await post(harness.url, { query: LISTING, variables: { n: 3 }, extensions: { cost: true } });
    const nodes = (asked.body.data as { partner: { channels: { nodes: unknown[] } } }).partner.channels.nodes;
    expect(asked.body.extensions?.cost).toEqual({ estimated: 1 + 10 + 3, actual: 1 + 10 + nodes.length, max: 5000, upstreamCalls: 1 });
    // The same read again comes from the cache: no upstream call.
    const cached = await post(harness.url, { query: LISTING, variables: { n: 3 }, extensions: { cost: true } });
    expect(cached.body.extensions?.cost).toMatchObject({ upstreamCalls: 0 });
    const unasked = await post(harness.url, { query: LISTING, variables: { n: 3 } });
    expect(unasked.body.extensions).toBeUndefined();
    const metrics = await (await fetch(`${new URL(harness.url).origin}/metrics`)).text();
    expect(metrics).toMatch(/hubgraph_operation_cost_count\{measure="estimated"\} [1-9]/);
    expect(metrics).toMatch(/hubgraph_operation_cost_count\{measure="actual"\} [1-9]/);
    expect(metrics).toMatch(/hubgraph_operation_upstream_calls_count [1-9]/);
  });

  it('refuses an operation over its cost the same way over WebSocket', async () => {
    const connection = connectWs(harness.url);
    const error = await new Promise<unknown>((resolve) => {
      connection.client.subscribe(
        { query: FIFTEEN_LISTINGS },
        {
          next: (value) => resolve(value.errors?.[0]),
          error: (failure) => resolve(Array.isArray(failure) ? failure[0] : failure),
          complete: () => resolve(undefined),
        },
      );
    });
    expect(error).toMatchObject({ extensions: { code: 'GRAPHQL_VALIDATION_FAILED', cost: { estimated: 15_165, max: 5_000 } } });
    await connection.dispose();
  });
});
