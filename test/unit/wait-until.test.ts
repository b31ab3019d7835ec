import { describe, expect, it } from '@jest/globals';
import { waitUntil } from '../support/events.js';

describe('waitUntil (the tests polling helper)', () => {
  it('fails past its deadline naming what it waited for', async () => {
    await expect(waitUntil(() => false, 'the impossible', { deadlineMs: 20 })).rejects.toThrow('Waited 20 ms for the impossible; it did not happen');
  });

  it('names the condition itself when not told what it waits for', async () => {
    await expect(waitUntil(() => 1 > 2, undefined, { deadlineMs: 20 })).rejects.toThrow('Waited 20 ms for `() => 1 > 2`; it did not happen');
  });

  it('resolves once the condition holds', async () => {
    let polls = 0;
    await waitUntil(() => (polls += 1) === 3, 'the third poll');
    expect(polls).toBe(3);
  });
});
