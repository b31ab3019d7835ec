import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { FormDataEncoder, type FileLike, type FormDataLike } from 'form-data-encoder';
import type { Config } from '../config.js';
import { BadUserInputError, ErrorCode, HubgraphError, NotFoundError } from '../errors.js';
import type { UpstreamRequest, UpstreamResponse } from './http.js';
import type { MediaFailureGuard } from './media-failures.js';
import type { ChannelRoute, MessagingApi } from './messaging-api.js';
import type { MediaRecordDto, MediaRef } from './types.js';
import { errorFromUpstreamResponse, toGraphQLError, UpstreamHttpError } from './upstream-errors.js';
import { pathFromUpstream, upstreamPath, type UpstreamPath } from './upstream-path.js';

/** A media rule a file breaks (messaging/media-rules.ts decides which). */
export interface MediaViolation {
  /** `type`: MIME/kind not accepted (HTTP 400); `size`: too large (HTTP 413). */
  reason: 'type' | 'size';
  /** Input path: `mimeType`, `type` or `file`. */
  field: 'mimeType' | 'type' | 'file';
  message: string;
}

/** The rule an upload is sent under: its content type, and the size check run as its bytes stream past. */
export interface UploadRule {
  mimeType: string;
  sizeViolation(bytes: number): MediaViolation | null;
}

/** A media rule broken by the caller's file; `reason` tells the HTTP route 400 from 413. */
export class MediaInputError extends BadUserInputError {
  readonly reason: MediaViolation['reason'];
  /** `fields`: the caller's name of each rule field (input path or multipart part). */
  constructor(violation: MediaViolation, fields: Partial<Record<MediaViolation['field'], string>> = {}) {
    super(violation.message, fields[violation.field] ?? violation.field);
    this.reason = violation.reason;
  }
}

export interface UploadFile {
  fileName: string;
  rule: UploadRule;
  /** The bytes: a buffer (inline upload) or a stream read once, never held whole. */
  content: Buffer | AsyncIterable<Uint8Array>;
  /** Exact size when known (sets Content-Length upstream); streamed uploads go chunked. */
  size?: number;
}

export interface MediaDownload {
  body: Readable;
  contentType: string | undefined;
  /** Only when the upstream body was not content-encoded (it is decoded on the way). */
  contentLength: string | undefined;
}

// form-data-encoder slices chunks above 64 KiB from their ArrayBuffer's start, ignoring the view's
// offset; handing it chunks at most that large keeps pooled and sliced buffers intact.
const ENCODER_CHUNK = 64 * 1024;

function* slices(chunk: Uint8Array): Generator<Uint8Array> {
  for (let offset = 0; offset < chunk.byteLength; offset += ENCODER_CHUNK) {
    yield chunk.subarray(offset, offset + ENCODER_CHUNK);
  }
}

/** The minimal FormData form-data-encoder reads: one file part after plain fields, in order. */
class StreamingForm implements FormDataLike {
  private readonly fields: Array<[string, string | FileLike]> = [];
  readonly [Symbol.toStringTag] = 'FormData';

  append(name: string, value: unknown): void {
    this.fields.push([name, isFileLike(value) ? value : String(value)]);
  }

  getAll(name: string): Array<string | FileLike> {
    return this.fields.filter(([field]) => field === name).map(([, value]) => value);
  }

  entries(): IterableIterator<[string, string | FileLike]> {
    return this.fields[Symbol.iterator]();
  }

  [Symbol.iterator](): IterableIterator<[string, string | FileLike]> {
    return this.entries();
  }
}

function isFileLike(value: unknown): value is FileLike {
  return typeof value === 'object' && value !== null && (value as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] === 'File';
}

function fileLike(name: string, type: string, size: number | undefined, stream: () => AsyncIterable<Uint8Array>): FileLike {
  return { name, type, size: size ?? Number.NaN, lastModified: Date.now(), stream, [Symbol.toStringTag]: 'File' };
}

/** Upstream media ids: `{id}` (both variants) or the on-premise `{media: [{id}]}` wrapper. */
function mediaIdOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { id, media } = body as { id?: unknown; media?: Array<{ id?: unknown }> };
  const found = id ?? media?.[0]?.id;
  return typeof found === 'string' && found ? found : null;
}

async function readSmall(stream: Readable, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) break;
    }
  } catch {
    // An error body that cannot be read fully still yields its status.
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/**
 * B3 for one request: upload (inline or streamed), metadata, download stream and delete, on the
 * channel's root with its key. Media GETs are never retried on an HTTP error (each failed GET
 * counts towards the upstream's block) and are refused once the block is one failure away.
 */
export class MediaApi {
  constructor(
    private readonly messaging: MessagingApi,
    private readonly config: Config,
    /** Process-wide: counts every request's failed media GETs (shared through Redis when configured). */
    private readonly guard: MediaFailureGuard,
    private readonly requestId: string,
  ) {}

  route(partnerId: string, channelId: string): Promise<ChannelRoute> {
    return this.messaging.route(partnerId, channelId);
  }

  /** A file transfer may take minutes; its answer's headers may not. */
  private transfer(route: ChannelRoute, path: UpstreamPath) {
    return {
      endpoint: 'B3',
      path,
      headers: route.headers,
      requestId: this.requestId,
      timeoutMs: this.config.media.transferTimeoutMs,
      headersTimeoutMs: this.config.upstreamTimeoutMs,
    } satisfies Partial<UpstreamRequest>;
  }

  /** Upload: cloud multipart (`file` with its type, `messaging_product`), on-premise the bare bytes. Sent once. */
  async upload(route: ChannelRoute, file: UploadFile): Promise<MediaRef> {
    let exceeded: MediaViolation | null = null;
    const hash = createHash('sha256');
    let size = 0;
    const source = file.content;
    const counted = async function* (): AsyncGenerator<Uint8Array> {
      for await (const chunk of Buffer.isBuffer(source) ? [source] : source) {
        size += chunk.byteLength;
        const violation = file.rule.sizeViolation(size);
        if (violation) {
          exceeded = violation;
          // Failing the body stream aborts the upstream request before its last byte.
          throw new MediaInputError(violation);
        }
        hash.update(chunk);
        yield* slices(chunk);
      }
    };

    let body: Readable;
    const headers: Record<string, string> = {};
    if (route.hosting === 'CLOUD') {
      const form = new StreamingForm();
      form.append('file', fileLike(file.fileName, file.rule.mimeType, file.size, counted));
      form.append('messaging_product', this.config.messagingProduct);
      const encoder = new FormDataEncoder(form);
      headers['content-type'] = encoder.contentType;
      if (encoder.contentLength) headers['content-length'] = encoder.contentLength;
      body = Readable.from(encoder.encode());
    } else {
      headers['content-type'] = file.rule.mimeType;
      if (file.size !== undefined) headers['content-length'] = String(file.size);
      body = Readable.from(counted());
    }

    let answer: unknown;
    try {
      const response = await route.http.json({
        ...this.transfer(route, upstreamPath`${route.messagesPrefix}media`),
        method: 'POST',
        headers: { ...route.headers, ...headers },
        body,
        retryLimit: 0,
      });
      answer = response.body;
    } catch (error) {
      if (exceeded) throw new MediaInputError(exceeded);
      throw toGraphQLError(error, 'B3', { write: true });
    }
    const id = mediaIdOf(answer);
    if (!id) throw new HubgraphError('The upstream accepted the upload but answered no media id', ErrorCode.UpstreamError, { endpoint: 'B3' });
    return {
      channelId: route.channel.id,
      id,
      record: { id, mime_type: file.rule.mimeType, file_size: size, sha256: hash.digest('hex') },
    };
  }

  /** On-premise profile photo (B4's `/v1/settings/profile/photo`): the image bytes with their type, sent once. */
  async setProfilePhoto(route: ChannelRoute, photo: { content: Buffer; mimeType: string }): Promise<boolean> {
    try {
      await route.http.json({
        ...this.transfer(route, upstreamPath`${route.configPrefix}settings/profile/photo`),
        endpoint: 'B4',
        method: 'POST',
        headers: { ...route.headers, 'content-type': photo.mimeType, 'content-length': String(photo.content.length) },
        body: Readable.from([photo.content]),
        retryLimit: 0,
      });
    } catch (error) {
      throw toGraphQLError(error, 'B4', { write: true });
    }
    return true;
  }

  /** Removes the on-premise profile photo; the answer body is not specified, its 2xx is the confirmation. */
  async deleteProfilePhoto(route: ChannelRoute): Promise<boolean> {
    try {
      await route.http.json({
        method: 'DELETE',
        endpoint: 'B4',
        path: upstreamPath`${route.configPrefix}settings/profile/photo`,
        headers: route.headers,
        requestId: this.requestId,
        retryLimit: 0,
      });
    } catch (error) {
      throw toGraphQLError(error, 'B4', { write: true });
    }
    return true;
  }

  /**
   * Metadata; null when the upstream does not know the id. Cloud: the media record. On-premise,
   * whose GET answers the file itself: the headers of that GET (Content-Type, Content-Length), the
   * body left unread (no sha256 there).
   */
  async metadata(route: ChannelRoute, mediaId: string): Promise<MediaRef | null> {
    const record = route.hosting === 'CLOUD' ? await this.cloudRecord(route, mediaId) : await this.onPremiseRecord(route, mediaId);
    return record && { channelId: route.channel.id, id: mediaId, record };
  }

  private async cloudRecord(route: ChannelRoute, mediaId: string): Promise<MediaRecordDto | null> {
    const channelId = route.channel.id;
    await this.guard.assertAllowed(channelId);
    try {
      const response = await route.http.json<MediaRecordDto>({
        method: 'GET',
        endpoint: 'B3',
        path: upstreamPath`${{ mediaId }}`,
        headers: route.headers,
        requestId: this.requestId,
        // Network failures may be retried (no answer, nothing counted); an HTTP error never is.
        retryOnStatus: false,
      });
      return response.body;
    } catch (error) {
      if (error instanceof UpstreamHttpError) {
        await this.guard.recordFailure(channelId);
        if (error.statusCode === 404) return null;
      }
      throw toGraphQLError(error, 'B3');
    }
  }

  private async onPremiseRecord(route: ChannelRoute, mediaId: string): Promise<MediaRecordDto | null> {
    let opened: UpstreamResponse<Readable>;
    try {
      opened = await this.open(route, upstreamPath`${route.messagesPrefix}media/${{ mediaId }}`);
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
    opened.body.destroy();
    const length = opened.headers['content-length'];
    return {
      id: mediaId,
      ...(opened.headers['content-type'] && { mime_type: opened.headers['content-type'] }),
      ...(length !== undefined && !opened.headers['content-encoding'] && { file_size: length }),
    };
  }

  /**
   * The file as a stream. Cloud: the record's `url` without scheme and host, appended to the cloud
   * root (its path and secret query go upstream only), redirects (308) followed, decompressed.
   */
  async download(route: ChannelRoute, mediaId: string): Promise<MediaDownload> {
    let path = upstreamPath`${route.messagesPrefix}media/${{ mediaId }}`;
    if (route.hosting === 'CLOUD') {
      const record = await this.cloudRecord(route, mediaId);
      if (!record) throw new NotFoundError(`Media ${mediaId} not found`);
      if (!record.url) throw new HubgraphError('The media record has no url', ErrorCode.UpstreamError, { endpoint: 'B3' });
      const url = new URL(record.url);
      path = pathFromUpstream(`${url.pathname.replace(/^\/+/, '')}${url.search}`);
    }
    const { headers, body } = await this.open(route, path);
    return {
      body,
      contentType: headers['content-type'],
      contentLength: headers['content-encoding'] ? undefined : headers['content-length'],
    };
  }

  /** One media GET as a stream; an HTTP error is counted, its (small) body read for the mapping. */
  private async open(route: ChannelRoute, path: UpstreamPath): Promise<UpstreamResponse<Readable>> {
    const channelId = route.channel.id;
    await this.guard.assertAllowed(channelId);
    let response: UpstreamResponse<Readable>;
    try {
      // The key goes to the upstream's own origin only, never to a host a redirect names.
      response = await route.http.stream(this.transfer(route, path));
    } catch (error) {
      throw toGraphQLError(error, 'B3');
    }
    if (response.statusCode >= 400) {
      const text = await readSmall(response.body);
      await this.guard.recordFailure(channelId);
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Non-JSON error bodies keep their status only.
      }
      throw errorFromUpstreamResponse('B3', { statusCode: response.statusCode, headers: response.headers, body });
    }
    return response;
  }

  /** Delete (both variants); true when the upstream confirms. Sent once. */
  async delete(route: ChannelRoute, mediaId: string): Promise<boolean> {
    const path = route.hosting === 'CLOUD' ? upstreamPath`${{ mediaId }}` : upstreamPath`${route.messagesPrefix}media/${{ mediaId }}`;
    try {
      const response = await route.http.json<{ success?: boolean } | ''>({
        method: 'DELETE',
        endpoint: 'B3',
        path,
        headers: route.headers,
        requestId: this.requestId,
        retryLimit: 0,
      });
      // Cloud answers {success: true}; on-premise's answer body is not specified, its 2xx is the confirmation.
      return route.hosting === 'CLOUD' ? typeof response.body === 'object' && response.body.success === true : true;
    } catch (error) {
      throw toGraphQLError(error, 'B3', { write: true });
    }
  }
}
