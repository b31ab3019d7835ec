import type { SentMessageResolvers } from '../generated/graphql.js';
import { toGraphRecord } from './message-record.js';

/** A send's answer: its record and conversation are read back from the gateway's own store (no upstream call). */
export const SentMessage: SentMessageResolvers = {
  record: async ({ channelId, id }, _args, { events }) => {
    const record = await events.message(channelId, id);
    return record ? toGraphRecord(record) : null;
  },
  conversation: ({ channelId, contact }, _args, { events }) => events.conversation(channelId, contact),
};
