import { FeedControl } from './feed-control.js';
import type { EventLog } from '../log/event-log.js';

export interface ConversationFeedOptions<T> {
  log: EventLog;
  channelId: string;
  /** The conversation as it is now; null when it is gone (nothing is delivered for that change). */
  load: (contact: string) => Promise<T | null>;
  /** Changes waiting for a subscriber before it is ended as one that stopped reading. */
  maxPending: number;
  /** Runs once when the feed ends (client completes, connection closes, or the subscriber is cut). */
  onEnd: () => void;
}

/**
 * One subscriber's conversation changes, live: one item per change, in the order of the changes,
 * each the conversation as it is when the subscriber takes it. Changes are held as contacts (a few
 * bytes each), so a burst costs little; a subscriber that lets `maxPending` of them wait is ended.
 */
export async function openConversationFeed<T>(options: ConversationFeedOptions<T>): Promise<AsyncIterableIterator<T>> {
  const pending: string[] = [];
  let failure: Error | null = null;
  const control = new FeedControl(options.onEnd);

  const unsubscribe = await options.log.tail(options.channelId, {
    onEvents: () => undefined,
    onConversations(contacts) {
      if (control.finished) return;
      if (pending.length + contacts.length > options.maxPending) {
        failure = new Error(`The subscriber let more than ${options.maxPending} conversation changes wait; subscribe again`);
        void control.finish();
        return;
      }
      pending.push(...contacts);
      control.signal();
    },
    // Changes are not replayed: one missed while the fan-out reconnected is not delivered; the next change of that conversation is.
    onGap: () => undefined,
  });
  control.listening(unsubscribe);

  return control.iterator(async () => {
    for (;;) {
      if (failure) throw failure;
      const contact = pending.shift();
      if (contact !== undefined) {
        const conversation = await options.load(contact);
        if (conversation !== null) return { value: conversation, done: false };
        continue;
      }
      if (control.finished) return { value: undefined, done: true };
      await control.parked();
    }
  });
}
