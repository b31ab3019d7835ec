/**
 * What every pull-based subscription feed shares: a reader parked until something arrives, one end
 * (onEnd once, then the log listener removed), and the iterator graphql-ws pulls from, whose
 * return and throw end the feed.
 */
export class FeedControl {
  finished = false;
  private wake: (() => void) | null = null;
  private unsubscribe: () => Promise<void> = async () => undefined;

  constructor(private readonly onEnd: () => void) {}

  /** The log listener to remove at the end (at once when the feed ended while it was being added). */
  listening(unsubscribe: () => Promise<void>): void {
    this.unsubscribe = unsubscribe;
    if (this.finished) void unsubscribe();
  }

  /** Wakes the parked reader, if any. */
  signal(): void {
    const resolve = this.wake;
    this.wake = null;
    resolve?.();
  }

  /** Resolves at the next signal. */
  parked(): Promise<void> {
    return new Promise<void>((resolve) => (this.wake = resolve));
  }

  async finish(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.signal();
    this.onEnd();
    await this.unsubscribe();
  }

  iterator<T>(next: () => Promise<IteratorResult<T, undefined>>): AsyncIterableIterator<T> {
    const iterator: AsyncIterableIterator<T> = {
      next,
      return: async () => {
        await this.finish();
        return { value: undefined, done: true };
      },
      throw: async (error: unknown) => {
        await this.finish();
        throw error;
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }
}
