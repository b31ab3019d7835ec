import { afterEach, describe, expect, it } from '@jest/globals';
import { createContext } from '../../src/context.js';
import type { BoundedMemoryStore } from '../../src/store/memory-store.js';
import { ACME, GLOBEX, startTestGateway, useTestGateway, type TestGateway } from '../support/gateway.js';

const ROOT = `/api/v2/partners/${ACME.id}`;
const filters = (value: Record<string, unknown>) => JSON.stringify(value);

/** Each distinct upstream request (method, path, query, credential) with how often it was sent. */
function distinctRequests(harness: TestGateway) {
  const counts = new Map<string, number>();
  for (const request of harness.simulator.recorder.requests) {
    const key = JSON.stringify([request.method, request.path, request.query, request.headers.authorization]);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe('no duplicate upstream calls within one operation', () => {
  const harness = useTestGateway({ CACHE_TTL_LISTING_MS: '0' });

  it('makes each distinct request once when a query asks the same thing several ways', async () => {
    const { body } = await harness.execute(`{
      a: client(id: "client-001") { id name }
      b: client(id: "client-001") { organisation }
      partner {
        client(id: "client-001") { id }
        first: clients(limit: 2) { nodes { id } }
        again: clients(limit: 2) { total }
        channel(id: "channel-002") { id }
        channels(filter: { clientId: "client-001" }) { nodes { id client { id } } }
      }
      one: channel(id: "channel-001") { client { name } manageableOfOwner: client { manageableChannels { id hosting } } }
      two: channel(id: "channel-002") { client { contactInfo { country } } }
      owner: client(id: "client-001") { channels { total } manageableChannels { id hosting } again: manageableChannels { hubStatus } }
    }`);
    expect(body.errors).toBeUndefined();
    const counts = distinctRequests(harness);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    const sent = [...counts.keys()].map((key) => JSON.parse(key) as [string, string, Record<string, string>, string]);
    expect(sent.map(([method, path, query]) => [method, path, query])).toEqual(
      expect.arrayContaining([
        ['GET', `${ROOT}/clients`, { filters: filters({ id: 'client-001' }) }],
        ['GET', `${ROOT}/clients`, { limit: '2' }],
        ['GET', `${ROOT}/channels`, { filters: filters({ id: 'channel-001' }) }],
        ['GET', `${ROOT}/channels`, { filters: filters({ client_id: 'client-001' }) }],
        ['GET', `${ROOT}/clients/client-001/shared_client_numbers`, {}],
      ]),
    );
    expect(sent.every(([, , , authorization]) => authorization === `Bearer ${ACME.token}`)).toBe(true);
  });

  it('looks the owning client up once for N channels of the same client', async () => {
    const { body } = await harness.execute<{ partner: { channels: { nodes: Array<{ client: { name: string } }> } } }>(
      '{ partner { channels(filter: { clientId: "client-001" }) { nodes { id client { name } } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.partner.channels.nodes).toHaveLength(4);
    expect(body.data?.partner.channels.nodes.every((channel) => channel.client.name === 'Northwind Traders')).toBe(true);
    expect(harness.simulator.recorder.matching(`${ROOT}/clients`, 'GET').map((request) => request.query)).toEqual([{ filters: filters({ id: 'client-001' }) }]);
    expect(harness.simulator.recorder.requests).toHaveLength(2);
  });

  it('batches the client lookups of a whole listing: one per distinct client, not one per channel', async () => {
    const { body } = await harness.execute<{ partner: { channels: { nodes: Array<{ id: string; client: { id: string } }> } } }>(
      '{ partner { channels { nodes { id client { id } } } } }',
    );
    expect(body.errors).toBeUndefined();
    const nodes = body.data!.partner.channels.nodes;
    expect(nodes).toHaveLength(14);
    const owners = [...new Set(nodes.map((channel) => channel.client.id))].sort();
    expect(owners).toHaveLength(6);
    const lookups = harness.simulator.recorder.matching(`${ROOT}/clients`, 'GET').map((request) => String(request.query.filters));
    expect(lookups.sort()).toEqual(owners.map((id) => filters({ id })).sort());
    expect(harness.simulator.recorder.matching(`${ROOT}/channels`, 'GET')).toHaveLength(1);
  });

  it('sends the same listing once when two aliases ask for it', async () => {
    const { body } = await harness.execute('{ partner { clients { nodes { id } } } later: partner { clients { nodes { id } } } }');
    expect(body.errors).toBeUndefined();
    expect(harness.simulator.recorder.requests).toHaveLength(1);
  });
});

describe('tenant-isolated response cache', () => {
  const CLIENTS = '{ partner { clients { total nodes { id } } } }';
  let harness: TestGateway;
  afterEach(async () => {
    await harness.close();
  });

  it('gives each request rows of its own from one cached page, with the partner they were read for', async () => {
    harness = await startTestGateway({ CACHE_TTL_LISTING_MS: '60000' });
    const listing = async () => {
      const context = await createContext(harness.gateway.services, { headers: { authorization: `Bearer ${ACME.token}` } });
      return context.dataSources.partner.listChannels(ACME.id, { limit: 3 });
    };
    const first = await listing();
    harness.simulator.recorder.clear();
    const second = await listing();
    expect(harness.simulator.recorder.requests).toEqual([]);
    expect(second.nodes).toEqual(first.nodes);
    expect(second.nodes.every((row) => row.partnerId === ACME.id)).toBe(true);
    // What one request does to its rows (@apollo/subgraph defines __typename on an entity) is not seen by the next.
    for (const row of first.nodes) Object.defineProperty(row, '__typename', { value: 'Channel' });
    const third = await listing();
    expect(third.nodes.map((row) => Object.getOwnPropertyDescriptor(row, '__typename'))).toEqual([undefined, undefined, undefined]);
    expect(third.nodes.every((row, index) => row !== first.nodes[index] && row !== second.nodes[index])).toBe(true);
  });

  it('serves a second identical query from the cache: zero upstream calls', async () => {
    harness = await startTestGateway({ CACHE_TTL_LISTING_MS: '60000' });
    const first = await harness.execute(`${CLIENTS.slice(0, -1)} channel(id: "channel-001") { id hosting } }`);
    expect(first.body.errors).toBeUndefined();
    expect(harness.simulator.recorder.requests.length).toBeGreaterThan(0);
    harness.simulator.recorder.clear();
    const second = await harness.execute(`${CLIENTS.slice(0, -1)} channel(id: "channel-001") { id hosting } }`);
    expect(second.body).toEqual(first.body);
    expect(harness.simulator.recorder.requests).toEqual([]);
  });

  it('makes one upstream call for concurrent requests missing the same entry, and one per credential', async () => {
    harness = await startTestGateway({ PARTNER_TOKEN: undefined, PARTNER_ID: undefined, CACHE_TTL_LISTING_MS: '60000' });
    const as = (token: string, partnerId: string) => ({ authorization: `Bearer ${token}`, 'x-partner-id': partnerId });
    // A slow upstream, so that every request misses while the first call is still out.
    const slow = await fetch(`${harness.simulator.baseUrl()}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: `^${ROOT}/clients$`, method: 'GET', delayMs: 300 }),
    });
    expect(slow.status).toBe(201);
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => harness.execute(CLIENTS, undefined, as(ACME.token, ACME.id))),
      ...Array.from({ length: 3 }, () => harness.execute(CLIENTS, undefined, as(GLOBEX.token, ACME.id))),
    ]);
    const [first] = answers;
    expect(first.body.errors).toBeUndefined();
    for (const answer of answers.slice(0, 8)) expect(answer.body).toEqual(first.body);
    for (const answer of answers.slice(8)) expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      harness.simulator.recorder
        .matching(`${ROOT}/clients`, 'GET')
        .map((request) => request.headers.authorization)
        .sort(),
    ).toEqual([`Bearer ${ACME.token}`, `Bearer ${GLOBEX.token}`].sort());
  });

  it('stores listings for CACHE_TTL_LISTING_MS', async () => {
    harness = await startTestGateway({ CACHE_TTL_LISTING_MS: '45000' });
    const before = Date.now();
    await harness.execute(CLIENTS);
    const memory = harness.gateway.services.store.store as BoundedMemoryStore;
    const expiries: number[] = [];
    for (const [, raw] of memory.responseEntries()) {
      const { expires } = raw as { expires?: number };
      if (expires) expiries.push(expires);
    }
    expect(expiries).toHaveLength(1);
    expect(expiries[0] - before).toBeGreaterThanOrEqual(45_000);
    expect(expiries[0] - Date.now()).toBeLessThanOrEqual(45_000);
  });

  it('does not cache at all with CACHE_TTL_LISTING_MS=0', async () => {
    harness = await startTestGateway({ CACHE_TTL_LISTING_MS: '0' });
    await harness.execute(CLIENTS);
    harness.simulator.recorder.clear();
    await harness.execute(CLIENTS);
    expect(harness.simulator.recorder.matching(`${ROOT}/clients`, 'GET')).toHaveLength(1);
  });

  it('never serves one caller’s cached data to another credential or partner (multi-tenant mode)', async () => {
    harness = await startTestGateway({ PARTNER_TOKEN: undefined, PARTNER_ID: undefined, CACHE_TTL_LISTING_MS: '60000' });
    const as = (token: string, partnerId: string) => ({ authorization: `Bearer ${token}`, 'x-partner-id': partnerId });

    const acme = await harness.execute<{ partner: { clients: { total: number } } }>(CLIENTS, undefined, as(ACME.token, ACME.id));
    expect(acme.body.data?.partner.clients.total).toBe(6);
    expect(harness.simulator.recorder.requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${ACME.token}`]);

    // Same partner and request, other credential: must go upstream with that credential (and is refused there).
    harness.simulator.recorder.clear();
    const intruder = await harness.execute(CLIENTS, undefined, as(GLOBEX.token, ACME.id));
    expect(intruder.body.data).toEqual({ partner: { clients: null } });
    expect(intruder.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect(harness.simulator.recorder.requests.map((request) => [request.path, request.headers.authorization])).toEqual([
      [`${ROOT}/clients`, `Bearer ${GLOBEX.token}`],
    ]);

    // Another partner with its own credential gets its own data, fetched upstream.
    harness.simulator.recorder.clear();
    const globex = await harness.execute<{ partner: { clients: { total: number; nodes: Array<{ id: string }> } } }>(
      CLIENTS,
      undefined,
      as(GLOBEX.token, GLOBEX.id),
    );
    expect(globex.body.data?.partner.clients).toEqual({ total: 2, nodes: [{ id: 'client-007' }, { id: 'client-008' }] });
    expect(harness.simulator.recorder.requests.map((request) => request.path)).toEqual([`/api/v2/partners/${GLOBEX.id}/clients`]);

    // The first caller is still served from its own cache entry.
    harness.simulator.recorder.clear();
    const again = await harness.execute(CLIENTS, undefined, as(ACME.token, ACME.id));
    expect(again.body).toEqual(acme.body);
    expect(harness.simulator.recorder.requests).toEqual([]);
  });
});
