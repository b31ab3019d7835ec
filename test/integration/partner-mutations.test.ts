import { describe, expect, it } from '@jest/globals';
import { ACME, useTestGateway } from '../support/gateway.js';

const ROOT = `/api/v2/partners/${ACME.id}`;

/** Channels of the seed used here: channel-001..004 belong to client-001, 005..008 to client-002; every third is on-premise. */
describe('partner operations (A7–A12) and no stale read after a write', () => {
  // The listing cache stays on (30 s): a stale read would show.
  const harness = useTestGateway();

  const writes = () => harness.simulator.recorder.requests.filter((request) => request.method !== 'GET');

  it('A7 updateClient: exact request, answer, and the next read sees the change', async () => {
    const before = await harness.execute<{ client: { partnerPayload: string | null; maxChannels: number } }>(
      '{ client(id: "client-002") { partnerPayload maxChannels } }',
    );
    expect(before.body.data?.client).toEqual({ partnerPayload: 'crm-2', maxChannels: 10 });

    const { body } = await harness.execute(
      'mutation { updateClient(clientId: "client-002", input: { partnerPayload: "crm-new", maxChannels: 3 }) { id partnerPayload maxChannels } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ updateClient: { id: 'client-002', partnerPayload: 'crm-new', maxChannels: 3 } });
    const [patch, ...more] = writes();
    expect(more).toHaveLength(0);
    expect(patch).toMatchObject({
      method: 'PATCH',
      path: `${ROOT}/clients/client-002`,
      body: { partner_payload: 'crm-new', max_channels: 3 },
    });
    expect(patch.headers.authorization).toBe(`Bearer ${ACME.token}`);
    expect(patch.headers['content-type']).toMatch(/^application\/json/);

    const after = await harness.execute<{ client: { partnerPayload: string; maxChannels: number } }>(
      '{ client(id: "client-002") { partnerPayload maxChannels } }',
    );
    expect(after.body.data?.client).toEqual({ partnerPayload: 'crm-new', maxChannels: 3 });
    // The channel listing embeds client.partner_payload: its search finds the new value at once.
    const search = await harness.execute<{ partner: { channels: { total: number } } }>('{ partner { channels(filter: { search: "crm-new" }) { total } } }');
    expect(search.body.data?.partner.channels.total).toBe(4);
  });

  it('A7 sends max_channels only when given and rejects it outside 1..10 without a call', async () => {
    for (const value of [0, 11, -1]) {
      const { body } = await harness.execute(`mutation { updateClient(clientId: "client-003", input: { partnerPayload: "x", maxChannels: ${value} }) { id } }`);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.maxChannels' });
    }
    expect(writes()).toHaveLength(0);
    const { body } = await harness.execute('mutation { updateClient(clientId: "client-003", input: { partnerPayload: "" }) { partnerPayload } }');
    expect(body.errors).toBeUndefined();
    expect(writes().map((request) => request.body)).toEqual([{ partner_payload: '' }]);
  });

  it('A8 returns the channel with its new hub status, completed from the fresh listing; usage is read again', async () => {
    const before = await harness.execute<{ channel: { hubStatus: string; cancelledAt: string | null }; client: { usage: { balance: number } } }>(
      '{ channel(id: "channel-008") { hubStatus cancelledAt } client(id: "client-002") { usage { balance } } }',
    );
    expect(before.body.data?.channel).toEqual({ hubStatus: 'LIVE', cancelledAt: null });
    harness.simulator.recorder.clear();

    const { body } = await harness.execute<{
      requestChannelCancellation: {
        id: string;
        clientId: string;
        hubStatus: string;
        cancelledAt: string;
        hosting: string;
        integration: { appId: string };
        displayName: string;
      };
    }>(
      'mutation { requestChannelCancellation(clientId: "client-002", channelId: "channel-008") { id clientId hubStatus cancelledAt hosting integration { appId } displayName } }',
    );
    expect(body.errors).toBeUndefined();
    const channel = body.data!.requestChannelCancellation;
    expect(channel).toMatchObject({
      id: 'channel-008',
      clientId: 'client-002',
      hubStatus: 'PENDING_DELETION',
      hosting: 'CLOUD',
      integration: { appId: 'app-channel-008' },
    });
    expect(channel.cancelledAt).toBe(harness.simulator.state.channels.get('channel-008')!.cancelled_at);
    const [post, ...more] = writes();
    expect(more).toHaveLength(0);
    expect(post).toMatchObject({ method: 'POST', path: `${ROOT}/clients/client-002/channels/channel-008/control/cancellation_request` });
    expect(post.body).toBeUndefined();
    expect(post.headers.authorization).toBe(`Bearer ${ACME.token}`);

    harness.simulator.recorder.clear();
    const after = await harness.execute<{ channel: { hubStatus: string } }>(
      '{ channel(id: "channel-008") { hubStatus } client(id: "client-002") { usage { balance } } }',
    );
    expect(after.body.data?.channel.hubStatus).toBe('PENDING_DELETION');
    expect(harness.simulator.recorder.matching(`${ROOT}/clients/client-002/info/balance`, 'GET')).toHaveLength(1);
  });

  it('requestChannelCancellation answers the setup details of A8; channels read otherwise have none', async () => {
    const SETUP =
      'setupDetails { wasInUse ivr verificationMethod certificate newNameStatus defaultLanguage hasIntegrationLayer error configurationType region shardsNumber }';
    const { body } = await harness.execute<{ requestChannelCancellation: { id: string; setupDetails: unknown } }>(
      `mutation { requestChannelCancellation(clientId: "client-002", channelId: "channel-007") { id ${SETUP} } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.requestChannelCancellation).toEqual({
      id: 'channel-007',
      setupDetails: {
        wasInUse: false,
        ivr: false,
        verificationMethod: 'sms',
        certificate: null,
        newNameStatus: null,
        defaultLanguage: 'en',
        hasIntegrationLayer: true,
        error: null,
        configurationType: null,
        region: null,
        shardsNumber: 1,
      },
    });
    const read = await harness.execute<{ channel: { setupDetails: unknown } }>(`{ channel(id: "channel-007") { ${SETUP} } }`);
    expect(read.body).toEqual({ data: { channel: { setupDetails: null } } });
  });

  it('a later mutation of the same operation sees what an earlier one changed', async () => {
    await harness.execute('{ client(id: "client-003") { channels { nodes { id hubStatus } } } }');
    const { body } = await harness.execute<{
      cancel: { hubStatus: string };
      update: { partnerPayload: string; channels: { nodes: Array<{ id: string; hubStatus: string }> } };
      again: { partnerPayload: string };
    }>(`mutation {
      cancel: requestChannelCancellation(clientId: "client-003", channelId: "channel-009") { hubStatus }
      update: updateClient(clientId: "client-003", input: { partnerPayload: "first" }) { partnerPayload channels { nodes { id hubStatus } } }
      again: updateClient(clientId: "client-003", input: { partnerPayload: "second" }) { partnerPayload }
    }`);
    expect(body.errors).toBeUndefined();
    expect(body.data?.cancel.hubStatus).toBe('PENDING_DELETION');
    expect(body.data?.update.channels.nodes.find((node) => node.id === 'channel-009')?.hubStatus).toBe('PENDING_DELETION');
    expect(body.data?.again.partnerPayload).toBe('second');
    const read = await harness.execute<{ client: { partnerPayload: string } }>('{ client(id: "client-003") { partnerPayload } }');
    expect(read.body.data?.client.partnerPayload).toBe('second');
  });

  it('A9 updatePartnerSettings sends the spec body names and validates URLs first', async () => {
    const invalid: Array<[string, string, string]> = [
      ['not a url', 'https://hooks.acme.example/new', 'input.redirectUrl'],
      ['https://acme.example/done', 'http://hooks.acme.example/new', 'input.webhookUrl'],
      ['ftp://acme.example/done', 'https://hooks.acme.example/new', 'input.redirectUrl'],
    ];
    for (const [redirectUrl, webhookUrl, field] of invalid) {
      const { body } = await harness.execute('mutation ($input: PartnerSettingsInput!) { updatePartnerSettings(input: $input) { id } }', {
        input: { allowClientToAddPhoneNumber: false, redirectUrl, webhookUrl },
      });
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(writes()).toHaveLength(0);

    const { body } = await harness.execute(
      `mutation ($input: PartnerSettingsInput!) { updatePartnerSettings(input: $input) {
        id webhookUrl redirectUrl brandName logoUrl onboardingDeeplinkAddParams paymentPlan paymentRequired } }`,
      { input: { allowClientToAddPhoneNumber: false, redirectUrl: 'https://acme.example/done', webhookUrl: 'https://hooks.acme.example/new' } },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      updatePartnerSettings: {
        id: ACME.id,
        webhookUrl: 'https://hooks.acme.example/new',
        redirectUrl: 'https://acme.example/done',
        brandName: 'Acme Messaging',
        logoUrl: null,
        onboardingDeeplinkAddParams: false,
        paymentPlan: { type: 'partner_paid', currency: 'EUR' },
        paymentRequired: false,
      },
    });
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: ROOT,
        body: { allow_client_to_add_phone_no: false, partner_redirect_url: 'https://acme.example/done', webhook_url: 'https://hooks.acme.example/new' },
      }),
    ]);
    expect(harness.simulator.state.partners.get(ACME.id)!.allow_client_to_add_phone_no).toBe(false);
  });

  it('A10 enables local storage on a cloud channel, and the next read shows the region', async () => {
    const before = await harness.execute<{ channel: { dataLocalizationRegion: string | null } }>('{ channel(id: "channel-001") { dataLocalizationRegion } }');
    expect(before.body.data?.channel.dataLocalizationRegion).toBeNull();
    const { body } = await harness.execute(
      'mutation { enableLocalStorage(clientId: "client-001", channelId: "channel-001", region: SG) { success httpCode message } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ enableLocalStorage: { success: true, httpCode: 200, message: 'Local storage in SG enabled' } });
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `${ROOT}/clients/client-001/channels/channel-001/control/enable_local_storage`,
        body: { data_localization_region: 'SG' },
      }),
    ]);
    const after = await harness.execute<{ channel: { dataLocalizationRegion: string } }>('{ channel(id: "channel-001") { dataLocalizationRegion } }');
    expect(after.body.data?.channel.dataLocalizationRegion).toBe('SG');
  });

  it("A10 refuses on-premise channels, another client's channel and unknown channels before any write", async () => {
    const cases: Array<[string, string]> = [
      ['clientId: "client-001", channelId: "channel-003"', 'UNSUPPORTED_FOR_HOSTING'],
      ['clientId: "client-002", channelId: "channel-001"', 'BAD_USER_INPUT'],
      ['clientId: "client-001", channelId: "channel-999"', 'NOT_FOUND'],
    ];
    for (const [args, code] of cases) {
      const { body } = await harness.execute(`mutation { enableLocalStorage(${args}, region: DE) { success } }`);
      expect(body.errors?.[0]?.extensions?.code).toBe(code);
    }
    expect(harness.simulator.state.channels.get('channel-003')!.integration.hosting_platform_type).toBe('net_hosting');
    expect(writes()).toHaveLength(0);
  });

  it('A11 disables local storage and the next read shows the default storage', async () => {
    const before = await harness.execute<{ channel: { dataLocalizationRegion: string | null } }>('{ channel(id: "channel-002") { dataLocalizationRegion } }');
    expect(before.body.data?.channel.dataLocalizationRegion).toBe('DE');
    const { body } = await harness.execute('mutation { disableLocalStorage(clientId: "client-001", channelId: "channel-002") { success httpCode message } }');
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({ disableLocalStorage: { success: true, httpCode: 200 } });
    const [post, ...more] = writes();
    expect(more).toHaveLength(0);
    expect(post).toMatchObject({ method: 'POST', path: `${ROOT}/clients/client-001/channels/channel-002/control/disable_local_storage` });
    expect(post.body).toBeUndefined();
    const after = await harness.execute<{ channel: { dataLocalizationRegion: string | null } }>('{ channel(id: "channel-002") { dataLocalizationRegion } }');
    expect(after.body.data?.channel.dataLocalizationRegion).toBeNull();
  });

  it('A12 sets the partner default region', async () => {
    const { body } = await harness.execute('mutation { setDefaultDataLocalizationRegion(region: CH) }');
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({ setDefaultDataLocalizationRegion: 'CH' });
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: `${ROOT}/settings/default_data_localization_region`,
        body: { default_data_localization_region: 'CH' },
      }),
    ]);
    expect(harness.simulator.state.partners.get(ACME.id)!.default_data_localization_region).toBe('CH');
  });

  it('maps an upstream refusal of a write to the contract error, sent once', async () => {
    const { body } = await harness.execute('mutation { requestChannelCancellation(clientId: "client-002", channelId: "channel-008") { id } }');
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', upstream: { endpoint: 'A8', status: 400 } });
    expect(writes()).toHaveLength(1);
  });
});
