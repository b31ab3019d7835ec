import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import Keyv from 'keyv';
import { BadUserInputError, ErrorCode, HubgraphError, StoreUnavailableError, UpstreamUnavailableError } from '../../src/errors.js';
import { idempotentSendsFor, IdempotentSends, memorySendLock, redisSendLock, type SendLock } from '../../src/messaging/idempotency.js';
import { createLogger } from '../../src/observability/logger.js';
import { RedisConnection } from '../../src/store/redis.js';
import { waitUntil } from '../support/events.js';
import { describeWithRedis, dropNamespace, TEST_REDIS_MODE, testRedisUrl, uniqueNamespace } from '../support/redis.js';

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

  it('sends when the lock is free although a pending entry is left (its holder died and its lock expired first)', async () => {
    const store = new Keyv();
    const dead = heldSend(new IdempotentSends(store, memorySendLock(), { pendingMs: 5_000 }), 'wamid.never');
    await dead.underWay;
    // Another instance whose lock store no longer holds the dead holder's lock.
    const next = new IdempotentSends(store, memorySendLock(), { pendingMs: 5_000, pollMs: 1 });
    let sent = 0;
    const answer = await next.run(SCOPE, REQUEST, async () => {
      sent += 1;
      return 'wamid.after';
    });
    expect(answer).toBe('wamid.after');
    expect(sent).toBe(1);
    dead.finish();
    await dead.done;
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
    ).rejects.toMatchObject({
      message: 'A send with this idempotencyKey is still in progress elsewhere; its outcome is unknown yet, so nothing was sent again',
      extensions: expect.objectContaining({ code: 'UPSTREAM_UNAVAILABLE', outcome: 'UNKNOWN' }),
    });
    expect(sent).toBe(0);
    holder.finish();
    await expect(holder.done).resolves.toBe('wamid.held');
  });

  it('shares an in-flight send with a duplicate of this process, and refuses a different message under the key meanwhile', async () => {
    const sends = new IdempotentSends(new Keyv(), memorySendLock(), { pendingMs: 5_000 });
    const held = heldSend(sends, 'wamid.shared');
    await held.underWay;
    const duplicate = sends.run(SCOPE, REQUEST, async () => 'wamid.second');
    await expect(sends.run(SCOPE, { ...REQUEST, text: 'other' }, async () => 'wamid.third')).rejects.toMatchObject({
      message: 'idempotencyKey was already used within 24 h for a different message',
      extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'input.idempotencyKey' }),
    });
    held.finish();
    await expect(Promise.all([held.done, duplicate])).resolves.toEqual(['wamid.shared', 'wamid.shared']);
  });

  it.each([
    ['a refusal', new HubgraphError('refused', ErrorCode.UpstreamError)],
    ['an upstream failure known not to have sent', new UpstreamUnavailableError('503 before sending')],
    ['an error of the gateway itself', new Error('bug')],
  ])('frees the key after %s, so the next attempt sends', async (_case, failure) => {
    const store = new Keyv();
    const sends = new IdempotentSends(store, memorySendLock(), { pendingMs: 5_000 });
    await expect(sends.run(SCOPE, REQUEST, () => Promise.reject(failure))).rejects.toBe(failure);
    await expect(sends.run(SCOPE, REQUEST, async () => 'wamid.retry')).resolves.toBe('wamid.retry');
  });

  it('waits for a send of another instance and replays its result once stored', async () => {
    const store = new Keyv();
    const lock = memorySendLock();
    const holder = heldSend(new IdempotentSends(store, lock, { pendingMs: 5_000 }), 'wamid.holder');
    await holder.underWay;
    let sent = 0;
    const waiter = new IdempotentSends(store, lock, { pendingMs: 5_000, pollMs: 5 }).run(SCOPE, REQUEST, async () => {
      sent += 1;
      return 'wamid.waiter';
    });
    holder.finish();
    await expect(waiter).resolves.toBe('wamid.holder');
    expect(sent).toBe(0);
  });

  it('answers the caller with the send outcome when the store cannot record it or the lock cannot be freed, and logs both', async () => {
    const store = new Keyv();
    const warn = jest.fn();
    const failingLock: SendLock = { acquire: async () => true, release: () => Promise.reject(new Error('lock store down')) };
    const sends = new IdempotentSends(store, failingLock, { pendingMs: 5_000, logger: { warn } });
    const setEntry = store.set.bind(store);
    // The pending mark is written; the outcome is not.
    jest.spyOn(store, 'set').mockImplementation(async (key: string, value: unknown, ttl?: number) => {
      if ((value as { state?: string }).state !== 'pending') throw new Error('store down');
      return setEntry(key, value, ttl);
    });
    await expect(sends.run(SCOPE, REQUEST, async () => 'wamid.sent')).resolves.toBe('wamid.sent');
    expect(warn.mock.calls.map(([, message]) => message)).toEqual([
      'idempotency: the message was sent, but the store could not record it; a repeat of the key may not see it',
      'idempotency: the send lock could not be freed; it expires on its own',
    ]);
  });

  it('gives a store one instance, so every request of the process shares in-flight sends', () => {
    const store = new Keyv();
    const first = idempotentSendsFor(store, null, { pendingMs: 5_000 });
    expect(idempotentSendsFor(store, null, { pendingMs: 5_000 })).toBe(first);
    expect(idempotentSendsFor(new Keyv(), null, { pendingMs: 5_000 })).not.toBe(first);
  });
});

describe('send locks', () => {
  it('in memory: one holder until released or expired', async () => {
    const lock = memorySendLock();
    expect(await lock.acquire('k', 60_000)).toBe(true);
    expect(await lock.acquire('k', 60_000)).toBe(false);
    expect(await lock.acquire('other', 60_000)).toBe(true);
    await lock.release('k');
    expect(await lock.acquire('k', 60_000)).toBe(true);
    // A lock whose time is up is free at once.
    expect(await lock.acquire('expired', 0)).toBe(true);
    expect(await lock.acquire('expired', 0)).toBe(true);
  });

  describeWithRedis('on Redis', () => {
    const namespace = uniqueNamespace('send-lock');
    let redis: RedisConnection;
    beforeAll(async () => {
      redis = new RedisConnection({ url: testRedisUrl(), mode: TEST_REDIS_MODE, namespace, timeoutMs: 2_000, logger: createLogger('silent') });
      await waitUntil(() => redis.isReady, 'the Redis connection');
    });
    afterAll(async () => {
      await dropNamespace(namespace);
      await redis.close();
    });

    it('one holder across instances until released, under the namespace with an expiry', async () => {
      const [a, b] = [redisSendLock(redis), redisSendLock(redis)];
      expect(await a.acquire('k', 60_000)).toBe(true);
      expect(await b.acquire('k', 60_000)).toBe(false);
      const ttl = await redis.client.pTTL(`${namespace}:idem-lock:k`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      await a.release('k');
      expect(await b.acquire('k', 60_000)).toBe(true);
    });
  });
});

describe('IdempotentSends', () => {
  const scope = { partnerId: 'p', channelId: 'c', key: 'k' };

  it('sends once for concurrent duplicates across two instances sharing a store and a lock', async () => {
    const store = new Keyv();
    const lock = memorySendLock();
    const first = new IdempotentSends(store, lock, { pendingMs: 5_000, pollMs: 5 });
    const second = new IdempotentSends(store, lock, { pendingMs: 5_000, pollMs: 5 });
    let sends = 0;
    let finish: (value: string) => void = () => undefined;
    const send = () => {
      sends += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const a = first.run(scope, { body: 1 }, send);
    // Let the first instance take the lock before the second asks.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const b = second.run(scope, { body: 1 }, send);
    await new Promise((resolve) => setTimeout(resolve, 20));
    finish('message-1');
    await expect(Promise.all([a, b])).resolves.toEqual(['message-1', 'message-1']);
    expect(sends).toBe(1);
  });

  /** A store whose writes fail once the send has happened (Redis lost mid-send), and a log of the warnings. */
  function storeLostAfterSend() {
    const store = new Keyv();
    let lost = false;
    const set = store.set.bind(store);
    const remove = store.delete.bind(store);
    store.set = async (...args: Parameters<Keyv['set']>) => (lost ? Promise.reject(new StoreUnavailableError()) : set(...args));
    store.delete = async (...args: Parameters<Keyv['delete']>) => (lost ? Promise.reject(new StoreUnavailableError()) : remove(...args));
    const warnings: string[] = [];
    const logger = { warn: (_fields: unknown, message: string) => warnings.push(message) } as never;
    return { store, warnings, logger, lose: () => (lost = true) };
  }

  it('answers a sent message as sent when the store cannot record it or free the lock afterwards', async () => {
    const { store, warnings, logger, lose } = storeLostAfterSend();
    const lock = { acquire: async () => true, release: async () => Promise.reject(new StoreUnavailableError()) };
    const sends = new IdempotentSends(store, lock, { pendingMs: 5_000, logger });
    const sent = sends.run(scope, {}, async () => {
      lose();
      return 'message-1';
    });
    await expect(sent).resolves.toBe('message-1');
    expect(warnings).toEqual([expect.stringMatching(/message was sent, but the store could not record it/), expect.stringMatching(/lock could not be freed/)]);
  });

  it("keeps a refused send's own error when the store cannot clear the key afterwards", async () => {
    const { store, warnings, logger, lose } = storeLostAfterSend();
    const sends = new IdempotentSends(store, memorySendLock(), { pendingMs: 5_000, logger });
    const refusal = new BadUserInputError('recipient is not a WhatsApp user', 'input.to');
    const sent = sends.run(scope, {}, async () => {
      lose();
      throw refusal;
    });
    await expect(sent).rejects.toBe(refusal);
    expect(warnings).toEqual([expect.stringMatching(/send was refused, but the store could not record it/)]);
  });

  it('lets a duplicate give up with an unknown outcome, sending nothing, while another holder keeps the lock', async () => {
    const heldElsewhere = { acquire: async () => false, release: async () => undefined };
    const sends = new IdempotentSends(new Keyv(), heldElsewhere, { pendingMs: 30, pollMs: 5 });
    let sent = false;
    await expect(sends.run(scope, {}, async () => (sent = true))).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(sent).toBe(false);
  });
});
