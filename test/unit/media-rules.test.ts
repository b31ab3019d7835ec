import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import { MediaFailureGuard, MEDIA_FAILURE_WINDOW_MS, storeMediaFailureLog } from '../../src/datasources/media-failures.js';
import { ErrorCode, HubgraphError } from '../../src/errors.js';
import { KB, MB, mediaRule, parseMime, sizeViolation, STICKER_MAX_BYTES, webpIsAnimated, type MediaRuleInput } from '../../src/messaging/media-rules.js';

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

  it('parses MIME parameters', () => {
    expect(parseMime('Audio/OGG ; codecs="opus"')).toEqual({ essence: 'audio/ogg', parameters: { codecs: 'opus' } });
    expect(parseMime('text/plain;charset=utf-8')).toEqual({ essence: 'text/plain', parameters: { charset: 'utf-8' } });
    expect(parseMime('text')).toBeNull();
  });
});

describe('MediaFailureGuard', () => {
  it('refuses once five failures fall within the hour, until the oldest leaves it', async () => {
    let now = 1_000_000;
    const guard = new MediaFailureGuard(storeMediaFailureLog(new Keyv()), () => now);
    for (let failure = 0; failure < 5; failure += 1) {
      await guard.assertAllowed('channel-x');
      await guard.recordFailure('channel-x');
      now += 60_000;
    }
    const refusal = await guard.assertAllowed('channel-x').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HubgraphError);
    expect((refusal as HubgraphError).code).toBe(ErrorCode.MediaBlocked);
    // The oldest failure (at 1 000 000) leaves the window 5 minutes from now.
    expect((refusal as HubgraphError).extensions.retryAfterSeconds).toBe((MEDIA_FAILURE_WINDOW_MS - 5 * 60_000) / 1000);
    await expect(guard.assertAllowed('channel-y')).resolves.toBeUndefined();
    now = 1_000_000 + MEDIA_FAILURE_WINDOW_MS + 1;
    await expect(guard.assertAllowed('channel-x')).resolves.toBeUndefined();
  });

  it('counts failures recorded at the same moment (each read-modify-write waits for the one before)', async () => {
    const guard = new MediaFailureGuard(storeMediaFailureLog(new Keyv()));
    await Promise.all(Array.from({ length: 5 }, () => guard.recordFailure('channel-x')));
    await expect(guard.assertAllowed('channel-x')).rejects.toMatchObject({ code: ErrorCode.MediaBlocked });
  });
});
