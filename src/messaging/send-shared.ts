/**
 * What the send builders share (messaging/send-message.ts and messaging/interactive.ts): the hosting, how characters
 * are counted, and the small shape helpers.
 */

/** The two hosting variants area B knows (spec §9). */
export type MessagingHosting = 'CLOUD' | 'ON_PREMISE';

/** Characters as a user counts them (code points, not UTF-16 units). */
export function characterCount(value: string): number {
  return [...value].length;
}

/** Drops undefined and null members, so only given fields reach the upstream. */
export function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== null));
}

/** An http:// or https:// URL with a host name (the only links the upstream fetches). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Spec §9 states this limit for on-premise only; cloud passes the id through to the upstream. */
export const ONPREMISE_PRODUCT_RETAILER_ID_MAX = 100;
