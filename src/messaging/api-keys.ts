import type { GraphQLError } from 'graphql';
import type { ApiKeyDto, ApiKeyResult, WebhookConfigBody, WebhookConfigDto, WebhookRestoreResult } from '../datasources/types.js';
import type { ChannelKeys } from '../store/keystore.js';
import type { Logger } from '../observability/logger.js';

const messageOf = (error: unknown) => (error as GraphQLError | Error).message;

/** What creating a key uses: A6, the number's webhook read and set with a given key, and the request's key store. */
export interface ApiKeyDependencies {
  partner: { createApiKey(partnerId: string, channelId: string): Promise<ApiKeyDto> };
  messaging: {
    getWebhook(partnerId: string, channelId: string, apiKey: string): Promise<WebhookConfigDto>;
    setWebhook(partnerId: string, channelId: string, config: WebhookConfigBody, apiKey: string): Promise<unknown>;
  };
  keys: ChannelKeys;
  logger: Pick<Logger, 'child'>;
}

/**
 * A6 with the webhook kept: a new key removes the number's webhook upstream (spec §5), so the
 * current one is read first (with the key known so far) and set again with the new key. Whatever
 * goes wrong after the key exists is reported on the payload, because the key itself is valid.
 */
export async function createApiKey(deps: ApiKeyDependencies, partnerId: string, channelId: string): Promise<ApiKeyResult> {
  const { partner, messaging, keys } = deps;
  const logger = deps.logger.child({ partnerId, channelId });

  const previousKey = await keys.get(partnerId, channelId);
  let previous: WebhookConfigDto | null = null;
  let readError: string | null = null;
  if (previousKey) {
    try {
      previous = await messaging.getWebhook(partnerId, channelId, previousKey);
    } catch (error) {
      readError = messageOf(error);
    }
  } else {
    readError = 'no API key was known for the channel before, so its webhook could not be read';
  }

  const created = await partner.createApiKey(partnerId, channelId);
  await keys.set(partnerId, channelId, created.api_key);
  logger.info({ webhookKnown: Boolean(previous?.url) }, 'api key created and stored');

  let webhookRestore: WebhookRestoreResult | null = null;
  if (readError) {
    webhookRestore = {
      restored: false,
      url: null,
      error: `The webhook could not be read before the new key removed it (${readError}); set it again with setWebhook`,
    };
  } else if (previous?.url) {
    try {
      await messaging.setWebhook(partnerId, channelId, { url: previous.url, headers: previous.headers ?? {} }, created.api_key);
      webhookRestore = { restored: true, url: previous.url, error: null };
    } catch (error) {
      webhookRestore = { restored: false, url: previous.url, error: `Re-applying the webhook with the new key failed: ${messageOf(error)}` };
    }
  }
  if (webhookRestore && !webhookRestore.restored) logger.warn({ reason: webhookRestore.error }, 'webhook not restored after key creation');
  return { ...created, webhookRestore, channelRef: { partnerId, channelId } };
}
