import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * The decoder for a Content-Encoding header: undefined when the body is not encoded, null for an
 * encoding this process cannot decode. Shared by the /graphql request body and upstream answers.
 */
export function decoderFor(header: string | undefined): Transform | undefined | null {
  const encoding = (header ?? 'identity').trim().toLowerCase();
  switch (encoding) {
    case 'identity':
    case '':
      return undefined;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
}
