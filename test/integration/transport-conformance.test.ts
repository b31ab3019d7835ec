import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENT_KINDS } from '../../src/events/types.js';
import { startCallbackReceiver, type CallbackReceiver } from '../support/callback-receiver.js';
import { connectWs } from '../support/events.js';
import { metricValue, startTestGateway, type TestGateway } from '../support/gateway.js';
import { connectTestClient, DisposableRedis, describeWithRedis, uniqueNamespace } from '../support/redis.js';

/**
 * One suite, run against both transports of /graphql (HTTP POST and graphql-ws), as apollo-server runs one suite
 * against every integration: each step of the operation pipeline (src/http/pipeline.ts) refuses, logs, counts and
 * shapes an answer the same way on both. Differences that belong to a transport (HTTP's status, a WebSocket's close
 * code) are the transport's `refusedCaller` alone.
 */
interface Answer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; path?: unknown[]; extensions?: Record<string, unknown> }>;
}

interface Transport {
  name: string;
  run(
    harness: TestGateway,
    payload: { query?: string; variables?: Record<string, unknown>; extensions?: Record<string, unknown> },
    credential?: string,
  ): Promise<Answer>;
  /**
   * A subscription's answer before any event: its refusal, or nothing once it has subscribed (over HTTP a router's
   * subscription in Apollo's callback protocol, whose callbacks the suite's receiver takes).
   */
  subscribe(harness: TestGateway, payload: { query: string; variables?: Record<string, unknown> }, credential: string): Promise<Answer>;
  /** Whether a caller with the given authorization is refused before any operation of theirs runs. */
  refusedCaller(harness: TestGateway, authorization: string): Promise<boolean>;
}

const HTTP: Transport = {
  name: 'HTTP',
  async run(harness, payload, credential) {
    const response = await fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(credential && { authorization: `Bearer ${credential}` }) },
      body: JSON.stringify(payload),
    });
    return (await response.json()) as Answer;
  },
  async subscribe(harness, payload, credential) {
    const subscription = { callbackUrl: `${receiver.origin}/callback/conformance`, subscriptionId: 'conformance', verifier: 'verifier' };
    return HTTP.run(harness, { ...payload, extensions: { subscription } }, credential);
  },
  async refusedCaller(harness, authorization) {
    const response = await fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: '{"query":"{ partner { id } }"}',
    });
    const body = (await response.json()) as Answer;
    return response.status === 401 && body.errors?.[0]?.extensions?.code === 'UNAUTHENTICATED';
  },
};

const WEBSOCKET: Transport = {
  name: 'WebSocket',
  async run(harness, payload, credential) {
    const connection = connectWs(harness.url, credential ? { authorization: `Bearer ${credential}` } : {});
    try {
      return await new Promise<Answer>((resolve) => {
        let answer: Answer = {};
        connection.client.subscribe(
          { query: '', ...payload },
          {
            next: (value) => {
              answer = value as Answer;
            },
            // graphql-ws ends a refused operation with its errors alone.
            error: (errors) => resolve({ errors: errors as Answer['errors'] }),
            complete: () => resolve(answer),
          },
        );
      });
    } finally {
      await connection.dispose();
    }
  },
  async subscribe(harness, payload, credential) {
    const connection = connectWs(harness.url, { authorization: `Bearer ${credential}` });
    let subscribed: NodeJS.Timeout | undefined;
    try {
      return await new Promise<Answer>((resolve) => {
        connection.client.subscribe(payload, {
          next: (value) => resolve(value as Answer),
          error: (errors) => resolve({ errors: errors as Answer['errors'] }),
          complete: () => resolve({}),
        });
        // A subscription that was taken says nothing until its first event.
        subscribed = setTimeout(() => resolve({}), 500);
      });
    } finally {
      clearTimeout(subscribed);
      await connection.dispose();
    }
  },
  async refusedCaller(harness, authorization) {
    const connection = connectWs(harness.url, { authorization });
    try {
      const outcome = await new Promise<unknown>((resolve) => {
        connection.client.subscribe({ query: '{ partner { id } }' }, { next: () => undefined, error: resolve, complete: () => resolve('complete') });
      });
      return outcome !== 'complete' && connection.closeCode() === 4403;
    } finally {
      await connection.dispose();
    }
  },
};

const operations = (harness: TestGateway, operation: string, type: string, outcome: string) =>
  metricValue(harness, `hubgraph_graphql_operations_total{operation="${operation}",type="${type}",outcome="${outcome}"}`);

const operationLine = (harness: TestGateway, operation: string) =>
  harness.logs.entries().filter((entry) => entry.msg === 'graphql operation' && entry.operation === operation);

const CLOUD = 'channel-001';
const directory = mkdtempSync(join(tmpdir(), 'hubgraph-conformance-'));
const LISTED = 'query Listed { partner { id } }';
const LISTED_ID = createHash('sha256').update(LISTED).digest('hex');
const MANIFEST = join(directory, 'manifest.json');
writeFileSync(
  MANIFEST,
  JSON.stringify({ format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id: LISTED_ID, name: 'Listed', type: 'query', body: LISTED }] }),
);
let receiver: CallbackReceiver;
beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  rmSync(directory, { recursive: true, force: true });
  await receiver.close();
});

describe.each([HTTP, WEBSOCKET])('the operation pipeline over $name', (transport) => {
  // Each operation name is the transport's own, so one transport's lines and counts are never the other's.
  const named = (name: string) => `${name}${transport.name}`;
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({
      MAX_UPSTREAM_CALLS_PER_OPERATION: '20',
      GATEWAY_TOKENS: 'conformance-token',
      MAX_COST_PER_SECOND_PER_CALLER: '100000000',
      CHANNEL_API_KEYS: JSON.stringify({ [CLOUD]: `sim-key-${CLOUD}` }),
      SUBSCRIPTION_CALLBACK_ORIGINS: receiver.origin,
    });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('identity: a caller whose credential names no one is refused before any operation runs', async () => {
    expect(await transport.refusedCaller(harness, 'Bearer not-a-gateway-token')).toBe(true);
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('observability: an operation writes one log line and one count, with its name, type and outcome', async () => {
    const name = named('Observed');
    const before = await operations(harness, name, 'query', 'success');
    const answer = await transport.run(harness, { query: `query ${name} { partner { id } }` }, 'conformance-token');
    expect(answer.errors).toBeUndefined();
    expect(await operations(harness, name, 'query', 'success')).toBe(before + 1);
    const lines = operationLine(harness, name);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ type: 'query', outcome: 'success', requestId: expect.any(String), durationMs: expect.any(Number) });
  });

  it('limits and cost: an operation over MAX_QUERY_COST is refused with its estimate, logged and counted as rejected, nothing sent', async () => {
    harness.simulator.recorder.clear();
    const name = named('Costly');
    const listings = Array.from({ length: 15 }, (_, index) => `l${index}: partner { channels(limit: 1000) { nodes { id } } }`).join(' ');
    const answer = await transport.run(harness, { query: `query ${name} { ${listings} }` }, 'conformance-token');
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', cost: { max: 5_000 } });
    expect(harness.simulator.recorder.requests).toHaveLength(0);
    expect(await operations(harness, name, 'query', 'rejected')).toBe(1);
    expect(operationLine(harness, name)[0]).toMatchObject({ outcome: 'rejected', errorCodes: ['GRAPHQL_VALIDATION_FAILED'] });
  });

  it('limits and cost: a subscription over MAX_QUERY_COST is refused before it subscribes, logged and counted as rejected', async () => {
    const name = named('CostlyFeed');
    const threads = Array.from({ length: 12 }, (_, index) => `t${index}: messages(first: 200) { nodes { id statuses { status } reactions { emoji } } }`).join(
      ' ',
    );
    const answer = await transport.subscribe(
      harness,
      { query: `subscription ${name} { conversationUpdated(channelId: "${CLOUD}") { ${threads} } }` },
      'conformance-token',
    );
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', cost: { max: 5_000 } });
    expect(await operations(harness, name, 'subscription', 'rejected')).toBe(1);
    expect(operationLine(harness, name)).toEqual([expect.objectContaining({ outcome: 'rejected', errorCodes: ['GRAPHQL_VALIDATION_FAILED'] })]);
    expect(EVENT_KINDS.map((kind) => harness.gateway.services.events.subscriberCount(kind, CLOUD))).toEqual(EVENT_KINDS.map(() => 0));
  });

  it('limits and cost before the call estimate: an operation both refuse is refused for its cost', async () => {
    harness.simulator.recorder.clear();
    const listings = Array.from({ length: 15 }, (_, index) => `l${index}: channels(limit: 1000) { nodes { id } }`).join(' ');
    const answer = await transport.run(
      harness,
      { query: `{ partner { ${listings} clients(limit: 30) { nodes { id channels { total } } } } }` },
      'conformance-token',
    );
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', cost: { max: 5_000 } });
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('call estimate: an operation estimated over MAX_UPSTREAM_CALLS_PER_OPERATION is refused before anything is sent', async () => {
    harness.simulator.recorder.clear();
    const answer = await transport.run(harness, { query: '{ partner { clients(limit: 30) { nodes { id channels { total } } } } }' }, 'conformance-token');
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', upstreamCallLimit: 20, estimatedUpstreamCalls: 31 });
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('field errors: an input with two broken rules gets one error per input path, each naming its field', async () => {
    const name = named('TwoBadUrls');
    const answer = await transport.run(
      harness,
      {
        query: `mutation ${name} { updatePartnerSettings(input: { allowClientToAddPhoneNumber: true, redirectUrl: "ftp://x", webhookUrl: "http://y" }) { id } }`,
      },
      'conformance-token',
    );
    expect(answer.errors?.map((error) => [error.extensions?.field, error.extensions?.code])).toEqual([
      ['input.redirectUrl', 'BAD_USER_INPUT'],
      ['input.webhookUrl', 'BAD_USER_INPUT'],
    ]);
    expect(answer.errors?.every((error) => !('problems' in (error.extensions ?? {})))).toBe(true);
    // The observability step comes before the field-errors step: its line has the one error the resolver threw.
    expect(operationLine(harness, name)[0]).toMatchObject({ type: 'mutation', outcome: 'error', errorCodes: ['BAD_USER_INPUT'] });
  });

  it('error formatting: an unexpected failure is masked, and logged with the request id of its operation line', async () => {
    const name = named('Odd');
    // A listing answer of the wrong shape makes the mapping code fail with a TypeError.
    harness.simulator.faults.add({ path: '/clients$', method: 'GET', status: 200, body: { unexpected: true }, times: 1 });
    const answer = await transport.run(harness, { query: `query ${name} { partner { clients(limit: 4) { total nodes { id } } } }` }, 'conformance-token');
    expect(answer.errors?.[0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    const [line] = operationLine(harness, name);
    expect(line).toMatchObject({ errorCodes: ['INTERNAL_SERVER_ERROR'] });
    const unexpected = harness.logs.entries().find((entry) => entry.msg === 'unexpected error in a GraphQL operation' && entry.requestId === line?.requestId);
    expect(unexpected).toMatchObject({ operation: name });
  });

  it('audit: each mutation field is one entry and line, done with its message and caller, or refused with the code of its refusal', async () => {
    const newest = async () =>
      (await harness.gateway.services.auditTrail.page(harness.config.partnerId!, { first: 1, after: null, actor: null, channelId: null })).nodes[0];
    const send = (name: string, to: unknown) =>
      transport.run(
        harness,
        {
          query: `mutation ${named(name)}($input: SendMessageInput!) { sendMessage(channelId: "${CLOUD}", input: $input) { id } }`,
          variables: { input: { to, text: { body: 'audited-text' } } },
        },
        'conformance-token',
      );

    const sent = await send('AuditedSend', '+4915100000501');
    expect(sent.errors).toBeUndefined();
    const messageId = (sent.data?.sendMessage as { id: string }).id;
    // The answer waits for the entry: it is there once the caller has the answer.
    expect(await newest()).toMatchObject({
      operation: 'sendMessage',
      channelId: CLOUD,
      messageId,
      outcome: 'DONE',
      code: null,
      actor: { kind: 'SERVICE', subject: 'gateway-token-1' },
    });
    const line = harness.logs.entries().find((entry) => entry.msg === 'write audited' && (entry.audit as { messageId?: string }).messageId === messageId);
    expect(line?.requestId).toBe(operationLine(harness, named('AuditedSend'))[0]?.requestId);
    expect(JSON.stringify(line)).not.toContain('audited-text');

    const badInput = await send('AuditedBadInput', 'not-a-number');
    expect(badInput.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await newest()).toMatchObject({ operation: 'sendMessage', channelId: CLOUD, messageId: null, outcome: 'REFUSED', code: 'BAD_USER_INPUT' });

    // Refused before it ran, by its cost: its mutation field is a refused write.
    const listings = Array.from({ length: 15 }, (_, index) => `l${index}: channels(limit: 1000) { nodes { id } }`).join(' ');
    const settings = '{ allowClientToAddPhoneNumber: true, redirectUrl: "https://example.com/back", webhookUrl: "https://example.com/hook" }';
    const costly = await transport.run(
      harness,
      { query: `mutation ${named('AuditedCostly')} { updatePartnerSettings(input: ${settings}) { partner { ${listings} } } }` },
      'conformance-token',
    );
    expect(costly.errors?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED', cost: { max: 5_000 } });
    expect(await newest()).toMatchObject({ operation: 'updatePartnerSettings', outcome: 'REFUSED', code: 'GRAPHQL_VALIDATION_FAILED' });

    // Refused by validation (over graphql-ws before the operation has a context: under its connection's caller).
    const invalid = await transport.run(harness, { query: `mutation { createApiKey(channelId: "${CLOUD}") { noSuchField } }` }, 'conformance-token');
    expect(invalid.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(await newest()).toMatchObject({
      operation: 'createApiKey',
      channelId: CLOUD,
      outcome: 'REFUSED',
      code: 'GRAPHQL_VALIDATION_FAILED',
      actor: { subject: 'gateway-token-1' },
    });
  });

  it('parsing and validation: a document that does not validate is refused as GRAPHQL_VALIDATION_FAILED and counted as rejected', async () => {
    const before = await operations(harness, 'anonymous', 'unknown', 'rejected');
    const answer = await transport.run(harness, { query: '{ partner { noSuchField } }' }, 'conformance-token');
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
    expect(await operations(harness, 'anonymous', 'unknown', 'rejected')).toBe(before + 1);
  });
});

describe.each([HTTP, WEBSOCKET])('the pipeline with a small fair share over $name', (transport) => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ MAX_COST_PER_SECOND_PER_CALLER: '100', CACHE_TTL_LISTING_MS: '0', UPSTREAM_CALL_COST: '0' });
  });
  afterAll(async () => {
    await harness.close();
  });

  it("fair share: an operation past the caller's cost per second is refused with RATE_LIMITED and its wait", async () => {
    // 1 + 10 + 60 = 71 of the 100 per second: the second one within the same second is over.
    const listing = { query: 'query ($n: Int) { partner { channels(limit: $n) { nodes { id } } } }', variables: { n: 60 } };
    let refusal: Answer | undefined;
    for (let attempt = 0; attempt < 3 && !refusal; attempt += 1) {
      const answers = [await transport.run(harness, listing), await transport.run(harness, listing)];
      refusal = answers.find((answer) => answer.errors?.[0]?.extensions?.code === 'RATE_LIMITED');
    }
    expect(refusal?.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(refusal?.errors?.[0]?.message).toMatch(/cost budget \(MAX_COST_PER_SECOND_PER_CALLER, 100 per second\) is used up/);
  });
});

describe.each([HTTP, WEBSOCKET])('the pipeline with PERSISTED_OPERATIONS_ONLY over $name', (transport) => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ PERSISTED_OPERATIONS: MANIFEST, PERSISTED_OPERATIONS_ONLY: 'true' });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('persisted operations: a listed id runs its text, anything else is refused, and both are counted', async () => {
    const listed = await transport.run(harness, { extensions: { persistedQuery: { version: 1, sha256Hash: LISTED_ID } } });
    expect(listed).toEqual({ data: { partner: { id: expect.any(String) } } });
    expect(await metricValue(harness, 'hubgraph_persisted_operations_total{outcome="listed"}')).toBe(1);
    const refused = await transport.run(harness, { query: '{ partner { id } }' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    expect(await metricValue(harness, 'hubgraph_persisted_operations_total{outcome="refused"}')).toBe(1);
    expect(
      harness.logs
        .entries()
        .filter((entry) => entry.msg === 'graphql operation')
        .map((entry) => entry.outcome),
    ).toEqual(['success', 'rejected']);
  });
});

describeWithRedis('the pipeline with a shared store (Redis)', () => {
  let redis: DisposableRedis;
  let harness: TestGateway;
  beforeAll(async () => {
    redis = await DisposableRedis.start();
    harness = await startTestGateway({ REDIS_URL: redis.url, REDIS_NAMESPACE: uniqueNamespace('conformance'), REDIS_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    await harness?.close();
    await redis?.kill();
  });

  it.each([HTTP, WEBSOCKET])(
    'store guard over $name: a mutation while Redis hangs is refused before anything is sent, and counted as rejected',
    async (transport) => {
      const client = await connectTestClient(redis.url);
      const info = await client.info('server').finally(() => client.destroy());
      const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
      const name = `Guarded${transport.name}`;
      process.kill(pid, 'SIGSTOP');
      try {
        harness.simulator.recorder.clear();
        const answer = await transport.run(harness, {
          query: `mutation ${name} { updateClient(clientId: "client-001", input: { partnerPayload: "x" }) { id } }`,
        });
        expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', store: 'redis' });
        expect(harness.simulator.recorder.matching(/\/clients\/client-001$/, 'PATCH')).toHaveLength(0);
        expect(await operations(harness, name, 'mutation', 'rejected')).toBe(1);
      } finally {
        process.kill(pid, 'SIGCONT');
      }
    },
  );
});
