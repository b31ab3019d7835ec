import type { IncomingHttpHeaders } from 'node:http';
import { fingerprint, safeEqual } from '../lib/secrets.js';
import type { Tenant } from '../store/cache.js';
import type { Config } from '../config.js';
import { GraphQLError } from 'graphql';
import { checkPathId } from '../datasources/upstream-path.js';
import { BadUserInputError, UnauthenticatedError } from '../errors.js';
import { ALL_CLIENTS, ALL_SCOPES, serviceActor, type Actor, type ClientGrant, type Scope } from './actor.js';
import type { AccessTokens, Person } from './access-tokens.js';

/** Who is calling and with which credential the gateway speaks to areas A and C for them. */
export interface Caller {
  /** The partner the request acts for; null when neither PARTNER_ID nor X-Partner-Id names one. */
  partnerId: string | null;
  /** Authorization header value sent upstream to areas A and C. */
  upstreamAuthorization: string;
  credentialFingerprint: string;
  /** Who is named on what this caller does (Viewer.actor, sentBy, the audit trail). */
  actor: Actor;
  /** The scopes the caller holds; a service holds every one. */
  scopes: ReadonlySet<Scope>;
  /** The clients the caller may see and act for; a service may act for every one. */
  grant: ClientGrant;
  /** When the caller's credential stops being valid (ms since the epoch): a person's token expiry; null for services. */
  expiresAt: number | null;
  /**
   * Whose fair share the caller's work is charged to once identified: a person's own (issuer + `sub`); absent for a
   * service, whose share key the door worked out stands.
   */
  shareKey?: string;
}

/** What an HTTP header value may hold: visible ASCII, spaces and tabs. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/** The token of an `Authorization: Bearer <token>` value; null for any other value. */
export function bearer(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

/** The Authorization header is `Bearer <one of tokens>` (compared in constant time). */
export function presentsBearerToken(header: string | undefined, tokens: readonly string[]): boolean {
  const presented = bearer(header);
  return presented !== null && tokens.some((token) => safeEqual(token, presented));
}

/** Which of GATEWAY_TOKENS the Authorization header presents, by position (`gateway-token-2`): a name that is no secret. */
function gatewayTokenLabel(header: string | undefined, tokens: readonly string[]): string | null {
  const presented = bearer(header);
  if (presented === null) return null;
  const index = tokens.findIndex((token) => safeEqual(token, presented));
  return index < 0 ? null : `gateway-token-${index + 1}`;
}

/** The gateway's own token is the same for every request: fingerprinted once per token. */
let partnerToken: { token: string; fingerprint: string } | undefined;

function partnerTokenFingerprint(token: string): string {
  if (partnerToken?.token !== token) partnerToken = { token, fingerprint: fingerprint(token) };
  return partnerToken.fingerprint;
}

/**
 * PARTNER_TOKEN set: the gateway's own token is used upstream and callers must present one of
 * GATEWAY_TOKENS (when configured), or, with AUTH_ISSUER, a person's access token verified by `accessTokens`.
 * Unset: multi-tenant, the caller's Authorization is forwarded.
 * Used alike for HTTP requests and graphql-ws connectionParams.
 */
export async function identifyCaller(config: Config, headers: IncomingHttpHeaders, accessTokens: AccessTokens | null = null): Promise<Caller> {
  const authorization = typeof headers.authorization === 'string' ? headers.authorization.trim() : undefined;
  const requestedPartner = typeof headers['x-partner-id'] === 'string' ? headers['x-partner-id'].trim() : '';

  if (config.partnerToken) {
    const serviceLabel = gatewayTokenLabel(authorization, config.gatewayTokens);
    if (config.auth && serviceLabel === null) return personCaller(config, config.partnerToken, await verifyPerson(authorization, accessTokens));
    if (config.gatewayTokens.length > 0 && serviceLabel === null) {
      throw new UnauthenticatedError('A valid gateway token is required: Authorization: Bearer <token>');
    }
    return {
      partnerId: config.partnerId,
      upstreamAuthorization: `Bearer ${config.partnerToken}`,
      credentialFingerprint: partnerTokenFingerprint(config.partnerToken),
      actor: serviceActor(serviceLabel),
      scopes: ALL_SCOPES,
      grant: ALL_CLIENTS,
      expiresAt: null,
    };
  }
  if (!authorization) throw new UnauthenticatedError();
  // A value that could never be sent as a header (connectionParams of a WebSocket can hold anything):
  // refused here, so it reaches no upstream and no circuit.
  if (!HEADER_VALUE.test(authorization)) throw new UnauthenticatedError('The Authorization value must be printable ASCII on one line');
  const credentialFingerprint = fingerprint(authorization);
  return {
    partnerId: requestedPartner ? partnerIdHeader(requestedPartner) : config.partnerId,
    upstreamAuthorization: authorization,
    credentialFingerprint,
    actor: serviceActor(`credential-${credentialFingerprint.slice(0, 12)}`),
    scopes: ALL_SCOPES,
    grant: ALL_CLIENTS,
    expiresAt: null,
  };
}

/** AUTH_ISSUER is set and no gateway token was presented: the bearer must be a person's access token. */
async function verifyPerson(authorization: string | undefined, accessTokens: AccessTokens | null): Promise<Person> {
  if (!accessTokens) throw new Error('AUTH_ISSUER is set but no access-token verifier was given to identifyCaller');
  if (!authorization) throw new UnauthenticatedError("Authentication required: send a person's access token as Authorization: Bearer <token>");
  const token = bearer(authorization);
  if (token === null) throw new UnauthenticatedError('The Authorization value must be Bearer <access token>');
  return accessTokens.verify(token);
}

/** A person acts through the gateway's own partner credential (never their own) and for the partner of PARTNER_ID only. */
function personCaller(config: Config, partnerToken: string, person: Person): Caller {
  return {
    partnerId: config.partnerId,
    upstreamAuthorization: `Bearer ${partnerToken}`,
    credentialFingerprint: partnerTokenFingerprint(partnerToken),
    actor: { kind: 'PERSON', subject: person.subject, name: person.name },
    scopes: person.scopes,
    grant: person.grant,
    expiresAt: person.expiresAt,
    shareKey: person.shareKey,
  };
}

/** The X-Partner-Id header becomes a path segment of every area-A call: refused (400) unless it is one. */
function partnerIdHeader(value: string): string {
  try {
    return checkPathId(value, 'X-Partner-Id');
  } catch (error) {
    // Thrown while building the context, where Apollo would otherwise answer HTTP 500.
    if (error instanceof GraphQLError) error.extensions.http = { status: 400 };
    throw error;
  }
}

export function tenantOf(caller: Caller, partnerId: string): Tenant {
  return { partnerId, credentialFingerprint: caller.credentialFingerprint };
}

/** The partner an operation acts for: an explicit id, else the caller's default. */
export function requirePartnerId(caller: Caller, explicit?: string | null): string {
  const partnerId = explicit ?? caller.partnerId;
  if (!partnerId) {
    throw new BadUserInputError('No partner id: pass one, set PARTNER_ID, or send an X-Partner-Id header', 'id');
  }
  return partnerId;
}
