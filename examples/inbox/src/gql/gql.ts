/* eslint-disable */
import * as types from './graphql';
import { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Dashboard {\n    partner {\n      id\n      clients(limit: 20, orderBy: { field: NAME, direction: ASC }) {\n        total\n        nodes {\n          id\n          name\n          channels {\n            nodes {\n              id\n              displayName\n              phoneNumber\n              hosting\n              hubStatus\n              currentQualityRating\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.DashboardDocument,
    "\n  query ClientUsage($clientId: ID!, $from: DateTime!, $to: DateTime!) {\n    client(id: $clientId) {\n      id\n      usage(from: $from, to: $to, granularity: MONTH) {\n        balance\n        currency\n        totals {\n          quantity\n          totalPrice\n        }\n      }\n    }\n  }\n": typeof types.ClientUsageDocument,
    "\n  query InboxChannels {\n    partner {\n      id\n      channels(limit: 50) {\n        nodes {\n          id\n          displayName\n          phoneNumber\n          hosting\n        }\n      }\n    }\n  }\n": typeof types.InboxChannelsDocument,
    "\n  fragment ConversationSummary on Conversation {\n    id\n    contact\n    contactName\n    contactPhone\n    contactUsername\n    lastActivityAt\n    serviceWindow {\n      state\n      closesAt\n      lastInboundAt\n    }\n    lastMessage {\n      id\n      direction\n      preview\n      status\n    }\n  }\n": typeof types.ConversationSummaryFragmentDoc,
    "\n  fragment ThreadMessages on Conversation {\n    id\n    messages(first: 20) {\n      nodes {\n        id\n        direction\n        type\n        text\n        content {\n          ...MessageContentFields\n        }\n        at\n        status\n        error\n        editedAt\n        revokedAt\n        reactions {\n          emoji\n          from\n          at\n        }\n      }\n      hasMore\n    }\n  }\n": typeof types.ThreadMessagesFragmentDoc,
    "\n  query ConversationList($channelId: ID!) {\n    channel(id: $channelId) {\n      id\n      conversations(first: 20) {\n        nodes {\n          ...ConversationSummary\n        }\n        hasMore\n      }\n    }\n  }\n": typeof types.ConversationListDocument,
    "\n  query ConversationThread($channelId: ID!, $contact: String!) {\n    channel(id: $channelId) {\n      id\n      conversation(contact: $contact) {\n        ...ConversationSummary\n        ...ThreadMessages\n      }\n    }\n  }\n": typeof types.ConversationThreadDocument,
    "\n  subscription ConversationUpdated($channelId: ID!) {\n    conversationUpdated(channelId: $channelId) {\n      ...ConversationSummary\n    }\n  }\n": typeof types.ConversationUpdatedDocument,
    "\n  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {\n    sendMessage(channelId: $channelId, input: $input) {\n      id\n      record {\n        id\n        status\n      }\n      conversation {\n        ...ConversationSummary\n        ...ThreadMessages\n      }\n    }\n  }\n": typeof types.InboxSendDocument,
    "\n  fragment MessageContentFields on MessageContent {\n    __typename\n    ... on TextContent {\n      body\n    }\n    ... on MediaContent {\n      kind\n      mediaId\n      link\n      mimeType\n      caption\n      fileName\n      voice\n      animated\n    }\n    ... on LocationContent {\n      latitude\n      longitude\n      name\n      address\n      url\n    }\n    ... on ContactsContent {\n      contacts {\n        formattedName\n        phones {\n          phone\n          waId\n          type\n        }\n        emails {\n          email\n        }\n        organization {\n          company\n          title\n        }\n      }\n    }\n    ... on InteractiveReplyContent {\n      replyKind\n      replyId\n      title\n      description\n    }\n    ... on ButtonReplyContent {\n      text\n      payload\n    }\n    ... on ReactionContent {\n      messageId\n      emoji\n      removed\n    }\n    ... on OrderContent {\n      catalogId\n      orderText\n      items {\n        productRetailerId\n        quantity\n        itemPrice\n        currency\n      }\n    }\n    ... on SystemContent {\n      systemType\n      systemBody\n      newWaId\n    }\n    ... on TemplateContent {\n      templateName\n      language\n    }\n    ... on UnsupportedContent {\n      errors {\n        code\n        title\n      }\n    }\n  }\n": typeof types.MessageContentFieldsFragmentDoc,
};
const documents: Documents = {
    "\n  query Dashboard {\n    partner {\n      id\n      clients(limit: 20, orderBy: { field: NAME, direction: ASC }) {\n        total\n        nodes {\n          id\n          name\n          channels {\n            nodes {\n              id\n              displayName\n              phoneNumber\n              hosting\n              hubStatus\n              currentQualityRating\n            }\n          }\n        }\n      }\n    }\n  }\n": types.DashboardDocument,
    "\n  query ClientUsage($clientId: ID!, $from: DateTime!, $to: DateTime!) {\n    client(id: $clientId) {\n      id\n      usage(from: $from, to: $to, granularity: MONTH) {\n        balance\n        currency\n        totals {\n          quantity\n          totalPrice\n        }\n      }\n    }\n  }\n": types.ClientUsageDocument,
    "\n  query InboxChannels {\n    partner {\n      id\n      channels(limit: 50) {\n        nodes {\n          id\n          displayName\n          phoneNumber\n          hosting\n        }\n      }\n    }\n  }\n": types.InboxChannelsDocument,
    "\n  fragment ConversationSummary on Conversation {\n    id\n    contact\n    contactName\n    contactPhone\n    contactUsername\n    lastActivityAt\n    serviceWindow {\n      state\n      closesAt\n      lastInboundAt\n    }\n    lastMessage {\n      id\n      direction\n      preview\n      status\n    }\n  }\n": types.ConversationSummaryFragmentDoc,
    "\n  fragment ThreadMessages on Conversation {\n    id\n    messages(first: 20) {\n      nodes {\n        id\n        direction\n        type\n        text\n        content {\n          ...MessageContentFields\n        }\n        at\n        status\n        error\n        editedAt\n        revokedAt\n        reactions {\n          emoji\n          from\n          at\n        }\n      }\n      hasMore\n    }\n  }\n": types.ThreadMessagesFragmentDoc,
    "\n  query ConversationList($channelId: ID!) {\n    channel(id: $channelId) {\n      id\n      conversations(first: 20) {\n        nodes {\n          ...ConversationSummary\n        }\n        hasMore\n      }\n    }\n  }\n": types.ConversationListDocument,
    "\n  query ConversationThread($channelId: ID!, $contact: String!) {\n    channel(id: $channelId) {\n      id\n      conversation(contact: $contact) {\n        ...ConversationSummary\n        ...ThreadMessages\n      }\n    }\n  }\n": types.ConversationThreadDocument,
    "\n  subscription ConversationUpdated($channelId: ID!) {\n    conversationUpdated(channelId: $channelId) {\n      ...ConversationSummary\n    }\n  }\n": types.ConversationUpdatedDocument,
    "\n  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {\n    sendMessage(channelId: $channelId, input: $input) {\n      id\n      record {\n        id\n        status\n      }\n      conversation {\n        ...ConversationSummary\n        ...ThreadMessages\n      }\n    }\n  }\n": types.InboxSendDocument,
    "\n  fragment MessageContentFields on MessageContent {\n    __typename\n    ... on TextContent {\n      body\n    }\n    ... on MediaContent {\n      kind\n      mediaId\n      link\n      mimeType\n      caption\n      fileName\n      voice\n      animated\n    }\n    ... on LocationContent {\n      latitude\n      longitude\n      name\n      address\n      url\n    }\n    ... on ContactsContent {\n      contacts {\n        formattedName\n        phones {\n          phone\n          waId\n          type\n        }\n        emails {\n          email\n        }\n        organization {\n          company\n          title\n        }\n      }\n    }\n    ... on InteractiveReplyContent {\n      replyKind\n      replyId\n      title\n      description\n    }\n    ... on ButtonReplyContent {\n      text\n      payload\n    }\n    ... on ReactionContent {\n      messageId\n      emoji\n      removed\n    }\n    ... on OrderContent {\n      catalogId\n      orderText\n      items {\n        productRetailerId\n        quantity\n        itemPrice\n        currency\n      }\n    }\n    ... on SystemContent {\n      systemType\n      systemBody\n      newWaId\n    }\n    ... on TemplateContent {\n      templateName\n      language\n    }\n    ... on UnsupportedContent {\n      errors {\n        code\n        title\n      }\n    }\n  }\n": types.MessageContentFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Dashboard {\n    partner {\n      id\n      clients(limit: 20, orderBy: { field: NAME, direction: ASC }) {\n        total\n        nodes {\n          id\n          name\n          channels {\n            nodes {\n              id\n              displayName\n              phoneNumber\n              hosting\n              hubStatus\n              currentQualityRating\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query Dashboard {\n    partner {\n      id\n      clients(limit: 20, orderBy: { field: NAME, direction: ASC }) {\n        total\n        nodes {\n          id\n          name\n          channels {\n            nodes {\n              id\n              displayName\n              phoneNumber\n              hosting\n              hubStatus\n              currentQualityRating\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ClientUsage($clientId: ID!, $from: DateTime!, $to: DateTime!) {\n    client(id: $clientId) {\n      id\n      usage(from: $from, to: $to, granularity: MONTH) {\n        balance\n        currency\n        totals {\n          quantity\n          totalPrice\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query ClientUsage($clientId: ID!, $from: DateTime!, $to: DateTime!) {\n    client(id: $clientId) {\n      id\n      usage(from: $from, to: $to, granularity: MONTH) {\n        balance\n        currency\n        totals {\n          quantity\n          totalPrice\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InboxChannels {\n    partner {\n      id\n      channels(limit: 50) {\n        nodes {\n          id\n          displayName\n          phoneNumber\n          hosting\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query InboxChannels {\n    partner {\n      id\n      channels(limit: 50) {\n        nodes {\n          id\n          displayName\n          phoneNumber\n          hosting\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ConversationSummary on Conversation {\n    id\n    contact\n    contactName\n    contactPhone\n    contactUsername\n    lastActivityAt\n    serviceWindow {\n      state\n      closesAt\n      lastInboundAt\n    }\n    lastMessage {\n      id\n      direction\n      preview\n      status\n    }\n  }\n"): (typeof documents)["\n  fragment ConversationSummary on Conversation {\n    id\n    contact\n    contactName\n    contactPhone\n    contactUsername\n    lastActivityAt\n    serviceWindow {\n      state\n      closesAt\n      lastInboundAt\n    }\n    lastMessage {\n      id\n      direction\n      preview\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ThreadMessages on Conversation {\n    id\n    messages(first: 20) {\n      nodes {\n        id\n        direction\n        type\n        text\n        content {\n          ...MessageContentFields\n        }\n        at\n        status\n        error\n        editedAt\n        revokedAt\n        reactions {\n          emoji\n          from\n          at\n        }\n      }\n      hasMore\n    }\n  }\n"): (typeof documents)["\n  fragment ThreadMessages on Conversation {\n    id\n    messages(first: 20) {\n      nodes {\n        id\n        direction\n        type\n        text\n        content {\n          ...MessageContentFields\n        }\n        at\n        status\n        error\n        editedAt\n        revokedAt\n        reactions {\n          emoji\n          from\n          at\n        }\n      }\n      hasMore\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConversationList($channelId: ID!) {\n    channel(id: $channelId) {\n      id\n      conversations(first: 20) {\n        nodes {\n          ...ConversationSummary\n        }\n        hasMore\n      }\n    }\n  }\n"): (typeof documents)["\n  query ConversationList($channelId: ID!) {\n    channel(id: $channelId) {\n      id\n      conversations(first: 20) {\n        nodes {\n          ...ConversationSummary\n        }\n        hasMore\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ConversationThread($channelId: ID!, $contact: String!) {\n    channel(id: $channelId) {\n      id\n      conversation(contact: $contact) {\n        ...ConversationSummary\n        ...ThreadMessages\n      }\n    }\n  }\n"): (typeof documents)["\n  query ConversationThread($channelId: ID!, $contact: String!) {\n    channel(id: $channelId) {\n      id\n      conversation(contact: $contact) {\n        ...ConversationSummary\n        ...ThreadMessages\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ConversationUpdated($channelId: ID!) {\n    conversationUpdated(channelId: $channelId) {\n      ...ConversationSummary\n    }\n  }\n"): (typeof documents)["\n  subscription ConversationUpdated($channelId: ID!) {\n    conversationUpdated(channelId: $channelId) {\n      ...ConversationSummary\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {\n    sendMessage(channelId: $channelId, input: $input) {\n      id\n      record {\n        id\n        status\n      }\n      conversation {\n        ...ConversationSummary\n        ...ThreadMessages\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {\n    sendMessage(channelId: $channelId, input: $input) {\n      id\n      record {\n        id\n        status\n      }\n      conversation {\n        ...ConversationSummary\n        ...ThreadMessages\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MessageContentFields on MessageContent {\n    __typename\n    ... on TextContent {\n      body\n    }\n    ... on MediaContent {\n      kind\n      mediaId\n      link\n      mimeType\n      caption\n      fileName\n      voice\n      animated\n    }\n    ... on LocationContent {\n      latitude\n      longitude\n      name\n      address\n      url\n    }\n    ... on ContactsContent {\n      contacts {\n        formattedName\n        phones {\n          phone\n          waId\n          type\n        }\n        emails {\n          email\n        }\n        organization {\n          company\n          title\n        }\n      }\n    }\n    ... on InteractiveReplyContent {\n      replyKind\n      replyId\n      title\n      description\n    }\n    ... on ButtonReplyContent {\n      text\n      payload\n    }\n    ... on ReactionContent {\n      messageId\n      emoji\n      removed\n    }\n    ... on OrderContent {\n      catalogId\n      orderText\n      items {\n        productRetailerId\n        quantity\n        itemPrice\n        currency\n      }\n    }\n    ... on SystemContent {\n      systemType\n      systemBody\n      newWaId\n    }\n    ... on TemplateContent {\n      templateName\n      language\n    }\n    ... on UnsupportedContent {\n      errors {\n        code\n        title\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment MessageContentFields on MessageContent {\n    __typename\n    ... on TextContent {\n      body\n    }\n    ... on MediaContent {\n      kind\n      mediaId\n      link\n      mimeType\n      caption\n      fileName\n      voice\n      animated\n    }\n    ... on LocationContent {\n      latitude\n      longitude\n      name\n      address\n      url\n    }\n    ... on ContactsContent {\n      contacts {\n        formattedName\n        phones {\n          phone\n          waId\n          type\n        }\n        emails {\n          email\n        }\n        organization {\n          company\n          title\n        }\n      }\n    }\n    ... on InteractiveReplyContent {\n      replyKind\n      replyId\n      title\n      description\n    }\n    ... on ButtonReplyContent {\n      text\n      payload\n    }\n    ... on ReactionContent {\n      messageId\n      emoji\n      removed\n    }\n    ... on OrderContent {\n      catalogId\n      orderText\n      items {\n        productRetailerId\n        quantity\n        itemPrice\n        currency\n      }\n    }\n    ... on SystemContent {\n      systemType\n      systemBody\n      newWaId\n    }\n    ... on TemplateContent {\n      templateName\n      language\n    }\n    ... on UnsupportedContent {\n      errors {\n        code\n        title\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;