import type { SimHosting } from './state.js';

/**
 * B3's supported types and size limits as the simulator enforces them on uploads, read from the
 * interface for the simulator alone. The interface writes "MB" and "KB" without saying which; the
 * simulator takes the binary reading (1 MB = 1024 × 1024 bytes), the larger one, so it never refuses
 * a file the real service could take.
 */
const KB = 1024;
const MB = 1024 * KB;

export type UploadKind = 'audio' | 'document' | 'image' | 'sticker' | 'video';

interface KindLimit {
  contentTypes: readonly string[];
  maxBytes: number;
}

interface HostingLimits {
  /** Cloud's overall maximum; on-premise's largest uploadable file. */
  uploadMaxBytes: number;
  kinds: Record<UploadKind, KindLimit>;
  /** On-premise takes any valid MIME type as a document. */
  anyTypeIsDocument: boolean;
}

const AUDIO = ['audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/amr', 'audio/ogg'];
const DOCUMENT = [
  'text/plain',
  'application/pdf',
  'application/vnd.ms-powerpoint',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

export const UPLOAD_LIMITS: Record<SimHosting, HostingLimits> = {
  cloud: {
    uploadMaxBytes: 100 * MB,
    anyTypeIsDocument: false,
    kinds: {
      audio: { contentTypes: AUDIO, maxBytes: 16 * MB },
      document: { contentTypes: DOCUMENT, maxBytes: 100 * MB },
      image: { contentTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
      video: { contentTypes: ['video/mp4', 'video/3gp'], maxBytes: 16 * MB },
      // Static 100 KB, animated 500 KB: an upload is not looked into, so it may be either.
      sticker: { contentTypes: ['image/webp'], maxBytes: 500 * KB },
    },
  },
  // Post-processing limits, within the 64 MB upload maximum; animated stickers are not supported.
  onPremise: {
    uploadMaxBytes: 64 * MB,
    anyTypeIsDocument: true,
    kinds: {
      audio: { contentTypes: AUDIO, maxBytes: 16 * MB },
      document: { contentTypes: DOCUMENT, maxBytes: 100 * MB },
      image: { contentTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
      video: { contentTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
      sticker: { contentTypes: ['image/webp'], maxBytes: 100 * KB },
    },
  },
};

/** `type/subtype` of RFC 9110's token characters, then `; name=value` parameters. */
const MEDIA_TYPE = /^[!#$%&'*+.^`|~\w-]+\/[!#$%&'*+.^`|~\w-]+$/;

export type UploadLimit = { ok: true; kind: UploadKind; maxBytes: number } | { ok: false; problem: string };

function sizeText(bytes: number): string {
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes / KB} KB`;
}

/** The kind and largest size an upload of this Content-Type may have, or why the hosting refuses the type. */
export function uploadLimit(hosting: SimHosting, contentType: string): UploadLimit {
  const [essence, ...parameters] = contentType.split(';').map((part) => part.trim());
  const type = essence.toLowerCase();
  if (!MEDIA_TYPE.test(type)) return { ok: false, problem: `"${contentType}" is not a media type` };
  if (hosting === 'onPremise' && type === 'application/octet-stream') {
    return { ok: false, problem: 'byte-stream sending is not supported on-premise: send the file with its own media type' };
  }
  // "audio/ogg (opus codec only)": a declared codec other than opus is not the audio type.
  const codecs = parameters.find((parameter) => /^codecs=/i.test(parameter))?.slice('codecs='.length);
  const otherThanOpus = type === 'audio/ogg' && codecs !== undefined && codecs.replace(/"/g, '').toLowerCase() !== 'opus';
  const limits = UPLOAD_LIMITS[hosting];
  const listed = otherThanOpus ? undefined : (Object.keys(limits.kinds) as UploadKind[]).find((kind) => limits.kinds[kind].contentTypes.includes(type));
  const found = listed ?? (limits.anyTypeIsDocument ? 'document' : undefined);
  if (!found) return { ok: false, problem: `${contentType} is not a supported media type ${hosting === 'cloud' ? 'on cloud' : 'on-premise'}` };
  return { ok: true, kind: found, maxBytes: Math.min(limits.kinds[found].maxBytes, limits.uploadMaxBytes) };
}

/** How many leading bytes of a file `contentRefusal` reads. */
export const CONTENT_HEAD_BYTES = 32;

const PNG_SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
/** IHDR colour types 2 (truecolour, RGB) and 6 (truecolour with alpha, RGBA). */
const PNG_RGB_OR_RGBA = new Set([2, 6]);
const STATIC_STICKER_MAX_BYTES = 100 * KB;

/** A WebP whose VP8X header sets the animation flag (an animated sticker). */
function isAnimatedWebp(head: Buffer): boolean {
  return (
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP' &&
    head.toString('latin1', 12, 16) === 'VP8X' &&
    (head[20] & 0x02) !== 0
  );
}

/**
 * What B3 rules of a file's content refuse, read from its first CONTENT_HEAD_BYTES: an image/png must be 8-bit RGB or
 * RGBA (its IHDR chunk says so when the file has one); a sticker is static up to 100 KB and animated up to 500 KB on
 * cloud, and on-premise takes no animated sticker (its 100 KB limit already applies by type). Null when acceptable.
 */
export function contentRefusal(
  hosting: SimHosting,
  mimeType: string,
  kind: UploadKind,
  head: Buffer,
  size: number,
): { status: 400 | 413; problem: string } | null {
  const type = mimeType.split(';')[0].trim().toLowerCase();
  if (type === 'image/png' && head.subarray(0, 8).equals(PNG_SIGNATURE) && head.toString('latin1', 12, 16) === 'IHDR') {
    const bitDepth = head[24];
    const colourType = head[25];
    if (bitDepth !== 8 || !PNG_RGB_OR_RGBA.has(colourType)) {
      return { status: 400, problem: `image/png must be 8-bit RGB or RGBA (this one: ${bitDepth}-bit, colour type ${colourType})` };
    }
  }
  if (kind === 'sticker') {
    const animated = isAnimatedWebp(head);
    if (animated && hosting === 'onPremise') return { status: 400, problem: 'animated stickers are not supported on-premise' };
    if (!animated && size > STATIC_STICKER_MAX_BYTES) return { status: 413, problem: `static stickers are limited to ${sizeText(STATIC_STICKER_MAX_BYTES)}` };
  }
  return null;
}

export function tooLarge(kind: UploadKind, maxBytes: number): string {
  return `${kind} files are limited to ${sizeText(maxBytes)}`;
}
