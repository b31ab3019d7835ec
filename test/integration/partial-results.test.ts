import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { FaultInput } from '../../simulator/control-routes.js';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';

const A1 = `^/api/v2/partners/${ACME.id}/clients$`;
const A2_OF_CLIENT_002 = `^/api/v2/partners/${ACME.id}/clients/client-002/info/balance$`;

/** Faults go in over the simulator's HTTP control route, as an operator would inject them. */
async function injectFault(harness: TestGateway, fault: FaultInput): Promise<void> {
  const response = await fetch(new URL('/_control/faults', harness.simulator.urls.partner), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(201);
}

interface ClientRow {
  id: string;
  name: string | null;
  usage: { balance: number } | null;
}

describe('a failed upstream call nulls only the field that needed it (contract "Nullability")', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ CACHE_TTL_LISTING_MS: '0' });
  });
  afterAll(async () => {
    await harness.close();
  });
  afterEach(() => {
    harness.simulator.faults.clear();
    harness.simulator.recorder.clear();
  });

  it('a 500 on one client usage (A2) leaves the other clients, and every name, standing', async () => {
    await injectFault(harness, { path: A2_OF_CLIENT_002, method: 'GET', status: 500 });
    const { status, body } = await harness.execute<{ partner: { clients: { nodes: ClientRow[] } | null } }>(
      '{ partner { clients(limit: 3) { nodes { id name usage { balance } } } } }',
    );
    expect(status).toBe(200);
    const nodes = body.data?.partner.clients?.nodes ?? [];
    expect(nodes.map((client) => client.id)).toEqual(['client-001', 'client-002', 'client-003']);
    expect(nodes.every((client) => typeof client.name === 'string' && client.name.length > 0)).toBe(true);
    expect(nodes[1].usage).toBeNull();
    expect(typeof nodes[0].usage?.balance).toBe('number');
    expect(typeof nodes[2].usage?.balance).toBe('number');
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({ path: ['partner', 'clients', 'nodes', 1, 'usage'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('a failed client listing (A1) nulls partner.clients; the partner and its channels stand', async () => {
    await injectFault(harness, { path: A1, method: 'GET', status: 503 });
    const { body } = await harness.execute<{ partner: { id: string; clients: unknown; channels: { total: number } | null } }>(
      '{ partner { id clients { total } channels(limit: 1) { total } } }',
    );
    expect(body.data?.partner).toEqual({ id: ACME.id, clients: null, channels: { total: 14 } });
    expect(body.errors?.map((error) => error.path)).toEqual([['partner', 'clients']]);
  });

  it("a failed lookup of a channel's client nulls channel.client; the channel's own record stands", async () => {
    await injectFault(harness, { path: A1, method: 'GET', status: 503 });
    const { body } = await harness.execute<{ channel: { id: string; clientId: string; client: unknown } | null }>(
      '{ channel(id: "channel-001") { id clientId client { name } } }',
    );
    expect(body.data?.channel).toEqual({ id: 'channel-001', clientId: 'client-001', client: null });
    expect(body.errors?.map((error) => error.path)).toEqual([['channel', 'client']]);
  });
});
