import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

describe('partner graph over HTTP against the simulator', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('lists clients with their channels', async () => {
    const { body } = await harness.graphql<{ partner: { clients: { total: number; nodes: Array<{ id: string }> } } }>(
      '{ partner { id clients(limit: 2) { total nodes { id } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.partner.clients.total).toBe(6);
    expect(body.data?.partner.clients.nodes.map((client) => client.id)).toEqual(['client-001', 'client-002']);
    const [a1] = harness.simulator.recorder.matching(/\/clients$/, 'GET');
    expect(a1?.query).toEqual({ limit: '2' });
    expect(a1?.headers.authorization).toBe('Bearer sim-partner-token-acme');
  });
});
