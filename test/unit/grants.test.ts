import { describe, expect, it } from '@jest/globals';
import { ALL_CLIENTS } from '../../src/identity/actor.js';
import { feedWithinGrant } from '../../src/identity/grants.js';

async function* items(...channelIds: string[]): AsyncGenerator<{ channelId: string }> {
  for (const channelId of channelIds) yield { channelId };
}

async function drain<T>(feed: AsyncIterableIterator<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const item of feed) seen.push(item);
  return seen;
}

const channel = { id: 'channel-001', client_id: 'client-001' };
const partial = { allClients: false as const, clientIds: new Set(['client-001']) };

describe('feedWithinGrant: each item of a subscription is checked, not only the subscribe call', () => {
  it('a partial grant receives only the items of the channel checked at subscribe', async () => {
    const feed = feedWithinGrant(partial, channel, items('channel-001', 'channel-005', 'channel-001'), (item) => item.channelId);
    expect(await drain(feed)).toEqual([{ channelId: 'channel-001' }, { channelId: 'channel-001' }]);
  });

  it('ending the filtered feed ends the feed under it (its cleanup runs)', async () => {
    let ended = false;
    async function* source() {
      try {
        yield { channelId: 'channel-001' };
        yield { channelId: 'channel-001' };
      } finally {
        ended = true;
      }
    }
    const feed = feedWithinGrant(partial, channel, source(), (item) => item.channelId);
    await feed.next();
    await feed.return?.();
    expect(ended).toBe(true);
  });

  it('every client granted: the feed itself, unwrapped', () => {
    const source = items('channel-005');
    expect(feedWithinGrant(ALL_CLIENTS, channel, source, (item) => item.channelId)).toBe(source);
  });
});
