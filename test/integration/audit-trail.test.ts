import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createContext } from '../../src/context.js';
import { ALL_SCOPES, type Scope } from '../../src/identity/actor.js';
import { metricValue, startTestGateway, useTestGateway, type TestGateway } from '../support/gateway.js';
import { singleResult } from '../support/single-result.js';
import { describeWithRedis, dropNamespace, namespaceKeys, testRedisEnv, uniqueNamespace } from '../support/redis.js';

const CLOUD = 'channel-001';
const OTHER = 'channel-004';
const KEYS = { [CLOUD]: `sim-key-${CLOUD}`, [OTHER]: `sim-key-${OTHER}` };
const TOKENS = ['audit-token-one', 'audit-token-two'];
const AS = (index: number) => ({ authorization: `Bearer ${TOKENS[index]}` });

const SEND = `mutation Send($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }`;
const TRAIL = `query Trail($first: Int, $after: String, $actor: String, $channelId: ID) {
  partner { auditTrail(first: $first, after: $after, actor: $actor, channelId: $channelId) {
    nodes { id at actor { kind subject name } operation clientId channelId messageId outcome code }
    endCursor hasMore
  } }
}`;

interface Entry {
  id: string;
  at: string;
  actor: { kind: string; subject: string | null; name: string | null };
  operation: string;
  clientId: string | null;
  channelId: string | null;
  messageId: string | null;
  outcome: string;
  code: string | null;
}
interface TrailPage {
  nodes: Entry[];
  endCursor: string | null;
  hasMore: boolean;
}

function auditTrailOf(harness: TestGateway) {
  return async (variables: Record<string, unknown> = {}): Promise<TrailPage> => {
    const answer = await harness.execute<{ partner: { auditTrail: TrailPage } }>(TRAIL, { first: 50, ...variables }, AS(0));
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.partner.auditTrail;
  };
}

/** The log lines of audited writes (one per mutation field). */
const auditLines = (harness: TestGateway) => harness.logs.entries().filter((line) => line.msg === 'write audited');

describe('audit trail of writes (memory)', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), GATEWAY_TOKENS: TOKENS.join(','), UPSTREAM_RETRIES: '0' });
  const trail = auditTrailOf(harness);
  const newest = async () => (await trail({ first: 1 })).nodes[0];

  it('records a send as DONE with the message it created, and keeps neither its text nor its recipient', async () => {
    const sent = await harness.execute<{ sendMessage: { id: string } }>(
      SEND,
      { channelId: CLOUD, input: { to: '+4915100000401', text: { body: 'confidential-text-91' } } },
      AS(0),
    );
    expect(sent.body.errors).toBeUndefined();
    const messageId = sent.body.data!.sendMessage.id;
    const entry = await newest();
    expect(entry).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: { kind: 'SERVICE', subject: 'gateway-token-1', name: null },
      operation: 'sendMessage',
      clientId: null,
      channelId: CLOUD,
      messageId,
      outcome: 'DONE',
      code: null,
    });
    const line = auditLines(harness).find((candidate) => (candidate.audit as Entry).messageId === messageId);
    expect(line).toMatchObject({ audit: { operation: 'sendMessage', outcome: 'DONE', channelId: CLOUD, actor: { subject: 'gateway-token-1' } } });
    for (const kept of [JSON.stringify(entry), JSON.stringify(line)]) {
      for (const secret of ['confidential-text-91', '4915100000401', TOKENS[0], KEYS[CLOUD]]) expect(kept).not.toContain(secret);
    }
  });

  it('records createApiKey as DONE without the key it created', async () => {
    const created = await harness.execute<{ createApiKey: { apiKey: string } }>(`mutation { createApiKey(channelId: "${OTHER}") { apiKey } }`, {}, AS(1));
    expect(created.body.errors).toBeUndefined();
    const entry = await newest();
    expect(entry).toMatchObject({
      operation: 'createApiKey',
      channelId: OTHER,
      actor: { subject: 'gateway-token-2' },
      outcome: 'DONE',
      code: null,
      messageId: null,
    });
    const line = auditLines(harness).at(-1);
    expect(line).toMatchObject({ audit: { operation: 'createApiKey', outcome: 'DONE' } });
    expect(JSON.stringify(entry) + JSON.stringify(line)).not.toContain(created.body.data!.createApiKey.apiKey);
  });

  it('records a send refused for bad input as REFUSED with its code, nothing sent', async () => {
    const refused = await harness.execute(SEND, { channelId: CLOUD, input: { to: 'not-a-number', text: { body: 'refused-text-17' } } }, AS(0));
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(harness.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(0);
    const entry = await newest();
    expect(entry).toMatchObject({ operation: 'sendMessage', channelId: CLOUD, messageId: null, outcome: 'REFUSED', code: 'BAD_USER_INPUT' });
    expect(JSON.stringify(auditLines(harness).at(-1))).not.toContain('refused-text-17');
  });

  it('records a send the upstream refused as FAILED, and one sent without an answer as UNKNOWN', async () => {
    harness.simulator.faults.add({ path: '^/cloud/messages$', method: 'POST', status: 400, times: 1 });
    const failed = await harness.execute(SEND, { channelId: CLOUD, input: { to: '+4915100000402', text: { body: 'a' } } }, AS(0));
    expect(failed.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_ERROR');
    expect(await newest()).toMatchObject({ operation: 'sendMessage', outcome: 'FAILED', code: 'UPSTREAM_ERROR', messageId: null });

    // A 429 is the upstream's answer too (the gateway's own rate limits send nothing and are REFUSED).
    harness.simulator.faults.add({ path: '^/cloud/messages$', method: 'POST', status: 429, retryAfter: 1, times: 1 });
    const limited = await harness.execute(SEND, { channelId: CLOUD, input: { to: '+4915100000406', text: { body: 'a' } } }, AS(0));
    expect(limited.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(await newest()).toMatchObject({ operation: 'sendMessage', outcome: 'FAILED', code: 'RATE_LIMITED' });

    harness.simulator.faults.add({ path: '^/cloud/messages$', method: 'POST', dropConnection: true, times: 1 });
    const lost = await harness.execute(SEND, { channelId: CLOUD, input: { to: '+4915100000403', text: { body: 'b' } } }, AS(0));
    expect(lost.body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', outcome: 'UNKNOWN' });
    expect(await newest()).toMatchObject({ operation: 'sendMessage', outcome: 'UNKNOWN', code: 'UPSTREAM_UNAVAILABLE' });
    expect(auditLines(harness).at(-1)).toMatchObject({ audit: { outcome: 'UNKNOWN', code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('records a mutation refused before it ran (its variables refused, or its document invalid) as REFUSED, and no query', async () => {
    const refused = await harness.execute(SEND, { channelId: CLOUD, input: { to: 42 } }, AS(0));
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await newest()).toMatchObject({ operation: 'sendMessage', outcome: 'REFUSED', code: 'BAD_USER_INPUT' });

    const invalid = await harness.execute(`mutation { createApiKey(channelId: "${CLOUD}") { noSuchField } nowhere }`, {}, AS(0));
    expect(invalid.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const entry = await newest();
    expect(entry).toMatchObject({
      operation: 'createApiKey',
      channelId: CLOUD,
      actor: { subject: 'gateway-token-1' },
      outcome: 'REFUSED',
      code: 'GRAPHQL_VALIDATION_FAILED',
    });

    await harness.execute(`query { partner { id } }`, {}, AS(0));
    expect((await newest()).id).toBe(entry.id);
  });

  it('pages newest first and filters by actor, by channel and by both', async () => {
    const refusedSend = (as: number, channelId: string) => harness.execute(SEND, { channelId, input: { to: 'bad', text: { body: 'x' } } }, AS(as));
    await refusedSend(1, CLOUD);
    await refusedSend(1, OTHER);
    await refusedSend(1, CLOUD);
    const first = await trail({ first: 2, actor: 'gateway-token-2' });
    expect(first.nodes.map((entry) => entry.channelId)).toEqual([CLOUD, OTHER]);
    expect(first.hasMore).toBe(true);
    const second = await trail({ first: 2, actor: 'gateway-token-2', after: first.endCursor });
    // The third of token two's writes, then its createApiKey.
    expect(second.nodes.map((entry) => [entry.operation, entry.channelId])).toEqual([
      ['sendMessage', CLOUD],
      ['createApiKey', OTHER],
    ]);
    expect(second.hasMore).toBe(false);
    const onOther = await trail({ channelId: OTHER });
    expect(onOther.nodes.map((entry) => [entry.operation, entry.actor.subject])).toEqual([
      ['sendMessage', 'gateway-token-2'],
      ['createApiKey', 'gateway-token-2'],
    ]);
    const both = await trail({ channelId: CLOUD, actor: 'gateway-token-2' });
    expect(both.nodes).toHaveLength(2);
    expect(new Set([...first.nodes, ...second.nodes].map((entry) => entry.id)).size).toBe(4);
  });

  it('answers the write when the audit store fails, and logs and counts the lost entry', async () => {
    const before = await metricValue(harness, 'hubgraph_audit_failures_total');
    const record = jest.spyOn(harness.gateway.services.auditTrail, 'record').mockRejectedValueOnce(new Error('audit store down'));
    try {
      const sent = await harness.execute<{ sendMessage: { id: string } }>(
        SEND,
        { channelId: CLOUD, input: { to: '+4915100000404', text: { body: 'c' } } },
        AS(0),
      );
      expect(sent.body.errors).toBeUndefined();
      expect(sent.body.data?.sendMessage.id).toMatch(/^wamid\./);
      expect(await metricValue(harness, 'hubgraph_audit_failures_total')).toBe(before + 1);
      expect(harness.logs.entries().some((line) => line.msg === 'the audit entry of a write could not be stored')).toBe(true);
      expect(auditLines(harness).at(-1)).toMatchObject({ audit: { messageId: sent.body.data?.sendMessage.id, outcome: 'DONE' } });
    } finally {
      record.mockRestore();
    }
  });

  it('is FORBIDDEN without hubgraph:admin or without every client, naming what is missing', async () => {
    const asCaller = async (scopes: ReadonlySet<Scope>, allClients: boolean) => {
      const contextValue = await createContext(harness.gateway.services, { headers: AS(0), shareKey: 'audit-test' });
      contextValue.caller = {
        ...contextValue.caller,
        scopes,
        grant: allClients ? { allClients: true } : { allClients: false, clientIds: new Set(['client-1']) },
      };
      return singleResult(await harness.gateway.apollo.executeOperation({ query: TRAIL, variables: { first: 1 } }, { contextValue }));
    };
    const noAdmin = await asCaller(new Set<Scope>(['hubgraph:read', 'hubgraph:send', 'hubgraph:manage']), true);
    expect(noAdmin.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(noAdmin.errors?.[0]?.message).toContain('hubgraph:admin');
    const someClients = await asCaller(ALL_SCOPES, false);
    expect(someClients.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(someClients.errors?.[0]?.message).toContain('every client');
    expect((await asCaller(ALL_SCOPES, true)).errors).toBeUndefined();
  });

  it('refuses a page size outside 1..200 as BAD_USER_INPUT naming first', async () => {
    const answer = await harness.execute(TRAIL, { first: 201 }, AS(0));
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' });
  });
});

describeWithRedis('audit trail of writes (Redis)', () => {
  const namespace = uniqueNamespace('audit');
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ ...testRedisEnv(namespace), CHANNEL_API_KEYS: JSON.stringify(KEYS), GATEWAY_TOKENS: TOKENS.join(',') });
  });
  afterAll(async () => {
    await harness.close();
    await dropNamespace(namespace);
  });

  it('keeps writes in Redis under the partner, read newest first with the filters, each set expiring after AUDIT_RETENTION_MS', async () => {
    const trail = auditTrailOf(harness);
    const sent = await harness.execute<{ sendMessage: { id: string } }>(
      SEND,
      { channelId: CLOUD, input: { to: '+4915100000405', text: { body: 'kept-out-of-redis' } } },
      AS(0),
    );
    expect(sent.body.errors).toBeUndefined();
    await harness.execute(SEND, { channelId: OTHER, input: { to: 'bad', text: { body: 'x' } } }, AS(1));
    const all = await trail();
    expect(all.nodes.map((entry) => [entry.operation, entry.channelId, entry.outcome, entry.messageId])).toEqual([
      ['sendMessage', OTHER, 'REFUSED', null],
      ['sendMessage', CLOUD, 'DONE', sent.body.data!.sendMessage.id],
    ]);
    expect((await trail({ actor: 'gateway-token-1' })).nodes.map((entry) => entry.channelId)).toEqual([CLOUD]);
    expect((await trail({ channelId: OTHER })).nodes.map((entry) => entry.actor.subject)).toEqual(['gateway-token-2']);
    const page = await trail({ first: 1 });
    expect((await trail({ first: 1, after: page.endCursor })).nodes[0]?.channelId).toBe(CLOUD);

    const keys = await namespaceKeys(namespace, undefined, 'audit:*');
    expect(keys.length).toBeGreaterThan(0);
    const client = harness.gateway.services.redis!;
    for (const key of keys) {
      expect(key).toContain(`audit:{${harness.config.partnerId}}:`);
      const ttl = await client.command<number>(key, ['PTTL', key]);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(harness.config.auditRetentionMs);
      const members = await client.command<string[]>(key, ['ZRANGE', key, '0', '-1']);
      for (const member of members) expect(member).not.toContain('kept-out-of-redis');
    }
  });
});
