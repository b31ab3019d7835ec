import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';

// Every mutation answer leads back to what it changed, by id, so a normalized client cache is current without a refetch.
const CLOUD = 'channel-001';
const KEYS = { [CLOUD]: `sim-key-${CLOUD}` };

describe('mutation answers a client cache can use', () => {
  let harness: TestGateway;

  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });
  });

  afterAll(() => harness.close());

  it('setWebhook answers the channel with its webhook as it is after the change', async () => {
    const { body } = await harness.execute(
      `mutation { setWebhook(channelId: "${CLOUD}", input: { url: "https://hooks.example/in", headers: {} }) { url channel { id webhook { url } } } }`,
    );
    expect(body).toEqual({ data: { setWebhook: { url: 'https://hooks.example/in', channel: { id: CLOUD, webhook: { url: 'https://hooks.example/in' } } } } });
  });

  it('updateBusinessProfile answers the channel with the profile read back', async () => {
    const { body } = await harness.execute(
      `mutation { updateBusinessProfile(channelId: "${CLOUD}", input: { description: "Open 9 to 5" }) { description channel { id businessProfile { description } } } }`,
    );
    expect(body).toEqual({
      data: { updateBusinessProfile: { description: 'Open 9 to 5', channel: { id: CLOUD, businessProfile: { description: 'Open 9 to 5' } } } },
    });
  });

  it('enableLocalStorage answers the channel with its new storage region', async () => {
    const { body } = await harness.execute(
      `mutation { enableLocalStorage(clientId: "client-001", channelId: "${CLOUD}", region: DE) { success channel { id dataLocalizationRegion } } }`,
    );
    expect(body).toEqual({ data: { enableLocalStorage: { success: true, channel: { id: CLOUD, dataLocalizationRegion: 'DE' } } } });
  });

  it('createApiKey answers the channel the key belongs to', async () => {
    const { body } = await harness.execute(`mutation { createApiKey(channelId: "${CLOUD}") { channel { id } } }`);
    expect(body).toEqual({ data: { createApiKey: { channel: { id: CLOUD } } } });
  });

  it("sendMessage answers the gateway's record of the message, accepted until notifications arrive", async () => {
    const { body } = await harness.execute<{ sendMessage: { id: string; record: { id: string } } }>(
      `mutation { sendMessage(channelId: "${CLOUD}", input: { to: "+4915112345678", text: { body: "Hi" } }) { id record { id direction status contact type } } }`,
    );
    expect(body.errors).toBeUndefined();
    const sent = body.data!.sendMessage;
    expect(sent.record).toEqual({ id: sent.id, direction: 'OUTBOUND', status: 'accepted', contact: '4915112345678', type: 'text' });
  });

  it('updatePartnerSettings answers the partner', async () => {
    const { body } = await harness.execute(
      `mutation { updatePartnerSettings(input: { allowClientToAddPhoneNumber: true, redirectUrl: "https://app.example/done", webhookUrl: "https://hooks.example/partner" }) { id partner { id } } }`,
    );
    expect(body).toEqual({ data: { updatePartnerSettings: { id: ACME.id, partner: { id: ACME.id } } } });
  });
});
