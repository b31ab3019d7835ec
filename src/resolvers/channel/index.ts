import type { ChannelResolvers } from '../../generated/graphql.js';
import { ChannelConversations } from './conversations.js';
import { ChannelEvents } from './events.js';
import { ChannelMessaging } from './messaging.js';
import { ChannelRecordFields } from './record.js';

/**
 * Channel, by where each field is read from: the channel record of area A (record.ts, with __resolveReference), area B
 * with the channel's key (messaging.ts), and the gateway's own store (events.ts: the log; conversations.ts).
 */
export const Channel: ChannelResolvers = { ...ChannelRecordFields, ...ChannelMessaging, ...ChannelEvents, ...ChannelConversations };
