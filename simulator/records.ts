// The records the simulated upstream answers with, written from the service interface's section 2
// (Resources and their fields) on their own: the gateway's reading of the same section is not used here,
// so a misreading on either side shows as a disagreement instead of being checked against itself.
// Fields the interface marks nullable are `| null`; every other field is always present in what the
// simulator answers.

/** 2.1 `created_by` / `modified_by`. */
export interface UserRecord {
  user_id: string;
  user_name: string;
}

/** 2.1 Client. */
export interface ClientRecord {
  id: string;
  name: string;
  /** Sample value `active`; other values not shown. */
  status: string;
  organisation: string;
  meta_info: { business_vertical: string; timezone: string; about: string; business_description: string; use_case: string };
  contact_info: {
    webpage_url: string;
    phone: string;
    language: string;
    country: string;
    street_name: string;
    city: string;
    email: string;
    full_name: string;
    zip_code: string;
  };
  contact_user: { phone: string; email: string; name: string };
  partner_payload: string | null;
  created_at: string;
  modified_at: string;
  created_by: UserRecord;
  modified_by: UserRecord;
  max_channels: number;
}

/** 2.2 `integration.hosting_platform_type`: cloud hosting, on-premise hosting. */
export type HostingPlatform = 'net_cloud_api' | 'net_hosting';

/** 2.2 Channel, as the channel listing (A4) returns it inside `partner_channels`. */
export interface ChannelRecord {
  id: string;
  client_id: string;
  account_mode: string;
  billing_started_at: string;
  cancelled_at: string | null;
  terminated_at: string | null;
  created_at: string;
  /** `TIER_<n>K`. */
  current_limit: string;
  current_quality_rating: string;
  /** Deprecated upstream; always present. */
  has_inbox: boolean;
  /** 2.3's values. */
  hub_status: string;
  status: string;
  is_migrated: boolean;
  is_oba: boolean;
  version: number;
  client: { id: string; name: string; partner_payload: string | null; contact_info: { country: string; email: string; street_name: string } };
  integration: { app_id: string; enabled: boolean; hosting_platform_type: HostingPlatform; state: string };
  /** `data_localization_region`: two letters; null is the default US storage. */
  settings: { data_localization_region: string | null; tier: string };
  setup_info: { phone_name: string; phone_number: string };
  waba_account: {
    external_id: string;
    fb_account_status: string;
    fb_business_id: string;
    id: string;
    namespace: string;
    on_behalf_of_business_info: { id: string; name: string; status: string; type: string };
  };
}

/** 2.4's usage figures: quantities per category, business/user initiated, free and totals. */
type UsageCategory = 'authentication' | 'marketing' | 'service' | 'utility' | 'business_initiated' | 'user_initiated';
export type UsageFigure =
  | `${UsageCategory}_${'quantity' | 'paid_quantity' | 'price'}`
  | 'free_entry_point'
  | 'free_quantity'
  | 'free_tier'
  | 'quantity'
  | 'paid_quantity'
  | 'total_price';

/** 2.4 one `usage` entry: a period and its figures (quantities integers, prices decimals). */
export type UsagePeriodRecord = { period_date: string } & Record<UsageFigure, number>;

/** 2.5 Partner record. */
export interface PartnerRecord {
  id: string;
  webhook_url: string;
  partner_redirect_url: string;
  brand_name: string | null;
  logo_url: string | null;
  onboarding_deeplink_add_params: boolean;
  payment_plan: Record<string, unknown>;
  payment_required: boolean;
}

/** 2.9 source; the totals are computed for the dates asked, so a stored source has none. */
export interface SourceRecord {
  id: string;
  app_id: string;
  client_id: string;
  name: string;
  message: string;
  /** Sample `known`. */
  category: string;
  /** Sample `ctwa`. */
  type: string;
  /** Sample `incoming`. */
  direction: string;
  created_time: string;
  currency: string;
}

export interface SourceWithTotals extends SourceRecord {
  total_conversations: number;
  total_spend: number;
}

/** 2.9 insight: one source on one date. */
export interface SourceInsightRecord {
  source_id: string;
  date: string;
  conversations: number;
  currency: string;
  spend: number;
}

/** 2.9 action: a first message received; `hits` is counted for the dates asked. */
export interface ActionRecord {
  id: string;
  app_id: string;
  client_id: string;
  message: string;
  /** Sample `text`. */
  type: string;
}
