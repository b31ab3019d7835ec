import { describe, expect, it } from '@jest/globals';
import { FeedControl } from '../../src/events/subscriptions/feed-control.js';
import { isSettled, settle } from '../support/settle.js';

function setUp() {
  const calls: string[] = [];
  const control = new FeedControl(() => calls.push('end'));
  const unsubscribe = async () => {
    calls.push('unsubscribe');
  };
  return { control, calls, unsubscribe };
}

describe('FeedControl', () => {
  it('starts unfinished; a parked reader waits until the next signal', async () => {
    const { control } = setUp();
    expect(control.finished).toBe(false);
    const parked = control.parked();
    expect(await isSettled(parked)).toBe(false);
    control.signal();
    expect(await isSettled(parked)).toBe(true);
  });

  it('wakes a parked reader once: a signal before parking is not kept for the next park', async () => {
    const { control } = setUp();
    control.signal();
    const first = control.parked();
    expect(await isSettled(first)).toBe(false);
    control.signal();
    expect(await isSettled(first)).toBe(true);
    const second = control.parked();
    expect(await isSettled(second)).toBe(false);
    control.signal();
    expect(await isSettled(second)).toBe(true);
  });

  it('a signal wakes only the reader parked then, not one that parks after it', async () => {
    const { control } = setUp();
    const first = control.parked();
    control.signal();
    const second = control.parked();
    expect(await isSettled(first)).toBe(true);
    expect(await isSettled(second)).toBe(false);
  });

  it('finishes once: wakes the parked reader, runs onEnd, then removes the listener', async () => {
    const { control, calls, unsubscribe } = setUp();
    control.listening(unsubscribe);
    expect(calls).toEqual([]);
    const parked = control.parked();
    await control.finish();
    expect(control.finished).toBe(true);
    expect(await isSettled(parked)).toBe(true);
    expect(calls).toEqual(['end', 'unsubscribe']);
    await control.finish();
    expect(calls).toEqual(['end', 'unsubscribe']);
  });

  it('finish waits for the listener to be removed', async () => {
    const { control } = setUp();
    let release: () => void = () => undefined;
    const removed = new Promise<void>((resolve) => (release = resolve));
    control.listening(() => removed);
    const finishing = control.finish();
    expect(await isSettled(finishing)).toBe(false);
    release();
    expect(await isSettled(finishing)).toBe(true);
  });

  it('finishes without a listener', async () => {
    const { control, calls } = setUp();
    await expect(control.finish()).resolves.toBeUndefined();
    expect(calls).toEqual(['end']);
  });

  it('removes a listener added after the end at once', async () => {
    const { control, calls, unsubscribe } = setUp();
    await control.finish();
    control.listening(unsubscribe);
    await settle();
    expect(calls).toEqual(['end', 'unsubscribe']);
  });

  it('iterates with the given next; is its own async iterator', async () => {
    const { control } = setUp();
    let count = 0;
    const iterator = control.iterator(async () => ({ value: (count += 1), done: false }));
    expect(iterator[Symbol.asyncIterator]()).toBe(iterator);
    await expect(iterator.next()).resolves.toEqual({ value: 1, done: false });
    const seen: number[] = [];
    for await (const value of iterator) {
      seen.push(value);
      if (value === 3) break;
    }
    expect(seen).toEqual([2, 3]);
    // Leaving the loop called return: the feed ended.
    expect(control.finished).toBe(true);
  });

  it('return ends the feed and answers done', async () => {
    const { control, calls, unsubscribe } = setUp();
    control.listening(unsubscribe);
    const iterator = control.iterator<number>(async () => ({ value: 1, done: false }));
    await expect(iterator.return!()).resolves.toEqual({ value: undefined, done: true });
    expect(control.finished).toBe(true);
    expect(calls).toEqual(['end', 'unsubscribe']);
  });

  it('throw ends the feed and rethrows the error given', async () => {
    const { control, calls, unsubscribe } = setUp();
    control.listening(unsubscribe);
    const iterator = control.iterator<number>(async () => ({ value: 1, done: false }));
    await expect(iterator.throw!(new Error('client gone'))).rejects.toThrow('client gone');
    expect(control.finished).toBe(true);
    expect(calls).toEqual(['end', 'unsubscribe']);
  });
});
