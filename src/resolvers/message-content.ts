import type { MessageContentDto } from '../events/content.js';
import type { MessageContent, MessageContentResolvers } from '../generated/graphql.js';

/**
 * A content as the schema shows it. An UnsupportedContent's errors have no log position of their
 * own: they take the cursor and log time of the event or record that carries them.
 */
export function toGraphContent(content: MessageContentDto, cursor: string, receivedAt: string): MessageContent {
  if (content.__typename !== 'UnsupportedContent') return content;
  return { __typename: 'UnsupportedContent', errors: content.errors.map((error) => ({ ...error, cursor, receivedAt })) };
}

/** Every content value carries its member's name (src/events/content.ts sets it). */
export const MessageContentType: MessageContentResolvers = {
  __resolveType: (content) => content.__typename ?? null,
};
