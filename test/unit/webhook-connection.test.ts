import { describe, expect, it, jest } from '@jest/globals';
import Keyv from 'keyv';
import type { ChannelNode } from '../../src/datasources/types.js';
import { ErrorCode, HubgraphError } from '../../src/errors.js';
import { ChannelDirectory } from '../../src/events/ingest/channel-directory.js';
import { gatewayWebhookUrl } from '../../src/events/ingest/credentials.js';
import {
  recordBusinessAccountChannels,
  requireWebhookConnected,
  restartWatch,
  webhookPointedAtGateway,
  type WebhookConnectionScope,
} from '../../src/messaging/webhook-connection.js';
import { createLogger } from '../../src/observability/logger.js';
import { LogCapture } from '../support/log-capture.js';

const PUBLIC_URL = 'https://gateway.example';
const PARTNER = 'partner-acme';
const CHANNEL = 'channel-007';
const NEIGHBOUR = 'channel-008';

/** A channel of the business-account listing, with only what the webhook rules read of it. */
const listed = (id: string, setupInfo?: ChannelNode['setup_info']) => ({ id, setup_info: setupInfo }) as ChannelNode;

type EffectiveWebhookUrl = WebhookConnectionScope['dataSources']['messaging']['effectiveWebhookUrl'];
type BusinessAccountChannels = WebhookConnectionScope['dataSources']['partner']['businessAccountChannels'];
type RestartWatch = WebhookConnectionScope['events']['restartWatch'];

interface Upstream {
  webhookCheck?: 'enforce' | 'off';
  effectiveWebhookUrl?: EffectiveWebhookUrl;
  businessAccountChannels?: BusinessAccountChannels;
  restartWatch?: RestartWatch;
}

/** The parts of a request context the rules read, over fakes of the upstream reads and the real channel directory. */
function scopeOf(upstream: Upstream = {}) {
  const logs = new LogCapture();
  const directory = new ChannelDirectory(new Keyv(), null);
  const effectiveWebhookUrl = jest.fn<EffectiveWebhookUrl>(upstream.effectiveWebhookUrl ?? (async () => null));
  const businessAccountChannels = jest.fn<BusinessAccountChannels>(upstream.businessAccountChannels ?? (async () => null));
  const restart = jest.fn<RestartWatch>(upstream.restartWatch ?? (async () => undefined));
  const scope: WebhookConnectionScope = {
    config: { webhookCheck: upstream.webhookCheck ?? 'enforce', publicUrl: PUBLIC_URL },
    dataSources: { messaging: { effectiveWebhookUrl }, partner: { businessAccountChannels } },
    logger: createLogger('info', logs),
    events: { restartWatch: restart },
    channelDirectory: directory,
  };
  return { scope, logs, directory, effectiveWebhookUrl, businessAccountChannels, restart };
}

/** The refusal `requireWebhookConnected` answers, or null when it lets the subscription go ahead. */
const refusalOf = (scope: WebhookConnectionScope) =>
  requireWebhookConnected(scope, PARTNER, CHANNEL).then(
    () => null,
    (error: unknown) => error,
  );

describe('requireWebhookConnected', () => {
  it('reads nothing when the check is off', async () => {
    const { scope, effectiveWebhookUrl } = scopeOf({ webhookCheck: 'off' });
    expect(await refusalOf(scope)).toBeNull();
    expect(effectiveWebhookUrl).not.toHaveBeenCalled();
  });

  it("accepts a channel whose effective webhook is its own receiver URL, without reading its business account's channels", async () => {
    const { scope, effectiveWebhookUrl, businessAccountChannels } = scopeOf({ effectiveWebhookUrl: async () => gatewayWebhookUrl(PUBLIC_URL, CHANNEL) });
    expect(await refusalOf(scope)).toBeNull();
    expect(effectiveWebhookUrl).toHaveBeenCalledWith(PARTNER, CHANNEL);
    expect(businessAccountChannels).not.toHaveBeenCalled();
  });

  it("accepts a webhook at another channel's receiver URL when that channel's business account holds this one, and keeps the listing for routing", async () => {
    const { scope, directory, businessAccountChannels } = scopeOf({
      effectiveWebhookUrl: async () => gatewayWebhookUrl(PUBLIC_URL, NEIGHBOUR),
      businessAccountChannels: async () => [listed(NEIGHBOUR, { phone_number: '+49 30 5550008' }), listed(CHANNEL, { phone_number: '+49 30 5550007' })],
    });
    expect(await refusalOf(scope)).toBeNull();
    expect(businessAccountChannels).toHaveBeenCalledWith(PARTNER, NEIGHBOUR);
    expect(await directory.routes(NEIGHBOUR, ['49305550007'])).toEqual(new Map([['49305550007', CHANNEL]]));
  });

  it('refuses a channel without a webhook, or whose webhook goes elsewhere, naming the mutation that connects it', async () => {
    const hint = `Point its webhook at this gateway with the mutation connectWebhookToGateway(channelId: "${CHANNEL}")`;
    const none = await refusalOf(scopeOf().scope);
    expect(none).toBeInstanceOf(HubgraphError);
    expect(none).toMatchObject({
      message: `Channel ${CHANNEL} has no webhook, so no event of it reaches this gateway`,
      code: ErrorCode.WebhookNotConnected,
      extensions: expect.objectContaining({ channelId: CHANNEL, hint }),
    });
    const elsewhere = await refusalOf(scopeOf({ effectiveWebhookUrl: async () => 'https://elsewhere.example/hook' }).scope);
    expect(elsewhere).toMatchObject({ message: `Channel ${CHANNEL}'s notifications go to another URL, so no event of it reaches this gateway` });
    // Another channel's receiver whose business account does not hold this one (or that has no listing) serves it not.
    const foreign = scopeOf({
      effectiveWebhookUrl: async () => gatewayWebhookUrl(PUBLIC_URL, NEIGHBOUR),
      businessAccountChannels: async () => [listed(NEIGHBOUR, { phone_number: '+49 30 5550008' })],
    });
    expect(await refusalOf(foreign.scope)).toMatchObject({ code: ErrorCode.WebhookNotConnected });
    const unlisted = scopeOf({ effectiveWebhookUrl: async () => gatewayWebhookUrl(PUBLIC_URL, NEIGHBOUR) });
    expect(await refusalOf(unlisted.scope)).toMatchObject({ code: ErrorCode.WebhookNotConnected });
  });

  it('lets the subscription go ahead when a read of the check fails, logging the code of the failure', async () => {
    const unavailable = new HubgraphError('down', ErrorCode.UpstreamUnavailable);
    const failedWebhookRead = scopeOf({
      effectiveWebhookUrl: async () => {
        throw unavailable;
      },
    });
    expect(await refusalOf(failedWebhookRead.scope)).toBeNull();
    const failedListing = scopeOf({
      effectiveWebhookUrl: async () => gatewayWebhookUrl(PUBLIC_URL, NEIGHBOUR),
      businessAccountChannels: async () => {
        throw new Error('unexpected');
      },
    });
    expect(await refusalOf(failedListing.scope)).toBeNull();
    const warning = { level: 40, msg: 'webhook check failed: subscribing without it', channelId: CHANNEL };
    expect(failedWebhookRead.logs.entries()).toEqual([expect.objectContaining({ ...warning, code: 'UPSTREAM_UNAVAILABLE' })]);
    expect(failedListing.logs.entries()).toEqual([expect.objectContaining({ ...warning, code: 'INTERNAL' })]);
    const failedKnownListing = scopeOf({
      effectiveWebhookUrl: async () => gatewayWebhookUrl(PUBLIC_URL, NEIGHBOUR),
      businessAccountChannels: async () => {
        throw unavailable;
      },
    });
    expect(await refusalOf(failedKnownListing.scope)).toBeNull();
    expect(failedKnownListing.logs.entries()).toEqual([expect.objectContaining({ ...warning, code: 'UPSTREAM_UNAVAILABLE' })]);
    const failedUnknownRead = scopeOf({
      effectiveWebhookUrl: async () => {
        throw new Error('unexpected');
      },
    });
    expect(await refusalOf(failedUnknownRead.scope)).toBeNull();
    expect(failedUnknownRead.logs.entries()).toEqual([expect.objectContaining({ ...warning, code: 'INTERNAL' })]);
  });
});

describe('recordBusinessAccountChannels', () => {
  it("keeps the business account's channels by number and answers their ids, the channel's own included, each once", async () => {
    const { scope, directory, businessAccountChannels } = scopeOf({
      businessAccountChannels: async () => [
        listed(CHANNEL, { phone_number: '+49 30 5550007' }),
        listed(NEIGHBOUR, { phone_number: '+49 30 5550008' }),
        listed('channel-009', null),
        listed('channel-010'),
      ],
    });
    expect(await recordBusinessAccountChannels(scope, PARTNER, CHANNEL)).toEqual([CHANNEL, NEIGHBOUR]);
    expect(businessAccountChannels).toHaveBeenCalledWith(PARTNER, CHANNEL);
    expect(await directory.routes(CHANNEL, ['49305550007', '49305550008'])).toEqual(
      new Map([
        ['49305550007', CHANNEL],
        ['49305550008', NEIGHBOUR],
      ]),
    );
  });

  it('answers the channel alone when it has no business-account listing (on-premise), keeping nothing', async () => {
    const { scope, directory } = scopeOf();
    const record = jest.spyOn(directory, 'record');
    expect(await recordBusinessAccountChannels(scope, PARTNER, CHANNEL)).toEqual([CHANNEL]);
    expect(record).not.toHaveBeenCalled();
  });
});

describe('restartWatch and webhookPointedAtGateway', () => {
  it("restarts a channel's watch after the given time, and logs a failure instead of throwing", async () => {
    const { scope, restart, logs } = scopeOf();
    await restartWatch(scope, CHANNEL, 250);
    expect(restart).toHaveBeenCalledWith(CHANNEL, 250);
    await restartWatch(scope, CHANNEL);
    expect(restart).toHaveBeenLastCalledWith(CHANNEL, 0);
    expect(logs.entries()).toEqual([]);

    const failing = scopeOf({
      restartWatch: async () => {
        throw new Error('store down');
      },
    });
    await expect(restartWatch(failing.scope, CHANNEL)).resolves.toBeUndefined();
    expect(failing.logs.entries()).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'the watch of the channel could not be restarted',
        channelId: CHANNEL,
        err: expect.objectContaining({ message: 'store down' }),
      }),
    ]);
  });

  it("keeps the receiving channel's business account for routing and restarts the watch of each of its channels, or of those named", async () => {
    const channels = async () => [listed(CHANNEL, { phone_number: '+49 30 5550007' }), listed(NEIGHBOUR, { phone_number: '+49 30 5550008' })];
    const account = scopeOf({ businessAccountChannels: channels });
    await webhookPointedAtGateway(account.scope, PARTNER, CHANNEL, null, 500);
    expect(account.restart.mock.calls).toEqual([
      [CHANNEL, 500],
      [NEIGHBOUR, 500],
    ]);
    expect(await account.directory.routes(CHANNEL, ['49305550008'])).toEqual(new Map([['49305550008', NEIGHBOUR]]));

    const named = scopeOf({ businessAccountChannels: channels });
    await webhookPointedAtGateway(named.scope, PARTNER, CHANNEL, [NEIGHBOUR]);
    expect(named.restart.mock.calls).toEqual([[NEIGHBOUR, 0]]);
    expect(named.businessAccountChannels).toHaveBeenCalledWith(PARTNER, CHANNEL);
  });

  it('restarts the receiving channel alone when its business account cannot be read, logging why', async () => {
    const failing = scopeOf({
      businessAccountChannels: async () => {
        throw new Error('listing down');
      },
    });
    await webhookPointedAtGateway(failing.scope, PARTNER, CHANNEL, null);
    expect(failing.restart.mock.calls).toEqual([[CHANNEL, 0]]);
    expect(failing.logs.entries()).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "the channels of the channel's business account could not be read or kept for routing",
        channelId: CHANNEL,
        err: expect.objectContaining({ message: 'listing down' }),
      }),
    ]);
  });
});
