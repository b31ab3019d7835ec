import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { loadTypeDefs } from '../../src/schema.js';
import { postNotification, waitUntil } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { NOTES_SDL, startNotesSubgraph } from '../support/notes-subgraph.js';

/** What this test uses of Hive Gateway's runtime. */
interface GatewayRuntime {
  (request: IncomingMessage, response: ServerResponse): unknown;
  dispose(): Promise<void> | void;
}
// Loaded by a computed name so TypeScript does not read its declarations: they pull in the DOM lib
// (through @whatwg-node/fetch), which retypes Blob and fetch for every file of the project.
const HIVE_GATEWAY_RUNTIME = '@graphql-hive/gateway-runtime';
const { createGatewayRuntime } = (await import(HIVE_GATEWAY_RUNTIME)) as { createGatewayRuntime: (config: Record<string, unknown>) => GatewayRuntime };

const CALLER_TOKEN = 'router-test-gateway-token';
const CHANNEL = 'channel-001';
/** A budget between the two priced queries below (see docs/federation.md, "Demand control"). */
const MAX_COST = 2500;

/** One Server-Sent Events stream of a subscription through the router, read as it arrives. */
function subscribeOverSse(url: string, query: string, variables: Record<string, unknown>, authorization: string | undefined) {
  const events: Array<{ data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }> = [];
  const abort = new AbortController();
  const done = (async () => {
    const response = await fetch(url, {
      method: 'POST',
      signal: abort.signal,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(authorization && { authorization }) },
      body: JSON.stringify({ query, variables }),
    });
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body!) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const message = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = message
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        if (data) events.push(JSON.parse(data) as (typeof events)[number]);
      }
    }
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) throw error;
  });
  return { events, close: () => abort.abort(), done };
}

describe('through a supergraph router: Hive Gateway in front of hubgraph and a second subgraph', () => {
  let hubgraph: TestGateway;
  let notes: Awaited<ReturnType<typeof startNotesSubgraph>>;
  let runtime: GatewayRuntime;
  let server: Server;
  let routerUrl: string;

  beforeAll(async () => {
    hubgraph = await startTestGateway({ GATEWAY_TOKENS: CALLER_TOKEN, CACHE_TTL_LISTING_MS: '0' });
    notes = await startNotesSubgraph();
    const composition = composeServices([
      { name: 'hubgraph', typeDefs: parse(loadTypeDefs()), url: hubgraph.url },
      { name: 'notes', typeDefs: NOTES_SDL, url: notes.url },
    ]);
    if (composition.errors) throw new Error(composition.errors.map((error) => error.message).join('\n'));
    runtime = createGatewayRuntime({
      supergraph: composition.supergraphSdl,
      logging: false,
      // Queries: the caller's Authorization goes on each subgraph request.
      propagateHeaders: {
        fromClientToSubgraphs: ({ request }: { request: Request }) => {
          const authorization = request.headers.get('authorization');
          return authorization ? { authorization } : {};
        },
      },
      // Subscriptions: hubgraph serves them over graphql-ws, where the caller's Authorization travels in connectionParams.
      // The socket closes with its last subscription (not 3 s later), so no timer outlives the suite.
      transportEntries: {
        hubgraph: {
          options: {
            subscriptions: {
              kind: 'ws',
              location: hubgraph.url,
              options: { connectionParams: { authorization: '{context.headers.authorization}' }, lazyCloseTimeout: 0 },
            },
          },
        },
      },
      demandControl: { maxCost: MAX_COST, includeExtensionMetadata: true },
    });
    server = createServer((request, response) => void runtime(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    routerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  beforeEach(() => hubgraph.simulator.recorder.clear());
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.dispose();
    await notes.stop();
    await hubgraph.close();
  });

  /** A query through the router, as a caller presenting `authorization` (null: none). */
  const query = async (text: string, authorization: string | null = `Bearer ${CALLER_TOKEN}`) => {
    const response = await fetch(routerUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      body: JSON.stringify({ query: text }),
    });
    return (await response.json()) as {
      data?: Record<string, unknown> | null;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
      extensions?: Record<string, unknown>;
    };
  };

  it('answers a query spanning both subgraphs with the caller’s Authorization forwarded to hubgraph', async () => {
    // hubgraph admits the router's request only with the caller's token: without it, nothing reaches the upstream.
    const refused = await query('{ channel(id: "channel-003") { id } }', null);
    expect(refused.data?.channel ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(hubgraph.simulator.recorder.requests).toEqual([]);
    const body = await query('{ channel(id: "channel-003") { id hosting notes client { name } } }');
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      channel: { id: 'channel-003', hosting: 'ON_PREMISE', notes: ['note about channel-003'], client: { name: 'Northwind Traders' } },
    });
  });

  it('prices an operation from @cost and @listSize and refuses one over the budget before calling hubgraph', async () => {
    const cheap = await query('{ partner { clients(limit: 2) { nodes { id name } } } }');
    expect(cheap.errors).toBeUndefined();
    // Hive Gateway adds a field's @cost to its type's cost: Partner 1 + clients (10 + ClientList 1) + 2 × Client 1.
    expect(cheap.extensions).toMatchObject({ cost: { estimated: 14 } });
    hubgraph.simulator.recorder.clear();
    // 1 + 11 + 25 × (Client 1 + usage under the A2 budget 100 + Usage 1) = 2562, over 2500.
    const expensive = await query('{ partner { clients(limit: 25) { nodes { id usage { balance } } } } }');
    expect(expensive.data ?? null).toBeNull();
    expect(expensive.errors?.[0]?.extensions).toMatchObject({ code: 'COST_ESTIMATED_TOO_EXPENSIVE' });
    expect(hubgraph.simulator.recorder.requests).toEqual([]);
  });

  it('delivers a subscription event through the router when a webhook notification arrives, with the caller’s Authorization', async () => {
    const events = hubgraph.gateway.services.events;
    const before = events.subscriberCount('message', CHANNEL);
    const stream = subscribeOverSse(
      routerUrl,
      'subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { channelId id text } }',
      { channelId: CHANNEL },
      `Bearer ${CALLER_TOKEN}`,
    );
    try {
      await waitUntil(() => events.subscriberCount('message', CHANNEL) === before + 1, 'the router’s subscription to reach hubgraph');
      const answer = await postNotification(
        hubgraph.url,
        CHANNEL,
        { messages: [{ from: '4915550001', id: 'wamid.router-1', type: 'text', text: { body: 'through the router' } }] },
        webhookAuthorization(hubgraph.config.keystoreSecret, CHANNEL),
      );
      expect(answer.status).toBe(200);
      await waitUntil(() => stream.events.length > 0, 'an event through the router');
      expect(stream.events[0]).toMatchObject({ data: { messageReceived: { channelId: CHANNEL, id: 'wamid.router-1', text: 'through the router' } } });
      expect(stream.events[0]?.errors).toBeUndefined();
    } finally {
      stream.close();
      await stream.done;
    }
  });

  it("refuses through the router a subscription to another partner's channel", async () => {
    // channel-015 belongs to the other seeded partner: the caller's listing (A4) does not contain it.
    const stream = subscribeOverSse(
      routerUrl,
      'subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { id } }',
      { channelId: 'channel-015' },
      `Bearer ${CALLER_TOKEN}`,
    );
    try {
      await waitUntil(() => stream.events.length > 0, 'the router’s answer to a refused subscription');
      expect(stream.events[0]?.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
      expect(hubgraph.gateway.services.events.subscriberCount('message', 'channel-015')).toBe(0);
    } finally {
      stream.close();
      await stream.done;
    }
  });
});

describe('a router enforcing the scope table from the supergraph (Hive Gateway, genericAuth)', () => {
  let hubgraph: TestGateway;
  let runtime: GatewayRuntime;
  let server: Server;
  let routerUrl: string;

  beforeAll(async () => {
    hubgraph = await startTestGateway({ GATEWAY_TOKENS: CALLER_TOKEN, CHANNEL_API_KEYS: JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}` }) });
    const composition = composeServices([{ name: 'hubgraph', typeDefs: parse(loadTypeDefs()), url: hubgraph.url }]);
    if (composition.errors) throw new Error(composition.errors.map((error) => error.message).join('\n'));
    runtime = createGatewayRuntime({
      supergraph: composition.supergraphSdl,
      logging: false,
      // The router's own view of the caller: in production its JWT plugin; here a reader, whatever hubgraph would allow
      // the token it forwards (a gateway token, a service with every scope), so only the router can refuse.
      genericAuth: { mode: 'protect-granular', resolveUserFn: () => ({ scope: 'hubgraph:read' }) },
      propagateHeaders: { fromClientToSubgraphs: () => ({ authorization: `Bearer ${CALLER_TOKEN}` }) },
    });
    server = createServer((request, response) => void runtime(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    routerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await runtime.dispose();
    await hubgraph.close();
  });

  const routed = async (query: string) => {
    const response = await fetch(routerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return (await response.json()) as { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  };

  it('serves a reader’s query and refuses sendMessage at the router, before hubgraph is called', async () => {
    const read = await routed('{ channel(id: "channel-003") { id } }');
    expect(read).toEqual({ data: { channel: { id: 'channel-003' } } });
    hubgraph.simulator.recorder.clear();
    const sent = await routed(`mutation { sendMessage(channelId: "${CHANNEL}", input: { to: "+4915100000601", text: { body: "hi" } }) { id } }`);
    expect(sent.data ?? null).toBeNull();
    expect(sent.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHORIZED_FIELD_OR_TYPE' });
    expect(hubgraph.simulator.recorder.requests).toEqual([]);
    expect(await hubgraph.gateway.services.auditTrail.page(hubgraph.config.partnerId!, { first: 1, after: null, actor: null, channelId: null })).toMatchObject({
      nodes: [],
    });
  });
});
