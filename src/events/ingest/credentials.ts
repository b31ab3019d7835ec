import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets.js';

const WEBHOOK_USER = 'hubgraph';

/**
 * The Basic credential the upstream presents when delivering a channel's notifications:
 * HMAC-SHA256(KEYSTORE_SECRET, channel id). Derived, not stored, so every instance sharing the
 * secret can check it without shared state, and one channel's credential says nothing about another's.
 */
export function webhookAuthorization(secret: string, channelId: string): string {
  const password = createHmac('sha256', secret).update(`hubgraph-webhook:${channelId}`).digest('base64url');
  return `Basic ${Buffer.from(`${WEBHOOK_USER}:${password}`).toString('base64')}`;
}

/** Where the upstream delivers a channel's notifications when connected to this gateway. */
export function gatewayWebhookUrl(publicUrl: string, channelId: string): string {
  return `${publicUrl}/webhooks/${encodeURIComponent(channelId)}`;
}

/** The channel whose receiver URL of this gateway `url` is; null for any other URL. */
export function channelOfGatewayWebhookUrl(publicUrl: string, url: string): string | null {
  const prefix = `${publicUrl}/webhooks/`;
  if (!url.startsWith(prefix) || url.length === prefix.length || url.slice(prefix.length).includes('/')) return null;
  try {
    return decodeURIComponent(url.slice(prefix.length));
  } catch {
    return null;
  }
}

/** The number-level webhook that connects a channel to this gateway's receiver: its URL and Basic credential. */
export function gatewayWebhook(config: { publicUrl: string; keystoreSecret: string }, channelId: string): { url: string; headers: Record<string, string> } {
  return { url: gatewayWebhookUrl(config.publicUrl, channelId), headers: { Authorization: webhookAuthorization(config.keystoreSecret, channelId) } };
}

/** Constant-time check of a delivery's Authorization header. */
export function isWebhookAuthorized(secret: string, channelId: string, header: string | undefined): boolean {
  if (typeof header !== 'string') return false;
  return safeEqual(header.trim(), webhookAuthorization(secret, channelId));
}
