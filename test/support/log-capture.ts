import { Writable } from 'node:stream';

/**
 * Everything a logger wrote during a test, for assertions (and the secret grep). A module of its own: a test that only
 * reads logs does not load the gateway and the simulator with it (about a second of CPU per test file).
 */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, callback: () => void) {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    callback();
  }
  entries(): Array<Record<string, unknown>> {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
