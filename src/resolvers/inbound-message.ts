import { changedMessageIdOf, contentOfMessage, contextOfMessage, previewOfMessage, referralOfMessage } from '../events/ingest/content.js';
import type { InboundMessage, InboundMessageResolvers } from '../generated/graphql.js';
import { toGraphContent } from './message-content.js';

/** An inbound message event as logged, with its position; what the notification carried is read from `raw` when asked. */
export type InboundMessageModel = Omit<InboundMessage, 'content' | 'preview' | 'context' | 'referral' | 'changesMessageId'>;

/** The typed views of `raw`, computed at read time: the log keeps the item exactly as delivered. */
export const InboundMessageFields: Pick<InboundMessageResolvers, 'content' | 'preview' | 'context' | 'referral' | 'changesMessageId'> = {
  content: ({ channelId, raw, cursor, receivedAt }) => toGraphContent(contentOfMessage(channelId, raw), cursor, receivedAt),
  preview: ({ channelId, raw }) => previewOfMessage(channelId, raw),
  context: ({ raw }) => contextOfMessage(raw),
  referral: ({ raw }) => referralOfMessage(raw),
  changesMessageId: ({ raw }) => changedMessageIdOf(raw),
};
