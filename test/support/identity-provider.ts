import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/** The audience (resource indicator) of hubgraph's access tokens in tests: AUTH_AUDIENCE. */
export const TEST_AUDIENCE = 'https://hubgraph.test/graphql';
const EVERY_SCOPE = 'hubgraph:read hubgraph:send hubgraph:manage hubgraph:admin';
const KID = 'test-signing-key-1';

/** Someone who gets tokens from the provider: an OAuth client of the provider, whose tokens carry these claims. */
export interface TestPerson {
  /** The OAuth client id, which is also the tokens' `sub`. */
  id: string;
  name: string;
  /** The scopes the person may ask for (the token carries the ones asked, within these). */
  scopes: string;
  /** The `hubgraph_clients` claim. */
  clients: string[];
}

export interface TestIdentityProvider {
  /** AUTH_ISSUER: http://127.0.0.1:<port> (a loopback address, so http:// is accepted). */
  issuer: string;
  /** The environment that points a gateway at this provider. */
  env: { AUTH_ISSUER: string; AUTH_AUDIENCE: string };
  /** An access token of `person` from the provider's token endpoint (client credentials with a resource indicator), every scope the person holds unless `scope` narrows it. */
  token(person: TestPerson, scope?: string): Promise<string>;
  /**
   * A token signed here with the provider's own key, for the cases the provider would never issue (a past `exp`, a future
   * `nbf`, another audience …): the claims of a valid token of `person`, overridden by `claims`.
   */
  sign(person: TestPerson, claims?: JWTPayload, header?: { kid?: string; alg?: string }): Promise<string>;
  /** The provider's public key set, as its jwks_uri serves it. */
  publicJwks: { keys: JWK[] };
  /** How many times the key set was fetched from the provider. */
  keySetFetches(): number;
  close(): Promise<void>;
}

/** The provider's storage for one test run (its own development adapter prints a warning on every start). */
class MemoryAdapter {
  private static readonly stored = new Map<string, Record<string, unknown>>();
  constructor(private readonly model: string) {}
  private key(id: string) {
    return `${this.model}:${id}`;
  }
  async upsert(id: string, payload: Record<string, unknown>) {
    MemoryAdapter.stored.set(this.key(id), payload);
  }
  async find(id: string) {
    return MemoryAdapter.stored.get(this.key(id));
  }
  async findByUserCode() {
    return undefined;
  }
  async findByUid() {
    return undefined;
  }
  async consume(id: string) {
    const payload = MemoryAdapter.stored.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.stored.delete(this.key(id));
  }
  async revokeByGrantId() {}
}

/** Two people of the contract's example: an admin with every client, an agent of one client who may read and send. */
export function testPeople(agentClientId: string): { admin: TestPerson; agent: TestPerson } {
  return {
    admin: { id: 'lena-admin', name: 'Lena Kowalski', scopes: EVERY_SCOPE, clients: ['*'] },
    agent: { id: 'mo-agent', name: 'Mo Agent', scopes: 'hubgraph:read hubgraph:send', clients: [agentClientId] },
  };
}

/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port, in process: discovery, a key set and a token
 * endpoint issuing JWT access tokens (RFC 9068) for `people`, each an OAuth client using client credentials, with the
 * person's name and clients as claims.
 */
export async function startIdentityProvider(people: TestPerson[]): Promise<TestIdentityProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;

  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.end();
  let keySetFetches = 0;
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/jwks')) keySetFetches += 1;
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const byId = new Map(people.map((person) => [person.id, person]));
  const secretOf = (person: TestPerson) => `secret-of-${person.id}`;

  const provider = new Provider(issuer, {
    clients: people.map((person) => ({
      client_id: person.id,
      client_secret: secretOf(person),
      grant_types: ['client_credentials'],
      redirect_uris: [],
      response_types: [],
      scope: person.scopes,
    })),
    jwks: { keys: [privateJwk] },
    scopes: EVERY_SCOPE.split(' '),
    adapter: MemoryAdapter,
    ttl: { ClientCredentials: 600 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => TEST_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: EVERY_SCOPE,
          audience: TEST_AUDIENCE,
          accessTokenTTL: 600,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    extraTokenClaims: (_ctx, token) => {
      const person = byId.get((token as { clientId?: string }).clientId ?? '');
      return person ? { name: person.name, hubgraph_clients: person.clients } : undefined;
    },
  });
  const callback = provider.callback();
  handle = (request, response) => void callback(request, response);

  const claimsOf = (person: TestPerson): JWTPayload => ({
    sub: person.id,
    scope: person.scopes,
    name: person.name,
    hubgraph_clients: person.clients,
  });

  return {
    issuer,
    env: { AUTH_ISSUER: issuer, AUTH_AUDIENCE: TEST_AUDIENCE },
    publicJwks: { keys: [publicJwk] },
    keySetFetches: () => keySetFetches,
    async token(person, scope = person.scopes) {
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${person.id}:${secretOf(person)}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope, resource: TEST_AUDIENCE }),
      });
      const body = (await response.json()) as { access_token?: string; error?: string; error_description?: string };
      if (!body.access_token) throw new Error(`the provider issued no token for ${person.id}: ${body.error}: ${body.error_description}`);
      return body.access_token;
    },
    async sign(person, claims = {}, header = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, aud: TEST_AUDIENCE, iat: now, exp: now + 600, ...claimsOf(person), ...claims })
        .setProtectedHeader({ alg: header.alg ?? 'RS256', kid: header.kid ?? KID, typ: 'at+jwt' })
        .sign(privateKey);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
