/**
 * How much structure a JSON body may hold: `maxValues` counts every object, array, string,
 * number and literal (object keys are not values of their own), `maxDepth` the deepest nesting
 * of objects and arrays. A long string is one value however long: a base64 upload passes.
 */
export interface JsonShapeLimits {
  maxValues: number;
  maxDepth: number;
}

/** The body holds more structure than its route allows; the scan stopped where it found out. */
export class JsonShapeError extends Error {
  constructor(
    readonly limit: 'values' | 'depth',
    readonly bound: number,
  ) {
    super(limit === 'values' ? `The request body holds more than ${bound} JSON values` : `The request body nests JSON deeper than ${bound} levels`);
    this.name = 'JsonShapeError';
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * A linear pre-scan of JSON bytes, fed chunk by chunk as they arrive, that throws JsonShapeError
 * as soon as the text holds more values or deeper nesting than allowed, so a hostile body is
 * refused before JSON.parse builds it (and a chunked one before the rest is read). It validates
 * nothing else: JSON.parse still does, and refuses malformed text. Bytes, not characters: no
 * UTF-8 multi-byte sequence contains a byte below 0x80, so structure is found without decoding.
 * Inside strings it jumps from quote to backslash with indexOf (both positions are remembered,
 * so each byte is looked at a bounded number of times).
 */
export class JsonShapeScanner {
  private values = 0;
  /** One entry per open container: true for an object, false for an array. */
  private readonly open: boolean[] = [];
  private inString = false;
  /** The previous chunk ended on a backslash inside a string: the first byte of the next is escaped. */
  private escapePending = false;
  /** Inside a number or a literal (true, false, null): its following bytes are the same value. */
  private inToken = false;
  /** In an object, after `{` or `,`: the next string is a key, not a value. */
  private expectingKey = false;

  constructor(private readonly limits: JsonShapeLimits) {}

  feed(chunk: Uint8Array): void {
    const length = chunk.length;
    let nextQuote = -1;
    let nextBackslash = -1;
    let index = 0;
    if (this.escapePending && length > 0) {
      this.escapePending = false;
      index = 1;
    }
    while (index < length) {
      if (this.inString) {
        if (nextQuote < index) nextQuote = indexOrEnd(chunk, QUOTE, index);
        if (nextBackslash < index) nextBackslash = indexOrEnd(chunk, BACKSLASH, index);
        if (nextBackslash < nextQuote) {
          // The escaped byte (possibly a quote) is skipped with its backslash.
          index = nextBackslash + 2;
          if (index > length) this.escapePending = true;
        } else {
          if (nextQuote < length) this.inString = false;
          index = nextQuote + 1;
        }
        continue;
      }
      const byte = chunk[index];
      index += 1;
      if (isWhitespace(byte)) {
        this.inToken = false;
        continue;
      }
      switch (byte) {
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          this.inToken = false;
          this.countValue();
          this.open.push(byte === OPEN_OBJECT);
          if (this.open.length > this.limits.maxDepth) throw new JsonShapeError('depth', this.limits.maxDepth);
          this.expectingKey = byte === OPEN_OBJECT;
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          this.inToken = false;
          this.open.pop();
          this.expectingKey = false;
          break;
        case COMMA:
          this.inToken = false;
          this.expectingKey = this.open.at(-1) === true;
          break;
        case COLON:
          this.inToken = false;
          this.expectingKey = false;
          break;
        case QUOTE:
          this.inToken = false;
          this.inString = true;
          if (!this.expectingKey) this.countValue();
          break;
        default:
          if (!this.inToken) {
            this.inToken = true;
            this.countValue();
          }
      }
    }
  }

  private countValue(): void {
    this.values += 1;
    if (this.values > this.limits.maxValues) throw new JsonShapeError('values', this.limits.maxValues);
  }
}

function indexOrEnd(chunk: Uint8Array, byte: number, from: number): number {
  const found = chunk.indexOf(byte, from);
  return found === -1 ? chunk.length : found;
}
