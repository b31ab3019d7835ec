import { hash, timingSafeEqual } from 'node:crypto';

/** Equal strings, compared in constant time (a token or signature check must not leak how much of it matched). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A short, stable digest (of a credential, or of a request's text): names it in keys and circuit ids without holding it. */
export function fingerprint(secret: string): string {
  return hash('sha256', secret, 'base64url').slice(0, 16);
}
