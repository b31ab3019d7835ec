import { afterAll, beforeAll, beforeEach, expect } from '@jest/globals';
import { loadConfig, upstreamUrlEnv, type Config } from '../../src/config.js';
import { gatewayWebhook } from '../../src/events/ingest/credentials.js';
import { createContext } from '../../src/context.js';
import { createLogger } from '../../src/observability/logger.js';
import { createGateway, type Gateway } from '../../src/http/server.js';
import { SIM_PARTNERS } from '../../simulator/seed.js';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator/server.js';
import { freePort } from './free-port.mjs';
import { LogCapture } from './log-capture.js';
import { singleResult } from './single-result.js';

export const ACME = SIM_PARTNERS[0];
export const GLOBEX = SIM_PARTNERS[1];

/** Every log line any test gateway printed in this process (the secret-leak grep reads it). */
export const allLogLines: string[] = [];

/**
 * For suites that send refused input in quick succession from one address: each refusal is charged
 * to the caller's fair share (MAX_QUERY_COST), which would soon refuse its next requests at the door
 * (that charge is integration/fair-share.test.ts's subject).
 */
export const ROOM_FOR_REFUSALS = { MAX_COST_PER_SECOND_PER_CALLER: '100000000' };

/** An operation's answer: its HTTP status and its body as JSON. */
export interface GraphQLAnswer<T> {
  status: number;
  body: { data?: T | null; errors?: Array<{ message: string; path?: unknown[]; extensions?: Record<string, unknown> }> };
}

export interface TestGateway {
  gateway: Gateway;
  simulator: Simulator;
  config: Config;
  logs: LogCapture;
  url: string;
  /** POST /graphql over real HTTP: for tests of what the HTTP edge decides (statuses, headers, limits, CORS). */
  graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphQLAnswer<T>>;
  /**
   * The same operation in process, for tests of what it answers: `executeOperation` on the gateway's Apollo server
   * (its plugins, error formatting and schema) with a context built as the /graphql handler builds it —
   * `createContext` from the request headers (the caller's identity, tokens and partner id come through the same
   * `identifyCaller`) and the fair share of a caller on 127.0.0.1 — over the gateway's own data sources, store and
   * cache; the upstream is still the simulator over real HTTP. `status` is the one Apollo's pipeline sets, which
   * /graphql answers unless its edge refuses first (body limits, the fair share's door, CORS); the body is
   * serialized as JSON, as a client reads it. A caller the context refuses (a bad token) rejects: that is HTTP's.
   */
  execute<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphQLAnswer<T>>;
  close(): Promise<void>;
}

/**
 * A gateway on an ephemeral port against a fresh simulator, configured through the same
 * environment variables as production (the four URLs point at the simulator).
 */
export async function startTestGateway(
  env: Record<string, string | undefined> = {},
  simulatorOptions: SimulatorOptions = {},
  existingSimulator?: Simulator,
): Promise<TestGateway> {
  // SIMULATOR_TEMPLATE_REVIEW_MS in the env reaches the test simulator as it reaches the embedded one (an option given wins).
  const reviewMs = env.SIMULATOR_TEMPLATE_REVIEW_MS === undefined ? undefined : Number(env.SIMULATOR_TEMPLATE_REVIEW_MS);
  const simulator = existingSimulator ?? (await startSimulator({ ...(reviewMs !== undefined && { templateReviewMs: reviewMs }), ...simulatorOptions }));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    ...upstreamUrlEnv(simulator.urls),
    PARTNER_ID: ACME.id,
    PARTNER_TOKEN: ACME.token,
    KEYSTORE_SECRET: 'test-keystore-secret-0123456789',
    UPSTREAM_RETRIES: '1',
    // Test simulators start with no webhooks; the suites that test the check turn it on (docs: WEBHOOK_CHECK).
    WEBHOOK_CHECK: 'off',
    LOG_LEVEL: 'info',
    ...env,
  });
  const logs = new LogCapture();
  logs.on('finish', () => undefined);
  const originalWrite = logs._write.bind(logs);
  logs._write = (chunk, encoding, callback) => {
    allLogLines.push(...chunk.toString().split('\n').filter(Boolean));
    originalWrite(chunk, encoding, callback);
  };
  const gateway = await createGateway(config, { logger: createLogger(config.logLevel, logs) });
  let url: string;
  try {
    url = await gateway.start();
  } catch (error) {
    // A start refused (REDIS_MODE against a cluster node) leaves nothing open behind it.
    await gateway.services.close();
    if (!existingSimulator) await simulator.close();
    throw error;
  }
  return {
    gateway,
    simulator,
    config,
    logs,
    url,
    async graphql(query, variables, headers = {}) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: response.status, body: (await response.json()) as never };
    },
    async execute(query, variables, headers = {}) {
      // Node hands the handler its headers with lower-case names.
      const requestHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
      const contextValue = await createContext(gateway.services, {
        headers: requestHeaders,
        shareKey: gateway.services.shareKeys.of(requestHeaders, '127.0.0.1'),
      });
      const response = await gateway.apollo.executeOperation({ query, variables }, { contextValue });
      return { status: response.http.status ?? 200, body: JSON.parse(JSON.stringify(singleResult(response))) as never };
    },
    async close() {
      await gateway.stop();
      if (!existingSimulator) await simulator.close();
    },
  };
}

/**
 * A gateway for one describe block: started before its tests, its simulator's recorder and
 * injected faults cleared before each test (so no test depends on what an earlier one left),
 * closed after them. The returned object is filled in when the block starts.
 */
export function useTestGateway(env: Record<string, string | undefined> = {}, simulatorOptions: SimulatorOptions = {}): TestGateway {
  const harness = {} as TestGateway;
  beforeAll(async () => {
    Object.assign(harness, await startTestGateway(env, simulatorOptions));
  });
  beforeEach(() => {
    harness.simulator.recorder.clear();
    harness.simulator.faults.clear();
  });
  afterAll(async () => {
    await harness.close();
  });
  return harness;
}

/**
 * Closes a contact's service window as the upstream does: it refuses a text with 131047 (an injected fault), which the
 * gateway answers SERVICE_WINDOW_CLOSED and remembers. The refused request is cleared from the recorder, so a test
 * counts only what it sends itself.
 */
export async function closeWindowThroughUpstream(harness: TestGateway, channelId: string, contact: string): Promise<void> {
  harness.simulator.faults.add({
    path: '/messages$',
    method: 'POST',
    status: 400,
    times: 1,
    body: { error: { code: 131047, message: 'Re-engagement message', type: 'OAuthException' } },
  });
  const refused = await harness.execute(
    'mutation ($channelId: ID!, $to: String!) { sendMessage(channelId: $channelId, input: { to: $to, text: { body: "Still there?" } }) { id } }',
    { channelId, to: `+${contact}` },
  );
  expect(refused.body.errors?.[0]?.extensions?.code).toBe('SERVICE_WINDOW_CLOSED');
  harness.simulator.recorder.clear();
}

/** The value of one series of the gateway's /metrics (its name with labels, as Prometheus prints it); 0 while it has none. */
export async function metricValue(harness: Pick<TestGateway, 'url'>, series: string): Promise<number> {
  const text = await (await fetch(new URL('/metrics', harness.url))).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The area-B requests (cloud and on-premise roots) the harness's simulator received. */
export function areaBRequests(harness: TestGateway) {
  return harness.simulator.recorder.requests.filter((request) => /^\/(cloud|onprem)\//.test(request.path));
}

/**
 * A gateway on its own loopback origin (PUBLIC_URL) whose channels' number-level webhooks point at
 * its receiver, as connectWebhookToGateway sets them (set directly: cloud webhooks refuse the port).
 */
export async function startReceivingGateway(channelIds: string[], env: Record<string, string> = {}): Promise<TestGateway> {
  const port = await freePort();
  const gateway = await startTestGateway({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
  for (const channelId of channelIds) gateway.simulator.state.webhooks.set(channelId, gatewayWebhook(gateway.config, channelId));
  return gateway;
}
