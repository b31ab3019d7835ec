import { randomBytes, randomInt } from 'node:crypto';
import type { SimHosting } from './state.js';

/** Bytes of the random message key: 16 to 17, so the record's length varies and its base64 ends in `=` or `==`. */
const KEY_BYTES = [16, 17] as const;

/**
 * The binary record a real message id encodes (as far as its public samples show): a header, the contact's number (or
 * user id) in ASCII, a separator and the message key. Only its form matters here: no reader may look inside an id.
 */
function idRecord(contact: string): Buffer {
  const number = Buffer.from(contact, 'ascii').subarray(0, 64);
  const key = randomBytes(KEY_BYTES[randomInt(KEY_BYTES.length)]);
  return Buffer.concat([Buffer.from([0x1c, 0x18, number.length]), number, Buffer.from([0x15, 0x02, 0x00, 0x12, 0x18, key.length]), key, Buffer.from([0x00])]);
}

/**
 * A message id in the upstream's form: standard base64 (with `+`, `/` and `=` padding) of a binary record, after
 * `wamid.` on cloud and bare on-premise. Each id the simulator makes holds a `+`, a `/` and padding, so whatever reads
 * ids (GraphQL arguments, upstream paths, store keys) meets those characters in every test that uses the simulator.
 */
export function simulatedMessageId(hosting: SimHosting, contact: string): string {
  for (;;) {
    const record = idRecord(contact);
    if (record.length % 3 === 0) continue;
    const encoded = record.toString('base64');
    if (encoded.includes('+') && encoded.includes('/')) return hosting === 'cloud' ? `wamid.${encoded}` : encoded;
  }
}
