import { describe, expect, it } from '@jest/globals';
import { Readable, type Transform } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { decoderFor } from '../../src/lib/content-encoding.js';

const BODY = '{"query":"{ partner { id } }"}';

async function decode(decoder: Transform, encoded: Buffer): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from([encoded]).pipe(decoder)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('decoderFor', () => {
  it.each([
    ['gzip', gzipSync(BODY)],
    ['x-gzip', gzipSync(BODY)],
    ['deflate', deflateSync(BODY)],
    ['br', brotliCompressSync(BODY)],
  ])('decodes a %s body', async (encoding, encoded) => {
    const decoder = decoderFor(encoding);
    expect(decoder).toBeTruthy();
    expect(await decode(decoder!, encoded)).toBe(BODY);
  });

  it('reads the header without regard to case or surrounding spaces', async () => {
    expect(await decode(decoderFor('  GZip ')!, gzipSync(BODY))).toBe(BODY);
    expect(await decode(decoderFor('BR')!, brotliCompressSync(BODY))).toBe(BODY);
  });

  it('has no decoder for a body that is not encoded', () => {
    expect(decoderFor(undefined)).toBeUndefined();
    expect(decoderFor('identity')).toBeUndefined();
    expect(decoderFor(' Identity ')).toBeUndefined();
    expect(decoderFor('')).toBeUndefined();
  });

  it('answers null for an encoding it cannot decode, so the caller refuses the body', () => {
    expect(decoderFor('compress')).toBeNull();
    expect(decoderFor('zstd')).toBeNull();
    expect(decoderFor('gzip, br')).toBeNull();
  });
});
