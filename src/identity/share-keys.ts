import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config.js';
import { UnauthenticatedError } from '../errors.js';
import { fingerprint } from '../lib/secrets.js';
import type { UpstreamCredentials } from '../store/upstream-credentials.js';
import type { AccessTokens } from './access-tokens.js';
import { bearer } from './caller.js';

/** The share key of a request with no credential of its own, or with one nobody has vouched for yet. */
function addressShareKey(address: string | undefined): string {
  return `address:${address ?? 'unknown'}`;
}

/** A share key that stands for the credential presented, not for its address: it stays the same while the credential is used. */
export function isSettledShareKey(shareKey: string): boolean {
  return !shareKey.startsWith('address:');
}

/**
 * Who a request's work is charged to (store/fair-share.ts), worked out at the door, before its body is read and before
 * its credential is verified, from what is already known of that credential. A credential buys a share of its own only
 * once it has been vouched for; until then its requests are charged to their address, so a flood of made-up
 * credentials shares one budget instead of getting a fresh one per credential:
 *
 * - a person's access token (AUTH_ISSUER), once verified: the person (`person:` issuer + `sub`), so two tokens of one
 *   person share a budget and two people behind one app have one each;
 * - one of GATEWAY_TOKENS (compared by fingerprint): that token (`token:`);
 * - multi-tenant (no PARTNER_TOKEN), once the upstream answered a call carrying it with success: the credential
 *   (`partner:`);
 * - anything else: the client's address (`address:`).
 *
 * A credential already known to be refused (a token that failed verification, a credential the upstream answered
 * with 401) is refused here with UNAUTHENTICATED: nothing of its request is read and nothing is sent upstream.
 * Fingerprints only: no credential is kept or logged.
 */
export class ShareKeys {
  /** GATEWAY_TOKENS by the fingerprint of the token, each mapped to its share key. */
  private readonly gatewayTokens: ReadonlyMap<string, string>;

  constructor(
    private readonly config: Config,
    private readonly accessTokens: AccessTokens | null,
    private readonly upstreamCredentials: UpstreamCredentials | null,
  ) {
    this.gatewayTokens = new Map(
      config.gatewayTokens.map((token) => {
        const tokenFingerprint = fingerprint(token);
        return [tokenFingerprint, `token:${tokenFingerprint}`];
      }),
    );
  }

  /** The share key of a request's headers and address; throws UnauthenticatedError for a credential known to be refused. */
  of(headers: IncomingHttpHeaders, address: string | undefined): string {
    const authorization = typeof headers.authorization === 'string' ? headers.authorization.trim() : '';
    if (!authorization) return addressShareKey(address);
    if (!this.config.partnerToken) return this.ofForwardedCredential(authorization, address);
    const token = bearer(authorization);
    if (token === null) return addressShareKey(address);
    if (this.gatewayTokens.size > 0) {
      const gatewayToken = this.gatewayTokens.get(fingerprint(token));
      if (gatewayToken !== undefined) return gatewayToken;
    }
    if (!this.accessTokens) return addressShareKey(address);
    const person = this.accessTokens.verified(token);
    if (person) return person.shareKey;
    const rejection = this.accessTokens.rejection(token);
    if (rejection instanceof UnauthenticatedError) throw rejection;
    return addressShareKey(address);
  }

  private ofForwardedCredential(authorization: string, address: string | undefined): string {
    const credential = fingerprint(authorization);
    if (this.upstreamCredentials?.isVouched(credential)) return `partner:${credential}`;
    if (this.upstreamCredentials?.isRejected(credential)) {
      throw new UnauthenticatedError(
        'The upstream refused this credential (HTTP 401) within the last minute: it is refused here without asking the upstream again until then',
      );
    }
    return addressShareKey(address);
  }
}
