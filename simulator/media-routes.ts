import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import busboy from 'busboy';
import { Router, type Request, type Response } from 'express';
import { sendVariantError } from './http.js';
import type { InboundMediaKind } from './inbound-traffic.js';
import { untilAnswerDue } from './latency.js';
import { CONTENT_HEAD_BYTES, contentRefusal, tooLarge, uploadLimit } from './media-limits.js';
import { channelForKey } from './messaging-routes.js';
import type { SimulatorContext } from './context.js';
import { extension, type SimHosting, type SimState } from './state.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Spec §8: media retention and download link validity. */
export const SIM_MEDIA_RETENTION_MS: Record<SimHosting, number> = { cloud: 30 * DAY_MS, onPremise: 14 * DAY_MS };
export const SIM_MEDIA_LINK_TTL_MS = 5 * 60 * 1000;
/** Host of the links in cloud media records; the gateway drops it and asks the cloud root. */
export const SIM_MEDIA_CDN_HOST = 'media-cdn.sim.example';
/** Spec §8: more than this many failed media GETs within an hour block GET media for the number for an hour. */
const FAILURES_TOLERATED = 5;

export interface SimMedia {
  id: string;
  channelId: string;
  hosting: SimHosting;
  mimeType: string;
  fileName: string | null;
  size: number;
  sha256: string;
  /** Temporary file holding the bytes (uploads are streamed to disk, never held in memory). */
  file: string;
  uploadedAt: number;
}

/** Every upload request as the simulator received it, completed or not. */
export interface SimUpload {
  channelId: string;
  hosting: SimHosting;
  /** Request Content-Type (multipart with boundary on cloud, the media type on-premise). */
  contentType: string | undefined;
  /** Multipart text fields (cloud). */
  fields: Record<string, string>;
  /** The file part (cloud) or the body (on-premise) as received. */
  file: { field: string | null; fileName: string | null; mimeType: string; size: number; sha256: string } | null;
  /** Chunks the body arrived in: more than one shows it was streamed, not sent whole. */
  chunks: number;
  /** HTTP status answered; null while receiving, or when the sender gave up mid-body. */
  status: number | null;
  mediaId: string | null;
}

export interface MediaSimState {
  media: Map<string, SimMedia>;
  uploads: SimUpload[];
  /** Failed media GETs per channel (timestamps) and the end of a block. */
  failures: Map<string, number[]>;
  blockedUntil: Map<string, number>;
  /** Download behaviour of the fake CDN: a 308 hop first, gzip when the client accepts it. */
  cdn: { redirect: boolean; gzip: boolean };
  dir: string;
  /** Deletes `dir` and what it holds: on the simulator's close, or at the latest when the process exits. */
  removeDir(): void;
  secret: Buffer;
}

export function mediaSimState(state: SimState): MediaSimState {
  return extension(state, 'media', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hubgraph-sim-media-'));
    const removeDir = () => {
      process.off('exit', removeDir);
      rmSync(dir, { recursive: true, force: true });
    };
    process.once('exit', removeDir);
    return {
      media: new Map(),
      uploads: [],
      failures: new Map(),
      blockedUntil: new Map(),
      cdn: { redirect: true, gzip: true },
      dir,
      removeDir,
      secret: randomBytes(32),
    };
  });
}

/** Cloud media ids are numeric; on-premise ids are UUIDs. */
const newMediaId = (hosting: SimHosting): string => (hosting === 'cloud' ? String(10n ** 15n + BigInt(`0x${randomBytes(6).toString('hex')}`)) : randomUUID());

/**
 * Files simulated contacts send. Images and stickers are real pictures (a 32×32 PNG, a 1×1 WebP) an inbox can show;
 * the document is a one-page PDF; audio and video bytes are placeholders of their type (nothing plays them here).
 */
const INCOMING_SAMPLES: Record<'image' | 'sticker' | 'document' | 'audio' | 'video', Buffer> = {
  image: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAWElEQVR42mPQmttPU8QwasGoBTD08kgWGqKaBZhGk2QNA9lGE2kNA+Wm47djgCwg1XQ8dgyEBeSZjsuOUQtGpgVDPx8Mi7KIHsU1PSocOlWZo82WUQsIIQCX9UaX+gUrnAAAAABJRU5ErkJggg==',
    'base64',
  ),
  sticker: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  document: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
  audio: Buffer.from('hubgraph simulator: sample audio bytes'),
  video: Buffer.from('hubgraph simulator: sample video bytes'),
};

/**
 * Stores the file of an incoming media message for `channelId`, so the id its notification carries can be fetched
 * like an upload (cloud: numeric id, record + CDN link; on-premise: a UUID answering the bytes).
 */
export function storeIncomingMedia(
  state: SimState,
  incoming: { channelId: string; hosting: SimHosting; kind: InboundMediaKind; mimeType: string; fileName: string | null },
): SimMedia {
  const media = mediaSimState(state);
  const bytes = INCOMING_SAMPLES[incoming.kind === 'voice' ? 'audio' : incoming.kind];
  const id = newMediaId(incoming.hosting);
  const file = join(media.dir, id);
  writeFileSync(file, bytes);
  const stored: SimMedia = {
    id,
    channelId: incoming.channelId,
    hosting: incoming.hosting,
    mimeType: incoming.mimeType,
    fileName: incoming.fileName,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    file,
    uploadedAt: Date.now(),
  };
  media.media.set(id, stored);
  return stored;
}

function channelOf(response: Response): string {
  return (response.locals as { channelId: string }).channelId;
}

function fail(response: Response, hosting: SimHosting, status: number, title: string): void {
  sendVariantError(response, hosting === 'onPremise', status, status, title);
}

function sign(media: MediaSimState, mediaId: string, expires: number): string {
  return createHmac('sha256', media.secret).update(`${mediaId}:${expires}`).digest('hex');
}

/** Compared in constant time, so answer times do not tell how much of a forged signature was right. */
function validSignature(media: MediaSimState, mediaId: string, expires: string, signature: string): boolean {
  const expected = Buffer.from(sign(media, mediaId, Number(expires)));
  const presented = Buffer.from(signature);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** The media, unless unknown, of another channel, or past retention (then it is dropped). */
function findMedia(media: MediaSimState, id: string, channelId: string, hosting: SimHosting): SimMedia | null {
  const found = media.media.get(id);
  if (!found || found.channelId !== channelId || found.hosting !== hosting) return null;
  if (Date.now() - found.uploadedAt > SIM_MEDIA_RETENTION_MS[hosting]) {
    media.media.delete(id);
    void unlink(found.file).catch(() => undefined);
    return null;
  }
  return found;
}

/** Counts bytes and chunks and hashes while passing them on; errors past `max` bytes. */
class Meter extends Transform {
  size = 0;
  chunks = 0;
  readonly hash = createHash('sha256');
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void) {
    this.size += chunk.length;
    this.chunks += 1;
    if (this.size > this.max) return callback(new Error('too large'));
    this.hash.update(chunk);
    callback(null, chunk);
  }
}

/** The first bytes of a stored file, what its content rules read. */
async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(CONTENT_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, CONTENT_HEAD_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * B3 of both variants, statefully: uploads streamed to temporary files within the spec's limits,
 * cloud records with a 5-minute signed link on a fake CDN host served below the cloud root (308
 * hop and gzip optional), on-premise GET answering the file, deletes, retention (cloud 30 d,
 * on-premise 14 d), and the block of GET media after more than 5 failed GETs within an hour.
 * Mount `cloud` at `/cloud` and `onPremise` at `/onprem`.
 */
export function mediaRoutes(context: SimulatorContext): { cloud: Router; onPremise: Router } {
  return { cloud: variantRouter(context, 'cloud'), onPremise: variantRouter(context, 'onPremise') };
}

function variantRouter(context: SimulatorContext, hosting: SimHosting): Router {
  const media = mediaSimState(context.state);
  const router = Router();
  const auth = channelForKey(context.state, hosting);
  const mediaPath = hosting === 'cloud' ? '/media' : '/v1/media';

  const blocked = (channelId: string): boolean => (media.blockedUntil.get(channelId) ?? 0) > Date.now();
  const failedGet = (response: Response, channelId: string, status: number, title: string) => {
    const since = Date.now() - HOUR_MS;
    const recent = [...(media.failures.get(channelId) ?? []).filter((at) => at > since), Date.now()];
    media.failures.set(channelId, recent);
    if (recent.length > FAILURES_TOLERATED) media.blockedUntil.set(channelId, Date.now() + HOUR_MS);
    fail(response, hosting, status, title);
  };
  const refuseIfBlocked = (response: Response, channelId: string): boolean => {
    if (!blocked(channelId)) return false;
    response.setHeader('retry-after', String(Math.ceil(((media.blockedUntil.get(channelId) ?? 0) - Date.now()) / 1000)));
    fail(response, hosting, 429, 'Too many failed media requests: GET media is blocked for this number for one hour');
    return true;
  };

  /** Streams one body to a temporary file within the rule's limit; null (answered) when refused or aborted. */
  const store = async (
    response: Response,
    upload: SimUpload,
    source: Readable,
    described: { field: string | null; fileName: string | null; mimeType: string },
  ): Promise<SimMedia | null> => {
    const limit = uploadLimit(hosting, described.mimeType);
    if (!limit.ok) {
      source.resume();
      upload.status = 400;
      fail(response, hosting, 400, limit.problem);
      return null;
    }
    const max = limit.maxBytes;
    const id = newMediaId(hosting);
    const file = join(media.dir, id);
    const meter = new Meter(max);
    // The source stays out of the pipeline so a refused body can still be drained and answered.
    const written = pipeline(meter, createWriteStream(file));
    source.once('error', (error) => meter.destroy(error));
    source.once('close', () => {
      if (!source.readableEnded) meter.destroy(new Error('the sender gave up mid-body'));
    });
    source.pipe(meter);
    try {
      await written;
    } catch {
      void unlink(file).catch(() => undefined);
      upload.chunks = meter.chunks;
      if (meter.size > max) {
        source.unpipe(meter);
        source.resume();
        upload.status = 413;
        fail(response, hosting, 413, tooLarge(limit.kind, max));
      }
      return null;
    }
    const refusal = contentRefusal(hosting, described.mimeType, limit.kind, await readHead(file), meter.size);
    if (refusal) {
      void unlink(file).catch(() => undefined);
      upload.chunks = meter.chunks;
      upload.status = refusal.status;
      fail(response, hosting, refusal.status, refusal.problem);
      return null;
    }
    const stored: SimMedia = {
      id,
      channelId: channelOf(response),
      hosting,
      mimeType: described.mimeType,
      fileName: described.fileName,
      size: meter.size,
      sha256: meter.hash.digest('hex'),
      file,
      uploadedAt: Date.now(),
    };
    upload.file = { ...described, size: meter.size, sha256: stored.sha256 };
    upload.chunks = meter.chunks;
    return stored;
  };

  const accept = (response: Response, upload: SimUpload, stored: SimMedia) => {
    media.media.set(stored.id, stored);
    upload.status = 200;
    upload.mediaId = stored.id;
    // On-premise answers with the `media` array wrapper the spec also shows.
    response.json(hosting === 'cloud' ? { id: stored.id } : { media: [{ id: stored.id }] });
  };

  router.post(mediaPath, auth, (request: Request, response: Response) => {
    const upload: SimUpload = {
      channelId: channelOf(response),
      hosting,
      contentType: request.header('content-type'),
      fields: {},
      file: null,
      chunks: 0,
      status: null,
      mediaId: null,
    };
    media.uploads.push(upload);

    if (hosting === 'onPremise') {
      const mimeType = request.header('content-type') ?? '';
      void store(response, upload, request, { field: null, fileName: null, mimeType }).then((stored) => {
        if (stored) accept(response, upload, stored);
      });
      return;
    }

    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { files: 1 } });
    } catch {
      upload.status = 400;
      fail(response, hosting, 400, 'multipart/form-data with a file part is required');
      return;
    }
    let pending: Promise<SimMedia | null> | null = null;
    parser.on('field', (name, value) => {
      upload.fields[name] = value;
    });
    parser.on('file', (name, file, info) => {
      if (name !== 'file' || pending) {
        file.resume();
        return;
      }
      pending = store(response, upload, file, { field: name, fileName: info.filename ?? null, mimeType: info.mimeType });
    });
    parser.on('close', () => {
      void (async () => {
        const stored = pending ? await pending : null;
        if (response.headersSent) return;
        if (!stored) {
          upload.status = 400;
          return fail(response, hosting, 400, 'a part named file is required');
        }
        if (!upload.fields.messaging_product) {
          void unlink(stored.file).catch(() => undefined);
          upload.status = 400;
          return fail(response, hosting, 400, 'messaging_product is required');
        }
        accept(response, upload, stored);
      })();
    });
    // A sender that aborts mid-body leaves an incomplete form: nothing is stored.
    parser.on('error', () => undefined);
    request.pipe(parser);
  });

  const sendFile = async (request: Request, response: Response, stored: SimMedia) => {
    await untilAnswerDue(response);
    response.setHeader('content-type', stored.mimeType);
    const gzip = hosting === 'cloud' && media.cdn.gzip && /\bgzip\b/.test(request.header('accept-encoding') ?? '');
    if (gzip) {
      response.setHeader('content-encoding', 'gzip');
      void pipeline(createReadStream(stored.file), createGzip(), response).catch(() => undefined);
    } else {
      response.setHeader('content-length', String(stored.size));
      void pipeline(createReadStream(stored.file), response).catch(() => undefined);
    }
  };

  if (hosting === 'cloud') {
    /** The signed CDN link: path `/cdn/{id}`, query `expires` + `signature`, valid 5 minutes. */
    const cdn = (request: Request<{ mediaId: string }>, response: Response, final: boolean) => {
      const channelId = channelOf(response);
      if (refuseIfBlocked(response, channelId)) return;
      const { expires, signature } = request.query;
      const stored = findMedia(media, request.params.mediaId, channelId, hosting);
      if (!stored) return failedGet(response, channelId, 404, 'Media not found');
      if (typeof expires !== 'string' || typeof signature !== 'string' || !validSignature(media, stored.id, expires, signature)) {
        return failedGet(response, channelId, 403, 'Invalid media link signature');
      }
      if (Number(expires) < Date.now()) return failedGet(response, channelId, 403, 'The media link has expired');
      if (media.cdn.redirect && !final) {
        const query = new URLSearchParams({ expires, signature }).toString();
        response.redirect(308, `${request.baseUrl}/cdn/${encodeURIComponent(stored.id)}/file?${query}`);
        return;
      }
      void sendFile(request, response, stored);
    };
    router.get('/cdn/:mediaId', auth, (request: Request<{ mediaId: string }>, response: Response) => cdn(request, response, false));
    router.get('/cdn/:mediaId/file', auth, (request: Request<{ mediaId: string }>, response: Response) => cdn(request, response, true));

    // Media ids are numeric on cloud; other single segments belong to other endpoints.
    router.get('/:mediaId', (request: Request<{ mediaId: string }>, response: Response, next) => {
      if (!/^\d+$/.test(request.params.mediaId)) return next();
      auth(request, response, () => {
        const channelId = channelOf(response);
        if (refuseIfBlocked(response, channelId)) return;
        const stored = findMedia(media, request.params.mediaId, channelId, hosting);
        if (!stored) return failedGet(response, channelId, 404, 'Media not found');
        const expires = Date.now() + SIM_MEDIA_LINK_TTL_MS;
        const url = `https://${SIM_MEDIA_CDN_HOST}/cdn/${stored.id}?${new URLSearchParams({ expires: String(expires), signature: sign(media, stored.id, expires) }).toString()}`;
        response.json({
          messaging_product: 'whatsapp',
          url,
          mime_type: stored.mimeType,
          sha256: stored.sha256,
          file_size: String(stored.size),
          id: stored.id,
        });
      });
    });
    router.delete('/:mediaId', (request: Request<{ mediaId: string }>, response: Response, next) => {
      if (!/^\d+$/.test(request.params.mediaId)) return next();
      auth(request, response, () => remove(response, request.params.mediaId));
    });
  } else {
    router.get('/v1/media/:mediaId', auth, (request: Request<{ mediaId: string }>, response: Response) => {
      const channelId = channelOf(response);
      if (refuseIfBlocked(response, channelId)) return;
      const stored = findMedia(media, request.params.mediaId, channelId, hosting);
      if (!stored) return failedGet(response, channelId, 404, 'Media not found');
      void sendFile(request, response, stored);
    });
    router.delete('/v1/media/:mediaId', auth, (request: Request<{ mediaId: string }>, response: Response) => remove(response, request.params.mediaId));
  }

  const remove = (response: Response, mediaId: string) => {
    const stored = findMedia(media, mediaId, channelOf(response), hosting);
    if (!stored) return fail(response, hosting, 404, 'Media not found');
    media.media.delete(mediaId);
    void unlink(stored.file).catch(() => undefined);
    response.json(hosting === 'cloud' ? { success: true } : { meta: { api_status: 'stable', version: '2.53.0' } });
  };

  return router;
}
