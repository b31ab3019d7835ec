import { describe, expect, it } from '@jest/globals';
import { encodeCursor } from '../../src/events/cursor.js';
import { createEventHub } from '../../src/events/hub.js';
import { createLogger } from '../../src/observability/logger.js';
import { cloudNotification } from '../support/events.js';

/** One cloud notification carrying one inbound text message. */
const inboundText = (id: string) =>
  cloudNotification([{ messages: [{ id, from: '4915112345678', timestamp: '1700000000', type: 'text', text: { body: 'hi' } }] }]);

const hub = () => createEventHub(createLogger('silent'), null, 60_000);

describe('EventHub (in memory)', () => {
  it('deduplicates per channel: the same message id on another channel is another event', async () => {
    const events = hub();
    expect(await events.ingest('channel-001', inboundText('wamid.same'))).toMatchObject({ published: 1, duplicates: 0 });
    expect(await events.ingest('channel-002', inboundText('wamid.same'))).toMatchObject({ published: 1, duplicates: 0 });
    expect(await events.ingest('channel-002', inboundText('wamid.same'))).toMatchObject({ published: 0, duplicates: 1 });
  });

  it('a subscription after a cursor gets the retained events after it, then live ones', async () => {
    const events = hub();
    await events.ingest('channel-001', inboundText('wamid.1'));
    await events.ingest('channel-001', inboundText('wamid.2'));
    const [first] = (await events.page('channel-001', { after: null, first: 1, kinds: null, contact: null })).nodes;
    const subscription = await events.subscribe(['message'], 'channel-001', events.position('channel-001', encodeCursor('channel-001', first.id), 'after'));
    await events.ingest('channel-001', inboundText('wamid.3'));
    const ids: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const next = await subscription.next();
      if (!next.done && next.value.kind === 'message') ids.push(next.value.payload.id);
    }
    expect(ids).toEqual(['wamid.2', 'wamid.3']);
    await subscription.return?.();
  });
});
