import type { MediaViolation, UploadRule } from '../datasources/media-api.js';
import type { Hosting, MediaType } from '../generated/graphql.js';

/**
 * B3's supported media types and size limits per hosting variant, as pure data and checks.
 * Sizes use binary units (1 KB = 1024 bytes, 1 MB = 1024 KB); the spec does not say which.
 */
export type MediaHosting = Exclude<Hosting, 'UNKNOWN'>;

export const KB = 1024;
export const MB = 1024 * KB;

/** Largest file either variant takes at all: cloud overall maximum, on-premise upload maximum. */
export const UPLOAD_MAX_BYTES: Record<MediaHosting, number> = { CLOUD: 100 * MB, ON_PREMISE: 64 * MB };

/** Stickers: static and animated WebP have different limits; on-premise takes no animated stickers. */
export const STICKER_MAX_BYTES = { static: 100 * KB, animated: 500 * KB } as const;

interface KindRule {
  mimeTypes: readonly string[];
  maxBytes: number;
}

const DOCUMENT_TYPES = [
  'text/plain',
  'application/pdf',
  'application/vnd.ms-powerpoint',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

const AUDIO_TYPES = ['audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/amr', 'audio/ogg'];

export const MEDIA_RULES: Record<MediaHosting, Record<MediaType, KindRule>> = {
  CLOUD: {
    AUDIO: { mimeTypes: AUDIO_TYPES, maxBytes: 16 * MB },
    DOCUMENT: { mimeTypes: DOCUMENT_TYPES, maxBytes: 100 * MB },
    IMAGE: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
    VIDEO: { mimeTypes: ['video/mp4', 'video/3gp'], maxBytes: 16 * MB },
    STICKER: { mimeTypes: ['image/webp'], maxBytes: STICKER_MAX_BYTES.animated },
  },
  // Post-processing limits; the 64 MB upload maximum caps them (documents: 100 MB → 64 MB).
  ON_PREMISE: {
    AUDIO: { mimeTypes: AUDIO_TYPES, maxBytes: 16 * MB },
    DOCUMENT: { mimeTypes: DOCUMENT_TYPES, maxBytes: 100 * MB },
    IMAGE: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
    VIDEO: { mimeTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
    STICKER: { mimeTypes: ['image/webp'], maxBytes: STICKER_MAX_BYTES.static },
  },
};

/** Kinds tried, most specific first, when the caller does not name one. */
const INFERENCE_ORDER: readonly MediaType[] = ['IMAGE', 'STICKER', 'AUDIO', 'VIDEO', 'DOCUMENT'];

/** Bytes of a file's start the rules look at (the WebP header with its animation flag). */
export const MEDIA_HEAD_BYTES = 32;

const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const MIME_PATTERN = new RegExp(`^(${TOKEN})/(${TOKEN})\\s*((?:;\\s*${TOKEN}=(?:${TOKEN}|"[^"]*")\\s*)*)$`, 'i');

export interface ParsedMime {
  /** `type/subtype`, lower case, without parameters. */
  essence: string;
  parameters: Record<string, string>;
}

export function parseMime(value: string): ParsedMime | null {
  const match = MIME_PATTERN.exec(value.trim());
  if (!match) return null;
  const parameters: Record<string, string> = {};
  for (const part of match[3]
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [name, ...rest] = part.split('=');
    parameters[name.toLowerCase()] = rest.join('=').replace(/^"|"$/g, '').toLowerCase();
  }
  return { essence: `${match[1]}/${match[2]}`.toLowerCase(), parameters };
}

/** Whether a WebP file is animated (VP8X header with the animation flag); null when the head is not WebP. */
export function webpIsAnimated(head: Uint8Array): boolean | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length < 16 || ascii(0, 4) !== 'RIFF' || ascii(8, 12) !== 'WEBP') return null;
  if (ascii(12, 16) !== 'VP8X') return false;
  return head.length > 20 && (head[20] & 0x02) !== 0;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_COLOUR_TYPES: Record<number, string> = { 0: 'greyscale', 2: 'RGB', 3: 'palette', 4: 'greyscale with alpha', 6: 'RGBA' };

/**
 * B3: PNG images must be 8-bit RGB or RGBA. Read from the IHDR chunk, which the format puts first
 * (bit depth at byte 24, colour type at byte 25); null when the file is such a PNG, or when its head
 * is not a PNG at all (the declared type is then left to the upstream, which reads the whole file).
 */
export function pngProblem(head: Uint8Array): string | null {
  if (head.length < 26 || PNG_SIGNATURE.some((byte, index) => head[index] !== byte)) return null;
  if (String.fromCharCode(...head.subarray(12, 16)) !== 'IHDR') return 'the PNG has no IHDR header chunk first';
  const bitDepth = head[24];
  const colourType = head[25];
  if (bitDepth === 8 && (colourType === 2 || colourType === 6)) return null;
  return `PNG images must be 8-bit RGB or RGBA; this one is ${bitDepth}-bit ${PNG_COLOUR_TYPES[colourType] ?? `colour type ${colourType}`}`;
}

/** On-premise does not support byte-stream sending (B3): a file must be sent with its real media type. */
export const BYTE_STREAM = 'application/octet-stream';

export interface MediaRuleInput {
  hosting: MediaHosting;
  mimeType: string;
  /** The kind the file will be sent as; inferred from the MIME type when absent. */
  kind?: MediaType | null | undefined;
  /** The file's first bytes (at least MEDIA_HEAD_BYTES unless the file is shorter). */
  head?: Uint8Array | undefined;
}

export interface MediaRule {
  kind: MediaType;
  /** The content type sent upstream (as given, trimmed). */
  mimeType: string;
  maxBytes: number;
}

export type MediaRuleResult = { ok: true; rule: MediaRule } | { ok: false; violation: MediaViolation };

const fail = (reason: MediaViolation['reason'], field: MediaViolation['field'], message: string): MediaRuleResult => ({
  ok: false,
  violation: { reason, field, message },
});

function accepts(hosting: MediaHosting, kind: MediaType, mime: ParsedMime): boolean {
  if (hosting === 'ON_PREMISE' && kind === 'DOCUMENT') return true;
  if (!MEDIA_RULES[hosting][kind].mimeTypes.includes(mime.essence)) return false;
  // "audio/ogg (opus codec only)": a declared codec other than opus is refused; undeclared is left to the upstream.
  const codecs = mime.parameters.codecs;
  return !(mime.essence === 'audio/ogg' && codecs !== undefined && codecs !== 'opus');
}

export function formatBytes(bytes: number): string {
  if (bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes % KB === 0) return `${bytes / KB} KB`;
  return `${bytes} bytes`;
}

/** The kind and size limit of a file about to be uploaded, or why it cannot be. */
export function mediaRule(input: MediaRuleInput): MediaRuleResult {
  const hostingName = input.hosting === 'CLOUD' ? 'cloud' : 'on-premise';
  const mime = parseMime(input.mimeType);
  if (!mime) return fail('type', 'mimeType', `"${input.mimeType}" is not a valid MIME type`);
  if (input.hosting === 'ON_PREMISE' && mime.essence === BYTE_STREAM) {
    return fail('type', 'mimeType', `byte-stream sending (${BYTE_STREAM}) is not supported on on-premise channels; give the file's own media type`);
  }
  const kind = input.kind ?? INFERENCE_ORDER.find((candidate) => accepts(input.hosting, candidate, mime));
  if (!kind) {
    return fail('type', 'mimeType', `${mime.essence} is not a supported media type on ${hostingName} channels`);
  }
  if (!accepts(input.hosting, kind, mime)) {
    const allowed = MEDIA_RULES[input.hosting][kind].mimeTypes.join(', ');
    return fail('type', 'mimeType', `${kind.toLowerCase()} on ${hostingName} channels accepts ${allowed}; got ${input.mimeType}`);
  }
  if (kind === 'IMAGE' && mime.essence === 'image/png' && input.head) {
    const problem = pngProblem(input.head);
    if (problem) return fail('type', 'file', problem);
  }
  let maxBytes = Math.min(MEDIA_RULES[input.hosting][kind].maxBytes, UPLOAD_MAX_BYTES[input.hosting]);
  if (kind === 'STICKER' && input.head) {
    const animated = webpIsAnimated(input.head);
    if (animated && input.hosting === 'ON_PREMISE') {
      return fail('type', 'file', 'animated stickers are not supported on on-premise channels');
    }
    maxBytes = animated ? STICKER_MAX_BYTES.animated : STICKER_MAX_BYTES.static;
  }
  return { ok: true, rule: { kind, mimeType: input.mimeType.trim(), maxBytes } };
}

/** The size check of an upload whose rule is known. */
export function sizeViolation(rule: MediaRule, bytes: number): MediaViolation | null {
  if (bytes <= rule.maxBytes) return null;
  return {
    reason: 'size',
    field: 'file',
    message: `${rule.kind.toLowerCase()} files are limited to ${formatBytes(rule.maxBytes)} (${rule.mimeType}); this one has more than that`,
  };
}

/** What the upload needs of a rule: the content type to send and the size check it runs on every chunk. */
export function uploadRule(rule: MediaRule): UploadRule {
  return { mimeType: rule.mimeType, sizeViolation: (bytes) => sizeViolation(rule, bytes) };
}
