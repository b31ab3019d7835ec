import type { UsagePeriodRecord } from './records.js';
import { emptyState, type SimChannel, type SimClient, type SimState } from './state.js';

/** Credentials of the seeded partners; the gateway uses the first in simulator mode. */
export const SIM_PARTNERS = [
  { id: 'partner-acme', token: 'sim-partner-token-acme', brand: 'Acme Messaging' },
  { id: 'partner-globex', token: 'sim-partner-token-globex', brand: 'Globex Connect' },
] as const;

const HUB_STATUSES = ['live', 'draft', 'sandbox', 'pending_deletion', 'unregistered', 'done', 'pending'] as const;
const COUNTRIES = ['DE', 'GB', 'NL', 'FR', 'ES', 'IT', 'BR', 'IN'];
const VERTICALS = ['RETAIL', 'HEALTH', 'EDU', 'TRAVEL', 'FINANCE', 'RESTAURANT'];
const CLIENT_NAMES = [
  'Northwind Traders',
  'Blue Harbor Clinic',
  'Evergreen Academy',
  'Skyline Travel',
  'Copperleaf Bank',
  'Saffron Kitchen',
  'Lumen Outfitters',
  'Orbit Telecom',
];

const iso = (date: Date) => date.toISOString();
const daysAgo = (days: number, from: Date) => new Date(from.getTime() - days * 86_400_000);

/** Deterministic pseudo-random numbers so seeds (and tests) are repeatable. */
function random(seed: number) {
  let value = seed;
  return () => {
    value = (value * 1_103_515_245 + 12_345) % 2_147_483_648;
    return value / 2_147_483_648;
  };
}

function usagePeriods(clientIndex: number, now: Date): UsagePeriodRecord[] {
  const next = random(clientIndex + 7);
  const periods: UsagePeriodRecord[] = [];
  // 120 days of daily records; A2/A3 aggregate them by month on request.
  for (let day = 119; day >= 0; day -= 1) {
    const date = daysAgo(day, now);
    date.setUTCHours(0, 0, 0, 0);
    const category = (price: number) => {
      const quantity = Math.floor(next() * 20);
      const paid = Math.max(0, quantity - Math.floor(next() * 3));
      return { quantity, paid, price: Number((paid * price).toFixed(4)) };
    };
    const authentication = category(0.03);
    const marketing = category(0.11);
    const service = category(0.02);
    const utility = category(0.04);
    const businessInitiated = {
      quantity: authentication.quantity + marketing.quantity + utility.quantity,
      paid: authentication.paid + marketing.paid + utility.paid,
      price: Number((authentication.price + marketing.price + utility.price).toFixed(4)),
    };
    const quantity = businessInitiated.quantity + service.quantity;
    const paid = businessInitiated.paid + service.paid;
    const freeEntryPoint = Math.floor(next() * 2);
    const freeTier = quantity - paid - freeEntryPoint > 0 ? quantity - paid - freeEntryPoint : 0;
    periods.push({
      period_date: iso(date),
      authentication_quantity: authentication.quantity,
      authentication_paid_quantity: authentication.paid,
      authentication_price: authentication.price,
      marketing_quantity: marketing.quantity,
      marketing_paid_quantity: marketing.paid,
      marketing_price: marketing.price,
      service_quantity: service.quantity,
      service_paid_quantity: service.paid,
      service_price: service.price,
      utility_quantity: utility.quantity,
      utility_paid_quantity: utility.paid,
      utility_price: utility.price,
      business_initiated_quantity: businessInitiated.quantity,
      business_initiated_paid_quantity: businessInitiated.paid,
      business_initiated_price: businessInitiated.price,
      user_initiated_quantity: service.quantity,
      user_initiated_paid_quantity: service.paid,
      user_initiated_price: service.price,
      free_entry_point: freeEntryPoint,
      free_quantity: quantity - paid,
      free_tier: freeTier,
      quantity,
      paid_quantity: paid,
      total_price: Number((businessInitiated.price + service.price).toFixed(4)),
    });
  }
  return periods;
}

/**
 * Two partners; the first has 6 clients and 14 channels covering every hub status and both
 * hosting variants, the second 2 clients with 2 channels (for tenant-isolation checks).
 */
export function seedState(now = new Date()): SimState {
  const state = emptyState();
  let clientIndex = 0;
  let channelIndex = 0;
  for (const [partnerIndex, partner] of SIM_PARTNERS.entries()) {
    state.partners.set(partner.id, {
      id: partner.id,
      token: partner.token,
      webhook_url: `https://hooks.${partner.id}.example/partner`,
      partner_redirect_url: `https://${partner.id}.example/onboarded`,
      brand_name: partner.brand,
      logo_url: null,
      onboarding_deeplink_add_params: false,
      payment_plan: { type: 'partner_paid', currency: 'EUR' },
      payment_required: false,
      allow_client_to_add_phone_no: true,
      default_data_localization_region: null,
    });
    const clientCount = partnerIndex === 0 ? 6 : 2;
    for (let c = 0; c < clientCount; c += 1, clientIndex += 1) {
      const name = CLIENT_NAMES[clientIndex % CLIENT_NAMES.length];
      const country = COUNTRIES[clientIndex % COUNTRIES.length];
      const clientId = `client-${String(clientIndex + 1).padStart(3, '0')}`;
      const created = daysAgo(400 - clientIndex * 20, now);
      const client: SimClient = {
        partner_id: partner.id,
        id: clientId,
        name,
        status: clientIndex % 5 === 4 ? 'inactive' : 'active',
        organisation: `${name} Ltd`,
        meta_info: {
          business_vertical: VERTICALS[clientIndex % VERTICALS.length],
          timezone: 'Europe/Berlin',
          about: `${name} talks to its customers here.`,
          business_description: `${name} serves customers in ${country}.`,
          use_case: 'customer support',
        },
        contact_info: {
          webpage_url: `https://${name.toLowerCase().replace(/\s+/g, '-')}.example`,
          phone: `+4930${String(1_000_000 + clientIndex)}`,
          language: 'en',
          country,
          street_name: `${10 + clientIndex} Market Street`,
          city: ['Berlin', 'London', 'Amsterdam', 'Paris', 'Madrid', 'Rome', 'Sao Paulo', 'Mumbai'][clientIndex % 8],
          email: `ops@${name.toLowerCase().replace(/\s+/g, '-')}.example`,
          full_name: `${['Ada', 'Grace', 'Alan', 'Linus', 'Barbara', 'Ken'][clientIndex % 6]} ${['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Liskov', 'Thompson'][clientIndex % 6]}`,
          zip_code: String(10_115 + clientIndex),
        },
        contact_user: {
          phone: `+4915${String(2_000_000 + clientIndex)}`,
          email: `admin@${name.toLowerCase().replace(/\s+/g, '-')}.example`,
          name: `Admin ${clientIndex + 1}`,
        },
        partner_payload: clientIndex % 3 === 0 ? null : `crm-${clientIndex + 1}`,
        created_at: iso(created),
        modified_at: iso(daysAgo(30 - clientIndex, now)),
        created_by: { user_id: `user-${partnerIndex + 1}`, user_name: 'onboarding' },
        modified_by: { user_id: `user-${partnerIndex + 1}`, user_name: 'onboarding' },
        max_channels: clientIndex % 2 === 0 ? 2 : 10,
      };
      state.clients.set(clientId, client);
      state.usage.set(clientId, usagePeriods(clientIndex, now));
      state.balances.set(clientId, {
        balance: clientIndex % 2 === 0 ? 0 : 125.5 + clientIndex,
        currency: clientIndex % 2 === 0 ? 'eur' : 'EUR',
        last_renewal: { date: iso(daysAgo(15, now)), amount: 100 },
      });

      const channelCount = partnerIndex === 0 ? (c < 2 ? 4 : c < 4 ? 2 : 1) : 1;
      for (let k = 0; k < channelCount; k += 1, channelIndex += 1) {
        const channelId = `channel-${String(channelIndex + 1).padStart(3, '0')}`;
        const onPremise = channelIndex % 3 === 2;
        const hubStatus = HUB_STATUSES[channelIndex % HUB_STATUSES.length];
        const channel: SimChannel = {
          partner_id: partner.id,
          id: channelId,
          client_id: clientId,
          account_mode: hubStatus === 'live' ? 'live' : 'sandbox',
          billing_started_at: iso(daysAgo(300 - channelIndex * 5, now)),
          cancelled_at: null,
          terminated_at: null,
          created_at: iso(daysAgo(320 - channelIndex * 5, now)),
          modified_at: iso(daysAgo(10, now)),
          current_limit: ['TIER_1K', 'TIER_10K', 'TIER_100K'][channelIndex % 3],
          current_quality_rating: ['High', 'Medium', 'Low'][channelIndex % 3],
          has_inbox: false,
          hub_status: hubStatus,
          status: 'ready',
          is_migrated: channelIndex % 4 === 0,
          is_oba: hubStatus === 'done' || hubStatus === 'pending',
          version: 2,
          client: {
            id: clientId,
            name,
            partner_payload: client.partner_payload,
            contact_info: { country, email: client.contact_info.email, street_name: client.contact_info.street_name },
          },
          integration: {
            app_id: `app-${channelId}`,
            enabled: hubStatus === 'live',
            hosting_platform_type: onPremise ? 'net_hosting' : 'net_cloud_api',
            state: 'running',
          },
          settings: { data_localization_region: channelIndex % 5 === 1 && !onPremise ? 'DE' : null, tier: 'regular' },
          setup_info: {
            phone_name: `${name} ${k === 0 ? 'Support' : `Line ${k + 1}`}`,
            phone_number: `+49 30 ${String(5_550_000 + channelIndex)}`,
          },
          waba_account: {
            external_id: `waba-ext-${clientIndex + 1}`,
            fb_account_status: 'verified',
            fb_business_id: `fb-${1000 + clientIndex}`,
            id: `waba-${clientIndex + 1}`,
            namespace: `ns_${clientIndex + 1}`,
            on_behalf_of_business_info: {
              id: `obo-${clientIndex + 1}`,
              name,
              status: 'approved',
              type: 'OBO',
            },
          },
        };
        state.channels.set(channelId, channel);
        if (hubStatus !== 'draft') state.sharedNumbers.add(channelId);
        state.apiKeys.set(`sim-key-${channelId}`, channelId);
      }
    }
  }
  return state;
}
