import { describe, expect, it } from '@jest/globals';
import { compareLogIds, decodeCursor, encodeCursor, formatLogId, justBefore, parseLogId } from '../../src/events/log/cursor.js';
import { BadUserInputError } from '../../src/errors.js';

const CHANNEL = 'channel-001';

/** The cursor a client would hold for `content`, built by hand so malformed ones can be made too. */
const raw = (content: string) => Buffer.from(content, 'utf8').toString('base64url');

function refusal(cursor: string, channelId = CHANNEL): BadUserInputError {
  try {
    decodeCursor(channelId, cursor, 'after');
  } catch (error) {
    if (error instanceof BadUserInputError) return error;
    throw error;
  }
  throw new Error(`cursor ${cursor} was accepted`);
}

describe('parseLogId', () => {
  it('reads <milliseconds>-<sequence>', () => {
    expect(parseLogId('1700000000000-0')).toEqual({ ms: 1_700_000_000_000, seq: 0 });
    expect(parseLogId('0-42')).toEqual({ ms: 0, seq: 42 });
    expect(parseLogId('999999999999999-999999999999999')).toEqual({ ms: 999_999_999_999_999, seq: 999_999_999_999_999 });
  });

  it('refuses anything else, anchored at both ends', () => {
    for (const text of ['', '1', '1-', '-1', '1-2-3', 'x1-2', '1-2x', ' 1-2', '1-2 ', '1.5-2', '1--2', '+1-2', '1-+2', 'a-b']) {
      expect(parseLogId(text)).toBeNull();
    }
  });

  it('refuses parts longer than 15 digits', () => {
    expect(parseLogId('1000000000000000-0')).toBeNull();
    expect(parseLogId('0-1000000000000000')).toBeNull();
  });
});

describe('formatLogId', () => {
  it('writes the id back as <milliseconds>-<sequence>', () => {
    expect(formatLogId({ ms: 1_700_000_000_000, seq: 7 })).toBe('1700000000000-7');
    expect(parseLogId(formatLogId({ ms: 12, seq: 0 }))).toEqual({ ms: 12, seq: 0 });
  });
});

describe('compareLogIds', () => {
  it('orders by milliseconds, then by sequence', () => {
    expect(compareLogIds({ ms: 5, seq: 9 }, { ms: 6, seq: 0 })).toBeLessThan(0);
    expect(compareLogIds({ ms: 6, seq: 0 }, { ms: 5, seq: 9 })).toBeGreaterThan(0);
    expect(compareLogIds({ ms: 5, seq: 1 }, { ms: 5, seq: 2 })).toBeLessThan(0);
    expect(compareLogIds({ ms: 5, seq: 2 }, { ms: 5, seq: 1 })).toBeGreaterThan(0);
    expect(compareLogIds({ ms: 5, seq: 2 }, { ms: 5, seq: 2 })).toBe(0);
  });
});

describe('justBefore', () => {
  it('is the previous sequence number of the same millisecond', () => {
    expect(justBefore({ ms: 10, seq: 3 })).toEqual({ ms: 10, seq: 2 });
    expect(justBefore({ ms: 10, seq: 1 })).toEqual({ ms: 10, seq: 0 });
  });

  it('is the last possible id of the previous millisecond when the sequence is 0', () => {
    expect(justBefore({ ms: 10, seq: 0 })).toEqual({ ms: 9, seq: Number.MAX_SAFE_INTEGER });
  });
});

describe('cursors', () => {
  it('encode the version, the log id and the channel, base64url', () => {
    const cursor = encodeCursor(CHANNEL, { ms: 1_700_000_000_000, seq: 3 });
    expect(Buffer.from(cursor, 'base64url').toString('utf8')).toBe('c1:1700000000000-3:channel-001');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('decode back to the log id on their own channel, also one whose id contains colons', () => {
    expect(decodeCursor(CHANNEL, encodeCursor(CHANNEL, { ms: 17, seq: 4 }), 'after')).toEqual({ ms: 17, seq: 4 });
    expect(decodeCursor('a:b:c', encodeCursor('a:b:c', { ms: 1, seq: 0 }), 'after')).toEqual({ ms: 1, seq: 0 });
    expect(decodeCursor(CHANNEL, raw('c1:5-6:channel-001'), 'after')).toEqual({ ms: 5, seq: 6 });
  });

  it('refuse a cursor of another channel, naming the field and the channel', () => {
    const error = refusal(encodeCursor('channel-002', { ms: 1, seq: 0 }));
    expect(error.message).toBe('after is not a cursor of channel channel-001: it belongs to another channel');
    expect(error.field).toBe('after');
    // A channel id that only starts or ends like this one's is another channel.
    expect(refusal(encodeCursor('channel-0011', { ms: 1, seq: 0 })).message).toMatch(/another channel$/);
    expect(refusal(encodeCursor('channel-001:x', { ms: 1, seq: 0 })).message).toMatch(/another channel$/);
    expect(refusal(raw('c1:1-0')).message).toMatch(/another channel$/);
  });

  it('refuse malformed cursors', () => {
    const malformed = [
      '',
      'x'.repeat(513),
      // Characters outside base64url at either end or inside, which the decoder would skip (the content would be valid).
      `${encodeCursor(CHANNEL, { ms: 1, seq: 0 })}=`,
      `.${encodeCursor(CHANNEL, { ms: 1, seq: 0 })}`,
      ` ${encodeCursor(CHANNEL, { ms: 1, seq: 0 })}`,
      `${encodeCursor(CHANNEL, { ms: 1, seq: 0 }).slice(0, 8)}.${encodeCursor(CHANNEL, { ms: 1, seq: 0 }).slice(8)}`,
      // Wrong or missing version, missing or broken log id.
      raw('c2:1-0:channel-001'),
      raw(':1-0:channel-001'),
      raw('c1'),
      raw('c1:'),
      raw('c1:1:channel-001'),
      raw('c1:1-0x:channel-001'),
      raw('1-0:channel-001'),
    ];
    for (const cursor of malformed) {
      const error = refusal(cursor);
      expect(error.message).toBe('after is not a cursor of channel channel-001: malformed');
      expect(error.field).toBe('after');
    }
  });

  it('accept a cursor of exactly 512 characters and refuse a longer one', () => {
    // 384 bytes of content are 512 base64url characters.
    const channelId = 'c'.repeat(384 - 'c1:1-0:'.length);
    const cursor = encodeCursor(channelId, { ms: 1, seq: 0 });
    expect(cursor).toHaveLength(512);
    expect(decodeCursor(channelId, cursor, 'before')).toEqual({ ms: 1, seq: 0 });
    const longer = encodeCursor(`${channelId}cc`, { ms: 1, seq: 0 });
    expect(longer.length).toBeGreaterThan(512);
    expect(refusal(longer, `${channelId}cc`).message).toMatch(/malformed$/);
  });
});
