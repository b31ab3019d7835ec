import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import {
  MediaFailureGuard,
  MEDIA_FAILURE_WINDOW_MS,
  redisMediaFailureLog,
  storeMediaFailureLog,
  type MediaFailureLog,
} from '../../src/datasources/media-failures.js';
import { ErrorCode, HubgraphError } from '../../src/errors.js';
import { createLogger } from '../../src/observability/logger.js';
import { RedisConnection } from '../../src/store/redis.js';
import { waitUntil } from '../support/events.js';
import { describeWithRedis, dropNamespace, testRedisUrl, uniqueNamespace } from '../support/redis.js';
import {
  formatBytes,
  KB,
  MB,
  mediaRule,
  MEDIA_RULES,
  parseMime,
  pngProblem,
  sizeViolation,
  STICKER_MAX_BYTES,
  webpIsAnimated,
  uploadRule,
  type MediaRuleInput,
} from '../../src/messaging/media-rules.js';

const webp = (chunk: string, flags = 0) => {
  const head = Buffer.alloc(32);
  head.write('RIFF', 0, 'latin1');
  head.write('WEBP', 8, 'latin1');
  head.write(chunk, 12, 'latin1');
  head[20] = flags;
  return head;
};

function ruleOf(input: MediaRuleInput) {
  const result = mediaRule(input);
  if (!result.ok) throw new Error(`unexpected violation: ${result.violation.message}`);
  return result.rule;
}

function violationOf(input: MediaRuleInput) {
  const result = mediaRule(input);
  if (result.ok) throw new Error(`expected a violation for ${input.mimeType}`);
  return result.violation;
}

describe('media rules (spec B3 tables)', () => {
  it.each([
    ['CLOUD', 'audio/aac', 'AUDIO', 16 * MB],
    ['CLOUD', 'audio/ogg; codecs=opus', 'AUDIO', 16 * MB],
    ['CLOUD', 'application/pdf', 'DOCUMENT', 100 * MB],
    ['CLOUD', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'DOCUMENT', 100 * MB],
    ['CLOUD', 'image/jpeg', 'IMAGE', 5 * MB],
    ['CLOUD', 'IMAGE/PNG', 'IMAGE', 5 * MB],
    ['CLOUD', 'video/3gp', 'VIDEO', 16 * MB],
    ['CLOUD', 'image/webp', 'STICKER', 500 * KB],
    ['ON_PREMISE', 'video/3gpp', 'VIDEO', 16 * MB],
    ['ON_PREMISE', 'image/png', 'IMAGE', 5 * MB],
    // On-premise uploads stop at 64 MB although documents may be 100 MB after processing.
    ['ON_PREMISE', 'application/pdf', 'DOCUMENT', 64 * MB],
    ['ON_PREMISE', 'application/zip', 'DOCUMENT', 64 * MB],
    ['ON_PREMISE', 'image/webp', 'STICKER', 100 * KB],
  ] as const)('%s %s → %s up to %d bytes', (hosting, mimeType, kind, maxBytes) => {
    expect(ruleOf({ hosting, mimeType })).toEqual({ kind, mimeType, maxBytes });
  });

  it('checks a named kind against its own list', () => {
    expect(ruleOf({ hosting: 'ON_PREMISE', mimeType: 'image/png', kind: 'DOCUMENT' }).maxBytes).toBe(64 * MB);
    expect(violationOf({ hosting: 'CLOUD', mimeType: 'image/png', kind: 'DOCUMENT' })).toMatchObject({ reason: 'type', field: 'mimeType' });
    expect(violationOf({ hosting: 'CLOUD', mimeType: 'audio/mp4', kind: 'VIDEO' }).reason).toBe('type');
  });

  it.each([
    ['CLOUD', 'application/zip'],
    ['CLOUD', 'video/3gpp'],
    ['ON_PREMISE', 'video/3gp'],
    ['CLOUD', 'image/gif'],
    ['CLOUD', 'audio/ogg; codecs=vorbis'],
    ['CLOUD', 'image'],
    ['ON_PREMISE', 'not/a type'],
  ] as const)('%s refuses %s', (hosting, mimeType) => {
    const kind = mimeType.startsWith('video') ? 'VIDEO' : undefined;
    expect(violationOf({ hosting, mimeType, kind })).toMatchObject({ reason: 'type', field: 'mimeType' });
  });

  it('stickers: static 100 KB, animated 500 KB on cloud; animated refused on-premise', () => {
    expect(webpIsAnimated(webp('VP8 '))).toBe(false);
    expect(webpIsAnimated(webp('VP8X', 0x10))).toBe(false);
    expect(webpIsAnimated(webp('VP8X', 0x02))).toBe(true);
    expect(webpIsAnimated(Buffer.from('not a webp file at all'))).toBeNull();
    expect(ruleOf({ hosting: 'CLOUD', mimeType: 'image/webp', head: webp('VP8 ') }).maxBytes).toBe(STICKER_MAX_BYTES.static);
    expect(ruleOf({ hosting: 'CLOUD', mimeType: 'image/webp', head: webp('VP8X', 0x02) }).maxBytes).toBe(STICKER_MAX_BYTES.animated);
    expect(violationOf({ hosting: 'ON_PREMISE', mimeType: 'image/webp', head: webp('VP8X', 0x02) })).toMatchObject({ reason: 'type', field: 'file' });
  });

  it('size: at the limit passes, one byte more is a size violation', () => {
    const rule = ruleOf({ hosting: 'CLOUD', mimeType: 'image/jpeg' });
    expect(sizeViolation(rule, 5 * MB)).toBeNull();
    expect(sizeViolation(rule, 5 * MB + 1)).toMatchObject({ reason: 'size', field: 'file' });
    expect(sizeViolation(rule, 5 * MB + 1)?.message).toContain('5 MB');
  });

  it("an upload's rule sends the rule's content type and runs its size check on the bytes so far", () => {
    const rule = ruleOf({ hosting: 'CLOUD', mimeType: 'image/jpeg' });
    const upload = uploadRule(rule);
    expect(upload.mimeType).toBe('image/jpeg');
    expect(upload.sizeViolation(5 * MB)).toBeNull();
    expect(upload.sizeViolation(5 * MB + 1)).toEqual(sizeViolation(rule, 5 * MB + 1));
  });

  it('parses MIME parameters', () => {
    expect(parseMime('Audio/OGG ; codecs="opus"')).toEqual({ essence: 'audio/ogg', parameters: { codecs: 'opus' } });
    expect(parseMime('text/plain;charset=utf-8')).toEqual({ essence: 'text/plain', parameters: { charset: 'utf-8' } });
    expect(parseMime('text')).toBeNull();
    expect(parseMime('  text/plain  ')).toEqual({ essence: 'text/plain', parameters: {} });
    expect(parseMime('text/plain; Name="a=b"; x=Y')).toEqual({ essence: 'text/plain', parameters: { name: 'a=b', x: 'y' } });
    expect(parseMime('text/plain; broken')).toBeNull();
    expect(parseMime('text/plain x')).toBeNull();
    expect(parseMime('x text/plain')).toBeNull();
  });

  it('words each refusal for the caller, naming the hosting and what is accepted', () => {
    expect(violationOf({ hosting: 'CLOUD', mimeType: 'image' })).toEqual({ reason: 'type', field: 'mimeType', message: '"image" is not a valid MIME type' });
    expect(violationOf({ hosting: 'ON_PREMISE', mimeType: 'application/octet-stream' })).toEqual({
      reason: 'type',
      field: 'mimeType',
      message: "byte-stream sending (application/octet-stream) is not supported on on-premise channels; give the file's own media type",
    });
    expect(violationOf({ hosting: 'CLOUD', mimeType: 'image/gif' }).message).toBe('image/gif is not a supported media type on cloud channels');
    expect(violationOf({ hosting: 'ON_PREMISE', mimeType: 'video/3gp', kind: 'VIDEO' }).message).toBe(
      'video on on-premise channels accepts video/mp4, video/3gpp; got video/3gp',
    );
    expect(violationOf({ hosting: 'CLOUD', mimeType: 'audio/ogg; codecs=vorbis', kind: 'AUDIO' }).message).toBe(
      'audio on cloud channels accepts audio/aac, audio/mp4, audio/mpeg, audio/amr, audio/ogg; got audio/ogg; codecs=vorbis',
    );
    expect(violationOf({ hosting: 'ON_PREMISE', mimeType: 'image/webp', head: webp('VP8X', 0x02) }).message).toBe(
      'animated stickers are not supported on on-premise channels',
    );
  });

  it('sends the declared type trimmed, and takes an ogg file whose codec is not declared', () => {
    expect(ruleOf({ hosting: 'CLOUD', mimeType: ' image/jpeg ' })).toEqual({ kind: 'IMAGE', mimeType: 'image/jpeg', maxBytes: 5 * MB });
    expect(ruleOf({ hosting: 'CLOUD', mimeType: 'audio/ogg' }).kind).toBe('AUDIO');
    // A named kind wins over the inferred one; on-premise documents take any type.
    expect(ruleOf({ hosting: 'ON_PREMISE', mimeType: 'image/webp', kind: 'DOCUMENT' })).toEqual({
      kind: 'DOCUMENT',
      mimeType: 'image/webp',
      maxBytes: 64 * MB,
    });
  });

  it('reads the WebP animation flag only from a full VP8X header', () => {
    expect(webpIsAnimated(webp('VP8X', 0x02).subarray(0, 21))).toBe(true);
    expect(webpIsAnimated(webp('VP8X', 0x02).subarray(0, 20))).toBe(false);
    expect(webpIsAnimated(webp('VP8X', 0x02).subarray(0, 16))).toBe(false);
    expect(webpIsAnimated(webp('VP8X', 0x02).subarray(0, 15))).toBeNull();
    expect(webpIsAnimated(webp('VP8X', 0xfd))).toBe(false);
    const notWebp = webp('VP8X', 0x02);
    notWebp.write('WAVE', 8, 'latin1');
    expect(webpIsAnimated(notWebp)).toBeNull();
    const notRiff = webp('VP8X', 0x02);
    notRiff.write('RIFX', 0, 'latin1');
    expect(webpIsAnimated(notRiff)).toBeNull();
    // Without a head the sticker keeps the hosting's limit.
    expect(ruleOf({ hosting: 'ON_PREMISE', mimeType: 'image/webp' }).maxBytes).toBe(STICKER_MAX_BYTES.static);
    expect(ruleOf({ hosting: 'ON_PREMISE', mimeType: 'image/webp', head: webp('VP8 ') }).maxBytes).toBe(STICKER_MAX_BYTES.static);
  });

  it('takes 8-bit RGB and RGBA PNG images only, read from the IHDR chunk', () => {
    const png = (bitDepth: number, colourType: number, chunk = 'IHDR') => {
      const head = Buffer.alloc(32);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head);
      head.write(chunk, 12, 'latin1');
      head[24] = bitDepth;
      head[25] = colourType;
      return head;
    };
    expect(pngProblem(png(8, 2))).toBeNull();
    expect(pngProblem(png(8, 6))).toBeNull();
    expect(pngProblem(png(16, 2))).toBe('PNG images must be 8-bit RGB or RGBA; this one is 16-bit RGB');
    expect(pngProblem(png(8, 3))).toBe('PNG images must be 8-bit RGB or RGBA; this one is 8-bit palette');
    expect(pngProblem(png(8, 0))).toBe('PNG images must be 8-bit RGB or RGBA; this one is 8-bit greyscale');
    expect(pngProblem(png(8, 4))).toBe('PNG images must be 8-bit RGB or RGBA; this one is 8-bit greyscale with alpha');
    expect(pngProblem(png(16, 6))).toBe('PNG images must be 8-bit RGB or RGBA; this one is 16-bit RGBA');
    expect(pngProblem(png(8, 7))).toBe('PNG images must be 8-bit RGB or RGBA; this one is 8-bit colour type 7');
    expect(pngProblem(png(8, 3, 'IDAT'))).toBe('the PNG has no IHDR header chunk first');
    // Not a PNG head (too short, or another signature): left to the upstream.
    expect(pngProblem(png(8, 3).subarray(0, 25))).toBeNull();
    expect(pngProblem(png(8, 3).subarray(0, 26))).not.toBeNull();
    const jpeg = png(8, 3);
    jpeg[7] = 0;
    expect(pngProblem(jpeg)).toBeNull();
    expect(violationOf({ hosting: 'CLOUD', mimeType: 'image/png', head: png(8, 3) })).toEqual({
      reason: 'type',
      field: 'file',
      message: 'PNG images must be 8-bit RGB or RGBA; this one is 8-bit palette',
    });
    expect(ruleOf({ hosting: 'CLOUD', mimeType: 'image/png', head: png(8, 6) }).kind).toBe('IMAGE');
    // Checked for images only: a PNG sent as a document is the upstream's to read.
    expect(ruleOf({ hosting: 'ON_PREMISE', mimeType: 'image/png', kind: 'DOCUMENT', head: png(8, 3) }).kind).toBe('DOCUMENT');
  });

  it('reads the animation flag of VP8X headers only', () => {
    // A simple-format (VP8 / VP8L) file has image data at byte 20, not flags.
    expect(webpIsAnimated(webp('VP8 ', 0x02))).toBe(false);
    expect(webpIsAnimated(webp('VP8L', 0xff))).toBe(false);
    expect(ruleOf({ hosting: 'ON_PREMISE', mimeType: 'image/webp', head: webp('VP8L', 0xff) }).maxBytes).toBe(STICKER_MAX_BYTES.static);
  });

  it('refuses a declared codec other than opus for audio/ogg only', () => {
    expect(ruleOf({ hosting: 'CLOUD', mimeType: 'video/mp4; codecs="avc1.42E01E"' }).kind).toBe('VIDEO');
    expect(ruleOf({ hosting: 'CLOUD', mimeType: 'audio/mp4; codecs=mp4a.40.2' }).kind).toBe('AUDIO');
  });

  it('words the byte-stream refusal for on-premise only; cloud refuses the type as unsupported', () => {
    expect(violationOf({ hosting: 'CLOUD', mimeType: 'application/octet-stream' })).toEqual({
      reason: 'type',
      field: 'mimeType',
      message: 'application/octet-stream is not a supported media type on cloud channels',
    });
    expect(violationOf({ hosting: 'CLOUD', mimeType: 'application/octet-stream', kind: 'DOCUMENT' }).message).toBe(
      `document on cloud channels accepts ${MEDIA_RULES.CLOUD.DOCUMENT.mimeTypes.join(', ')}; got application/octet-stream`,
    );
  });

  it('reads the PNG header of files declared image/png only, and the WebP header of stickers only', () => {
    const palettePng = Buffer.alloc(32);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(palettePng);
    palettePng.write('IHDR', 12, 'latin1');
    palettePng[24] = 8;
    palettePng[25] = 3;
    // Declared as JPEG: the upstream reads the whole file and decides.
    expect(ruleOf({ hosting: 'CLOUD', mimeType: 'image/jpeg', head: palettePng })).toEqual({ kind: 'IMAGE', mimeType: 'image/jpeg', maxBytes: 5 * MB });
    palettePng[25] = 6;
    // A head does not change the limit of other kinds.
    expect(ruleOf({ hosting: 'CLOUD', mimeType: 'image/png', head: palettePng })).toEqual({ kind: 'IMAGE', mimeType: 'image/png', maxBytes: 5 * MB });
    expect(ruleOf({ hosting: 'CLOUD', mimeType: 'application/pdf', head: webp('VP8X', 0x02) }).maxBytes).toBe(100 * MB);
    expect(ruleOf({ hosting: 'ON_PREMISE', mimeType: 'image/webp', kind: 'DOCUMENT', head: webp('VP8X', 0x02) }).maxBytes).toBe(64 * MB);
  });

  it('writes sizes in the largest whole binary unit', () => {
    expect(formatBytes(64 * MB)).toBe('64 MB');
    expect(formatBytes(100 * KB)).toBe('100 KB');
    expect(formatBytes(1536 * KB)).toBe('1536 KB');
    expect(formatBytes(1000)).toBe('1000 bytes');
    expect(sizeViolation({ kind: 'STICKER', mimeType: 'image/webp', maxBytes: 100 * KB }, 100 * KB + 1)).toEqual({
      reason: 'size',
      field: 'file',
      message: 'sticker files are limited to 100 KB (image/webp); this one has more than that',
    });
  });
});

const mediaFailuresNamespace = uniqueNamespace('media-failures');
let redis: RedisConnection;

/** The Redis variant's hooks: one connection under a namespace of its own, dropped at the end. */
function withRedisConnection(): void {
  beforeAll(async () => {
    redis = new RedisConnection({ url: testRedisUrl(), namespace: mediaFailuresNamespace, timeoutMs: 2_000, logger: createLogger('silent') });
    await waitUntil(() => redis.isReady, 'the Redis connection');
  });
  afterAll(async () => {
    await dropNamespace(mediaFailuresNamespace);
    await redis.close();
  });
}

const guardStores: Array<[string, typeof describeWithRedis, () => MediaFailureLog, () => void]> = [
  ['memory', describe, () => storeMediaFailureLog(new Keyv()), () => undefined],
  ['Redis', describeWithRedis, () => redisMediaFailureLog(redis), withRedisConnection],
];

for (const [store, describeIn, newLog, setUp] of guardStores)
  describeIn(`MediaFailureGuard (${store})`, () => {
    setUp();

    it('still allows a GET at five failures within the hour (the upstream blocks only after more than 5)', async () => {
      let now = Date.now();
      const guard = new MediaFailureGuard(newLog(), () => now);
      const channelId = `channel-${randomUUID()}`;
      for (let failure = 0; failure < 5; failure += 1) {
        await guard.assertAllowed(channelId);
        await guard.recordFailure(channelId);
        now += 60_000;
      }
      await expect(guard.assertAllowed(channelId)).resolves.toBeUndefined();
    });

    it('refuses at six failures within the hour, until the count is back at five', async () => {
      const start = Date.now();
      let now = start;
      const guard = new MediaFailureGuard(newLog(), () => now);
      const channelId = `channel-${randomUUID()}`;
      for (let failure = 0; failure < 6; failure += 1) {
        await guard.assertAllowed(channelId);
        await guard.recordFailure(channelId);
        now += 60_000;
      }
      const refusal = await guard.assertAllowed(channelId).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(HubgraphError);
      expect((refusal as HubgraphError).code).toBe(ErrorCode.MediaBlocked);
      // The oldest failure (at start) leaves the window 6 minutes from now, which leaves five.
      expect((refusal as HubgraphError).extensions.retryAfterSeconds).toBe((MEDIA_FAILURE_WINDOW_MS - 6 * 60_000) / 1000);
      await expect(guard.assertAllowed(`channel-${randomUUID()}`)).resolves.toBeUndefined();
      now = start + MEDIA_FAILURE_WINDOW_MS + 1;
      await expect(guard.assertAllowed(channelId)).resolves.toBeUndefined();
    });

    it('waits for the sixth newest failure when more than six fall within the hour', async () => {
      const start = Date.now();
      let now = start;
      const guard = new MediaFailureGuard(newLog(), () => now);
      const channelId = `channel-${randomUUID()}`;
      for (let failure = 0; failure < 7; failure += 1) {
        await guard.recordFailure(channelId);
        now += 60_000;
      }
      // Seven failures at start … start + 6 min: the count falls to five when the second one (start + 1 min) leaves.
      await expect(guard.assertAllowed(channelId)).rejects.toMatchObject({
        code: ErrorCode.MediaBlocked,
        extensions: { retryAfterSeconds: (MEDIA_FAILURE_WINDOW_MS - 6 * 60_000) / 1000 },
      });
    });

    it('counts failures recorded at the same moment', async () => {
      const guard = new MediaFailureGuard(newLog());
      const channelId = `channel-${randomUUID()}`;
      await Promise.all(Array.from({ length: 6 }, () => guard.recordFailure(channelId)));
      await expect(guard.assertAllowed(channelId)).rejects.toMatchObject({ code: ErrorCode.MediaBlocked });
    });
  });
