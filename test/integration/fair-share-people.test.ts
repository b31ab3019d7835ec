import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from 'graphql-ws';
import { connectWs, type WsConnection } from '../support/events.js';
import { ACME, GLOBEX, startTestGateway, useTestGateway, type TestGateway } from '../support/gateway.js';
import { startIdentityProvider, testPeople, type TestIdentityProvider } from '../support/identity-provider.js';

/** Fair share per person (issuer + sub), and no share of its own for a credential nobody has vouched for (issue 41 point 6). */

/** Past the fair-share budget's one-second window: every budget is whole again. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));
/** 1 + 10 + 60 = 71 of a budget of 100 per second: a second one within the same second is over. */
const LISTING = 'query ($n: Int) { partner { channels(limit: $n) { nodes { id } } } }';

type Answer = { status: number; body: { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };
const codeOf = (answer: Answer) => answer.body.errors?.[0]?.extensions?.code;

async function post(url: string, headers: Record<string, string>, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

function wsQuery(client: Client, query: string, variables: Record<string, unknown>): Promise<Answer['body']> {
  return new Promise((resolve, reject) => {
    let result: Answer['body'] = {};
    client.subscribe(
      { query, variables },
      {
        next: (value) => {
          result = value as Answer['body'];
        },
        error: (error) => (Array.isArray(error) ? resolve({ errors: error as never }) : reject(error as Error)),
        complete: () => resolve(result),
      },
    );
  });
}

describe('fair share per person', () => {
  const { admin, agent } = testPeople('client-1');
  let idp: TestIdentityProvider;
  let harness: TestGateway;
  const sockets: WsConnection[] = [];
  beforeAll(async () => {
    idp = await startIdentityProvider([admin, agent]);
    harness = await startTestGateway({ ...idp.env, GATEWAY_TOKENS: 'service-token', MAX_COST_PER_SECOND_PER_CALLER: '100', UPSTREAM_CALL_COST: '0' });
  });
  afterAll(async () => {
    for (const socket of sockets) await socket.dispose();
    await harness.close();
    await idp.close();
  });
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  it('gives two people behind one app a budget each, and one person the same budget whichever token they present', async () => {
    const [agentToken, agentOtherToken, adminToken] = [await idp.token(agent), await idp.token(agent, 'hubgraph:read'), await idp.token(admin)];
    let outcome: { agentAgain: Answer; admin: Answer } | undefined;
    for (let attempt = 0; attempt < 3 && outcome?.agentAgain.status !== 429; attempt += 1) {
      // The first test on its gateway: both people start with a whole budget.
      if (attempt > 0) await nextSecond();
      expect(codeOf(await post(harness.url, as(agentToken), LISTING, { n: 60 }))).toBeUndefined();
      // The agent's other token spends the agent's budget; the admin, from the same address, has one of their own.
      outcome = {
        agentAgain: await post(harness.url, as(agentOtherToken), LISTING, { n: 60 }),
        admin: await post(harness.url, as(adminToken), LISTING, { n: 60 }),
      };
    }
    expect(outcome?.agentAgain.status).toBe(429);
    expect(codeOf(outcome!.agentAgain)).toBe('RATE_LIMITED');
    expect(outcome?.agentAgain.body.errors?.[0]?.message).toMatch(/MAX_COST_PER_SECOND_PER_CALLER, 100 per second/);
    expect(outcome?.admin.body.errors).toBeUndefined();
    // A gateway token beside people is a caller of its own.
    expect((await post(harness.url, as('service-token'), LISTING, { n: 60 })).body.errors).toBeUndefined();
  });

  it('charges a WebSocket connection to the person whose token it presented', async () => {
    const [agentToken, adminToken] = [await idp.token(agent), await idp.token(admin)];
    const agentSocket = connectWs(harness.url, { authorization: `Bearer ${agentToken}` });
    const adminSocket = connectWs(harness.url, { authorization: `Bearer ${adminToken}` });
    sockets.push(agentSocket, adminSocket);
    let outcome: { agentOverWs: Answer['body']; adminOverWs: Answer['body'] } | undefined;
    for (let attempt = 0; attempt < 3 && codeOf({ status: 0, body: outcome?.agentOverWs ?? {} }) !== 'RATE_LIMITED'; attempt += 1) {
      await nextSecond();
      // Over HTTP with another token of the agent's: the connection's operations are charged to the same person.
      expect(codeOf(await post(harness.url, as(await idp.token(agent)), LISTING, { n: 60 }))).toBeUndefined();
      outcome = { agentOverWs: await wsQuery(agentSocket.client, LISTING, { n: 60 }), adminOverWs: await wsQuery(adminSocket.client, LISTING, { n: 60 }) };
    }
    expect(outcome?.agentOverWs.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(outcome?.adminOverWs.errors).toBeUndefined();
  });
});

describe('multi-tenant: a credential nobody vouched for buys no share of its own', () => {
  const harness = useTestGateway({ PARTNER_TOKEN: undefined, PARTNER_ID: undefined, MAX_COST_PER_SECOND_PER_CALLER: '1000' });
  const CLIENTS = '{ partner { clients(limit: 1) { total } } }';
  const upstreamCalls = () => harness.simulator.recorder.matching(/^\/api\/v2\/partners\//).length;

  it('remembers a credential the upstream refused: repeated, it is refused at the door with no upstream call', async () => {
    const refused = { authorization: `Bearer made-up-${randomUUID()}`, 'x-partner-id': ACME.id };
    const first = await post(harness.url, refused, CLIENTS);
    expect(first.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(upstreamCalls()).toBe(1);
    for (let again = 0; again < 5; again += 1) {
      const answer = await post(harness.url, refused, CLIENTS);
      expect(answer.status).toBe(401);
      expect(answer.body.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/upstream refused this credential/),
        extensions: { code: 'UNAUTHENTICATED' },
      });
    }
    expect(upstreamCalls()).toBe(1);
  });

  it('charges a flood of new random tokens to its address: upstream calls bounded, a vouched tenant at the same address still served', async () => {
    await nextSecond();
    const tenant = { authorization: `Bearer ${GLOBEX.token}`, 'x-partner-id': GLOBEX.id };
    // The tenant's first success vouches for its credential: from then on it is a caller of its own.
    expect((await post(harness.url, tenant, CLIENTS)).body.errors).toBeUndefined();
    harness.simulator.recorder.clear();
    // 16 connections, each sending a new made-up token on every request. Counted, not timed: the host may be slow.
    const startedAt = Date.now();
    let sent = 0;
    let flooding = true;
    const flood = Promise.all(
      Array.from({ length: 16 }, async () => {
        const statuses: number[] = [];
        for (let request = 0; request < 5; request += 1) {
          sent += 1;
          statuses.push((await post(harness.url, { authorization: `Bearer made-up-${randomUUID()}`, 'x-partner-id': ACME.id }, CLIENTS)).status);
        }
        return statuses;
      }),
    ).finally(() => (flooding = false));
    const tenantAnswers: Answer[] = [];
    while (flooding) {
      tenantAnswers.push(await post(harness.url, tenant, CLIENTS));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const floodStatuses = (await flood).flat();
    const seconds = (Date.now() - startedAt) / 1000;
    const floodCalls = harness.simulator.recorder.requests.filter((request) => request.headers.authorization !== `Bearer ${GLOBEX.token}`).length;
    expect(sent).toBe(80);
    expect(floodStatuses.every((status) => status === 200 || status === 401 || status === 429)).toBe(true);
    // One address's budget, not a fresh one per token: the flood meets RATE_LIMITED (a budget per token never would),
    // and reaches the upstream at most once per connection per budget refill (a second), not once per request.
    expect(floodStatuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(floodCalls).toBeLessThan(sent);
    expect(floodCalls).toBeLessThanOrEqual(16 * Math.ceil(seconds + 1));
    // The tenant the upstream vouched for, at the same address, is served throughout.
    expect(tenantAnswers.length).toBeGreaterThan(0);
    expect(tenantAnswers.filter((answer) => answer.body.errors)).toEqual([]);
  });
});
