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
    "\n  subscription InboxMessages($channelId: ID!) {\n    messageReceived(channelId: $channelId) {\n      id\n      from\n      timestamp\n      type\n      text\n    }\n  }\n": typeof types.InboxMessagesDocument,
    "\n  subscription InboxStatuses($channelId: ID!) {\n    messageStatusChanged(channelId: $channelId) {\n      messageId\n      status\n    }\n  }\n": typeof types.InboxStatusesDocument,
    "\n  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {\n    sendMessage(channelId: $channelId, input: $input) {\n      id\n      waId\n    }\n  }\n": typeof types.InboxSendDocument,
};
const documents: Documents = {
    "\n  query Dashboard {\n    partner {\n      id\n      clients(limit: 20, orderBy: { field: NAME, direction: ASC }) {\n        total\n        nodes {\n          id\n          name\n          channels {\n            nodes {\n              id\n              displayName\n              phoneNumber\n              hosting\n              hubStatus\n              currentQualityRating\n            }\n          }\n        }\n      }\n    }\n  }\n": types.DashboardDocument,
    "\n  query ClientUsage($clientId: ID!, $from: DateTime!, $to: DateTime!) {\n    client(id: $clientId) {\n      id\n      usage(from: $from, to: $to, granularity: MONTH) {\n        balance\n        currency\n        totals {\n          quantity\n          totalPrice\n        }\n      }\n    }\n  }\n": types.ClientUsageDocument,
    "\n  query InboxChannels {\n    partner {\n      id\n      channels(limit: 50) {\n        nodes {\n          id\n          displayName\n          phoneNumber\n          hosting\n        }\n      }\n    }\n  }\n": types.InboxChannelsDocument,
    "\n  subscription InboxMessages($channelId: ID!) {\n    messageReceived(channelId: $channelId) {\n      id\n      from\n      timestamp\n      type\n      text\n    }\n  }\n": types.InboxMessagesDocument,
    "\n  subscription InboxStatuses($channelId: ID!) {\n    messageStatusChanged(channelId: $channelId) {\n      messageId\n      status\n    }\n  }\n": types.InboxStatusesDocument,
    "\n  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {\n    sendMessage(channelId: $channelId, input: $input) {\n      id\n      waId\n    }\n  }\n": types.InboxSendDocument,
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
export function graphql(source: "\n  subscription InboxMessages($channelId: ID!) {\n    messageReceived(channelId: $channelId) {\n      id\n      from\n      timestamp\n      type\n      text\n    }\n  }\n"): (typeof documents)["\n  subscription InboxMessages($channelId: ID!) {\n    messageReceived(channelId: $channelId) {\n      id\n      from\n      timestamp\n      type\n      text\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription InboxStatuses($channelId: ID!) {\n    messageStatusChanged(channelId: $channelId) {\n      messageId\n      status\n    }\n  }\n"): (typeof documents)["\n  subscription InboxStatuses($channelId: ID!) {\n    messageStatusChanged(channelId: $channelId) {\n      messageId\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {\n    sendMessage(channelId: $channelId, input: $input) {\n      id\n      waId\n    }\n  }\n"): (typeof documents)["\n  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {\n    sendMessage(channelId: $channelId, input: $input) {\n      id\n      waId\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;