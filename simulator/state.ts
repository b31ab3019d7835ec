import type { ChannelRecord, ClientRecord, PartnerRecord, UsagePeriodRecord } from './records.js';

/** The two hosting variants of area B, by the root that serves them. */
export type SimHosting = 'cloud' | 'onPremise';

export interface SimPartner extends PartnerRecord {
  token: string;
  allow_client_to_add_phone_no: boolean;
  default_data_localization_region: string | null;
}

/** A client and the partner that owns it. */
export type SimClient = ClientRecord & { partner_id: string };

/** A channel, the partner that owns it, and when it last changed (a filter and sort field of A4). */
export type SimChannel = ChannelRecord & { partner_id: string; modified_at: string };

export interface SimWebhook {
  url: string;
  headers: Record<string, string>;
}

/** Everything the simulated upstream knows; mutated by its routes, inspected by tests. */
export interface SimState {
  partners: Map<string, SimPartner>;
  clients: Map<string, SimClient>;
  channels: Map<string, SimChannel>;
  /** Channels each partner may manage (A5), by client. */
  sharedNumbers: Set<string>;
  /** Area-B API key → channel id. */
  apiKeys: Map<string, string>;
  /** Number-level webhooks by channel id. */
  webhooks: Map<string, SimWebhook>;
  /** Monthly usage seed per client (period start → record), channel share by channel id. */
  usage: Map<string, UsagePeriodRecord[]>;
  balances: Map<string, { balance: number; currency: string; last_renewal: { date: string; amount: number } }>;
  /** Area-specific state registered by the area modules (messaging, insights). */
  extensions: Map<string, unknown>;
}

export function emptyState(): SimState {
  return {
    partners: new Map(),
    clients: new Map(),
    channels: new Map(),
    sharedNumbers: new Set(),
    apiKeys: new Map(),
    webhooks: new Map(),
    usage: new Map(),
    balances: new Map(),
    extensions: new Map(),
  };
}

/** Area modules keep their own state under a name, created on first use. */
export function extension<T>(state: SimState, name: string, create: () => T): T {
  let value = state.extensions.get(name) as T | undefined;
  if (value === undefined) {
    value = create();
    state.extensions.set(name, value);
  }
  return value;
}

/** On-premise hosting (`net_hosting`); every other channel is served by the cloud root. */
export function isOnPremise(channel: Pick<ChannelRecord, 'integration'> | undefined): boolean {
  return channel?.integration.hosting_platform_type === 'net_hosting';
}
