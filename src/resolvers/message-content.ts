import type { MessageContentDto } from '../events/ingest/content.js';
import type { MessageContent, MessageContentResolvers } from '../generated/graphql.js';

/**
 * A content as the schema shows it. An UnsupportedContent's errors have no log position of their
 * own: they take the cursor and log time of the event or record that carries them. The four members
 * whose old names clashed with another member's (schema/content.graphql) serve both names, the
 * deprecated one for clients written before v5.
 */
export function toGraphContent(content: MessageContentDto, cursor: string, receivedAt: string): MessageContent {
  switch (content.__typename) {
    case 'UnsupportedContent':
      return { __typename: 'UnsupportedContent', errors: content.errors.map((error) => ({ ...error, cursor, receivedAt })) };
    case 'InteractiveReplyContent':
      return { ...content, replyKind: content.kind };
    case 'SystemContent':
      return { ...content, systemBody: content.body };
    case 'TemplateContent':
      return { ...content, templateName: content.name };
    case 'OrderContent':
      return { ...content, orderText: content.text };
    default:
      return content;
  }
}

/** Every content value carries its member's name (src/events/ingest/content.ts sets it). */
export const MessageContentType: MessageContentResolvers = {
  __resolveType: (content) => content.__typename ?? null,
};
