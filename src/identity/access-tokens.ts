import { createHash } from 'node:crypto';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.js';
import { ErrorCode, HubgraphError, UnauthenticatedError } from '../errors.js';
import { fingerprint } from '../lib/secrets.js';
import { ALL_CLIENTS, SCOPES, type ClientGrant, type Scope } from './actor.js';

export type AuthConfig = NonNullable<Config['auth']>;

/** A person, as a verified access token names them. */
export interface Person {
  issuer: string;
  subject: string;
  name: string | null;
  scopes: ReadonlySet<Scope>;
  grant: ClientGrant;
  /** When the token expires (ms since the epoch): the verification is cached until then, and a WebSocket is closed then. */
  expiresAt: number;
  /** Whose fair share the person's work is charged to: issuer and subject, whichever app or token they come through. */
  shareKey: string;
}

/** Asymmetric signatures only: never `none`, never a shared secret (an HS256 token "signed" with the public key). */
export const ACCEPTED_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'EdDSA', 'Ed25519'];
/** Clock skew allowed on `exp` and `nbf`: a token is accepted until `exp` + this, and a WebSocket opened with it is closed then. */
export const CLOCK_SKEW_SECONDS = 60;
/** A key set (and discovery) is fetched at most once per this interval, however many unknown `kid`s arrive. */
export const KEY_SET_REFETCH_INTERVAL_MS = 30_000;
/** Keys older than this are refreshed in the background (a removed key stops being trusted); a failed refresh keeps them. */
const KEY_SET_MAX_AGE_MS = 10 * 60_000;
/** Larger than any real access token (Keycloak's with many roles stay under 8 KB); refused before anything is decoded. */
export const MAX_TOKEN_BYTES = 16 * 1024;
/** A rejected token is answered from memory for this long, without verifying it again. */
const REJECTED_TOKEN_MEMORY_MS = 5 * 60_000;
const MAX_CACHED_PEOPLE = 50_000;
/** Refusals are kept apart from people: a flood of made-up tokens pushes out other refusals, never a verified person. */
const MAX_CACHED_REJECTIONS = 10_000;

/** The identity provider could not be reached for keys: nothing can be verified, and nothing is let through. */
export class IdentityProviderUnavailableError extends HubgraphError {
  constructor(reason: string) {
    super(
      `The identity provider's key set could not be fetched (${reason}); no access token can be verified until it answers: retry shortly`,
      ErrorCode.UpstreamUnavailable,
      { http: { status: 503, headers: new Map([['retry-after', '30']]) } },
    );
  }
}

const isLoopback = (url: URL) => url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);

/** A URL the issuer hands us (jwks_uri) obeys the rule AUTH_ISSUER does: https, or http on this machine only. */
function checkedKeySetUrl(value: unknown, from: string): URL {
  if (typeof value !== 'string') throw new Error(`${from} has no jwks_uri`);
  const url = new URL(value);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url))) throw new Error(`${from} gives a jwks_uri that is not https://`);
  return url;
}

/**
 * The issuer's signing keys: found by discovery (or AUTH_JWKS_URL), fetched with a bounded wait, refetched when a
 * token names a `kid` the set lacks, at most once per KEY_SET_REFETCH_INTERVAL_MS (a flood of made-up `kid`s costs
 * the issuer one fetch per interval), and kept while the issuer cannot be reached.
 */
export class IssuerKeySet {
  private keys: JWTVerifyGetKey | null = null;
  private fetchedAt = 0;
  private lastAttempt = Number.NEGATIVE_INFINITY;
  private lastFailure: string | null = null;
  private reloading: Promise<void> | null = null;
  private keySetUrl: URL | null;
  /** Counted for tests and metrics: how many times the key set was asked of the issuer. */
  fetches = 0;

  constructor(
    private readonly issuer: string,
    jwksUrl: string | null,
    private readonly fetchTimeoutMs: number,
    private readonly onRefreshFailed: (reason: string) => void = () => {},
  ) {
    this.keySetUrl = jwksUrl ? new URL(jwksUrl) : null;
  }

  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    if (this.keys) {
      if (Date.now() - this.fetchedAt > KEY_SET_MAX_AGE_MS) this.reloadInBackground();
      try {
        return await this.keys(header, token);
      } catch (error) {
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      }
    }
    if (this.reloading) await this.reloading.catch(() => {});
    else if (Date.now() - this.lastAttempt >= KEY_SET_REFETCH_INTERVAL_MS) await this.reload().catch(() => {});
    if (!this.keys) throw new IdentityProviderUnavailableError(this.lastFailure ?? 'not fetched yet');
    return this.keys(header, token);
  };

  private reloadInBackground(): void {
    if (this.reloading || Date.now() - this.lastAttempt < KEY_SET_REFETCH_INTERVAL_MS) return;
    this.reload().catch(() => {});
  }

  private reload(): Promise<void> {
    this.lastAttempt = Date.now();
    this.reloading = (async () => {
      try {
        const url = this.keySetUrl ?? (this.keySetUrl = await this.discover());
        this.fetches += 1;
        const body = await this.fetchJson(url);
        const keys = (body as { keys?: unknown } | null)?.keys;
        if (!Array.isArray(keys)) throw new Error(`${url.href} is not a key set ({"keys": [...]})`);
        this.keys = createLocalJWKSet(body as JSONWebKeySet);
        this.fetchedAt = Date.now();
        this.lastFailure = null;
      } catch (error) {
        this.lastFailure = error instanceof Error ? error.message : String(error);
        this.onRefreshFailed(this.lastFailure);
        throw error;
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
  }

  private async discover(): Promise<URL> {
    const address = `${this.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const document = (await this.fetchJson(new URL(address))) as { issuer?: unknown; jwks_uri?: unknown } | null;
    // OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched for.
    if (document?.issuer !== this.issuer) throw new Error(`${address} names issuer ${JSON.stringify(document?.issuer)}, not ${this.issuer}`);
    return checkedKeySetUrl(document.jwks_uri, address);
  }

  private async fetchJson(url: URL): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.fetchTimeoutMs), redirect: 'error', headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`${url.href} answered HTTP ${response.status}`);
      return await response.json();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError') throw new Error(`${url.href} did not answer within ${this.fetchTimeoutMs} ms`);
      throw error;
    }
  }
}

/** Which rule a token broke, in words a caller can act on (the message of its UNAUTHENTICATED). */
function rejectionOf(error: unknown, auth: AuthConfig): Error {
  if (error instanceof HubgraphError) return error;
  const say = (reason: string) => new UnauthenticatedError(`The access token was refused: ${reason}`);
  if (error instanceof errors.JWTExpired) return say('it has expired (exp)');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return say(`its issuer (iss) is not ${auth.issuer}`);
    if (error.claim === 'aud') return say(`its audience (aud) does not include ${auth.audience}`);
    if (error.claim === 'nbf') return say('it is not valid yet (nbf)');
    return say(`its ${error.claim} claim is ${error.reason === 'missing' ? 'missing' : 'invalid'}`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return say(`its algorithm is not accepted (only ${ACCEPTED_ALGORITHMS.join(', ')})`);
  if (error instanceof errors.JWKSNoMatchingKey) return say("its key id (kid) is not among the issuer's keys");
  if (error instanceof errors.JWKSMultipleMatchingKeys) return say('its header matches several keys: give a kid');
  if (error instanceof errors.JWSSignatureVerificationFailed) return say('its signature does not verify');
  if (error instanceof errors.JOSEError) return say('it is not a well-formed signed JWT');
  return error instanceof Error ? error : new Error(String(error));
}

/** `scope` (space-separated, RFC 8693 / 9068) or `scp` (an array, or Entra's space-separated string): the hubgraph scopes it names. */
function scopesOf(payload: JWTPayload): Set<Scope> {
  const names = (value: unknown, claim: string): string[] => {
    if (typeof value === 'string') return value.split(' ').filter(Boolean);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
    throw new UnauthenticatedError(`The access token was refused: its ${claim} claim must be a space-separated string or an array of strings`);
  };
  const granted = payload.scope !== undefined ? names(payload.scope, 'scope') : payload.scp !== undefined ? names(payload.scp, 'scp') : [];
  return new Set(SCOPES.filter((scope) => granted.includes(scope)));
}

/** The clients claim: an array of client ids, `["*"]` for every client; absent: none. Anything else is refused, not guessed at. */
function grantOf(payload: JWTPayload, claim: string): ClientGrant {
  const value = payload[claim];
  if (value === undefined) return { allClients: false, clientIds: new Set() };
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.length > 0)) {
    throw new UnauthenticatedError(`The access token was refused: its ${claim} claim must be an array of client ids (["*"] for every client)`);
  }
  if (value.includes('*')) {
    if (value.length > 1) throw new UnauthenticatedError(`The access token was refused: its ${claim} claim holds "*" beside client ids; "*" stands alone`);
    return ALL_CLIENTS;
  }
  return { allClients: false, clientIds: new Set(value as string[]) };
}

/**
 * People's access tokens (AUTH_ISSUER): verified with the issuer's keys, each verdict cached by the token's hash —
 * a person until the token expires, a refusal for a while — so a person's next request costs a hash and a lookup.
 */
export class AccessTokens {
  readonly keySet: IssuerKeySet;
  private readonly people = new LRUCache<string, Person>({ max: MAX_CACHED_PEOPLE });
  private readonly rejections = new LRUCache<string, Error>({ max: MAX_CACHED_REJECTIONS, ttl: REJECTED_TOKEN_MEMORY_MS });
  private readonly pending = new Map<string, Promise<Person>>();
  private readonly clockSkewSeconds: number;

  constructor(
    private readonly auth: AuthConfig,
    options: { fetchTimeoutMs?: number; onKeySetRefreshFailed?: (reason: string) => void; clockSkewSeconds?: number } = {},
  ) {
    this.clockSkewSeconds = options.clockSkewSeconds ?? CLOCK_SKEW_SECONDS;
    this.keySet = new IssuerKeySet(auth.issuer, auth.jwksUrl, options.fetchTimeoutMs ?? 5_000, options.onKeySetRefreshFailed);
  }

  /** The person a token was already verified as, without waiting (the fair share's door); undefined when not (yet) verified. */
  verified(token: string): Person | undefined {
    return this.people.get(tokenHash(token));
  }

  /** Why a token was already refused, without waiting (the fair share's door refuses it at once); undefined when not (recently). */
  rejection(token: string): Error | undefined {
    return this.rejections.get(tokenHash(token));
  }

  /** The person the token names, or UNAUTHENTICATED saying which rule it broke (UPSTREAM_UNAVAILABLE while no key can be fetched). */
  async verify(token: string): Promise<Person> {
    if (Buffer.byteLength(token) > MAX_TOKEN_BYTES) throw new UnauthenticatedError(`The access token was refused: it is longer than ${MAX_TOKEN_BYTES} bytes`);
    const hash = tokenHash(token);
    const person = this.people.get(hash);
    if (person) return person;
    const rejection = this.rejections.get(hash);
    if (rejection) throw rejection;
    let verifying = this.pending.get(hash);
    if (!verifying) {
      verifying = this.verifyAndRemember(hash, token).finally(() => this.pending.delete(hash));
      this.pending.set(hash, verifying);
    }
    return verifying;
  }

  private async verifyAndRemember(hash: string, token: string): Promise<Person> {
    try {
      const person = await this.check(token);
      this.people.set(hash, person, { ttl: Math.max(1, person.expiresAt - Date.now()) });
      return person;
    } catch (error) {
      const rejection = rejectionOf(error, this.auth);
      // The issuer being unreachable says nothing about the token: asked again next time.
      if (!(rejection instanceof IdentityProviderUnavailableError)) this.rejections.set(hash, rejection);
      throw rejection;
    }
  }

  private async check(token: string): Promise<Person> {
    const { payload } = await jwtVerify(token, this.keySet.getKey, {
      issuer: this.auth.issuer,
      audience: this.auth.audience,
      algorithms: ACCEPTED_ALGORITHMS,
      clockTolerance: this.clockSkewSeconds,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new UnauthenticatedError('The access token was refused: its sub claim must be a string');
    const name = payload[this.auth.nameClaim];
    return {
      issuer: this.auth.issuer,
      subject: payload.sub,
      name: typeof name === 'string' && name !== '' ? name : null,
      scopes: scopesOf(payload),
      grant: grantOf(payload, this.auth.clientsClaim),
      expiresAt: ((payload.exp as number) + this.clockSkewSeconds) * 1000,
      shareKey: `person:${fingerprint(`${this.auth.issuer}\n${payload.sub}`)}`,
    };
  }
}

/** The whole SHA-256 of the token: a cache hit stands for a verified signature, so no truncated hash. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
