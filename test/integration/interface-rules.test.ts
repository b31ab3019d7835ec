import { describe, expect, it } from '@jest/globals';
import { useTestGateway, type TestGateway } from '../support/gateway.js';

/** Rules of the interface's last rows (issue 19: templates, media, profile photo, notification routing), over HTTP against the simulator. */
const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const KEYS = Object.fromEntries([CLOUD, ONPREM].map((channelId) => [channelId, `sim-key-${channelId}`]));
const ENGAGED = '+4915112345678';
const SEND = `mutation ($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }`;

type Errors = Array<{ message: string; extensions?: Record<string, unknown> }>;

const areaB = (harness: TestGateway) => harness.simulator.recorder.requests.filter((request) => /^\/(cloud|onprem)\//.test(request.path));

function expectRefused(body: { errors?: Errors }, code: string, field?: string) {
  expect(body.errors).toHaveLength(1);
  expect(body.errors?.[0]?.extensions?.code).toBe(code);
  if (field) expect(body.errors?.[0]?.extensions?.field).toBe(field);
}

describe('templates', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });
  const send = async (channelId: string, template: Record<string, unknown>) =>
    (await harness.graphql<{ sendMessage: { id: string } }>(SEND, { channelId, input: { to: ENGAGED, template } })).body;

  async function review(templateId: string, status: 'APPROVED' | 'REJECTED') {
    const response = await fetch(`${harness.simulator.baseUrl()}/_control/messaging/templates/${templateId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    expect(response.status).toBe(200);
  }

  async function create(name: string) {
    const { body } = await harness.graphql<{ createLimitedTimeOfferTemplate: { id: string; status: string } }>(
      `mutation ($channelId: ID!, $input: LimitedTimeOfferTemplateInput!) { createLimitedTimeOfferTemplate(channelId: $channelId, input: $input) { id status } }`,
      {
        channelId: CLOUD,
        input: { name, language: 'en_US', offerText: 'Hurry', hasExpiration: false, body: 'Deal', urlButtonText: 'Shop', url: 'https://shop.example/deal' },
      },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.createLimitedTimeOfferTemplate.status).toBe('PENDING');
    return body.data!.createLimitedTimeOfferTemplate.id;
  }

  it('a created template is PENDING and cannot be sent until the review approves it', async () => {
    const id = await create('autumn_offer');
    const pending = await send(CLOUD, { name: 'autumn_offer', languageCode: 'en_US' });
    expectRefused(pending, 'UPSTREAM_ERROR');
    expect(pending.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 132001 });

    await review(id, 'APPROVED');
    const approved = await send(CLOUD, { name: 'autumn_offer', languageCode: 'en_US' });
    expect(approved.errors).toBeUndefined();
    expect(approved.data?.sendMessage.id).toMatch(/^wamid\./);
  });

  it('a rejected template, an unknown one and a known one in another language fail as the upstream answers', async () => {
    const id = await create('winter_offer');
    await review(id, 'REJECTED');
    for (const template of [
      { name: 'winter_offer', languageCode: 'en_US' },
      { name: 'no_such_template', languageCode: 'en' },
      { name: 'summer_offer', languageCode: 'fr' },
    ]) {
      const body = await send(CLOUD, template);
      expectRefused(body, 'UPSTREAM_ERROR');
      expect(body.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 132001 });
    }
    const onPremise = await send(ONPREM, { name: 'no_such_template', languageCode: 'en' });
    expect(onPremise.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 2001 });
  });

  it('namespace is sent on-premise and refused on cloud before anything is sent', async () => {
    harness.simulator.recorder.clear();
    const namespace = harness.simulator.state.channels.get(ONPREM)!.waba_account!.namespace!;
    const sent = await send(ONPREM, { name: 'order_update', languageCode: 'de', namespace });
    expect(sent.errors).toBeUndefined();
    expect(areaB(harness)[0].body).toMatchObject({ type: 'template', template: { namespace, name: 'order_update', language: { code: 'de' } } });

    const wrongNamespace = await send(ONPREM, { name: 'order_update', languageCode: 'de', namespace: 'ns_other' });
    expect(wrongNamespace.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 2001 });

    harness.simulator.recorder.clear();
    expectRefused(await send(CLOUD, { name: 'order_update', languageCode: 'en', namespace }), 'BAD_USER_INPUT', 'input.template.namespace');
    expect(areaB(harness)).toEqual([]);
  });

  it('cloud date_time parameters need their fallback value, the only part cloud renders; on-premise passes them through', async () => {
    const withoutFallback = [{ type: 'body', parameters: [{ type: 'date_time', date_time: { day_of_month: 3, month: 11, year: 2026 } }] }];
    harness.simulator.recorder.clear();
    expectRefused(
      await send(CLOUD, { name: 'order_update', languageCode: 'en', components: withoutFallback }),
      'BAD_USER_INPUT',
      'input.template.components.0.parameters.0',
    );
    expect(areaB(harness)).toEqual([]);
    const withFallback = [{ type: 'body', parameters: [{ type: 'date_time', date_time: { fallback_value: '3 November 2026' } }] }];
    expect((await send(CLOUD, { name: 'order_update', languageCode: 'en', components: withFallback })).errors).toBeUndefined();
    expect((await send(ONPREM, { name: 'order_update', languageCode: 'de', components: withoutFallback })).errors).toBeUndefined();
  });

  it('on-premise product_retailer_id is at most 100 characters; cloud passes it through', async () => {
    const product = (id: string) => ({
      type: 'product_list',
      header: { type: 'text', text: 'Pick' },
      body: { text: 'Our products' },
      action: { catalog_id: 'cat-1', sections: [{ title: 'All', product_items: [{ product_retailer_id: 'sku-1' }, { product_retailer_id: id }] }] },
    });
    const long = 'x'.repeat(101);
    harness.simulator.recorder.clear();
    const refused = (await harness.graphql(SEND, { channelId: ONPREM, input: { to: ENGAGED, interactive: product(long) } })).body;
    expectRefused(refused, 'BAD_USER_INPUT', 'input.interactive.action.sections.0.product_items.1.product_retailer_id');
    expect(areaB(harness)).toEqual([]);
    expect((await harness.graphql(SEND, { channelId: ONPREM, input: { to: ENGAGED, interactive: product('x'.repeat(100)) } })).body.errors).toBeUndefined();
    expect((await harness.graphql(SEND, { channelId: CLOUD, input: { to: ENGAGED, interactive: product(long) } })).body.errors).toBeUndefined();
  });
});
