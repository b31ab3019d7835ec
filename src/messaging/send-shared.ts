import { BadUserInputError, InputChecks } from '../errors.js';
import type { MediaMessageInput } from '../generated/graphql.js';
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

/** For `Rules.required`/`optional`: a text that must not be blank but has no stated length limit. */
export const UNLIMITED = Infinity;

export const isSet = (value: unknown): boolean => value !== undefined && value !== null;

/** The rules of one input, each refusal kept so that all come at once (`checks.done()`). */
export class Rules {
  readonly checks = new InputChecks();

  refuse(message: string, field: string): void {
    this.checks.check(() => {
      throw new BadUserInputError(message, field);
    });
  }

  /** A required text: not blank, at most `max` characters. */
  required(value: string | null | undefined, max: number, field: string): void {
    if (typeof value !== 'string' || value.trim() === '') this.refuse(`${field} must not be empty`, field);
    else this.atMost(value, max, field);
  }

  /** An optional text: when given, not blank and at most `max` characters. */
  optional(value: string | null | undefined, max: number, field: string): void {
    if (isSet(value)) this.required(value, max, field);
  }

  atMost(value: string, max: number, field: string): void {
    const count = characterCount(value);
    if (count > max) this.refuse(`${field} has ${count} characters; at most ${max} are allowed`, field);
  }

  count(length: number, min: number, max: number, field: string, what: string): void {
    if (length < min || length > max) this.refuse(`${what}: ${min} to ${max} are allowed, ${length} given`, field);
  }

  /** Every value given once; a repeat is refused at its own position. */
  distinct(values: Array<{ value: string; field: string }>, what: string): void {
    const seen = new Set<string>();
    for (const { value, field } of values) {
      if (seen.has(value)) this.refuse(`${what} must be distinct; "${value}" is repeated`, field);
      seen.add(value);
    }
  }

  productRetailerId(value: string, hosting: MessagingHosting, field: string): void {
    if (value.trim() === '') this.refuse(`${field} must not be empty`, field);
    else if (hosting === 'ON_PREMISE' && characterCount(value) > ONPREMISE_PRODUCT_RETAILER_ID_MAX) {
      this.refuse(`product retailer ids are limited to ${ONPREMISE_PRODUCT_RETAILER_ID_MAX} characters on on-premise channels`, field);
    }
  }
}

/** A header media item (interactive or template): by id or http(s) link; a header shows no caption, and only a document has a file name. */
export function headerMedia(rules: Rules, kind: 'image' | 'video' | 'document', media: MediaMessageInput, path: string): Record<string, unknown> {
  const hasId = typeof media.id === 'string' && media.id !== '';
  const hasLink = typeof media.link === 'string' && media.link !== '';
  if (hasId === hasLink) rules.refuse(`the header ${kind} needs exactly one of id and link`, path);
  if (hasLink && !isHttpUrl(media.link!)) rules.refuse(`the header ${kind}'s link must be an http:// or https:// URL`, `${path}.link`);
  if (isSet(media.caption)) rules.refuse('a header carries no caption', `${path}.caption`);
  if (isSet(media.filename) && kind !== 'document') rules.refuse('filename is only allowed for a document header', `${path}.filename`);
  if (isSet(media.provider)) rules.refuse('a header takes no media provider', `${path}.provider`);
  return compact({ id: hasId ? media.id : undefined, link: hasLink ? media.link : undefined, filename: media.filename });
}
