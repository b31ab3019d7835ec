import { afterAll, describe, expect, it } from '@jest/globals';
import { ApolloServer } from '@apollo/server';
import { loadConfig } from '../../src/config.js';
import { createContext, type Context } from '../../src/context.js';
import type { ChannelNode, ClientNode } from '../../src/datasources/types.js';
import { createLogger } from '../../src/observability/logger.js';
import { fieldErrorsPlugin } from '../../src/http/plugins/field-errors.js';
import { stepsPlugin } from '../../src/http/plugins/step-plugin.js';
import { buildSchema } from '../../src/schema.js';
import { createServices } from '../../src/services.js';
import { LogCapture } from '../support/log-capture.js';
import { singleResult } from '../support/single-result.js';

// Nothing listens on port 9 (discard): a resolver that wrongly goes upstream fails the test.
const UNREACHABLE = 'http://127.0.0.1:9';
const PARTNER = 'partner-unit';

const config = loadConfig({
  PARTNER_API_URL: `${UNREACHABLE}/api/v2`,
  CLOUD_API_URL: `${UNREACHABLE}/cloud`,
  ONPREM_API_URL: `${UNREACHABLE}/onprem`,
  INSIGHTS_API_URL: `${UNREACHABLE}/insights`,
  PARTNER_ID: PARTNER,
  PARTNER_TOKEN: 'unit-partner-token',
  UPSTREAM_RETRIES: '0',
  KEYSTORE_SECRET: 'unit-keystore-secret-0123456789',
});
const logs = new LogCapture();
const logger = createLogger('info', logs);
const services = await createServices({ config, upstreamUrls: config.upstream!, logger });
const apollo = new ApolloServer<Context>({ schema: buildSchema(), logger, plugins: [stepsPlugin([fieldErrorsPlugin()])] });

afterAll(async () => {
  await apollo.stop();
  await services.close();
});

const client: ClientNode = {
  partnerId: PARTNER,
  id: 'client-9',
  name: 'Northwind Traders',
  status: 'active',
  organisation: 'Northwind Traders Ltd',
  meta_info: { business_vertical: 'RETAIL', timezone: 'Europe/Berlin', about: 'About us', business_description: 'We trade', use_case: 'support' },
  contact_info: {
    webpage_url: 'https://northwind.example',
    phone: '+4930100',
    language: 'en',
    country: 'DE',
    street_name: 'Market Street 1',
    city: 'Berlin',
    email: 'ops@northwind.example',
    full_name: 'Ada Lovelace',
    zip_code: '10115',
  },
  contact_user: { phone: '+4915200', email: 'admin@northwind.example', name: 'Admin' },
  partner_payload: 'crm-9',
  created_at: '2025-01-02T03:04:05Z',
  modified_at: '2025-06-07T08:09:10.500Z',
  created_by: { user_id: 'user-1', user_name: 'onboarding' },
  modified_by: { user_id: 'user-2', user_name: 'support' },
  max_channels: 10,
};

function channel(overrides: Partial<ChannelNode> = {}): ChannelNode {
  return {
    partnerId: PARTNER,
    id: 'channel-9',
    client_id: 'client-9',
    account_mode: 'live',
    billing_started_at: '2025-02-01T00:00:00Z',
    cancelled_at: '2025-09-01T12:00:00+02:00',
    terminated_at: null,
    created_at: '2025-01-15T10:00:00Z',
    current_limit: 'TIER_10K',
    current_quality_rating: 'High',
    has_inbox: false,
    hub_status: 'pending_deletion',
    status: 'ready',
    is_migrated: true,
    is_oba: false,
    version: 2,
    client: { id: 'client-9', name: 'Northwind Traders', partner_payload: 'crm-9', contact_info: { country: 'DE' } },
    integration: { app_id: 'app-9', enabled: true, hosting_platform_type: 'net_hosting', state: 'running' },
    settings: { data_localization_region: 'DE', tier: 'regular' },
    setup_info: { phone_name: 'Northwind Support', phone_number: '+49 30 5550009' },
    waba_account: {
      external_id: 'waba-ext-9',
      fb_account_status: 'verified',
      fb_business_id: 'fb-1009',
      id: 'waba-9',
      namespace: 'ns_9',
      on_behalf_of_business_info: { id: 'obo-9', name: 'Northwind', status: 'approved', type: 'OBO' },
    },
    ...overrides,
  };
}

/** Runs an operation with the loaders primed, so the mapping is exercised without any upstream call. */
async function run(query: string, channels: ChannelNode[]) {
  const contextValue = await createContext(services, { headers: {}, requestId: 'unit' });
  contextValue.loaders.primeClients(PARTNER, [client]);
  contextValue.loaders.primeChannels(PARTNER, channels);
  return singleResult(await apollo.executeOperation({ query }, { contextValue }));
}

const CLIENT_FIELDS = `id name status organisation partnerPayload maxChannels createdAt modifiedAt
  metaInfo { businessVertical timezone about businessDescription useCase }
  contactInfo { webpageUrl phone language country streetName city email fullName zipCode }
  contactUser { phone email name }
  createdBy { userId userName } modifiedBy { userId userName }`;

const CHANNEL_FIELDS = `id clientId hubStatus hubStatusRaw hosting status accountMode phoneNumber displayName
  currentLimit currentQualityRating billingStartedAt cancelledAt terminatedAt createdAt isMigrated isOba version
  dataLocalizationRegion tier
  integration { appId enabled hostingPlatformType state }
  wabaAccount { id externalId fbAccountStatus fbBusinessId namespace onBehalfOfBusinessInfo { id name status type } }
  client { id name }`;

describe('Client mapping (spec 2.1)', () => {
  it('maps every field snake_case → camelCase with ISO timestamps', async () => {
    const result = await run(`{ client(id: "client-9") { ${CLIENT_FIELDS} } }`, []);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      client: {
        id: 'client-9',
        name: 'Northwind Traders',
        status: 'active',
        organisation: 'Northwind Traders Ltd',
        partnerPayload: 'crm-9',
        maxChannels: 10,
        createdAt: '2025-01-02T03:04:05.000Z',
        modifiedAt: '2025-06-07T08:09:10.500Z',
        metaInfo: { businessVertical: 'RETAIL', timezone: 'Europe/Berlin', about: 'About us', businessDescription: 'We trade', useCase: 'support' },
        contactInfo: {
          webpageUrl: 'https://northwind.example',
          phone: '+4930100',
          language: 'en',
          country: 'DE',
          streetName: 'Market Street 1',
          city: 'Berlin',
          email: 'ops@northwind.example',
          fullName: 'Ada Lovelace',
          zipCode: '10115',
        },
        contactUser: { phone: '+4915200', email: 'admin@northwind.example', name: 'Admin' },
        createdBy: { userId: 'user-1', userName: 'onboarding' },
        modifiedBy: { userId: 'user-2', userName: 'support' },
      },
    });
  });

  it('maps absent optional objects and a null partner_payload to null', async () => {
    const bare: ClientNode = { partnerId: PARTNER, id: 'client-bare', partner_payload: null };
    const contextValue = await createContext(services, { headers: {}, requestId: 'unit' });
    contextValue.loaders.primeClients(PARTNER, [bare]);
    const result = singleResult(await apollo.executeOperation({ query: `{ client(id: "client-bare") { ${CLIENT_FIELDS} } }` }, { contextValue }));
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      client: {
        id: 'client-bare',
        name: null,
        status: null,
        organisation: null,
        partnerPayload: null,
        maxChannels: null,
        createdAt: null,
        modifiedAt: null,
        metaInfo: null,
        contactInfo: null,
        contactUser: null,
        createdBy: null,
        modifiedBy: null,
      },
    });
  });
});

describe('Channel mapping (spec 2.2, 2.3)', () => {
  it('maps every field: hub_status → HubStatus, hosting from integration, region, timestamps', async () => {
    const result = await run(`{ channel(id: "channel-9") { ${CHANNEL_FIELDS} } }`, [channel()]);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      channel: {
        id: 'channel-9',
        clientId: 'client-9',
        hubStatus: 'PENDING_DELETION',
        hubStatusRaw: 'pending_deletion',
        hosting: 'ON_PREMISE',
        status: 'ready',
        accountMode: 'live',
        phoneNumber: '+49 30 5550009',
        displayName: 'Northwind Support',
        currentLimit: 'TIER_10K',
        currentQualityRating: 'High',
        billingStartedAt: '2025-02-01T00:00:00.000Z',
        cancelledAt: '2025-09-01T10:00:00.000Z',
        terminatedAt: null,
        createdAt: '2025-01-15T10:00:00.000Z',
        isMigrated: true,
        isOba: false,
        version: 2,
        dataLocalizationRegion: 'DE',
        tier: 'regular',
        integration: { appId: 'app-9', enabled: true, hostingPlatformType: 'net_hosting', state: 'running' },
        wabaAccount: {
          id: 'waba-9',
          externalId: 'waba-ext-9',
          fbAccountStatus: 'verified',
          fbBusinessId: 'fb-1009',
          namespace: 'ns_9',
          onBehalfOfBusinessInfo: { id: 'obo-9', name: 'Northwind', status: 'approved', type: 'OBO' },
        },
        client: { id: 'client-9', name: 'Northwind Traders' },
      },
    });
  });

  it.each([
    ['draft', 'DRAFT'],
    ['live', 'LIVE'],
    ['sandbox', 'SANDBOX'],
    ['pending_deletion', 'PENDING_DELETION'],
    ['unregistered', 'UNREGISTERED'],
    ['done', 'DONE'],
    ['pending', 'PENDING'],
  ])('maps hub_status %s to %s', async (raw, expected) => {
    const result = await run('{ channel(id: "channel-9") { hubStatus } }', [channel({ hub_status: raw })]);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ channel: { hubStatus: expected } });
  });

  it.each([
    ['net_cloud_api', 'CLOUD'],
    ['net_hosting', 'ON_PREMISE'],
  ])('maps hosting_platform_type %s to %s', async (raw, expected) => {
    const result = await run('{ channel(id: "channel-9") { hosting } }', [channel({ integration: { hosting_platform_type: raw } })]);
    expect(result.data).toEqual({ channel: { hosting: expected } });
  });

  it('maps a null region to null (the default US storage)', async () => {
    const result = await run('{ channel(id: "channel-9") { dataLocalizationRegion tier } }', [
      channel({ settings: { data_localization_region: null, tier: null } }),
    ]);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ channel: { dataLocalizationRegion: null, tier: null } });
  });
});

describe('unknown upstream enum values', () => {
  it('resolves an unknown hub_status to UNKNOWN, keeps the rest of the query and reports + logs it at that field', async () => {
    logs.lines.length = 0;
    const result = await run('{ channel(id: "channel-9") { id hubStatus hubStatusRaw phoneNumber client { name } } }', [
      channel({ hub_status: 'archived_v3' }),
    ]);
    expect(result.data).toEqual({
      channel: { id: 'channel-9', hubStatus: 'UNKNOWN', hubStatusRaw: 'archived_v3', phoneNumber: '+49 30 5550009', client: { name: 'Northwind Traders' } },
    });
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]).toMatchObject({
      path: ['channel', 'hubStatus'],
      extensions: { code: 'UPSTREAM_ERROR', upstreamField: 'hub_status', upstreamValue: 'archived_v3' },
    });
    expect(result.errors?.[0]?.message).toContain('archived_v3');
    expect(logs.entries()).toContainEqual(
      expect.objectContaining({ level: 40, channelId: 'channel-9', upstreamField: 'hub_status', value: 'archived_v3', msg: 'unknown upstream enum value' }),
    );
  });

  it('resolves an unknown hosting_platform_type to UNKNOWN with an error at that field', async () => {
    logs.lines.length = 0;
    const result = await run('{ channel(id: "channel-9") { id hosting } }', [channel({ integration: { hosting_platform_type: 'net_edge' } })]);
    expect(result.data).toEqual({ channel: { id: 'channel-9', hosting: 'UNKNOWN' } });
    expect(result.errors).toEqual([
      expect.objectContaining({ path: ['channel', 'hosting'], extensions: expect.objectContaining({ upstreamValue: 'net_edge' }) }),
    ]);
    expect(logs.entries()).toContainEqual(expect.objectContaining({ upstreamField: 'integration.hosting_platform_type', value: 'net_edge' }));
  });

  it('turns an unknown region into an error on that field only (null there, the rest intact) and logs it', async () => {
    logs.lines.length = 0;
    const result = await run('{ channel(id: "channel-9") { id hubStatus dataLocalizationRegion tier } }', [
      channel({ hub_status: 'live', settings: { data_localization_region: 'XX', tier: 'regular' } }),
    ]);
    expect(result.data).toEqual({ channel: { id: 'channel-9', hubStatus: 'LIVE', dataLocalizationRegion: null, tier: 'regular' } });
    expect(result.errors).toEqual([
      expect.objectContaining({
        path: ['channel', 'dataLocalizationRegion'],
        extensions: expect.objectContaining({ code: 'UPSTREAM_ERROR', upstreamValue: 'XX' }),
      }),
    ]);
    expect(logs.entries()).toContainEqual(expect.objectContaining({ level: 40, channelId: 'channel-9', region: 'XX' }));
  });
});
