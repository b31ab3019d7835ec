import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

// Bad input reports every broken rule at once: one BAD_USER_INPUT error per input path, and nothing is sent.
const CLOUD = 'channel-001';

describe('every broken rule of an input at once', () => {
  let harness: TestGateway;

  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify({ [CLOUD]: `sim-key-${CLOUD}` }) });
  });

  afterAll(() => harness.close());

  /** The mutation's errors as (field, code) pairs, and the upstream writes it caused. */
  async function refusals(query: string) {
    harness.simulator.recorder.clear();
    const { body } = await harness.execute(query);
    const writes = harness.simulator.recorder.requests.filter((request) => request.method !== 'GET');
    return { fields: body.errors?.map((error) => [error.extensions?.field, error.extensions?.code]), writes, errors: body.errors ?? [] };
  }

  it('a business profile form with three bad fields gets three errors, each naming its field', async () => {
    const { fields, writes, errors } = await refusals(
      `mutation { updateBusinessProfile(channelId: "${CLOUD}", input: { email: "not-an-email", websites: ["ftp://x", "https://ok.example"], address: "${'a'.repeat(300)}" }) { description } }`,
    );
    expect(fields).toEqual([
      ['input.address', 'BAD_USER_INPUT'],
      ['input.email', 'BAD_USER_INPUT'],
      ['input.websites.0', 'BAD_USER_INPUT'],
    ]);
    expect(errors.every((error) => !('problems' in (error.extensions ?? {})))).toBe(true);
    expect(errors.map((error) => error.path)).toEqual([['updateBusinessProfile'], ['updateBusinessProfile'], ['updateBusinessProfile']]);
    expect(writes).toHaveLength(0);
  });

  it('a location with a bad latitude, a bad longitude and an empty name gets three errors', async () => {
    const { fields, writes } = await refusals(
      `mutation { sendMessage(channelId: "${CLOUD}", input: { to: "+4915112345678", location: { latitude: 91, longitude: 181, name: " ", address: "Main St 1" } }) { id } }`,
    );
    expect(fields).toEqual([
      ['input.location.latitude', 'BAD_USER_INPUT'],
      ['input.location.longitude', 'BAD_USER_INPUT'],
      ['input.location.name', 'BAD_USER_INPUT'],
    ]);
    expect(writes).toHaveLength(0);
  });

  it('a send with an empty recipient and no content gets both errors', async () => {
    const { fields, writes } = await refusals(`mutation { sendMessage(channelId: "${CLOUD}", input: { to: " " }) { id } }`);
    expect(fields).toEqual([
      ['input.to', 'BAD_USER_INPUT'],
      ['input', 'BAD_USER_INPUT'],
    ]);
    expect(writes).toHaveLength(0);
  });

  it('partner settings with two bad URLs get both errors', async () => {
    const { fields, writes } = await refusals(
      'mutation { updatePartnerSettings(input: { allowClientToAddPhoneNumber: true, redirectUrl: "nope", webhookUrl: "http://plain.example" }) { id } }',
    );
    expect(fields).toEqual([
      ['input.redirectUrl', 'BAD_USER_INPUT'],
      ['input.webhookUrl', 'BAD_USER_INPUT'],
    ]);
    expect(writes).toHaveLength(0);
  });
});
