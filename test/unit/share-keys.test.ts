import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config.js';
import { UnauthenticatedError } from '../../src/errors.js';
import { AccessTokens } from '../../src/identity/access-tokens.js';
import { isSettledShareKey, ShareKeys } from '../../src/identity/share-keys.js';
import { fingerprint } from '../../src/lib/secrets.js';
import { UpstreamCredentials } from '../../src/store/upstream-credentials.js';
import { startIdentityProvider, testPeople, TEST_AUDIENCE, type TestIdentityProvider } from '../support/identity-provider.js';

/** Whose fair share a request is charged to (identity/share-keys.ts): each kind of caller, verified or not. */

const { admin, agent } = testPeople('client-1');
let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startIdentityProvider([admin, agent]);
});
afterAll(async () => idp.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('share keys without an identity provider', () => {
  const multiTenant = loadConfig({});
  const withGatewayTokens = loadConfig({ PARTNER_TOKEN: 'partner-token', GATEWAY_TOKENS: 'one,two' });
  const singlePartner = loadConfig({ PARTNER_TOKEN: 'partner-token' });

  it('charges a gateway token to itself, as a fingerprint, and a token that is none of them to its address', () => {
    const keys = new ShareKeys(withGatewayTokens, null, null);
    const key = keys.of(bearer('one'), '10.0.0.1');
    expect(key).toMatch(/^token:/);
    expect(key).not.toContain('one');
    expect(keys.of({ authorization: '  Bearer one ' }, '10.0.0.2')).toBe(key);
    expect(keys.of(bearer('two'), '10.0.0.1')).not.toBe(key);
    // A made-up token buys no share of its own: every one of them is its address.
    expect(keys.of(bearer('three'), '10.0.0.1')).toBe('address:10.0.0.1');
    expect(keys.of(bearer('four'), '10.0.0.1')).toBe('address:10.0.0.1');
  });

  it('charges a multi-tenant credential to its address until the upstream vouched for it, then to itself', () => {
    const credentials = new UpstreamCredentials();
    const keys = new ShareKeys(multiTenant, null, credentials);
    expect(keys.of(bearer('partner-a'), '10.0.0.1')).toBe('address:10.0.0.1');
    // A 404 or 429 may come before the credential is checked, a 403 says it may not do this: none vouches.
    for (const status of [404, 429, 403, 500]) credentials.observe(fingerprint('Bearer partner-a'), status);
    expect(keys.of(bearer('partner-a'), '10.0.0.1')).toBe('address:10.0.0.1');
    credentials.observe(fingerprint('Bearer partner-a'), 200);
    const key = keys.of(bearer('partner-a'), '10.0.0.1');
    expect(key).toBe(`partner:${fingerprint('Bearer partner-a')}`);
    expect(keys.of({ authorization: '  Bearer partner-a ' }, '10.0.0.2')).toBe(key);
    expect(keys.of(bearer('partner-b'), '10.0.0.1')).toBe('address:10.0.0.1');
  });

  it('refuses a credential the upstream answered with 401, for a while (a minute by default), then asks again', async () => {
    const credentials = new UpstreamCredentials(300);
    const keys = new ShareKeys(multiTenant, null, credentials);
    credentials.observe(fingerprint('Bearer vouched'), 200);
    credentials.observe(fingerprint('Bearer refused'), 401);
    expect(() => keys.of(bearer('refused'), '10.0.0.1')).toThrow(UnauthenticatedError);
    expect(() => keys.of(bearer('refused'), '10.0.0.1')).toThrow(/upstream refused this credential \(HTTP 401\)/);
    // A vouched credential the upstream refuses later (revoked) loses its share and is refused.
    credentials.observe(fingerprint('Bearer vouched'), 401);
    expect(() => keys.of(bearer('vouched'), '10.0.0.1')).toThrow(UnauthenticatedError);
    await sleep(350);
    expect(keys.of(bearer('refused'), '10.0.0.1')).toBe('address:10.0.0.1');
  });

  it('charges anything else to the client address, as before', () => {
    expect(new ShareKeys(singlePartner, null, null).of(bearer('anything'), '10.0.0.1')).toBe('address:10.0.0.1');
    const multi = new ShareKeys(multiTenant, null, new UpstreamCredentials());
    expect(multi.of({}, '10.0.0.1')).toBe('address:10.0.0.1');
    expect(multi.of({ authorization: '   ' }, '10.0.0.1')).toBe('address:10.0.0.1');
    expect(new ShareKeys(withGatewayTokens, null, null).of({}, undefined)).toBe('address:unknown');
    expect(isSettledShareKey('address:10.0.0.1')).toBe(false);
    expect(isSettledShareKey('person:abc')).toBe(true);
  });

  it('keeps what it remembers bounded: a flood of refused credentials never pushes out a vouched one', () => {
    const credentials = new UpstreamCredentials();
    credentials.observe(fingerprint('Bearer tenant'), 200);
    for (let flood = 0; flood < 30_000; flood += 1) credentials.observe(fingerprint(`Bearer made-up-${flood}`), 401);
    expect(credentials.size).toEqual({ vouched: 1, rejected: 10_000 });
    expect(credentials.isVouched(fingerprint('Bearer tenant'))).toBe(true);
  });
});

describe('share keys with an identity provider', () => {
  const config = () =>
    loadConfig({ PARTNER_TOKEN: 'partner-token', PARTNER_ID: 'p1', GATEWAY_TOKENS: 'service-token', AUTH_ISSUER: idp.issuer, AUTH_AUDIENCE: TEST_AUDIENCE });

  it("charges a person's token to its address until verified, then to the person: one share for all their tokens, one per person", async () => {
    const tokens = new AccessTokens(config().auth!);
    const keys = new ShareKeys(config(), tokens, null);
    const [agentToken, agentOtherToken, adminToken] = [await idp.token(agent), await idp.token(agent, 'hubgraph:read'), await idp.token(admin)];
    expect(agentToken).not.toBe(agentOtherToken);
    expect(keys.of(bearer(agentToken), '10.0.0.1')).toBe('address:10.0.0.1');
    await Promise.all([agentToken, agentOtherToken, adminToken].map((token) => tokens.verify(token)));
    const agentKey = keys.of(bearer(agentToken), '10.0.0.1');
    expect(agentKey).toMatch(/^person:/);
    expect(agentKey).not.toContain(agent.id);
    expect(keys.of(bearer(agentOtherToken), '10.0.0.2')).toBe(agentKey);
    // Behind the same app (same address, same OAuth client is no matter): a share each.
    expect(keys.of(bearer(adminToken), '10.0.0.1')).toMatch(/^person:/);
    expect(keys.of(bearer(adminToken), '10.0.0.1')).not.toBe(agentKey);
    // A gateway token beside people stays its own caller.
    expect(keys.of(bearer('service-token'), '10.0.0.1')).toMatch(/^token:/);
  });

  it('refuses at once a token that failed verification, with the reason it failed', async () => {
    const tokens = new AccessTokens(config().auth!);
    const keys = new ShareKeys(config(), tokens, null);
    const expired = await idp.sign(agent, { exp: Math.floor(Date.now() / 1000) - 3600 });
    expect(keys.of(bearer(expired), '10.0.0.1')).toBe('address:10.0.0.1');
    await expect(tokens.verify(expired)).rejects.toThrow(/expired/);
    expect(() => keys.of(bearer(expired), '10.0.0.1')).toThrow(/The access token was refused: it has expired/);
    expect(keys.of(bearer('not-a-jwt'), '10.0.0.1')).toBe('address:10.0.0.1');
  });

  it('keeps verified people apart from refusals: a flood of refused tokens does not push out a verified person', async () => {
    const tokens = new AccessTokens(config().auth!);
    const keys = new ShareKeys(config(), tokens, null);
    const token = await idp.token(agent);
    await tokens.verify(token);
    for (let flood = 0; flood < 12_000; flood += 1) await tokens.verify(`made.up.${flood}`).catch(() => undefined);
    expect(keys.of(bearer(token), '10.0.0.1')).toMatch(/^person:/);
    expect(keys.of(bearer('made.up.0'), '10.0.0.1')).toBe('address:10.0.0.1');
    expect(() => keys.of(bearer('made.up.11999'), '10.0.0.1')).toThrow(UnauthenticatedError);
  });
});
