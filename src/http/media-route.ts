import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { Router, type Request, type Response } from 'express';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { requirePartnerId } from '../identity/caller.js';
import { routeScopeCheck } from '../identity/scopes.js';
import { releaseUnreadBody } from './request.js';
import { createContext, type Context } from '../context.js';
import { MediaInputError } from '../datasources/media-api.js';
import { checkPathId } from '../datasources/upstream-path.js';
import type { ChannelRoute } from '../datasources/messaging-api.js';
import { BadUserInputError, ErrorCode, HubgraphError } from '../errors.js';
import type { MediaType } from '../generated/graphql.js';
import { MEDIA_HEAD_BYTES, mediaRule, sizeViolation, uploadRule, UPLOAD_MAX_BYTES, formatBytes } from '../messaging/media-rules.js';
import type { Services } from '../services.js';

/** Allowance for the multipart envelope (boundaries, part headers, small fields) around the file. */
const MULTIPART_ENVELOPE_BYTES = 16 * 1024;

const MEDIA_KINDS = new Set<MediaType>(['AUDIO', 'DOCUMENT', 'IMAGE', 'STICKER', 'VIDEO']);

/** Multipart parts named in rule violations. */
const PART_FIELDS = { mimeType: 'file', type: 'type', file: 'file' } as const;

function httpStatusOf(error: HubgraphError): number {
  if (error instanceof MediaInputError && error.reason === 'size') return 413;
  // Failures the upstream answered are the gateway's upstream failing, not the caller's request.
  if (error.extensions.upstream) return error.code === ErrorCode.NotFound ? 404 : 502;
  switch (error.code) {
    case ErrorCode.BadUserInput:
    case ErrorCode.UnsupportedForHosting:
    case ErrorCode.MissingApiKey:
      return 400;
    case ErrorCode.Unauthenticated:
      return 401;
    case ErrorCode.Forbidden:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.RateLimited:
    case ErrorCode.MediaBlocked:
      return 429;
    case ErrorCode.UpstreamUnavailable:
      return 503;
    default:
      return 502;
  }
}

/** The GraphQL error shape over plain HTTP: `{error: {code, message, ...extensions}}`. */
function sendError(response: Response, error: unknown, logger: Services['logger']): void {
  const failure =
    error instanceof HubgraphError
      ? error
      : error instanceof GraphQLError
        ? new HubgraphError(error.message, ErrorCode.UpstreamError, error.extensions)
        : new HubgraphError('Internal error', ErrorCode.UpstreamUnavailable);
  if (!(error instanceof GraphQLError)) logger.error({ err: error }, 'media route: unexpected failure');
  const status = httpStatusOf(failure);
  const retryAfter = failure.extensions.retryAfterSeconds;
  if (typeof retryAfter === 'number') response.setHeader('retry-after', String(retryAfter));
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.status(status).json({ error: { ...failure.extensions, code: failure.code, message: failure.message } });
}

function kindParam(value: unknown): MediaType | undefined {
  if (value === undefined) return undefined;
  const kind = typeof value === 'string' ? value.toUpperCase() : '';
  if (!MEDIA_KINDS.has(kind as MediaType)) {
    throw new BadUserInputError(`type must be one of ${[...MEDIA_KINDS].join(', ').toLowerCase()}`, 'type');
  }
  return kind as MediaType;
}

/** The caller's file stream broke off (a truncated multipart body, a connection closed mid-upload): the caller's fault, never the upstream's. */
function truncated(error: unknown): unknown {
  return error instanceof GraphQLError ? error : new BadUserInputError('The file ended before it was complete (truncated body or connection closed)', 'file');
}

/** The first `bytes` of a stream, and an iterable of the whole stream that starts with them. */
async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; content: AsyncIterable<Uint8Array> }> {
  const iterator = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const start: Buffer[] = [];
  let length = 0;
  let done = false;
  try {
    while (length < bytes) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      start.push(next.value);
      length += next.value.length;
    }
  } catch (error) {
    throw truncated(error);
  }
  const head = Buffer.concat(start);
  async function* content(): AsyncGenerator<Uint8Array> {
    if (head.length > 0) yield head;
    if (done) return;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } catch (error) {
      throw truncated(error);
    }
  }
  return { head, content: content() };
}

interface IncomingFile {
  stream: Readable;
  fileName: string;
  mimeType: string;
  /** Exact size (a raw body's Content-Length); sent upstream as Content-Length. */
  size?: number;
  /** Upper bound known in advance (a multipart body's Content-Length less its envelope). */
  atMost?: number;
}

/**
 * Checks the file against the media rules as soon as its type and first bytes are known, then
 * pipes it upstream without holding it: nothing is sent for a refused file, and an upload that
 * crosses its size limit mid-stream is aborted.
 */
async function forwardFile(context: Context, route: ChannelRoute, kind: MediaType | undefined, file: IncomingFile): Promise<string> {
  const { head, content } = await peek(file.stream, MEDIA_HEAD_BYTES);
  // As uploadMedia refuses an empty file: the upstream would store (and bill) a file of nothing.
  if (head.length === 0) throw new BadUserInputError('The file is empty', 'file');
  const checked = mediaRule({ hosting: route.hosting, mimeType: file.mimeType, kind, head });
  if (!checked.ok) throw new MediaInputError(checked.violation, PART_FIELDS);
  const known = file.size ?? file.atMost;
  const tooLarge = known === undefined ? null : sizeViolation(checked.rule, known);
  if (tooLarge) throw new MediaInputError(tooLarge, PART_FIELDS);
  const uploaded = await context.dataSources.media.upload(route, {
    fileName: file.fileName,
    rule: uploadRule(checked.rule),
    content,
    ...(file.size !== undefined && { size: file.size }),
  });
  const bytes = Number(uploaded.record?.file_size ?? 0);
  context.logger.info({ channelId: route.channel.id, mediaId: uploaded.id, bytes, kind: checked.rule.kind }, 'media uploaded (stream)');
  return uploaded.id;
}

/** How much of a multipart body is kept to read the `file` part's own headers (its fields come first, at most 10 × 1 KB). */
const PART_HEADERS_WINDOW_BYTES = 64 * 1024;

/**
 * The `file` part's Content-Type as sent, with its parameters: busboy hands over only `type/subtype`, which would
 * skip the rules that read a parameter (`audio/ogg; codecs=vorbis`). Null when the headers are not in `seen`.
 */
export function filePartContentType(seen: Buffer): string | null {
  for (const block of seen.toString('latin1').split('\r\n\r\n')) {
    const lines = block.split('\r\n');
    const disposition = lines.find((line) => /^content-disposition:/i.test(line));
    if (!disposition || !/;\s*name="?file"?(;|\s*$)/i.test(disposition)) continue;
    const contentType = lines.find((line) => /^content-type:/i.test(line));
    return contentType ? contentType.slice(contentType.indexOf(':') + 1).trim() : null;
  }
  return null;
}

/** A multipart body: its part `file` is forwarded; other parts are ignored. */
function receiveMultipart(request: Request, context: Context, route: ChannelRoute, kind: MediaType | undefined): Promise<string> {
  const declared = Number(request.headers['content-length']);
  return new Promise<string>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers, limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
    } catch {
      reject(new BadUserInputError('The body must be multipart/form-data with a part named "file"', 'file'));
      return;
    }
    let started = false;
    const seen: Buffer[] = [];
    let seenBytes = 0;
    const keepHead = (chunk: Buffer) => {
      seen.push(chunk);
      seenBytes += chunk.length;
      if (seenBytes >= PART_HEADERS_WINDOW_BYTES) request.off('data', keepHead);
    };
    request.on('data', keepHead);
    const fail = (error: unknown) => {
      request.unpipe(parser);
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    parser.on('file', (name, file, info) => {
      if (name !== 'file' || started) {
        file.resume();
        return;
      }
      started = true;
      request.off('data', keepHead);
      const declaredType = filePartContentType(Buffer.concat(seen));
      // The part's own header when it names the same type busboy read (so its parameters count), else busboy's reading.
      const mimeType = declaredType !== null && declaredType.split(';')[0].trim().toLowerCase() === info.mimeType.toLowerCase() ? declaredType : info.mimeType;
      forwardFile(context, route, kind, {
        stream: file,
        fileName: info.filename ?? 'file',
        mimeType,
        ...(Number.isFinite(declared) && { atMost: Math.max(0, declared - MULTIPART_ENVELOPE_BYTES) }),
      }).then(resolve, (error: unknown) => {
        file.resume();
        fail(error);
      });
    });
    parser.on('close', () => {
      if (!started) reject(new BadUserInputError('The multipart body has no part named "file"', 'file'));
    });
    parser.on('error', (error: unknown) => {
      if (!started) fail(new BadUserInputError(`Unreadable multipart body (${error instanceof Error ? error.message : 'error'})`, 'file'));
    });
    request.pipe(parser);
  });
}

/**
 * `POST /media/:channelId` (streamed upload: multipart part `file`, or the file itself as the body with
 * its Content-Type and `?fileName=`; optional `?type=` media kind)
 * and `GET /media/:channelId/:mediaId` (streamed download). Callers authenticate as on /graphql;
 * the channel's key and the upstream's download URL never leave the gateway.
 */
export function mediaRouter(services: Services, schema: GraphQLSchema): Router {
  const router = Router();
  // Each route is held to the scopes of the field it stands for, as the SDL writes them.
  const requireUploadScopes = routeScopeCheck(schema, ['Mutation.uploadMedia'], 'POST /media/:channelId');
  const requireDownloadScopes = routeScopeCheck(schema, ['Query.channel', 'Channel.media'], 'GET /media/:channelId/:mediaId');

  // The request id is the one the server's middleware checked, echoed and logs under.
  const contextOf = (request: Request, response: Response): Promise<Context> =>
    createContext(services, { headers: request.headers, requestId: response.locals.requestId as string });

  router.post('/:channelId', async (request: Request<{ channelId: string }>, response: Response) => {
    try {
      const context = await contextOf(request, response);
      requireUploadScopes(context.caller);
      const kind = kindParam(request.query.type);
      const route = await context.dataSources.media.route(requirePartnerId(context.caller), request.params.channelId);
      const max = UPLOAD_MAX_BYTES[route.hosting];
      if (Number(request.headers['content-length']) > max + MULTIPART_ENVELOPE_BYTES) {
        throw new MediaInputError({
          reason: 'size',
          field: 'file',
          message: `${route.hosting === 'CLOUD' ? 'Cloud' : 'On-premise'} channels take files up to ${formatBytes(max)}`,
        });
      }
      const mimeType = request.header('content-type');
      if (!mimeType) throw new BadUserInputError('Send multipart/form-data with a part named "file", or the file itself with its Content-Type', 'file');
      const length = request.header('content-length');
      const id = request.is('multipart/form-data')
        ? await receiveMultipart(request, context, route, kind)
        : await forwardFile(context, route, kind, {
            stream: request,
            fileName: typeof request.query.fileName === 'string' && request.query.fileName ? request.query.fileName : 'file',
            mimeType,
            ...(length !== undefined && { size: Number(length) }),
          });
      response.json({ id });
    } catch (error) {
      releaseUnreadBody(request, response);
      sendError(response, error, services.logger);
    }
  });

  router.get('/:channelId/:mediaId', async (request: Request<{ channelId: string; mediaId: string }>, response: Response) => {
    try {
      const context = await contextOf(request, response);
      requireDownloadScopes(context.caller);
      checkPathId(request.params.mediaId, 'mediaId');
      const { media } = context.dataSources;
      const route = await media.route(requirePartnerId(context.caller), request.params.channelId);
      const download = await media.download(route, request.params.mediaId);
      response.status(200);
      response.setHeader('cache-control', 'private, no-store');
      if (download.contentType) response.setHeader('content-type', download.contentType);
      if (download.contentLength) response.setHeader('content-length', download.contentLength);
      await pipeline(download.body, response).catch((error: unknown) => {
        context.logger.warn({ err: error, channelId: route.channel.id, mediaId: request.params.mediaId }, 'media download interrupted');
        response.destroy();
      });
    } catch (error) {
      sendError(response, error, services.logger);
    }
  });

  return router;
}

/** /graphql's JSON body limit: 1 MB, or more when uploadMedia's base64 may be larger. */
export function graphqlBodyLimit(inlineMaxBytes: number): number {
  return Math.max(1024 * 1024, Math.ceil(inlineMaxBytes / 3) * 4 + 64 * 1024);
}
