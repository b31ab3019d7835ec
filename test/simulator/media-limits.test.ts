import { describe, expect, it } from '@jest/globals';
import { uploadLimit } from '../../simulator/media-limits.js';

const MB = 1024 * 1024;
const KB = 1024;

// The expectations are the interface's B3 tables, read again here rather than taken from either implementation.
describe("the simulator's upload limits (B3)", () => {
  it.each([
    ['cloud', 'audio/aac', 'audio', 16 * MB],
    ['cloud', 'audio/ogg; codecs=opus', 'audio', 16 * MB],
    ['cloud', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document', 100 * MB],
    ['cloud', 'image/png', 'image', 5 * MB],
    ['cloud', 'IMAGE/JPEG', 'image', 5 * MB],
    ['cloud', 'video/3gp', 'video', 16 * MB],
    ['cloud', 'image/webp', 'sticker', 500 * KB],
    ['onPremise', 'video/3gpp', 'video', 16 * MB],
    ['onPremise', 'image/webp', 'sticker', 100 * KB],
    ['onPremise', 'application/pdf', 'document', 64 * MB],
    ['onPremise', 'application/zip', 'document', 64 * MB],
  ] as const)('%s takes %s as %s up to %d bytes', (hosting, contentType, kind, maxBytes) => {
    expect(uploadLimit(hosting, contentType)).toEqual({ ok: true, kind, maxBytes });
  });

  it.each([
    ['cloud', 'image/gif', 'not a supported media type on cloud'],
    ['cloud', 'video/3gpp', 'not a supported media type on cloud'],
    ['cloud', 'audio/ogg; codecs=vorbis', 'not a supported media type on cloud'],
    ['cloud', 'application/zip', 'not a supported media type on cloud'],
    ['onPremise', 'application/octet-stream', 'byte-stream sending is not supported on-premise'],
    ['onPremise', 'not a type', 'is not a media type'],
    ['cloud', '', 'is not a media type'],
  ] as const)('%s refuses %s', (hosting, contentType, problem) => {
    const limit = uploadLimit(hosting, contentType);
    expect(limit.ok).toBe(false);
    expect(!limit.ok && limit.problem).toContain(problem);
  });
});
