import { encodeCursor } from '../events/log/cursor.js';
import { contentOfMessage, previewOf } from '../events/ingest/content.js';
import type { ChannelErrorEventDto, LoggedEvent } from '../events/types.js';
import type { ChannelErrorEvent, ResolversParentTypes } from '../generated/graphql.js';
import { toGraphContent } from './message-content.js';

/** A channel event as resolvers pass it on: an inbound message's typed fields are read from its `raw` later (inbound-message.ts). */
export type ChannelEvent = ResolversParentTypes['ChannelEvent'];

const withPosition = (error: ChannelErrorEventDto, cursor: string, receivedAt: string): ChannelErrorEvent => ({ ...error, cursor, receivedAt });

/** A logged event as the schema shows it: its payload with its cursor, log time and __typename (for the ChannelEvent union). */
export function toGraphEvent(channelId: string, event: LoggedEvent): ChannelEvent {
  const cursor = encodeCursor(channelId, event.id);
  const receivedAt = new Date(event.id.ms).toISOString();
  switch (event.kind) {
    case 'message':
      return {
        __typename: 'InboundMessage',
        ...event.payload,
        // Events logged before contact keys name the sender by wa_id only.
        fromPhone: event.payload.fromPhone === undefined ? event.payload.from : event.payload.fromPhone,
        fromUserId: event.payload.fromUserId ?? null,
        username: event.payload.username ?? null,
        businessAccountId: event.payload.businessAccountId ?? null,
        phoneNumberId: event.payload.phoneNumberId ?? null,
        cursor,
        receivedAt,
      };
    case 'status':
      return {
        __typename: 'MessageStatusEvent',
        ...event.payload,
        recipientUserId: event.payload.recipientUserId ?? null,
        pricing: event.payload.pricing ?? null,
        billingConversation: event.payload.billingConversation ?? null,
        recipientType: event.payload.toGroup === true ? 'GROUP' : 'INDIVIDUAL',
        participant: event.payload.participant ?? null,
        // An error inside a status has no log position of its own: it shares its status's.
        errors: event.payload.errors.map((error) => withPosition(error, cursor, receivedAt)),
        cursor,
        receivedAt,
      };
    case 'error':
      return { __typename: 'ChannelErrorEvent', ...withPosition(event.payload, cursor, receivedAt) };
    case 'echo': {
      const content = contentOfMessage(channelId, event.payload.raw);
      return {
        __typename: 'MessageEchoEvent',
        ...event.payload,
        content: toGraphContent(content, cursor, receivedAt),
        preview: previewOf(content),
        cursor,
        receivedAt,
      };
    }
    case 'preference':
      return { __typename: 'ContactPreferenceEvent', ...event.payload, cursor, receivedAt };
    case 'other':
      return { __typename: 'OtherNotificationEvent', ...event.payload, cursor, receivedAt };
    case 'template':
      return { __typename: 'TemplateUpdateEvent', ...event.payload, cursor, receivedAt };
  }
}
