import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginSubscriptionCallback } from '@apollo/server/plugin/subscriptionCallback';
import type { Context } from '../../context.js';
import type { Logger } from '../../observability/logger.js';
import { callbackRefusal, type CallbackExtension } from '../subscription-callback.js';

/**
 * Apollo's HTTP callback protocol for subscriptions (what Apollo Router uses with subgraphs when
 * many subscriptions are open): the request is checked (`check`), each event is POSTed as `next`,
 * heartbeats keep it alive and `complete` ends it. The subscription runs with the caller of the
 * HTTP request, so its Authorization and partner decide like over graphql-ws. Because the gateway
 * POSTs wherever `callbackUrl` points, only the configured origins are accepted: any other is
 * refused before anything is sent to it. No origins configured: the protocol is off.
 */
export function subscriptionCallbackPlugins(origins: string[], logger: Logger): ApolloServerPlugin<Context>[] {
  if (origins.length === 0) return [];
  const allowed = new Set(origins);
  // Runs before the callback plugin reads the extension: Apollo calls every requestDidStart in order.
  const guard: ApolloServerPlugin<Context> = {
    async requestDidStart({ request }) {
      const extensions = request.extensions as { subscription?: CallbackExtension } | undefined;
      const extension = extensions?.subscription;
      if (!extensions || !extension) return;
      const refusal = callbackRefusal(extension, request.query, request.operationName, allowed);
      if (!refusal) return;
      // The callback plugin would still send `check` from willSendResponse, even for a refused request.
      delete extensions.subscription;
      return {
        async didResolveOperation() {
          throw refusal;
        },
      };
    },
  };
  return [guard, ApolloServerPluginSubscriptionCallback({ logger })];
}
