import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { authorizationHeader, tokenRefused } from './auth';
import introspection from './gql/possible-types.json';

/** The gateway's /graphql URL: `npm run example` sets VITE_HUBGRAPH_URL from its PORT (default 4000). */
export const GATEWAY_URL: string = import.meta.env.VITE_HUBGRAPH_URL ?? 'http://localhost:4000/graphql';

/** The embedded simulator's URL (its control routes make a contact write); `npm run example` sets it. */
export const SIMULATOR_URL: string | undefined = import.meta.env.VITE_SIMULATOR_URL;

// A browser holds a person's access token (or a gateway token), never the partner's own token: the partner
// credential stays server-side (auth.ts). Each request reads the current token, renewed as it nears expiry.
const withAuthorization = new SetContextLink(async ({ headers }) => ({ headers: { ...headers, ...(await authorizationHeader()) } }));
const http = ApolloLink.from([withAuthorization, new HttpLink({ uri: GATEWAY_URL })]);
// graphql-ws carries credentials in connectionParams, read at every (re)connection. When the token expires the
// gateway closes the connection with 4403; graphql-ws reconnects (4403 is retried) with a renewed token.
const ws = new GraphQLWsLink(
  createClient({
    url: GATEWAY_URL.replace(/^http/, 'ws'),
    connectionParams: authorizationHeader,
    on: { closed: (event) => (event as CloseEvent).code === 4403 && tokenRefused() },
  }),
);

const isSubscription = ({ query }: ApolloLink.Operation) => {
  const definition = getMainDefinition(query);
  return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
};

/** An outbound message's statuses in lifecycle order (`MessageRecord.status`); inbound ones are `received`. */
const LIFECYCLE = ['accepted', 'sent', 'delivered', 'read', 'failed'];

// A merge function returns the value to store, never undefined: undefined leaves the field missing, so every read
// of a query selecting it comes back incomplete (Apollo warns and hands back the network result instead).
export const cache = new InMemoryCache({
  // The members of each union (MessageContent, ChannelEvent …), generated from the schema by codegen: without them
  // a fragment on the union itself (`fragment MessageContentFields on MessageContent`) matches nothing it holds.
  possibleTypes: introspection.possibleTypes,
  typePolicies: {
    Channel: {
      fields: {
        // Value objects without an id live inside their channel: merge what each query selects instead of
        // replacing it, or a second query selecting other fields erases the first one's (a profile's description).
        businessProfile: { merge: true },
        webhook: { merge: true },
        wabaWebhook: { merge: true },
      },
    },
    // Offset listings have no id: each (filter, order, limit, offset) is its own cache entry under its parent.
    Partner: { fields: { clients: { keyArgs: ['filter', 'orderBy', 'limit', 'offset'] }, channels: { keyArgs: ['filter', 'orderBy', 'limit', 'offset'] } } },
    Client: { fields: { channels: { keyArgs: ['filter', 'orderBy', 'limit', 'offset'] } } },
    // The window has no id either, wherever it appears (Conversation.serviceWindow, Channel.serviceWindow(contact)).
    ServiceWindow: { merge: true },
    MessageRecord: {
      fields: {
        // A send's answer (HTTP) and conversationUpdated (WebSocket) race: whichever lands last, a status only
        // moves forward by the message lifecycle, and a failure's error stays (failed is final).
        status: {
          merge: (existing: string | undefined, incoming: string) =>
            existing !== undefined && LIFECYCLE.indexOf(existing) > LIFECYCLE.indexOf(incoming) ? existing : incoming,
        },
        error: { merge: (existing: unknown, incoming: unknown) => incoming ?? existing ?? null },
      },
    },
  },
});

export const client = new ApolloClient({
  link: ApolloLink.split(isSubscription, ws, http),
  cache,
  // hubgraph answers partial data when one upstream call fails (that field is null, its error at its path):
  // errorPolicy 'all' keeps the data beside the errors instead of throwing it away.
  defaultOptions: { watchQuery: { errorPolicy: 'all' }, query: { errorPolicy: 'all' }, mutate: { errorPolicy: 'all' } },
});

// Apollo Client 4 types results by the default errorPolicy; declaring it makes `data` and `error` typed for 'all'.
declare module '@apollo/client' {
  export namespace ApolloClient {
    export namespace DeclareDefaultOptions {
      interface WatchQuery {
        errorPolicy: 'all';
      }
      interface Query {
        errorPolicy: 'all';
      }
      interface Mutate {
        errorPolicy: 'all';
      }
    }
  }
}
