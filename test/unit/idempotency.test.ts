import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import { BadUserInputError, UpstreamUnavailableError } from '../../src/errors.js';
import { IdempotentSends, memorySendLock, type SendLock } from '../../src/messaging/idempotency.js';

const SCOPE = { partnerId: 'partner-1', channelId: 'channel-001', key: 'order-42' };
const REQUEST = { to: '4915112345678', text: 'hello' };

/** A send held open: `started` once it is under way, answering `result` only when `finish()` is called. */
function heldSend(sends: IdempotentSends, result: string) {
  let finish!: () => void;
  let started!: () => void;
  const mayFinish = new Promise<void>((resolve) => (finish = resolve));
  const underWay = new Promise<void>((resolve) => (started = resolve));
  const done = sends.run(SCOPE, REQUEST, async () => {
    started();
    await mayFinish;
    return result;
  });
  return { underWay, finish, done };
}

describe('IdempotentSends', () => {
  it('re-reads the store after taking the lock: a holder that finished in between is replayed, not sent again', async () => {
    // Two instances on one store and one lock. Instance A reads "pending" while B sends; B finishes
    // (result stored, lock freed) between A's read and A taking the lock: A must find B's result.
    const store = new Keyv();
    const shared = memorySendLock();
    const b = heldSend(new IdempotentSends(store, shared, { pendingMs: 5_000, pollMs: 1 }), 'wamid.first');
    await b.underWay;

    const lockOfA: SendLock = {
      acquire: async (key, ttlMs) => {
        b.finish();
        await b.done;
        return shared.acquire(key, ttlMs);
      },
      release: (key) => shared.release(key),
    };
    const a = new IdempotentSends(store, lockOfA, { pendingMs: 5_000, pollMs: 1 });
    let sentByA = 0;
    const answer = await a.run(SCOPE, REQUEST, async () => {
      sentByA += 1;
      return 'wamid.second';
    });
    expect(answer).toBe('wamid.first');
    expect(sentByA).toBe(0);
  });

  it('scopes a key by partner and channel: the same key and message elsewhere is a send of its own', async () => {
    const sends = new IdempotentSends(new Keyv(), memorySendLock(), { pendingMs: 5_000 });
    const results: string[] = [];
    for (const scope of [SCOPE, { ...SCOPE, channelId: 'channel-002' }, { ...SCOPE, partnerId: 'partner-2' }, SCOPE]) {
      results.push(await sends.run(scope, REQUEST, async () => `wamid.${results.length}`));
    }
    expect(results).toEqual(['wamid.0', 'wamid.1', 'wamid.2', 'wamid.0']);
  });

  it('refuses the same key with another message, and remembers an unknown outcome instead of sending again', async () => {
    const sends = new IdempotentSends(new Keyv(), memorySendLock(), { pendingMs: 5_000 });
    await sends.run(SCOPE, REQUEST, async () => 'wamid.0');
    await expect(sends.run(SCOPE, { ...REQUEST, text: 'other' }, async () => 'wamid.1')).rejects.toBeInstanceOf(BadUserInputError);

    const timedOut = { ...SCOPE, key: 'timed-out' };
    const unknown = new UpstreamUnavailableError('the send timed out after it left', { outcome: 'UNKNOWN' });
    await expect(sends.run(timedOut, REQUEST, () => Promise.reject(unknown))).rejects.toBe(unknown);
    let sentAgain = 0;
    const repeat = sends.run(timedOut, REQUEST, async () => {
      sentAgain += 1;
      return 'wamid.2';
    });
    await expect(repeat).rejects.toMatchObject({
      message: 'The first send with this idempotencyKey had an unknown outcome: the send timed out after it left',
      extensions: expect.objectContaining({ outcome: 'UNKNOWN' }),
    });
    expect(sentAgain).toBe(0);
  });

  it('gives up waiting for another holder after pendingMs with an unknown outcome, sending nothing', async () => {
    const store = new Keyv();
    const lock = memorySendLock();
    const holder = heldSend(new IdempotentSends(store, lock, { pendingMs: 60_000 }), 'wamid.held');
    await holder.underWay;
    const waiter = new IdempotentSends(store, lock, { pendingMs: 30, pollMs: 5 });
    let sent = 0;
    await expect(
      waiter.run(SCOPE, REQUEST, async () => {
        sent += 1;
        return 'wamid.other';
      }),
    ).rejects.toMatchObject({ extensions: expect.objectContaining({ code: 'UPSTREAM_UNAVAILABLE', outcome: 'UNKNOWN' }) });
    expect(sent).toBe(0);
    holder.finish();
    await expect(holder.done).resolves.toBe('wamid.held');
  });
});
