import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { grantForToken, grantOf } from '../support/grants.js';

const VIEWER = '{ viewer { actor { kind subject name } scopes allClients clientIds } }';

describe('Query.viewer: who is calling', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ GATEWAY_TOKENS: 'admin-token,agent-token' });
    grantForToken(harness, 'agent-token', grantOf('client-001', 'client-of-another-partner'));
  });
  afterAll(async () => {
    await harness.close();
  });

  it('names a gateway token as a service with every scope and every client of the partner', async () => {
    const answer = await harness.execute(VIEWER, {}, { authorization: 'Bearer admin-token' });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({
      viewer: {
        actor: { kind: 'SERVICE', subject: 'gateway-token-1', name: null },
        scopes: ['hubgraph:read', 'hubgraph:send', 'hubgraph:manage', 'hubgraph:admin'],
        allClients: true,
        clientIds: ['client-001', 'client-002', 'client-003', 'client-004', 'client-005', 'client-006'],
      },
    });
  });

  it('lists only the granted clients the partner has (an id of another partner is left out)', async () => {
    const answer = await harness.execute(VIEWER, {}, { authorization: 'Bearer agent-token' });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toMatchObject({ viewer: { allClients: false, clientIds: ['client-001'] } });
  });
});
