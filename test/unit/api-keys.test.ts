import { describe, expect, it } from '@jest/globals';
import type { WebhookConfigDto } from '../../src/datasources/types.js';
import { UpstreamUnavailableError } from '../../src/errors.js';
import { createApiKey, type ApiKeyDependencies } from '../../src/messaging/api-keys.js';
import { createLogger } from '../../src/observability/logger.js';
import { LogCapture } from '../support/log-capture.js';

interface Upstream {
  /** The key known before (null: none). */
  known: string | null;
  /** The webhook the old key reads, or the failure of that read. */
  webhook: WebhookConfigDto | Error;
  /** The failure of re-applying it with the new key, if any. */
  setFailure?: Error;
}

/** createApiKey over an upstream and key store of the test's making, recording what it stored, set and logged. */
async function create(upstream: Upstream) {
  const calls: string[] = [];
  const stored = new Map<string, string>();
  const logs = new LogCapture();
  const deps: ApiKeyDependencies = {
    partner: {
      createApiKey: async (partnerId: string, channelId: string) => {
        calls.push(`A6 ${partnerId}/${channelId}`);
        return { id: 'key-1', api_key: 'new-key', app_id: 'app-1' };
      },
    },
    messaging: {
      getWebhook: async (_partnerId: string, channelId: string, key: string) => {
        calls.push(`get ${channelId} with ${key}`);
        if (upstream.webhook instanceof Error) throw upstream.webhook;
        return upstream.webhook;
      },
      setWebhook: async (_partnerId: string, channelId: string, body: unknown, key: string) => {
        calls.push(`set ${channelId} ${JSON.stringify(body)} with ${key}`);
        if (upstream.setFailure) throw upstream.setFailure;
      },
    },
    keys: {
      get: async () => upstream.known,
      set: async (partnerId: string, channelId: string, key: string) => {
        stored.set(`${partnerId}/${channelId}`, key);
      },
    },
    logger: createLogger('info', logs),
  };
  const result = await createApiKey(deps, 'partner-1', 'channel-001');
  return { result, calls, stored, logs: logs.entries() };
}

const created = { id: 'key-1', api_key: 'new-key', app_id: 'app-1', channelRef: { partnerId: 'partner-1', channelId: 'channel-001' } };

describe('createApiKey', () => {
  it('reads the webhook with the old key, stores the new key and sets the webhook again with it', async () => {
    const { result, calls, stored, logs } = await create({ known: 'old-key', webhook: { url: 'https://hooks.example.com/x', headers: { 'X-A': '1' } } });
    expect(result).toEqual({ ...created, webhookRestore: { restored: true, url: 'https://hooks.example.com/x', error: null } });
    expect(calls).toEqual([
      'get channel-001 with old-key',
      'A6 partner-1/channel-001',
      'set channel-001 {"url":"https://hooks.example.com/x","headers":{"X-A":"1"}} with new-key',
    ]);
    expect(stored).toEqual(new Map([['partner-1/channel-001', 'new-key']]));
    expect(logs).toEqual([
      expect.objectContaining({ level: 30, msg: 'api key created and stored', webhookKnown: true, partnerId: 'partner-1', channelId: 'channel-001' }),
    ]);
  });

  it('sets a webhook stored without headers again with none', async () => {
    const { result, calls } = await create({ known: 'old-key', webhook: { url: 'https://hooks.example.com/x', headers: null } });
    expect(result.webhookRestore).toEqual({ restored: true, url: 'https://hooks.example.com/x', error: null });
    expect(calls[2]).toBe('set channel-001 {"url":"https://hooks.example.com/x","headers":{}} with new-key');
  });

  it('answers no restore when the number had no webhook', async () => {
    const { result, calls, logs } = await create({ known: 'old-key', webhook: { url: null } });
    expect(result).toEqual({ ...created, webhookRestore: null });
    expect(calls).toEqual(['get channel-001 with old-key', 'A6 partner-1/channel-001']);
    expect(logs).toEqual([expect.objectContaining({ msg: 'api key created and stored', webhookKnown: false })]);
  });

  it('creates the key all the same when the webhook cannot be read, and says why it was not restored', async () => {
    const { result, calls, stored, logs } = await create({ known: 'old-key', webhook: new UpstreamUnavailableError('The upstream is unavailable') });
    const error = 'The webhook could not be read before the new key removed it (The upstream is unavailable); set it again with setWebhook';
    expect(result.webhookRestore).toEqual({ restored: false, url: null, error });
    expect(calls).toEqual(['get channel-001 with old-key', 'A6 partner-1/channel-001']);
    expect(stored.get('partner-1/channel-001')).toBe('new-key');
    expect(logs.map((entry) => [entry.level, entry.msg, entry.reason])).toEqual([
      [30, 'api key created and stored', undefined],
      [40, 'webhook not restored after key creation', error],
    ]);
  });

  it('cannot read the webhook without an earlier key', async () => {
    const { result, calls } = await create({ known: null, webhook: { url: 'https://never.example.com' } });
    expect(result.webhookRestore).toEqual({
      restored: false,
      url: null,
      error:
        'The webhook could not be read before the new key removed it (no API key was known for the channel before, so its webhook could not be read); set it again with setWebhook',
    });
    expect(calls).toEqual(['A6 partner-1/channel-001']);
  });

  it('reports a failed restore on the payload, with the URL it tried', async () => {
    const { result, logs } = await create({
      known: 'old-key',
      webhook: { url: 'https://hooks.example.com/x' },
      setFailure: new Error('HTTP 500'),
    });
    const error = 'Re-applying the webhook with the new key failed: HTTP 500';
    expect(result.webhookRestore).toEqual({ restored: false, url: 'https://hooks.example.com/x', error });
    expect(logs[1]).toMatchObject({ level: 40, msg: 'webhook not restored after key creation', reason: error });
  });
});
