import { describe, expect, it } from '@jest/globals';
import type { IncomingHttpHeaders } from 'node:http';
import { GraphQLError } from 'graphql';
import { loadConfig } from '../../src/config.js';
import { BadUserInputError, UnauthenticatedError } from '../../src/errors.js';
import { ALL_CLIENTS, ALL_SCOPES, serviceActor } from '../../src/identity/actor.js';
import { identifyCaller, presentsBearerToken, requirePartnerId, tenantOf, type Caller } from '../../src/identity/caller.js';
import { safeEqual } from '../../src/lib/secrets.js';
import { fingerprint } from '../../src/lib/secrets.js';

const KEYSTORE_SECRET = 'unit-keystore-secret-0123456789';
const singleTenant = loadConfig({ PARTNER_TOKEN: 'partner-token', PARTNER_ID: 'partner-1', GATEWAY_TOKENS: 'gw-a,gw-b', KEYSTORE_SECRET });
const openSingleTenant = loadConfig({ PARTNER_TOKEN: 'partner-token', PARTNER_ID: 'partner-1', KEYSTORE_SECRET });
const multiTenant = loadConfig({ KEYSTORE_SECRET });
const multiTenantWithDefault = loadConfig({ PARTNER_ID: 'partner-default', KEYSTORE_SECRET });

/** The refusal identifyCaller throws for these headers. */
async function refusal(config: typeof multiTenant, headers: IncomingHttpHeaders): Promise<GraphQLError> {
  try {
    await identifyCaller(config, headers);
  } catch (error) {
    if (error instanceof GraphQLError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('bearer tokens', () => {
  it('compares strings exactly, whatever their lengths', () => {
    expect(safeEqual('token', 'token')).toBe(true);
    expect(safeEqual('token', 'tokex')).toBe(false);
    expect(safeEqual('token', 'token2')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });

  it('reads "Bearer <token>" in any case with any spacing, one token only', () => {
    const tokens = ['gw-a', 'gw-b'];
    expect(presentsBearerToken('Bearer gw-b', tokens)).toBe(true);
    expect(presentsBearerToken('bearer   gw-a  ', tokens)).toBe(true);
    expect(presentsBearerToken('Bearer gw-c', tokens)).toBe(false);
    expect(presentsBearerToken('Bearer gw-a extra', tokens)).toBe(false);
    expect(presentsBearerToken('Basic gw-a', tokens)).toBe(false);
    expect(presentsBearerToken('xBearer gw-a', tokens)).toBe(false);
    expect(presentsBearerToken('Bearer', tokens)).toBe(false);
    expect(presentsBearerToken(undefined, tokens)).toBe(false);
    expect(presentsBearerToken('Bearer gw-a', [])).toBe(false);
  });
});

describe('identifyCaller', () => {
  it('with PARTNER_TOKEN speaks upstream with it, for PARTNER_ID, once a gateway token is presented', async () => {
    const caller = await identifyCaller(singleTenant, { authorization: ' Bearer gw-b ', 'x-partner-id': 'partner-other' });
    expect(caller).toMatchObject({
      partnerId: 'partner-1',
      upstreamAuthorization: 'Bearer partner-token',
      credentialFingerprint: fingerprint('partner-token'),
    });
    expect(await refusal(singleTenant, { authorization: 'Bearer gw-c' })).toMatchObject({
      message: 'A valid gateway token is required: Authorization: Bearer <token>',
      extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
    });
    expect(await refusal(singleTenant, {})).toBeInstanceOf(UnauthenticatedError);
  });

  it('with PARTNER_TOKEN and no GATEWAY_TOKENS asks callers for nothing', async () => {
    expect(await identifyCaller(openSingleTenant, {})).toMatchObject({
      partnerId: 'partner-1',
      upstreamAuthorization: 'Bearer partner-token',
      credentialFingerprint: fingerprint('partner-token'),
    });
    const other = loadConfig({ PARTNER_TOKEN: 'another-token', KEYSTORE_SECRET });
    expect((await identifyCaller(other, {})).credentialFingerprint).toBe(fingerprint('another-token'));
    expect((await identifyCaller(openSingleTenant, {})).credentialFingerprint).toBe(fingerprint('partner-token'));
  });

  it("without PARTNER_TOKEN forwards the caller's trimmed Authorization, for the partner of X-Partner-Id or the default", async () => {
    expect(await identifyCaller(multiTenant, { authorization: '  Bearer caller-1 ', 'x-partner-id': ' partner-9 ' })).toMatchObject({
      partnerId: 'partner-9',
      upstreamAuthorization: 'Bearer caller-1',
      credentialFingerprint: fingerprint('Bearer caller-1'),
    });
    expect((await identifyCaller(multiTenantWithDefault, { authorization: 'Bearer caller-1', 'x-partner-id': '  ' })).partnerId).toBe('partner-default');
    expect((await identifyCaller(multiTenant, { authorization: 'Bearer caller-1' })).partnerId).toBeNull();
  });

  it('refuses a missing, blank or unprintable Authorization, and an X-Partner-Id that is no path segment (400)', async () => {
    const missing = 'Authentication required: send Authorization: Bearer <token>';
    expect((await refusal(multiTenant, {})).message).toBe(missing);
    expect((await refusal(multiTenant, { authorization: '   ' })).message).toBe(missing);
    for (const authorization of ['Bearer a\r\nX-Injected: 1', 'Bearer \u0000', 'Bearer é']) {
      expect(await refusal(multiTenant, { authorization })).toMatchObject({
        message: 'The Authorization value must be printable ASCII on one line',
        extensions: { code: 'UNAUTHENTICATED' },
      });
    }
    expect((await identifyCaller(multiTenant, { authorization: 'Bearer\ta~b' })).upstreamAuthorization).toBe('Bearer\ta~b');
    // connectionParams of a WebSocket can hold any JSON: only strings count.
    const params = (value: Record<string, unknown>) => value as IncomingHttpHeaders;
    expect((await refusal(multiTenant, params({ authorization: ['Bearer caller-1'] }))).message).toBe(missing);
    expect((await identifyCaller(multiTenantWithDefault, params({ authorization: 'Bearer caller-1', 'x-partner-id': ['partner-9'] }))).partnerId).toBe(
      'partner-default',
    );
    const badPartner = await refusal(multiTenant, { authorization: 'Bearer caller-1', 'x-partner-id': '../partner-2' });
    expect(badPartner.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'X-Partner-Id', http: { status: 400 } });
    expect(badPartner.message).toMatch(/^X-Partner-Id is not a valid id/);
  });
});

describe('tenant and partner of a caller', () => {
  const caller: Caller = {
    partnerId: 'partner-default',
    upstreamAuthorization: 'Bearer x',
    credentialFingerprint: 'fp-1',
    actor: serviceActor(null),
    scopes: ALL_SCOPES,
    grant: ALL_CLIENTS,
    expiresAt: null,
  };

  it('scopes a tenant to the partner acted for and the credential used', () => {
    expect(tenantOf(caller, 'partner-2')).toEqual({ partnerId: 'partner-2', credentialFingerprint: 'fp-1' });
  });

  it('takes an explicit partner id before the default, and refuses when neither names one', () => {
    expect(requirePartnerId(caller, 'partner-2')).toBe('partner-2');
    expect(requirePartnerId(caller, null)).toBe('partner-default');
    expect(requirePartnerId(caller)).toBe('partner-default');
    let refused: unknown;
    try {
      requirePartnerId({ ...caller, partnerId: null });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(BadUserInputError);
    expect(refused).toMatchObject({ message: 'No partner id: pass one, set PARTNER_ID, or send an X-Partner-Id header', field: 'id' });
    expect(() => requirePartnerId(caller, '')).toThrow(BadUserInputError);
  });
});

describe('the actor a caller is named as', () => {
  it('names a gateway token by its position and a forwarded credential by its fingerprint, never the secret', async () => {
    expect((await identifyCaller(singleTenant, { authorization: 'Bearer gw-b' })).actor).toEqual({ kind: 'SERVICE', subject: 'gateway-token-2', name: null });
    expect((await identifyCaller(openSingleTenant, {})).actor).toEqual({ kind: 'SERVICE', subject: 'gateway', name: null });
    const forwarded = (await identifyCaller(multiTenant, { authorization: 'Bearer caller-secret', 'x-partner-id': 'p1' })).actor;
    expect(forwarded).toEqual({ kind: 'SERVICE', subject: `credential-${fingerprint('Bearer caller-secret').slice(0, 12)}`, name: null });
    expect(JSON.stringify(forwarded)).not.toContain('caller-secret');
  });
});
