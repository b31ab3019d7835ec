import { getOperationAST, OperationTypeNode, parse, type OperationDefinitionNode } from 'graphql';
import { BadUserInputError } from '../errors.js';

/** `extensions.subscription` of a request for Apollo's HTTP callback protocol. */
export interface CallbackExtension {
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
export function callbackRefusal(
  extension: CallbackExtension,
  query: string | undefined,
  operationName: string | undefined,
  allowed: Set<string>,
): BadUserInputError | null {
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
