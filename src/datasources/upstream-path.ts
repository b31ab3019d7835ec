import { BadUserInputError } from '../errors.js';

/** Longest id the gateway accepts anywhere (issue 18); the upstream's own ids are far shorter. */
export const MAX_ID_LENGTH = 128;

const PLAIN_SEGMENT = new RegExp(`^[A-Za-z0-9._:-]{1,${MAX_ID_LENGTH}}$`);
const PHONE_SEGMENT = new RegExp(`^\\+?[0-9]{1,${MAX_ID_LENGTH - 1}}$`);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A path relative to an upstream root, built only by `upstreamPath` (or taken whole from an
 * upstream's own answer with `pathFromUpstream`): the upstream client accepts nothing else, so
 * no endpoint can put an unchecked caller value into a path.
 */
export type UpstreamPath = string & { readonly __upstreamPath: unique symbol };

/**
 * BAD_USER_INPUT naming `field` unless the id is one plain path segment: letters, digits and
 * `._:-`, at most 128 characters, and not `.` or `..` (which a server or proxy normalising paths
 * reads as "this" or "the parent" segment: `clients/..` would address the partner). Percent-encoding
 * cannot help there: `encodeURIComponent` leaves dots alone.
 */
export function checkPathId(value: string, field: string): string {
  if (!PLAIN_SEGMENT.test(value) || value === '.' || value === '..') {
    throw new BadUserInputError(`${field} is not a valid id: letters, digits and . _ : - only, 1 to ${MAX_ID_LENGTH} characters, not "." or ".."`, field);
  }
  return value;
}

/** BAD_USER_INPUT naming `field` unless the value is a phone number or wa_id: digits with an optional leading `+`. */
export function checkPhoneNumber(value: string, field: string): string {
  if (!PHONE_SEGMENT.test(value)) {
    throw new BadUserInputError(`${field} must be digits with an optional leading + (a phone number or wa_id), at most ${MAX_ID_LENGTH} characters`, field);
  }
  return value;
}

const MESSAGE_ID = new RegExp(`^[A-Za-z0-9._:=+/-]{1,${MAX_ID_LENGTH}}$`);

/**
 * BAD_USER_INPUT naming `field` unless the value can be a message id as the upstream makes them:
 * base64 after a `wamid.` prefix, so `=`, `+` and `/` besides the plain id characters, at most 128
 * characters, never holding `..` (so it stays one segment even where a proxy decodes `%2F`).
 */
export function checkMessageId(value: string, field: string): string {
  if (!MESSAGE_ID.test(value) || value.includes('..')) {
    throw new BadUserInputError(`${field} is not a valid message id: letters, digits and . _ : - = + / only, 1 to ${MAX_ID_LENGTH} characters, no ".."`, field);
  }
  return value;
}

/**
 * An id that never becomes a path segment (a message id in a body, a filter value): at most 128
 * characters of well-formed Unicode (a lone surrogate cannot be encoded as UTF-8 for the upstream).
 */
export function checkIdText(value: string, field: string): string {
  if (value.length > MAX_ID_LENGTH || LONE_SURROGATE.test(value)) {
    throw new BadUserInputError(`${field} must be at most ${MAX_ID_LENGTH} characters of well-formed Unicode`, field);
  }
  return value;
}

/** A phone number or wa_id as a path segment (see `phoneSegment`). */
class PhoneSegment {
  constructor(readonly named: Readonly<Record<string, string>>) {}
}

/** `${phoneSegment({ phoneNumber })}` in `upstreamPath`: checked as a phone number instead of a plain id. */
export function phoneSegment(named: Readonly<Record<string, string>>): PhoneSegment {
  return new PhoneSegment(named);
}

/** The fixed prefixes of area-B paths (none on cloud, `v1/` on-premise and for configuration). */
export type PathPrefix = '' | 'v1/';
const PREFIXES: readonly string[] = ['', 'v1/'] satisfies PathPrefix[];

type Segment = Readonly<Record<string, string>> | PhoneSegment | PathPrefix;

function only(named: Readonly<Record<string, string>>): [string, string] {
  const entries = Object.entries(named);
  if (entries.length !== 1) throw new TypeError('upstreamPath: each segment is one { name: value } pair');
  return entries[0];
}

/**
 * The one way to build an upstream path: each id is interpolated as `{ name: value }`, where the
 * name is the caller's (the GraphQL argument, e.g. `clientId`), and is checked before anything is
 * sent — `upstreamPath\`partners/${{ partnerId }}/clients/${{ clientId }}\``. A data source
 * parameter therefore carries the GraphQL argument's name; where that argument is only `id`, the
 * resolver checks it under that name first.
 */
export function upstreamPath(literals: TemplateStringsArray, ...segments: Segment[]): UpstreamPath {
  let path = literals[0];
  segments.forEach((segment, index) => {
    path += checkedSegment(segment) + literals[index + 1];
  });
  return path as UpstreamPath;
}

function checkedSegment(segment: Segment): string {
  if (typeof segment === 'string') {
    if (!PREFIXES.includes(segment)) throw new TypeError(`upstreamPath: "${segment}" is not a path prefix`);
    return segment;
  }
  if (segment instanceof PhoneSegment) {
    const [field, value] = only(segment.named);
    // `+` is sent encoded, as before the check existed; a plain id has nothing to encode.
    return encodeURIComponent(checkPhoneNumber(value, field));
  }
  const [field, value] = only(segment);
  return checkPathId(value, field);
}

/** A path the upstream itself handed over (a media record's download URL): no caller value in it. */
export function pathFromUpstream(path: string): UpstreamPath {
  return path as UpstreamPath;
}
