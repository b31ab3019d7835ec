import { describe, expect, it } from '@jest/globals';
import { EventHub, DEDUP_MAX_ENTRIES, DEDUP_TTL_MS } from '../../src/events/hub.js';
import { MemoryDedupStore } from '../../src/events/dedup.js';
import { InProcessPubSub } from '../../src/events/pubsub.js';
import { cloudNotification } from '../support/events.js';

/** One cloud notification carrying one inbound text message. */
const inboundText = (id: string) =>
  cloudNotification([{ messages: [{ id, from: '4915112345678', timestamp: '1700000000', type: 'text', text: { body: 'hi' } }] }]);

/** An in-process pub/sub whose next `failures` publishes fail, as a lost Redis would. */
class FailingPubSub extends InProcessPubSub {
  constructor(private failures: number) {
    super();
  }
  override async publish(topic: string, message: unknown): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('publish failed');
    }
    await super.publish(topic, message);
  }
}

describe('EventHub', () => {
  const hub = (pubsub: InProcessPubSub) => new EventHub(new MemoryDedupStore(DEDUP_TTL_MS, DEDUP_MAX_ENTRIES), pubsub, () => true);

  it('releases the dedup claim of an event it failed to publish, so the re-delivery publishes it', async () => {
    const events = hub(new FailingPubSub(1));
    const subscription = await events.subscribe('message', 'channel-001');
    await expect(events.ingest('channel-001', inboundText('wamid.1'))).rejects.toThrow('publish failed');
    expect(await events.ingest('channel-001', inboundText('wamid.1'))).toEqual({ published: 1, duplicates: 0, problems: [] });
    expect(await events.ingest('channel-001', inboundText('wamid.1'))).toEqual({ published: 0, duplicates: 1, problems: [] });
    const received = await subscription.next();
    expect(received.value).toMatchObject({ channelId: 'channel-001', id: 'wamid.1', text: 'hi' });
    await subscription.return?.();
  });

  it('deduplicates per channel: the same message id on another channel is another event', async () => {
    const events = hub(new InProcessPubSub());
    expect(await events.ingest('channel-001', inboundText('wamid.same'))).toMatchObject({ published: 1, duplicates: 0 });
    expect(await events.ingest('channel-002', inboundText('wamid.same'))).toMatchObject({ published: 1, duplicates: 0 });
    expect(await events.ingest('channel-002', inboundText('wamid.same'))).toMatchObject({ published: 0, duplicates: 1 });
  });
});
