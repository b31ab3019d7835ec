import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginSubscriptionCallback } from '@apollo/server/plugin/subscriptionCallback';
import { getOperationAST, OperationTypeNode, parse, type OperationDefinitionNode } from 'graphql';
import { BadUserInputError } from '../errors.js';
import type { Context } from '../context.js';
import type { Logger } from '../observability/logger.js';

interface CallbackExtension {
  callbackUrl?: unknown;
  callback_url?: unknown;
}

function callbackOrigin(extension: CallbackExtension): string | null {
  const url = extension.callbackUrl ?? extension.callback_url;
  if (typeof url !== 'string') return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Why a callback request is refused, or null: only a subscription calling back an allowed origin. */
function refusalOf(extension: CallbackExtension, query: string | undefined, operationName: string | undefined, allowed: Set<string>): BadUserInputError | null {
  const origin = callbackOrigin(extension);
  if (!origin || !allowed.has(origin)) {
    return new BadUserInputError(
      'extensions.subscription.callbackUrl is not on an origin this gateway calls back (SUBSCRIPTION_CALLBACK_ORIGINS)',
      'callbackUrl',
    );
  }
  let operation: OperationDefinitionNode | null | undefined = null;
  try {
    operation = query === undefined ? null : getOperationAST(parse(query), operationName);
  } catch {
    // A syntax error: Apollo reports it itself once the extension is gone.
  }
  return operation?.operation === OperationTypeNode.SUBSCRIPTION
    ? null
    : new BadUserInputError('extensions.subscription is only for a subscription operation', 'extensions.subscription');
}

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
      const refusal = refusalOf(extension, request.query, request.operationName, allowed);
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
