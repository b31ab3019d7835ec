import type { WebhookConfigBody } from '../datasources/types.js';
import { BadUserInputError } from '../errors.js';
import type { MessagingHosting } from './send-message.js';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value: tabs and printable characters (RFC 9110 field-value), no control characters. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/;
/** Header names whose values are credentials: answered and logged redacted. */
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$|key|token|secret/i;

/** Absolute URLs anywhere in a value (a header such as a callback or a Link may carry one). */
const EMBEDDED_URL = /\bhttps?:\/\/[^\s,;"'<>]+/gi;
/**
 * A whole value that is a bare host name (`api.example.com:8443/path`), checked like a URL. Labels
 * of at most 63 characters and an alphabetic top-level label keep tokens (JWTs) from matching.
 */
const BARE_HOST = /^([A-Za-z0-9_-]{1,63}\.)+[A-Za-z]{2,24}(:\d*)?(\/\S*)?$/;

/** Cloud rule of B6: no underscore in any (sub)domain label and no explicit port. */
function cloudHostProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid URL';
  }
  // URL normalises an explicit default port away; the raw authority still shows it, read as URL reads
  // http and https URLs: without tabs and line breaks, after the scheme and any slashes or backslashes,
  // up to the first /, \, ? or #.
  const authority = value
    .replace(/[\t\n\r]/g, '')
    .replace(/^[a-z]+:[/\\]*/i, '')
    .split(/[/\\?#]/)[0]
    .replace(/^[^@]*@/, '');
  if (url.port !== '' || /:\d*$/.test(authority)) return 'must not name an explicit port on cloud channels';
  if (url.hostname.includes('_')) return 'must not contain an underscore in its (sub)domain on cloud channels';
  return null;
}

function headersOf(value: unknown, field: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new BadUserInputError('headers must be a JSON object of header names to string values', field);
  }
  const entries = Object.entries(value as Record<string, unknown>);
  for (const [name, headerValue] of entries) {
    if (!HEADER_NAME.test(name)) throw new BadUserInputError(`"${name}" is not a valid header name`, `${field}.${name}`);
    if (typeof headerValue !== 'string') throw new BadUserInputError(`header ${name} must be a string`, `${field}.${name}`);
    // CR, LF or another control character would split or corrupt the header the upstream sends.
    if (!HEADER_VALUE.test(headerValue)) {
      throw new BadUserInputError(`header ${name} must be printable text on one line (no CR, LF or other control characters)`, `${field}.${name}`);
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** A host only a process on the same machine can reach (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** http:// to a loopback host: only a process on the same machine, such as the embedded simulator, can deliver there. */
export function isLoopbackHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/** Spec B6: a business-account webhook takes effect within 15 to 20 seconds of being set; the later bound is what a caller can rely on. */
export const WABA_WEBHOOK_ACTIVATION_MS = 20_000;

export const HTTPS_REQUIRED = 'the upstream delivers notifications only over HTTPS with a valid certificate';

/** A URL whose host is loopback (the port and scheme do not matter). */
function isLoopbackUrl(value: string): boolean {
  return URL.canParse(value) && isLoopbackHost(new URL(value).hostname);
}

/**
 * B6 body after its rules: an https URL (notifications are delivered over HTTPS only; plain http
 * passes only with `allowLoopbackHttp`, for the gateway's own loopback receiver); on cloud neither
 * the URL nor a URL inside a header value (or a header value that is a bare host name) may have an
 * underscore in a (sub)domain or an explicit port. `allowLoopbackPort` lets a loopback URL keep its
 * port on cloud: only for the embedded simulator, the one upstream that can reach this machine.
 */
export function validateWebhookConfig(
  input: { url: string; headers?: unknown },
  hosting: MessagingHosting,
  field = 'input',
  { allowLoopbackHttp = false, allowLoopbackPort = false } = {},
): WebhookConfigBody {
  const url = input.url.trim();
  if (!/^https:\/\//i.test(url) && !(allowLoopbackHttp && isLoopbackHttpUrl(url))) {
    throw new BadUserInputError(`url must be an https:// URL: ${HTTPS_REQUIRED}`, `${field}.url`);
  }
  const urlProblem = allowLoopbackPort && isLoopbackUrl(url) ? null : cloudHostProblem(url);
  if (urlProblem === 'is not a valid URL') throw new BadUserInputError(`url ${urlProblem}`, `${field}.url`);
  const headers = headersOf(input.headers, `${field}.headers`);
  if (hosting === 'CLOUD') {
    if (urlProblem) throw new BadUserInputError(`url ${urlProblem}`, `${field}.url`);
    for (const [name, value] of Object.entries(headers)) {
      const bare = BARE_HOST.test(value.trim()) ? [`https://${value.trim()}`] : [];
      for (const embedded of [...bare, ...[...value.matchAll(EMBEDDED_URL)].map((match) => match[0])]) {
        const problem = cloudHostProblem(embedded);
        if (problem) throw new BadUserInputError(`header ${name}: the host in its value ${problem}`, `${field}.headers.${name}`);
      }
    }
  }
  return { url, headers };
}

/**
 * Headers as answered to callers: a credential (Authorization, Proxy-Authorization, Cookie, and
 * any name holding key, token or secret, such as X-Api-Key) is redacted; an (Proxy-)Authorization
 * value keeps its scheme only. They are the receiver's credentials (the gateway's own when
 * connected to it), which only the upstream needs.
 */
export function redactedHeaders(headers: Record<string, string> | null | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => {
      if (!CREDENTIAL_HEADER.test(name)) return [name, value];
      const scheme = /authorization$/i.test(name) ? (value.trim().split(/\s+/)[0] ?? '') : '';
      return [name, `${scheme} [redacted]`.trim()];
    }),
  );
}

/** The answer to a business-account webhook write: what was sent, credentials redacted, and when the upstream has applied it at the latest. */
export function wabaWebhookAnswer(sent: WebhookConfigBody, message: string | null | undefined, nowMs = Date.now()) {
  return {
    wabaId: null,
    numbers: null,
    url: sent.url,
    headers: redactedHeaders(sent.headers),
    message: message ?? null,
    activatesAt: new Date(nowMs + WABA_WEBHOOK_ACTIVATION_MS).toISOString(),
  };
}

/** The answer to a number-level webhook write: what the upstream stored (else what was sent), credentials redacted. */
export function webhookAnswer(stored: { url?: string | null; headers?: Record<string, string> | null }, sent: WebhookConfigBody) {
  return { url: stored.url ?? sent.url, headers: redactedHeaders(stored.headers ?? sent.headers) };
}
