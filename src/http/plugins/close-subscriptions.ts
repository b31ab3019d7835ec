import type { ApolloServerPlugin } from '@apollo/server';
import type { Context } from '../../context.js';

/** When the server stops, its open graphql-ws subscriptions end with 1001 Going Away. */
export function closeSubscriptionsOnStop(subscriptions: { dispose(): Promise<void> }): ApolloServerPlugin<Context> {
  return { serverWillStart: async () => ({ drainServer: async () => subscriptions.dispose() }) };
}
