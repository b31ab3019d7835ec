import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig, ConfigError } from '../../src/config.js';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';
import { startIdentityProvider, testPeople, type TestIdentityProvider } from '../support/identity-provider.js';

const { admin, agent } = testPeople('client-1');
let idp: TestIdentityProvider;
let harness: TestGateway;
beforeAll(async () => {
  idp = await startIdentityProvider([admin, agent]);
  harness = await startTestGateway({ ...idp.env, GATEWAY_TOKENS: 'service-token' });
});
afterAll(async () => {
  await harness.close();
  await idp.close();
});

const PARTNER_QUERY = '{ partner { id clients(limit: 1) { total } } }';

describe('people behind AUTH_ISSUER', () => {
  it("a person's token from the provider is served, through the gateway's own partner credential", async () => {
    harness.simulator.recorder.clear();
    const answer = await harness.graphql(PARTNER_QUERY, {}, { authorization: `Bearer ${await idp.token(admin)}` });
    expect(answer).toMatchObject({ status: 200, body: { data: { partner: { id: ACME.id, clients: { total: expect.any(Number) } } } } });
    expect(harness.simulator.recorder.requests.length).toBeGreaterThan(0);
    expect(harness.simulator.recorder.requests.every((request) => request.headers.authorization === `Bearer ${ACME.token}`)).toBe(true);
  });

  it('GATEWAY_TOKENS keep working beside people', async () => {
    const answer = await harness.graphql(PARTNER_QUERY, {}, { authorization: 'Bearer service-token' });
    expect(answer).toMatchObject({ status: 200, body: { data: { partner: { id: ACME.id, clients: { total: expect.any(Number) } } } } });
  });

  it('a missing or bad token is refused with 401 naming why, and nothing reaches the upstream', async () => {
    harness.simulator.recorder.clear();
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{}, /access token/],
      [{ authorization: `Bearer ${await idp.sign(agent, { exp: now - 600 })}` }, /has expired/],
      [{ authorization: `Bearer ${await idp.sign(agent, { aud: 'elsewhere' })}` }, /audience/],
      [{ authorization: `Bearer ${ACME.token}` }, /not a well-formed signed JWT/],
    ];
    for (const [headers, message] of cases) {
      const answer = await harness.graphql(PARTNER_QUERY, {}, headers);
      expect(answer.status).toBe(401);
      expect(answer.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(message), extensions: { code: 'UNAUTHENTICATED' } });
    }
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });
});

describe('AUTH_* configuration', () => {
  const base = { PARTNER_TOKEN: 'partner-token', KEYSTORE_SECRET: 'unit-keystore-secret-0123456789' };
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    return null;
  };

  it('refuses a half configuration, naming the variable', () => {
    expect(problem({ ...base, AUTH_ISSUER: 'https://id.example' })).toMatch(/^AUTH_AUDIENCE: required with AUTH_ISSUER/);
    expect(problem({ ...base, AUTH_AUDIENCE: 'hubgraph' })).toMatch(/^AUTH_AUDIENCE: has no effect without AUTH_ISSUER/);
    expect(problem({ ...base, AUTH_ISSUER: 'http://id.example', AUTH_AUDIENCE: 'hubgraph' })).toMatch(/^AUTH_ISSUER: must be an https:\/\/ URL/);
    const upstream = {
      PARTNER_API_URL: 'https://a.example',
      CLOUD_API_URL: 'https://b.example',
      ONPREM_API_URL: 'https://c.example',
      INSIGHTS_API_URL: 'https://d.example',
    };
    expect(problem({ KEYSTORE_SECRET: base.KEYSTORE_SECRET, ...upstream, AUTH_ISSUER: 'https://id.example', AUTH_AUDIENCE: 'hubgraph' })).toMatch(
      /^PARTNER_TOKEN: required with AUTH_ISSUER/,
    );
  });

  it('accepts an http:// issuer on a loopback address only, and keeps an issuer as written', () => {
    expect(loadConfig({ ...base, AUTH_ISSUER: 'http://127.0.0.1:8080', AUTH_AUDIENCE: 'hubgraph' }).auth?.issuer).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ ...base, AUTH_ISSUER: 'https://tenant.auth0.example/', AUTH_AUDIENCE: 'hubgraph' }).auth).toEqual({
      issuer: 'https://tenant.auth0.example/',
      audience: 'hubgraph',
      jwksUrl: null,
      clientsClaim: 'hubgraph_clients',
      nameClaim: 'name',
    });
    expect(loadConfig(base).auth).toBeNull();
  });
});
