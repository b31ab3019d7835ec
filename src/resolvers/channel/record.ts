import type { GraphQLResolveInfo } from 'graphql';
import { requirePartnerId } from '../../identity/caller.js';
import { reportFieldError, type Context } from '../../context.js';
import { hostingOf, hostingSupportEndsAt } from '../../datasources/hosting.js';
import type { ChannelNode } from '../../datasources/types.js';
import { HubgraphError, ErrorCode } from '../../errors.js';
import type { ChannelResolvers, ChannelSetupDetails, DataRegion, HubStatus, Hosting } from '../../generated/graphql.js';

const HUB_STATUSES: Record<string, HubStatus> = {
  draft: 'DRAFT',
  live: 'LIVE',
  sandbox: 'SANDBOX',
  pending_deletion: 'PENDING_DELETION',
  unregistered: 'UNREGISTERED',
  done: 'DONE',
  pending: 'PENDING',
};

const DATA_REGIONS = new Set<string>(['AU', 'ID', 'ZA', 'IN', 'CA', 'JP', 'SG', 'KR', 'DE', 'CH', 'GB', 'BR', 'BH']);

function unknownValue(context: Context, info: GraphQLResolveInfo, channel: ChannelNode, upstreamField: string, value: unknown) {
  context.logger.warn({ channelId: channel.id, upstreamField, value }, 'unknown upstream enum value');
  reportFieldError(context, info, `Unknown ${upstreamField} value ${JSON.stringify(value)} for channel ${channel.id}`, {
    upstreamField,
    upstreamValue: value,
  });
}

/**
 * Channels from A5 and from the cancellation answer lack `integration`, `client` and
 * `waba_account`; those fields are completed from the owning client's channel listing (one
 * A4 call per client, batched).
 */
async function complete(channel: ChannelNode, { loaders }: Context): Promise<ChannelNode> {
  if (channel.integration !== undefined) return channel;
  const full = await loaders.channelOfClient.load({ partnerId: channel.partnerId, clientId: channel.client_id, id: channel.id });
  return full ?? channel;
}

/** The A8 `setup_info` members beyond phone_name and phone_number. */
const SETUP_DETAIL_MEMBERS = [
  'was_in_use',
  'ivr',
  'verification_method',
  'certificate',
  'new_name_status',
  'default_language',
  'has_integration_layer',
  'error',
  'configuration_type',
  'region',
  'shards_number',
];

const ofType = <T>(value: unknown, type: 'boolean' | 'string' | 'number'): T | null => (typeof value === type ? (value as T) : null);

/** Null unless the record is a cancellation answer, the only one whose setup_info carries these members. */
function setupDetails(channel: ChannelNode): ChannelSetupDetails | null {
  const info = channel.setup_info;
  if (!info || !SETUP_DETAIL_MEMBERS.some((member) => member in info)) return null;
  return {
    wasInUse: ofType(info.was_in_use, 'boolean'),
    ivr: ofType(info.ivr, 'boolean'),
    verificationMethod: ofType(info.verification_method, 'string'),
    certificate: ofType(info.certificate, 'string'),
    newNameStatus: ofType(info.new_name_status, 'string'),
    defaultLanguage: ofType(info.default_language, 'string'),
    hasIntegrationLayer: ofType(info.has_integration_layer, 'boolean'),
    error: ofType(info.error, 'string'),
    configurationType: ofType(info.configuration_type, 'string'),
    region: ofType(info.region, 'string'),
    shardsNumber: Number.isSafeInteger(info.shards_number) ? (info.shards_number as number) : null,
  };
}

/** The fields of the channel record (area A: the listing, A5, the cancellation answer; A3 for usage). */
export const ChannelRecordFields: ChannelResolvers = {
  __resolveReference: (reference, { caller, loaders }) => loaders.channelById.load({ partnerId: requirePartnerId(caller), id: reference.id }),
  clientId: (channel) => channel.client_id,
  client: async (channel, _args, { loaders }) => {
    const client = await loaders.clientById.load({ partnerId: channel.partnerId, id: channel.client_id });
    if (!client) throw new HubgraphError(`Client ${channel.client_id} of channel ${channel.id} was not found`, ErrorCode.NotFound);
    return client;
  },
  hubStatus: (channel, _args, context, info) => {
    const status = HUB_STATUSES[channel.hub_status];
    if (status) return status;
    unknownValue(context, info, channel, 'hub_status', channel.hub_status);
    return 'UNKNOWN';
  },
  hubStatusRaw: (channel) => channel.hub_status,
  hosting: (channel, _args, context, info) => {
    const hostingOfComplete = (full: ChannelNode): Hosting => {
      const hosting = hostingOf(full);
      if (hosting === 'UNKNOWN') {
        unknownValue(context, info, channel, 'integration.hosting_platform_type', full.integration?.hosting_platform_type ?? null);
      }
      return hosting;
    };
    // Synchronous for the usual complete record: a promise per listed channel made graphql-js
    // complete every node of a listing asynchronously (bench scenario 3).
    return channel.integration !== undefined ? hostingOfComplete(channel) : complete(channel, context).then(hostingOfComplete);
  },
  hostingSupportEndsAt: async (channel, _args, context) => hostingSupportEndsAt(hostingOf(await complete(channel, context))),
  onPremiseVersion: (channel, _args, { onPremiseVersions }) => onPremiseVersions.get(channel.partnerId, channel.id),
  accountMode: (channel) => channel.account_mode ?? null,
  phoneNumber: (channel) => channel.setup_info?.phone_number ?? null,
  displayName: (channel) => channel.setup_info?.phone_name ?? null,
  currentLimit: (channel) => channel.current_limit ?? null,
  currentQualityRating: (channel) => channel.current_quality_rating ?? null,
  billingStartedAt: (channel) => channel.billing_started_at ?? null,
  cancelledAt: (channel) => channel.cancelled_at ?? null,
  terminatedAt: (channel) => channel.terminated_at ?? null,
  createdAt: (channel) => channel.created_at ?? null,
  isMigrated: (channel) => channel.is_migrated ?? null,
  isOba: (channel) => channel.is_oba ?? null,
  dataLocalizationRegion: (channel, _args, context) => {
    const region = channel.settings?.data_localization_region;
    if (region === null || region === undefined) return null;
    if (DATA_REGIONS.has(region)) return region as DataRegion;
    context.logger.warn({ channelId: channel.id, region }, 'unknown upstream data_localization_region');
    throw new HubgraphError(`Unknown data_localization_region ${JSON.stringify(region)} for channel ${channel.id}`, ErrorCode.UpstreamError, {
      upstreamField: 'settings.data_localization_region',
      upstreamValue: region,
    });
  },
  tier: (channel) => channel.settings?.tier ?? null,
  integration: async (channel, _args, context) => {
    const { integration } = await complete(channel, context);
    return integration
      ? {
          appId: integration.app_id ?? null,
          enabled: integration.enabled ?? null,
          hostingPlatformType: integration.hosting_platform_type ?? null,
          state: integration.state ?? null,
        }
      : null;
  },
  currentQualityUpdateEvent: (channel) => channel.current_quality_update_event ?? null,
  setupDetails: (channel) => setupDetails(channel),
  wabaAccount: async (channel, _args, context) => {
    const { waba_account: waba } = await complete(channel, context);
    return waba
      ? {
          id: waba.id ?? null,
          externalId: waba.external_id ?? null,
          fbAccountStatus: waba.fb_account_status ?? null,
          fbBusinessId: waba.fb_business_id ?? null,
          namespace: waba.namespace ?? null,
          onBehalfOfBusinessInfo: waba.on_behalf_of_business_info ?? null,
        }
      : null;
  },
  /** A3: the path names the channel's owning client. */
  usage: (channel, args, { dataSources }) => dataSources.partner.channelUsage(channel.partnerId, channel.client_id, channel.id, args),
};
