// Upstream shapes as the service interface describes them (snake_case, spec section 2).
// Resolvers receive these through codegen `mappers`; nothing here is renamed.

export interface UserRefDto {
  user_id?: string | null;
  user_name?: string | null;
}

export interface ClientDto {
  id: string;
  name?: string | null;
  status?: string | null;
  organisation?: string | null;
  meta_info?: {
    business_vertical?: string | null;
    timezone?: string | null;
    about?: string | null;
    business_description?: string | null;
    use_case?: string | null;
  } | null;
  contact_info?: {
    webpage_url?: string | null;
    phone?: string | null;
    language?: string | null;
    country?: string | null;
    street_name?: string | null;
    city?: string | null;
    email?: string | null;
    full_name?: string | null;
    zip_code?: string | null;
  } | null;
  contact_user?: { phone?: string | null; email?: string | null; name?: string | null } | null;
  partner_payload?: string | null;
  created_at?: string | null;
  modified_at?: string | null;
  created_by?: UserRefDto | null;
  modified_by?: UserRefDto | null;
  max_channels?: number | null;
}

export type HostingPlatformType = 'net_cloud_api' | 'net_hosting';

export interface ChannelDto {
  id: string;
  client_id: string;
  account_mode?: string | null;
  billing_started_at?: string | null;
  cancelled_at?: string | null;
  terminated_at?: string | null;
  created_at?: string | null;
  modified_at?: string | null;
  current_limit?: string | null;
  current_quality_rating?: string | null;
  current_quality_update_event?: unknown;
  has_inbox?: boolean | null;
  hub_status: string;
  status?: string | null;
  is_migrated?: boolean | null;
  is_oba?: boolean | null;
  version?: number | null;
  client?: {
    id: string;
    name?: string | null;
    partner_payload?: string | null;
    contact_info?: { country?: string | null; email?: string | null; street_name?: string | null } | null;
  } | null;
  integration?: {
    app_id?: string | null;
    enabled?: boolean | null;
    hosting_platform_type?: string | null;
    state?: string | null;
  } | null;
  settings?: { data_localization_region?: string | null; tier?: string | null } | null;
  setup_info?: { phone_name?: string | null; phone_number?: string | null; [extra: string]: unknown } | null;
  waba_account?: {
    external_id?: string | null;
    fb_account_status?: string | null;
    fb_business_id?: string | null;
    id?: string | null;
    namespace?: string | null;
    on_behalf_of_business_info?: { id?: string | null; name?: string | null; status?: string | null; type?: string | null } | null;
  } | null;
}

export interface ListingDto {
  count: number;
  filters?: unknown;
  sort?: string[] | string | null;
  limit?: number | null;
  offset?: number | null;
  total: number;
}

export interface ClientListingDto extends ListingDto {
  clients: ClientDto[];
}

export interface ChannelListingDto extends ListingDto {
  partner_channels: ChannelDto[];
}

/** An upstream record plus the partner it was read for (the path's partner_id). */
export type Owned<T> = T & { partnerId: string };
export type ClientNode = Owned<ClientDto>;
export type ChannelNode = Owned<ChannelDto>;

/** What list fields resolve to: the page plus the numbers of the listing. */
export interface ClientListDto {
  total: number;
  count: number;
  limit: number | null;
  offset: number | null;
  nodes: ClientNode[];
  appliedFilters: unknown;
  appliedSort: string[] | null;
}

export interface ChannelListDto {
  total: number;
  count: number;
  limit: number | null;
  offset: number | null;
  nodes: ChannelNode[];
  appliedFilters: unknown;
  appliedSort: string[] | null;
}

/** A partner is known by id alone; its fields are resolved through listings. */
export interface PartnerRef {
  id: string;
}

export interface UsagePeriodDto {
  period_date: string;
  authentication_quantity?: number;
  authentication_paid_quantity?: number;
  authentication_price?: number;
  marketing_quantity?: number;
  marketing_paid_quantity?: number;
  marketing_price?: number;
  service_quantity?: number;
  service_paid_quantity?: number;
  service_price?: number;
  utility_quantity?: number;
  utility_paid_quantity?: number;
  utility_price?: number;
  business_initiated_quantity?: number;
  business_initiated_paid_quantity?: number;
  business_initiated_price?: number;
  user_initiated_quantity?: number;
  user_initiated_paid_quantity?: number;
  user_initiated_price?: number;
  free_entry_point?: number;
  free_quantity?: number;
  free_tier?: number;
  quantity?: number;
  paid_quantity?: number;
  total_price?: number;
}

export interface UsageDto {
  balance: number;
  currency: string;
  last_renewal?: { date?: string | null; amount?: number | null } | null;
  bi_price_for_currency_and_client_country?: number | null;
  ui_price_for_currency_and_client_country?: number | null;
  estimated_template_cost?: number | null;
  granularity: string;
  usage: UsagePeriodDto[];
}

export interface ApiKeyDto {
  id?: string | null;
  address?: string | null;
  api_key: string;
  app_id?: string | null;
}

export interface WebhookRestoreResult {
  restored: boolean;
  url: string | null;
  error: string | null;
}

export interface ApiKeyResult extends ApiKeyDto, ChannelScoped {
  webhookRestore: WebhookRestoreResult | null;
}

export interface PartnerDto {
  id: string;
  webhook_url?: string | null;
  partner_redirect_url?: string | null;
  brand_name?: string | null;
  logo_url?: string | null;
  onboarding_deeplink_add_params?: boolean | null;
  payment_plan?: unknown;
  payment_required?: boolean | null;
}

export interface LocalStorageDto {
  meta: { success: boolean; http_code?: number | null; developer_message?: string | null };
}

export interface DefaultRegionDto {
  meta: { success: boolean; http_code?: number | null; developer_message?: string | null };
  data: { default_data_localization_region: string };
}

export interface MediaRecordDto {
  messaging_product?: string;
  url?: string;
  mime_type?: string;
  sha256?: string;
  file_size?: string | number;
  id: string;
}

/** Media as the graph sees it: the record (when read) and the channel whose key serves it. */
export interface MediaRef {
  channelId: string;
  id: string;
  record: MediaRecordDto | null;
}

export interface BusinessProfileDto {
  address?: string | null;
  description?: string | null;
  email?: string | null;
  vertical?: string | null;
  websites?: string[] | null;
  profile_picture_url?: string | null;
  messaging_product?: string;
}

export interface WebhookConfigDto {
  url?: string | null;
  headers?: Record<string, string> | null;
}

export interface WabaWebhookDto extends WebhookConfigDto {
  waba_id?: string | null;
  numbers_on_this_waba?: string[] | null;
  message?: string | null;
}

export interface InsightSourceDto {
  id: string;
  app_id?: string | null;
  client_id?: string | null;
  name?: string | null;
  message?: string | null;
  category?: string | null;
  type?: string | null;
  direction?: string | null;
  created_time?: string | null;
  total_conversations?: number | null;
  total_spend?: number | null;
  currency?: string | null;
}

export interface InsightPointDto {
  source_id: string;
  date: string;
  conversations: number;
  currency?: string | null;
  spend: number;
}

export interface InsightSourceEntryDto {
  source: InsightSourceDto;
  insights: InsightPointDto[];
}

export interface InsightActionDto {
  id: string;
  app_id?: string | null;
  client_id?: string | null;
  message?: string | null;
  type?: string | null;
  hits: number;
}

export interface ActionSourceDto {
  app_id?: string | null;
  client_id?: string | null;
  source_id: string;
  hits: number;
}

export interface InsightsPageDto<T> {
  data: T[];
  total_count: number;
  offset?: number | null;
  limit?: number | null;
}

/** The client whose insights are asked for; `allowed` is read lazily. */
export interface ClientInsightsRef {
  partnerId: string;
  clientId: string;
}

/** The channel a mutation answer or a channel's sub-object belongs to, so the answer can lead back to it by id. */
export interface ChannelRef {
  partnerId: string;
  channelId: string;
}

/** Answers that carry their channel, so a normalized client cache updates that channel without a refetch. */
export interface ChannelScoped {
  channelRef: ChannelRef;
}

export type BusinessProfileModel = BusinessProfileDto & ChannelScoped;

export interface WebhookConfigModel extends ChannelScoped {
  url: string | null;
  headers: unknown;
}

export interface WabaWebhookModel extends WebhookConfigModel {
  wabaId: string | null;
  numbers: string[] | null;
  message: string | null;
}

export interface LocalStorageModel extends ChannelScoped {
  success: boolean;
  httpCode: number | null;
  message: string | null;
}

export interface ContactActionModel extends ChannelScoped {
  success: boolean;
  phoneNumber: string;
  /** Whether the contact is blocked after the action; null when the action says nothing about it. */
  blocked: boolean | null;
}

/** A source as a listing returns it, or as a rename answers it: only id, client and the new name are known then. */
export interface InsightSourceModel {
  source: InsightSourceDto;
  /** null: not part of this answer (a rename), so the fields the answer lacks are errors rather than invented values. */
  insights: InsightPointDto[] | null;
}

/** B1 answers: cloud `{messaging_product, contacts, messages}`, on-premise `{messages, meta}`. */
export interface SendResponseDto {
  contacts?: Array<{ input?: string | null; wa_id?: string | null }> | null;
  messages?: Array<{ id?: string | null }> | null;
  /** On-premise: the server's `api_status` and `version`. */
  meta?: { api_status?: string | null; version?: string | null } | null;
}

/** The body of a webhook configuration sent upstream (B6): the URL to call and the headers to call it with. */
export interface WebhookConfigBody {
  url: string;
  headers: Record<string, string>;
}
