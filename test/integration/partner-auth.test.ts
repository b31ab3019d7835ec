import { describe, expect, it } from '@jest/globals';
import { ACME, GLOBEX, useTestGateway } from '../support/gateway.js';

const QUERY = '{ partner { id clients(limit: 1) { total } } }';

describe('PARTNER_TOKEN with GATEWAY_TOKENS', () => {
  const harness = useTestGateway({ GATEWAY_TOKENS: 'gw-token-one, gw-token-two' });

  it.each([
    ['no Authorization header', {}],
    ['a wrong gateway token', { authorization: 'Bearer gw-token-three' }],
    ['the partner token itself', { authorization: `Bearer ${ACME.token}` }],
    ['a non-bearer scheme', { authorization: 'Basic Z3ctdG9rZW4tb25lOng=' }],
  ])('refuses %s with UNAUTHENTICATED and sends nothing', async (_case, headers: Record<string, string>) => {
    const { status, body } = await harness.graphql(QUERY, undefined, headers);
    expect(status).toBe(401);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
    expect(JSON.stringify(body)).not.toContain('gw-token');
    expect(harness.simulator.recorder.requests).toEqual([]);
  });

  it('accepts any configured gateway token and uses PARTNER_TOKEN upstream', async () => {
    const { status, body } = await harness.graphql(QUERY, undefined, { authorization: 'Bearer gw-token-two' });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { partner: { id: ACME.id, clients: { total: 6 } } } });
    expect(harness.simulator.recorder.requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${ACME.token}`]);
    expect(harness.logs.lines.join('\n')).not.toContain('gw-token');
  });
});

describe('multi-tenant mode (PARTNER_TOKEN unset)', () => {
  const harness = useTestGateway({ PARTNER_TOKEN: undefined, PARTNER_ID: undefined });

  it('refuses a call without Authorization with UNAUTHENTICATED and sends nothing', async () => {
    const { status, body } = await harness.graphql(QUERY, undefined, { 'x-partner-id': ACME.id });
    expect(status).toBe(401);
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'UNAUTHENTICATED' });
    expect(harness.simulator.recorder.requests).toEqual([]);
  });

  it('forwards the caller’s Authorization header for the partner named by X-Partner-Id', async () => {
    const { body } = await harness.graphql(QUERY, undefined, { authorization: `Bearer ${GLOBEX.token}`, 'x-partner-id': GLOBEX.id });
    expect(body).toEqual({ data: { partner: { id: GLOBEX.id, clients: { total: 2 } } } });
    expect(harness.simulator.recorder.requests.map((request) => [request.path, request.headers.authorization])).toEqual([
      [`/api/v2/partners/${GLOBEX.id}/clients`, `Bearer ${GLOBEX.token}`],
    ]);
  });

  it('accepts the partner as an argument instead of X-Partner-Id', async () => {
    const { body } = await harness.graphql(`{ partner(id: "${ACME.id}") { clients(limit: 1) { total } } }`, undefined, {
      authorization: `Bearer ${ACME.token}`,
    });
    expect(body).toEqual({ data: { partner: { clients: { total: 6 } } } });
  });

  it('asks for a partner id (BAD_USER_INPUT, nothing sent) when neither PARTNER_ID nor X-Partner-Id names one', async () => {
    const { body } = await harness.graphql('{ client(id: "client-001") { id } }', undefined, { authorization: `Bearer ${ACME.token}` });
    expect(body.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
    expect(harness.simulator.recorder.requests).toEqual([]);
  });
});
