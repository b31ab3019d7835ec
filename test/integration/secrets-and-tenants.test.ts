import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACME, GLOBEX, allLogLines, startTestGateway, type TestGateway } from '../support/gateway.js';

const GATEWAY_TOKEN = 'gw-secret-token-4f1c9e';
const WRONG_TOKEN = 'wrong-secret-token-77aa01';
const CONFIGURED_KEY = 'configured-secret-key-c002';
const KEYSTORE_SECRET = 'test-keystore-secret-0123456789';

const asAcme = { authorization: `Bearer ${ACME.token}`, 'x-partner-id': ACME.id };
const asGlobex = { authorization: `Bearer ${GLOBEX.token}`, 'x-partner-id': GLOBEX.id };
const globexClaimingAcme = { authorization: `Bearer ${GLOBEX.token}`, 'x-partner-id': ACME.id };

/** Everything the gateways answered as errors, and the metrics they exposed. */
const printed: string[] = [];

async function collectMetrics(harness: TestGateway) {
  printed.push(await (await fetch(new URL('/metrics', harness.url))).text());
}

describe('secrets never printed; tenants never see each other', () => {
  let single: TestGateway;
  let multi: TestGateway;

  async function run(harness: TestGateway, query: string, headers: Record<string, string> = {}) {
    const result = await harness.graphql(query, undefined, headers);
    if (result.body.errors) printed.push(JSON.stringify(result.body.errors));
    return result;
  }

  beforeAll(async () => {
    single = await startTestGateway({
      GATEWAY_TOKENS: GATEWAY_TOKEN,
      CHANNEL_API_KEYS: JSON.stringify({ 'channel-002': CONFIGURED_KEY }),
      LOG_LEVEL: 'trace',
    });
    // Multi-tenant: no PARTNER_TOKEN, every caller's own Authorization goes upstream.
    multi = await startTestGateway({ PARTNER_ID: undefined, PARTNER_TOKEN: undefined, LOG_LEVEL: 'trace' });
  });
  afterAll(async () => {
    await single.close();
    await multi.close();
  });

  it('tenant isolation: cached data is never served to another credential', async () => {
    const query = '{ partner { clients(limit: 2) { total nodes { id name } } } }';
    const acme = await run(multi, query, asAcme);
    expect(acme.body.errors).toBeUndefined();
    multi.simulator.recorder.clear();
    const again = await run(multi, query, asAcme);
    expect(again.body.data).toEqual(acme.body.data);
    expect(multi.simulator.recorder.requests).toHaveLength(0);

    // Globex claiming Acme's partner id: its own credential goes upstream and is refused; Acme's cache is not consulted.
    const intruder = await run(multi, query, globexClaimingAcme);
    expect(intruder.body.data).toEqual({ partner: { clients: null } });
    expect(intruder.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const [a1] = multi.simulator.recorder.matching(/\/clients$/, 'GET');
    expect(a1?.headers.authorization).toBe(`Bearer ${GLOBEX.token}`);

    const own = await run(multi, query, asGlobex);
    expect(own.body.errors).toBeUndefined();
    expect(JSON.stringify(own.body.data)).not.toContain('client-001');
  });

  it('tenant isolation: an API key stored for one partner is never used for another caller', async () => {
    const created = await run(multi, 'mutation { createApiKey(channelId: "channel-001") { apiKey } }', asAcme);
    expect(created.body.errors).toBeUndefined();
    const apiKey = (created.body.data as { createApiKey: { apiKey: string } }).createApiKey.apiKey;

    multi.simulator.recorder.clear();
    const profile = '{ channel(id: "channel-001") { businessProfile { websites } } }';
    const intruder = await run(multi, profile, globexClaimingAcme);
    expect(intruder.body.data).toEqual({ channel: null });
    expect(intruder.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const other = await run(multi, profile, asGlobex);
    expect(other.body.data).toEqual({ channel: null });
    expect(multi.simulator.recorder.requests.filter((request) => request.headers['svc-api-key'] !== undefined)).toHaveLength(0);

    const owner = await run(multi, profile, asAcme);
    expect(owner.body.errors).toBeUndefined();
    expect(multi.simulator.recorder.requests.some((request) => request.headers['svc-api-key'] === apiKey)).toBe(true);
  });

  /** The error codes of an answer, in order (empty when it succeeded). */
  const codes = (result: { body: { errors?: Array<{ extensions?: Record<string, unknown> }> } }) =>
    (result.body.errors ?? []).map((error) => error.extensions?.code);

  it('runs succeeding and failing operations that handle every kind of secret, and none appears in a log line, error or metric', async () => {
    const withGatewayToken = { authorization: `Bearer ${GATEWAY_TOKEN}` };
    const wrongTokenForAcme = { authorization: `Bearer ${WRONG_TOKEN}`, 'x-partner-id': ACME.id };
    expect(codes(await run(single, '{ partner { id } }', withGatewayToken))).toEqual([]);
    expect((await run(single, '{ partner { id } }', { authorization: `Bearer ${WRONG_TOKEN}` })).status).toBe(401);
    const created = await run(single, 'mutation { createApiKey(channelId: "channel-004") { apiKey } }', withGatewayToken);
    expect(codes(created)).toEqual([]);
    const createdKey = (created.body.data as { createApiKey: { apiKey: string } }).createApiKey.apiKey;
    const ownKey = await run(multi, 'mutation { createApiKey(channelId: "channel-001") { apiKey } }', asAcme);
    expect(codes(ownKey)).toEqual([]);
    const multiKey = (ownKey.body.data as { createApiKey: { apiKey: string } }).createApiKey.apiKey;
    expect(codes(await run(single, '{ channel(id: "channel-004") { businessProfile { websites } } }', withGatewayToken))).toEqual([]);
    expect(codes(await run(single, '{ channel(id: "channel-002") { businessProfile { websites } } }', withGatewayToken))).toEqual(['UNAUTHENTICATED']);

    // Area B refusing the key, and failing outright, with the configured key.
    single.simulator.faults.add({ path: '^/(cloud|onprem)/', status: 401, times: 1 });
    single.simulator.faults.add({ path: '^/(cloud|onprem)/', status: 500 });
    const refused = await run(single, '{ channel(id: "channel-002") { id businessProfile { websites } } }', withGatewayToken);
    expect(codes(refused)).toEqual(['UNAUTHENTICATED']);
    single.simulator.faults.clear();
    // Area A: 500, dropped connection, and the partner token refused upstream.
    single.simulator.faults.add({ path: '/clients$', status: 500, times: 2 });
    expect(codes(await run(single, '{ client(id: "client-003") { id } }', withGatewayToken))).toEqual(['UPSTREAM_UNAVAILABLE']);
    single.simulator.faults.add({ path: '/channels$', dropConnection: true, times: 2 });
    expect(codes(await run(single, '{ channel(id: "channel-003") { id } }', withGatewayToken))).toEqual(['UPSTREAM_UNAVAILABLE']);
    single.simulator.faults.clear();
    expect(codes(await run(multi, '{ partner { id clients { total } } }', wrongTokenForAcme))).toEqual(['UNAUTHENTICATED']);
    expect(codes(await run(multi, 'mutation { updateClient(clientId: "client-001", input: { partnerPayload: "x" }) { id } }', wrongTokenForAcme))).toEqual([
      'UNAUTHENTICATED',
    ]);
    await collectMetrics(single);
    await collectMetrics(multi);

    const secrets = [ACME.token, GLOBEX.token, GATEWAY_TOKEN, WRONG_TOKEN, CONFIGURED_KEY, KEYSTORE_SECRET, createdKey, multiKey];
    const everything = [...allLogLines, ...printed];
    expect(printed.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      const leaks = everything.filter((text) => text.includes(secret));
      expect({ secret, leaks }).toEqual({ secret, leaks: [] });
    }
  });
});
