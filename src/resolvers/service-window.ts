import { isoOrNull, type ServiceWindowDto } from '../events/conversations/window.js';
import type { ServiceWindow } from '../generated/graphql.js';

/** A contact's 24-hour service window as the schema shows it (Conversation.serviceWindow, Channel.serviceWindow). */
export const toGraphWindow = (window: ServiceWindowDto): ServiceWindow => ({
  state: window.state,
  closesAt: isoOrNull(window.closesAtMs),
  lastInboundAt: isoOrNull(window.lastInboundMs),
});
