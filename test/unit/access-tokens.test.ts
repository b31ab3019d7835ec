import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { base64url, SignJWT } from 'jose';
import { AccessTokens, KEY_SET_REFETCH_INTERVAL_MS, type AuthConfig } from '../../src/identity/access-tokens.js';
import { startIdentityProvider, testPeople, TEST_AUDIENCE, type TestIdentityProvider } from '../support/identity-provider.js';

const { admin, agent } = testPeople('client-1');
let idp: TestIdentityProvider;
beforeAll(async () => {
  idp = await startIdentityProvider([admin, agent]);
});
afterAll(async () => idp.close());

const authOf = (issuer: string, overrides: Partial<AuthConfig> = {}): AuthConfig => ({
  issuer,
  audience: TEST_AUDIENCE,
  jwksUrl: null,
  clientsClaim: 'hubgraph_clients',
  nameClaim: 'name',
  ...overrides,
});

/** The refusal `verify` rejects with: its code and message. */
async function refusal(tokens: AccessTokens, token: string): Promise<{ code: unknown; message: string; status: unknown }> {
  try {
    await tokens.verify(token);
  } catch (error) {
    const extensions = (error as { extensions?: { code?: unknown; http?: { status?: unknown } } }).extensions;
    return { code: extensions?.code, message: (error as Error).message, status: extensions?.http?.status };
  }
  throw new Error('expected a refusal');
}

describe('access tokens of a real provider', () => {
  it("verifies a token the provider issued: the person's subject, name, scopes and clients", async () => {
    const tokens = new AccessTokens(authOf(idp.issuer));
    const person = await tokens.verify(await idp.token(agent));
    expect(person).toMatchObject({ issuer: idp.issuer, subject: 'mo-agent', name: 'Mo Agent', grant: { allClients: false } });
    expect([...person.scopes]).toEqual(['hubgraph:read', 'hubgraph:send']);
    expect(person.grant.allClients === false && [...person.grant.clientIds]).toEqual(['client-1']);
    const lena = await tokens.verify(await idp.token(admin, 'hubgraph:read hubgraph:admin'));
    expect(lena.grant).toEqual({ allClients: true });
    expect([...lena.scopes]).toEqual(['hubgraph:read', 'hubgraph:admin']);
    // Issuer and subject, not the token: every token of one person is one share.
    expect(lena.shareKey).toBe((await tokens.verify(await idp.token(admin))).shareKey);
    expect(lena.shareKey).not.toBe(person.shareKey);
  });

  it('verifies each token once until it expires: the next request is a lookup', async () => {
    const tokens = new AccessTokens(authOf(idp.issuer));
    const token = await idp.token(agent);
    expect(tokens.verified(token)).toBeUndefined();
    const first = await tokens.verify(token);
    expect(tokens.verified(token)).toBe(first);
    expect(await tokens.verify(token)).toBe(first);
  });

  it('accepts exp and nbf within 60 s of clock skew', async () => {
    const tokens = new AccessTokens(authOf(idp.issuer));
    const now = Math.floor(Date.now() / 1000);
    await expect(tokens.verify(await idp.sign(agent, { exp: now - 30 }))).resolves.toMatchObject({ subject: 'mo-agent' });
    await expect(tokens.verify(await idp.sign(agent, { nbf: now + 30 }))).resolves.toMatchObject({ subject: 'mo-agent' });
  });
});

describe('bad tokens: each refused with UNAUTHENTICATED (401) naming which rule', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const cases: Array<[string, () => Promise<string>, RegExp]> = [
    [
      'alg none',
      async () =>
        `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(
          JSON.stringify({ iss: idp.issuer, aud: TEST_AUDIENCE, sub: 'mo-agent', exp: now() + 600, scope: 'hubgraph:admin', hubgraph_clients: ['*'] }),
        )}.`,
      /algorithm is not accepted/,
    ],
    [
      'HS256 signed with the public key',
      async () =>
        new SignJWT({ iss: idp.issuer, aud: TEST_AUDIENCE, sub: 'mo-agent', exp: now() + 600, scope: 'hubgraph:admin' })
          .setProtectedHeader({ alg: 'HS256', kid: idp.publicJwks.keys[0].kid })
          .sign(new TextEncoder().encode(JSON.stringify(idp.publicJwks.keys[0]))),
      /algorithm is not accepted/,
    ],
    ['a wrong issuer', () => idp.sign(agent, { iss: 'https://issuer.example' }), /issuer \(iss\) is not/],
    ['a wrong audience', () => idp.sign(agent, { aud: 'https://another-api.example' }), /audience \(aud\) does not include/],
    ['an expired token', () => idp.sign(agent, { exp: now() - 120 }), /has expired/],
    ['nbf in the future', () => idp.sign(agent, { nbf: now() + 120 }), /not valid yet \(nbf\)/],
    ['an unknown kid', () => idp.sign(agent, {}, { kid: 'a-kid-nobody-issued' }), /key id \(kid\) is not among/],
    ['a token of 64 KB', async () => `${await idp.sign(agent)}${'A'.repeat(64 * 1024)}`, /longer than 16384 bytes/],
    ['a scope that is a number', () => idp.sign(agent, { scope: 42 as unknown as string }), /scope claim must be a space-separated string or an array/],
    ['a clients claim that is a string', () => idp.sign(agent, { hubgraph_clients: 'client-1' }), /hubgraph_clients claim must be an array of client ids/],
    ['a clients claim mixing "*" and ids', () => idp.sign(agent, { hubgraph_clients: ['*', 'client-1'] }), /"\*" stands alone/],
    ['no subject', () => idp.sign(agent, { sub: undefined }), /sub claim is missing/],
    ['a forged signature', async () => `${(await idp.sign(agent)).slice(0, -8)}AAAAAAAA`, /signature does not verify/],
    ['not a JWT at all', async () => 'opaque-token-of-another-system', /not a well-formed signed JWT/],
  ];

  it.each(cases)('%s', async (_name, tokenOf, message) => {
    const tokens = new AccessTokens(authOf(idp.issuer));
    const token = await tokenOf();
    expect(await refusal(tokens, token)).toEqual({ code: 'UNAUTHENTICATED', message: expect.stringMatching(message), status: 401 });
    // Remembered: the same token is refused again without being verified again.
    expect(tokens.verified(token)).toBeUndefined();
    expect((await refusal(tokens, token)).message).toMatch(message);
  });

  it('1,000 unknown kids fetch the key set at most once per 30 s', async () => {
    const tokens = new AccessTokens(authOf(idp.issuer));
    await tokens.verify(await idp.token(agent));
    const before = idp.keySetFetches();
    const forged = await Promise.all(Array.from({ length: 1000 }, (_, index) => idp.sign(agent, {}, { kid: `made-up-${index}` })));
    const refusals = await Promise.all(forged.map((token) => refusal(tokens, token)));
    expect(refusals.every((answer) => /kid/.test(answer.message))).toBe(true);
    expect(idp.keySetFetches() - before).toBe(0);
    // Past the interval, one more unknown kid (a key the issuer rotated in) refetches once, however many arrive together.
    const later = Date.now() + KEY_SET_REFETCH_INTERVAL_MS + 1;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await Promise.all(
        Array.from({ length: 50 }, async (_, index) =>
          refusal(tokens, await idp.sign(agent, { exp: Math.floor(later / 1000) + 600 }, { kid: `later-${index}` })),
        ),
      );
    } finally {
      clock.mockRestore();
    }
    expect(idp.keySetFetches() - before).toBe(1);
  });
});

describe('an issuer that hangs or goes away', () => {
  let hanging: Server;
  let hangingUrl: string;
  beforeAll(async () => {
    // Accepts the connection and never answers.
    hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/jwks`;
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it('a JWKS endpoint that hangs is given up after the bounded wait: UPSTREAM_UNAVAILABLE (503), nothing let through', async () => {
    const tokens = new AccessTokens(authOf(idp.issuer, { jwksUrl: hangingUrl }), { fetchTimeoutMs: 300 });
    const started = Date.now();
    const answer = await refusal(tokens, await idp.sign(agent));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503, message: expect.stringMatching(/did not answer within 300 ms/) });
  });

  it('keys already fetched keep working while the issuer is unreachable', async () => {
    const keySet = createServer((_request, response) => response.end(JSON.stringify(idp.publicJwks)));
    await new Promise<void>((resolve) => keySet.listen(0, '127.0.0.1', resolve));
    const failures: string[] = [];
    const tokens = new AccessTokens(authOf(idp.issuer, { jwksUrl: `http://127.0.0.1:${(keySet.address() as AddressInfo).port}/jwks` }), {
      fetchTimeoutMs: 300,
      onKeySetRefreshFailed: (reason) => failures.push(reason),
    });
    await tokens.verify(await idp.sign(agent));
    keySet.closeAllConnections();
    await new Promise<void>((resolve) => keySet.close(() => resolve()));
    // An hour later the keys are due for a refresh, which fails: they stay in use.
    const later = Date.now() + 3_600_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const token = await idp.sign(agent, { iat: Math.floor(later / 1000), exp: Math.floor(later / 1000) + 600 });
      await expect(tokens.verify(token)).resolves.toMatchObject({ subject: 'mo-agent' });
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      clock.mockRestore();
    }
    expect(failures).toHaveLength(1);
  });
});
