import { requirePartnerId } from '../../identity/caller.js';
import type { Context } from '../../context.js';
import type { ChannelRef, LocalStorageDto, LocalStorageModel } from '../../datasources/types.js';
import { BadUserInputError, ErrorCode, HubgraphError, InputChecks, NotFoundError, UnsupportedForHostingError } from '../../errors.js';
import type { MutationResolvers } from '../../generated/graphql.js';
import { hostingOf } from '../../datasources/hosting.js';
import { requireEveryClient, requireGrantedClient } from '../../identity/grants.js';

/** A7: "max_channels … maximum 10" (the edit endpoint's text); a client needs at least one channel slot. */
const MAX_CHANNELS = { min: 1, max: 10 };

function checkUrl(value: string, field: string, schemes: readonly string[]): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BadUserInputError(`${field} must be an absolute URL`, field);
  }
  if (!schemes.includes(url.protocol)) {
    throw new BadUserInputError(`${field} must use ${schemes.map((scheme) => scheme.replace(':', '')).join(' or ')}`, field);
  }
}

/**
 * Per-request entity loaders may hold what the write just changed; later fields (and later
 * mutations of the same operation) must load them again through the invalidated cache.
 */
function forgetChannels({ loaders }: Context): void {
  loaders.channelById.clearAll();
  loaders.channelOfClient.clearAll();
}

const localStorageResult = ({ meta }: LocalStorageDto, channelRef: ChannelRef): LocalStorageModel => ({
  success: meta?.success === true,
  httpCode: meta?.http_code ?? null,
  message: meta?.developer_message ?? null,
  channelRef,
});

/**
 * With a partial grant, the channel must be one of the granted client's, read from the (cached) channel listing
 * before anything is written; an ungranted client or channel answers as one that does not exist.
 */
async function requireGrantedChannel(context: Context, partnerId: string, clientId: string, channelId: string): Promise<void> {
  await requireGrantedClient(context.caller.grant, clientId, (id) => context.loaders.clientById.load({ partnerId, id }));
  if (context.caller.grant.allClients) return;
  const channel = await context.loaders.channelById.load({ partnerId, id: channelId });
  if (!channel || channel.client_id !== clientId) throw new NotFoundError(`Channel ${channelId} not found`);
}

type PartnerMutations =
  'updateClient' | 'requestChannelCancellation' | 'updatePartnerSettings' | 'enableLocalStorage' | 'disableLocalStorage' | 'setDefaultDataLocalizationRegion';

/** Area A mutations: clients, channels, partner settings, local storage and the default data region. */
export const partnerMutations: Pick<MutationResolvers, PartnerMutations> = {
  updateClient: async (_parent, { clientId, input }, context) => {
    const partnerId = requirePartnerId(context.caller);
    // A client's channel quota and payload are the partner's to set (the contract's scope table: quotas, client permissions).
    requireEveryClient(context.caller.grant, 'updateClient');
    const { maxChannels } = input;
    if (maxChannels !== null && maxChannels !== undefined && (maxChannels < MAX_CHANNELS.min || maxChannels > MAX_CHANNELS.max)) {
      throw new BadUserInputError(`maxChannels must be between ${MAX_CHANNELS.min} and ${MAX_CHANNELS.max}`, 'input.maxChannels');
    }
    const client = await context.dataSources.partner.updateClient(partnerId, clientId, {
      partner_payload: input.partnerPayload,
      ...(maxChannels !== null && maxChannels !== undefined && { max_channels: maxChannels }),
    });
    context.loaders.clientById.clear({ partnerId, id: clientId }).prime({ partnerId, id: clientId }, client);
    // Channel records embed client.partner_payload.
    forgetChannels(context);
    return client;
  },

  requestChannelCancellation: async (_parent, { clientId, channelId }, context) => {
    const partnerId = requirePartnerId(context.caller);
    requireEveryClient(context.caller.grant, 'requestChannelCancellation');
    const channel = await context.dataSources.partner.requestCancellation(partnerId, clientId, channelId);
    // The answer lacks `integration`: never prime it; the Channel resolvers complete it from the fresh listing.
    forgetChannels(context);
    return channel;
  },

  updatePartnerSettings: async (_parent, { input }, { caller, dataSources }) => {
    requireEveryClient(caller.grant, 'updatePartnerSettings');
    const rules = new InputChecks();
    rules.check(() => checkUrl(input.redirectUrl, 'input.redirectUrl', ['https:', 'http:']));
    // Webhook notifications need HTTPS with a valid certificate (spec §6).
    rules.check(() => checkUrl(input.webhookUrl, 'input.webhookUrl', ['https:']));
    rules.done();
    return dataSources.partner.updatePartnerSettings(requirePartnerId(caller), {
      allow_client_to_add_phone_no: input.allowClientToAddPhoneNumber,
      partner_redirect_url: input.redirectUrl,
      webhook_url: input.webhookUrl,
    });
  },

  enableLocalStorage: async (_parent, { clientId, channelId, region }, context) => {
    const partnerId = requirePartnerId(context.caller);
    // Hosting from the (cached) channel listing, before anything is written.
    const channel = await context.loaders.channelById.load({ partnerId, id: channelId });
    if (!channel) throw new NotFoundError(`Channel ${channelId} not found`);
    if (channel.client_id !== clientId) {
      throw new BadUserInputError(`Channel ${channelId} belongs to client ${channel.client_id}, not ${clientId}`, 'clientId');
    }
    const hosting = hostingOf(channel);
    if (hosting !== 'CLOUD') {
      throw new UnsupportedForHostingError('Local storage (A10)', hosting === 'ON_PREMISE' ? 'on-premise' : 'unknown-hosting');
    }
    const result = await context.dataSources.partner.enableLocalStorage(partnerId, clientId, channelId, region);
    forgetChannels(context);
    return localStorageResult(result, { partnerId, channelId });
  },

  disableLocalStorage: async (_parent, { clientId, channelId }, context) => {
    const partnerId = requirePartnerId(context.caller);
    await requireGrantedChannel(context, partnerId, clientId, channelId);
    const result = await context.dataSources.partner.disableLocalStorage(partnerId, clientId, channelId);
    forgetChannels(context);
    return localStorageResult(result, { partnerId, channelId });
  },

  setDefaultDataLocalizationRegion: async (_parent, { region }, context) => {
    requireEveryClient(context.caller.grant, 'setDefaultDataLocalizationRegion');
    const result = await context.dataSources.partner.setDefaultDataLocalizationRegion(requirePartnerId(context.caller), region);
    forgetChannels(context);
    const stored = result.data?.default_data_localization_region;
    if (result.meta?.success === false || stored !== region) {
      throw new HubgraphError(
        `The upstream did not confirm the default region ${region}${result.meta?.developer_message ? `: ${result.meta.developer_message}` : ''}`,
        ErrorCode.UpstreamError,
        { upstream: { endpoint: 'A12', status: result.meta?.http_code ?? 200, title: result.meta?.developer_message ?? null, stored: stored ?? null } },
      );
    }
    return region;
  },
};
