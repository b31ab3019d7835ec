import { describe, expect, it } from '@jest/globals';
import { areaBRequests, closeWindowThroughUpstream, useTestGateway } from '../support/gateway.js';

const CLOUD = 'channel-001';
const ON_PREMISE = 'channel-003';
const KEYS = { [CLOUD]: `sim-key-${CLOUD}`, [ON_PREMISE]: `sim-key-${ON_PREMISE}` };
/** A contact the simulator seeds as having written within 24 hours on every channel. */
const CONTACT = '4915112345678';

const SEND = `mutation Send($channelId: ID!, $input: SendMessageInput!) {
  sendMessage(channelId: $channelId, input: $input) {
    id
    record {
      type preview
      content {
        __typename
        ... on InteractiveContent { interactiveKind header bodyText footer options { id title description } }
        ... on TemplateContent { parameters }
      }
    }
  }
}`;

interface Sent {
  id: string;
  record: { type: string; preview: string | null; content: Record<string, unknown> };
}

/** Typed sends through the gateway to the simulated upstream of each hosting, and the record they leave. */
describe('typed sends on the simulator', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });

  async function send(channelId: string, input: Record<string, unknown>) {
    const answer = await harness.execute(SEND, { channelId, input: { to: `+${CONTACT}`, ...input } });
    return { errors: answer.body.errors, sent: (answer.body.data as { sendMessage: Sent } | null)?.sendMessage };
  }
  /** The body the simulator received for the last send. */
  const upstreamBody = () =>
    areaBRequests(harness)
      .filter((request) => request.path.endsWith('/messages'))
      .at(-1)?.body as Record<string, unknown>;

  const kinds: Array<{ kind: string; channels: string[]; input: Record<string, unknown>; type: string; content: Record<string, unknown>; preview: string }> = [
    {
      kind: 'buttons',
      channels: [CLOUD, ON_PREMISE],
      input: {
        buttons: {
          header: { text: 'Delivery' },
          body: 'Deliver tomorrow?',
          footer: 'Shop',
          buttons: [
            { id: 'yes', title: 'Yes' },
            { id: 'no', title: 'No' },
          ],
        },
      },
      type: 'button',
      content: {
        interactiveKind: 'BUTTONS',
        header: 'Delivery',
        bodyText: 'Deliver tomorrow?',
        footer: 'Shop',
        options: [
          { id: 'yes', title: 'Yes', description: null },
          { id: 'no', title: 'No', description: null },
        ],
      },
      preview: '🔘 Yes / No',
    },
    {
      kind: 'list',
      channels: [CLOUD, ON_PREMISE],
      input: {
        list: {
          body: 'Choose a size',
          buttonText: 'Sizes',
          sections: [
            {
              rows: [
                { id: 's', title: 'S', description: 'Slim' },
                { id: 'm', title: 'M' },
              ],
            },
          ],
        },
      },
      type: 'list',
      content: {
        interactiveKind: 'LIST',
        header: null,
        bodyText: 'Choose a size',
        footer: null,
        options: [
          { id: 's', title: 'S', description: 'Slim' },
          { id: 'm', title: 'M', description: null },
        ],
      },
      preview: '📋 Choose a size',
    },
    {
      kind: 'ctaUrl',
      channels: [CLOUD],
      input: {
        ctaUrl: {
          header: { image: { link: 'https://shop.example/parcel.jpg' } },
          body: 'Your parcel is on its way',
          displayText: 'Track',
          url: 'https://shop.example/t/42',
        },
      },
      type: 'cta_url',
      content: {
        interactiveKind: 'CTA_URL',
        header: null,
        bodyText: 'Your parcel is on its way',
        footer: null,
        options: [{ id: null, title: 'Track', description: null }],
      },
      preview: '🔗 Track',
    },
    {
      kind: 'flow',
      channels: [CLOUD],
      input: { flow: { body: 'Book a table', flowName: 'booking', flowCta: 'Book', screen: 'WELCOME' } },
      type: 'flow',
      content: { interactiveKind: 'FLOW', header: null, bodyText: 'Book a table', footer: null, options: [{ id: null, title: 'Book', description: null }] },
      preview: '📝 Book',
    },
    {
      kind: 'product',
      channels: [CLOUD, ON_PREMISE],
      input: { product: { body: 'Back in stock', catalogId: 'cat-1', productRetailerId: 'sku-1' } },
      type: 'product',
      content: { interactiveKind: 'PRODUCT', header: null, bodyText: 'Back in stock', footer: null, options: [] },
      preview: '🛍️ Back in stock',
    },
    {
      kind: 'productList',
      channels: [CLOUD, ON_PREMISE],
      input: {
        productList: { header: 'New in', body: 'Our picks', catalogId: 'cat-1', sections: [{ title: 'Shirts', productRetailerIds: ['sku-1', 'sku-2'] }] },
      },
      type: 'product_list',
      content: { interactiveKind: 'PRODUCT_LIST', header: 'New in', bodyText: 'Our picks', footer: null, options: [] },
      preview: '🛍️ New in',
    },
    {
      kind: 'catalog',
      channels: [CLOUD],
      input: { catalog: { body: 'Browse our catalog', footer: 'Shop' } },
      type: 'catalog_message',
      content: { interactiveKind: 'CATALOG', header: null, bodyText: 'Browse our catalog', footer: 'Shop', options: [] },
      preview: '🛍️ Browse our catalog',
    },
    {
      kind: 'locationRequest',
      channels: [CLOUD],
      input: { locationRequest: { body: 'Where should we deliver?' } },
      type: 'location_request_message',
      content: { interactiveKind: 'LOCATION_REQUEST', header: null, bodyText: 'Where should we deliver?', footer: null, options: [] },
      preview: '📍 Where should we deliver?',
    },
  ];
  const cases = kinds.flatMap((entry) => entry.channels.map((channelId) => ({ ...entry, channelId })));

  it.each(cases)(
    '$kind on $channelId reaches the upstream as interactive $type and is recorded typed',
    async ({ channelId, input, type, content, preview }) => {
      const { errors, sent } = await send(channelId, input);
      expect(errors).toBeUndefined();
      const body = upstreamBody();
      expect(body).toMatchObject({ type: 'interactive', interactive: { type } });
      expect(Object.hasOwn(body, 'messaging_product')).toBe(channelId === CLOUD);
      expect(sent!.record).toEqual({ type: 'interactive', preview, content: { __typename: 'InteractiveContent', ...content } });
    },
  );

  it.each(kinds.filter(({ channels }) => !channels.includes(ON_PREMISE)))(
    '$kind is refused on-premise naming the hosting, nothing sent',
    async ({ kind, input }) => {
      const { errors } = await send(ON_PREMISE, input);
      expect(errors).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: `input.${kind}`, hosting: 'ON_PREMISE' }) }),
      ]);
      expect(errors![0].message).toContain('ON_PREMISE');
      expect(areaBRequests(harness).filter((request) => request.path.endsWith('/messages'))).toHaveLength(0);
    },
  );

  it('the window guard treats a typed interactive send as free-form: refused while the window is held closed', async () => {
    const contact = '4915100000377';
    await closeWindowThroughUpstream(harness, CLOUD, contact);
    const answer = await harness.execute(SEND, {
      channelId: CLOUD,
      input: { to: `+${contact}`, buttons: { body: 'Still there?', buttons: [{ id: 'y', title: 'Yes' }] } },
    });
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_WINDOW_CLOSED', sent: false });
    expect(areaBRequests(harness).filter((request) => request.path.endsWith('/messages'))).toHaveLength(0);
  });

  it('broken limits come back all at once, each with its field, and nothing is sent', async () => {
    const { errors } = await send(CLOUD, {
      buttons: {
        body: 'x'.repeat(1025),
        buttons: [
          { id: 'a', title: 'x'.repeat(21) },
          { id: 'a', title: 'b' },
          { id: 'c', title: 'c' },
          { id: 'd', title: 'd' },
        ],
      },
    });
    const fields = (errors ?? []).map((error) => (error.extensions as { field: string }).field);
    expect(fields).toEqual(['input.buttons.body', 'input.buttons.buttons', 'input.buttons.buttons.0.title', 'input.buttons.buttons.1.id']);
    expect((errors ?? []).every((error) => (error.extensions as { code: string }).code === 'BAD_USER_INPUT')).toBe(true);
    expect(areaBRequests(harness).filter((request) => request.path.endsWith('/messages'))).toHaveLength(0);
  });

  it.each([CLOUD, ON_PREMISE])('a template with typed parameters on %s: components as the platform takes them, parameters recorded', async (channelId) => {
    const { errors, sent } = await send(channelId, {
      template: {
        name: 'order_shipped',
        languageCode: 'en_US',
        header: { document: { link: 'https://shop.example/invoice.pdf', filename: 'invoice.pdf' } },
        body: [{ text: 'Ada' }, { currency: { fallbackValue: '€12.50', code: 'EUR', amount1000: 12500 } }, { dateTime: { fallbackValue: 'May 1, 2026' } }],
        buttons: [{ kind: 'QUICK_REPLY', index: 0, payload: 'stop-updates' }],
      },
    });
    expect(errors).toBeUndefined();
    expect((upstreamBody().template as { components: unknown }).components).toEqual([
      { type: 'header', parameters: [{ type: 'document', document: { link: 'https://shop.example/invoice.pdf', filename: 'invoice.pdf' } }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Ada' },
          { type: 'currency', currency: { fallback_value: '€12.50', code: 'EUR', amount_1000: 12500 } },
          { type: 'date_time', date_time: { fallback_value: 'May 1, 2026' } },
        ],
      },
      { type: 'button', index: 0, sub_type: 'quick_reply', parameters: [{ type: 'payload', payload: 'stop-updates' }] },
    ]);
    expect(sent!.record).toEqual({
      type: 'template',
      preview: 'Template: order_shipped',
      content: { __typename: 'TemplateContent', parameters: ['Ada', '€12.50', 'May 1, 2026'] },
    });
  });
});
