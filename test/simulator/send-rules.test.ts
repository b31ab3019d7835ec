import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messagingState } from '../../simulator/messaging-routes.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';

/**
 * The simulated upstream's own checks of what is sent to it, spoken to directly (never through the gateway): each rule
 * of the interface and of the platform's public reference it enforces is shown refusing what breaks it, with the
 * hosting's error code (cloud 100, on-premise 1009; B2 template parameters 132000), beside a neighbour it accepts.
 */

const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const ENGAGED = '4915112345678';
const KB = 1024;

type Answer = { status: number; body: Record<string, unknown> };
type Json = Record<string, unknown>;

/** The error code and words of a refusal, in either hosting's shape. */
function refusal(answer: Answer): { code: unknown; words: string } {
  const cloud = answer.body.error as { code?: number; message?: string; error_data?: { details?: string } } | undefined;
  const onPremise = (answer.body.errors as Array<{ code?: number; title?: string; details?: string }> | undefined)?.[0];
  if (cloud) return { code: cloud.code, words: `${cloud.message ?? ''} ${cloud.error_data?.details ?? ''}` };
  return { code: onPremise?.code, words: `${onPremise?.title ?? ''} ${onPremise?.details ?? ''}` };
}

describe('the simulator checks what it is sent', () => {
  let simulator: Simulator;

  beforeAll(async () => {
    simulator = await startSimulator();
  });
  afterAll(async () => {
    await simulator.close();
  });

  async function call(path: string, channelId: string, body: unknown): Promise<Answer> {
    const response = await fetch(`${simulator.baseUrl()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'svc-api-key': `sim-key-${channelId}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  }

  /** A B1 send of `type` with its object, to an engaged contact, in the channel's hosting's shape. */
  function send(channelId: string, type: string, content: unknown): Promise<Answer> {
    const cloud = channelId === CLOUD;
    return call(cloud ? '/cloud/messages' : '/onprem/v1/messages', channelId, {
      ...(cloud && { messaging_product: 'whatsapp' }),
      recipient_type: 'individual',
      to: ENGAGED,
      type,
      [type]: content,
    });
  }

  function expectRefused(answer: Answer, channelId: string, words: RegExp, code = channelId === CLOUD ? 100 : 1009) {
    expect([answer.status, refusal(answer).code]).toEqual([400, code]);
    expect(refusal(answer).words).toMatch(words);
  }

  function expectAccepted(answer: Answer) {
    expect([answer.status, JSON.stringify(answer.body.error ?? answer.body.errors ?? null)]).toEqual([200, 'null']);
  }

  describe('B1 contents the interface rules', () => {
    const card = (name: Json, more: Json = {}) => [{ name, phones: [{ phone: '+49 30 1234567', type: 'WORK' }], ...more }];

    it.each([CLOUD, ONPREM])('%s: a contact name needs a companion of formatted_name, and a birthday a real day', async (channelId) => {
      expectRefused(await send(channelId, 'contacts', card({ formatted_name: 'Ada Lovelace' })), channelId, /first_name, last_name/);
      expectRefused(
        await send(channelId, 'contacts', card({ formatted_name: 'Ada Lovelace', first_name: 'Ada' }, { birthday: '1990-13-45' })),
        channelId,
        /birthday/,
      );
      expectRefused(
        await send(channelId, 'contacts', card({ formatted_name: 'Ada Lovelace', first_name: 'Ada' }, { birthday: '1990-02-30' })),
        channelId,
        /birthday/,
      );
      expectAccepted(await send(channelId, 'contacts', card({ formatted_name: 'Ada Lovelace', first_name: 'Ada' }, { birthday: '1990-12-31' })));
      expectAccepted(await send(channelId, 'contacts', card({ formatted_name: 'Dr. Lovelace', prefix: 'Dr.' })));
    });

    it.each([CLOUD, ONPREM])('%s: a media link is http(s), a caption only on documents, images and videos, a filename only on documents', async (channelId) => {
      expectRefused(await send(channelId, 'image', { link: 'ftp://files.example.com/a.jpg' }), channelId, /link/);
      expectAccepted(await send(channelId, 'image', { link: 'https://files.example.com/a.jpg', caption: 'A' }));
      expectRefused(await send(channelId, 'sticker', { link: 'https://files.example.com/a.webp', caption: 'A' }), channelId, /caption/);
      expectRefused(await send(channelId, 'audio', { link: 'https://files.example.com/a.mp3', filename: 'a.mp3' }), channelId, /filename/);
      expectAccepted(await send(channelId, 'document', { link: 'https://files.example.com/a.pdf', filename: 'a.pdf', caption: 'Invoice' }));
    });

    it('on-premise: a caption has at most 1,024 characters; cloud states no limit', async () => {
      expectRefused(await send(ONPREM, 'image', { link: 'https://files.example.com/a.jpg', caption: 'x'.repeat(1025) }), ONPREM, /1024/);
      expectAccepted(await send(ONPREM, 'image', { link: 'https://files.example.com/a.jpg', caption: 'x'.repeat(1024) }));
      expectAccepted(await send(CLOUD, 'image', { link: 'https://files.example.com/a.jpg', caption: 'x'.repeat(1025) }));
    });
  });

  describe('templates', () => {
    const dateTime = (dateTimeValue: Json) => ({ type: 'body', parameters: [{ type: 'date_time', date_time: dateTimeValue }] });

    it('cloud uses only the date_time fallback value, so it refuses a date_time without one; on-premise takes it', async () => {
      const template = (components: unknown[], name = 'order_shipped', code = 'en_US') => ({ name, language: { code }, components });
      expectRefused(await send(CLOUD, 'template', template([dateTime({ day_of_month: 3 })])), CLOUD, /fallback_value/);
      expectAccepted(await send(CLOUD, 'template', template([dateTime({ fallback_value: 'March 3rd' })])));
      expectAccepted(await send(ONPREM, 'template', template([dateTime({ day_of_month: 3 })], 'order_update', 'de')));
    });

    it.each([
      ['an unknown component', [{ type: 'footer', parameters: [] }], /footer/],
      ['a parameter type the component does not take', [{ type: 'body', parameters: [{ type: 'image', image: { id: '1' } }] }], /body/],
      [
        'a currency without its code',
        [{ type: 'body', parameters: [{ type: 'currency', currency: { fallback_value: '$1', amount_1000: 1000 } }] }],
        /currency/,
      ],
      [
        'a header image with id and link',
        [{ type: 'header', parameters: [{ type: 'image', image: { id: '1', link: 'https://a.example/a.jpg' } }] }],
        /exactly one/,
      ],
      ['a button without its index', [{ type: 'button', sub_type: 'quick_reply', parameters: [{ type: 'payload', payload: 'p' }] }], /index/],
      ['a button of an unknown sub_type', [{ type: 'button', sub_type: 'call', index: 0, parameters: [{ type: 'text', text: 'x' }] }], /sub_type/],
    ])('refuses %s', async (_name, components, words) => {
      expectRefused(await send(CLOUD, 'template', { name: 'order_shipped', language: { code: 'en_US' }, components }), CLOUD, words);
    });

    it('accepts header, body and button parameters of every type the reference lists', async () => {
      const components = [
        { type: 'header', parameters: [{ type: 'location', location: { latitude: 52.5, longitude: 13.4, name: 'Shop', address: 'Main St 1' } }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ada' },
            { type: 'currency', currency: { fallback_value: '$100.99', code: 'USD', amount_1000: 100990 } },
            { type: 'date_time', date_time: { fallback_value: 'February 25, 1977' } },
          ],
        },
        { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'yes' }] },
        { type: 'button', sub_type: 'url', index: 1, parameters: [{ type: 'text', text: 'order/42' }] },
        { type: 'button', sub_type: 'flow', index: 2, parameters: [{ type: 'action', action: { flow_token: 't', flow_action_data: { a: 1 } } }] },
      ];
      expectAccepted(await send(CLOUD, 'template', { name: 'order_shipped', language: { code: 'en_US' }, components }));
    });

    it('a send of a created limited-time offer must carry the expiration, the coupon and the url button its template has (132000)', async () => {
      const created = await call('/cloud/v1/configs/templates', CLOUD, {
        name: 'flash_sale',
        language: 'en_US',
        category: 'marketing',
        components: [
          { type: 'limited_time_offer', limited_time_offer: { text: 'Hurry', has_expiration: true } },
          { type: 'body', text: 'Save {{1}} today', example: { body_text: [['20%']] } },
          {
            type: 'buttons',
            buttons: [
              { type: 'copy_code', example: 'SAVE20' },
              { type: 'url', text: 'Shop', url: 'https://shop.example.com/{{1}}', example: ['https://shop.example.com/sale'] },
            ],
          },
        ],
      });
      expect(created.status).toBe(200);
      const approved = await fetch(`${simulator.baseUrl()}/_control/messaging/templates/${String(created.body.id)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'APPROVED' }),
      });
      expect(approved.status).toBe(200);

      const body = { type: 'body', parameters: [{ type: 'text', text: '20%' }] };
      const offer = {
        type: 'limited_time_offer',
        parameters: [{ type: 'limited_time_offer', limited_time_offer: { expiration_time_ms: Date.now() + 3_600_000 } }],
      };
      const coupon = { type: 'button', sub_type: 'copy_code', index: 0, parameters: [{ type: 'coupon_code', coupon_code: 'SAVE20' }] };
      const url = { type: 'button', sub_type: 'url', index: 1, parameters: [{ type: 'text', text: 'sale' }] };
      const sendWith = (components: unknown[]) => send(CLOUD, 'template', { name: 'flash_sale', language: { code: 'en_US' }, components });

      expectRefused(await sendWith([body, coupon, url]), CLOUD, /expiration/, 132000);
      expectRefused(await sendWith([body, offer, url]), CLOUD, /coupon_code/, 132000);
      expectRefused(await sendWith([body, offer, coupon]), CLOUD, /url button/, 132000);
      expectRefused(await sendWith([offer, coupon, url]), CLOUD, /variable/, 132000);
      expectAccepted(await sendWith([body, offer, coupon, url]));
    });
  });

  describe('interactive messages (the platform reference\u2019s interactive object)', () => {
    const body = { text: 'Pick one' };
    const products = (count: number) => Array.from({ length: count }, (_, index) => ({ product_retailer_id: `sku-${index}` }));
    const rows = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `row-${index}`, title: `Row ${index}` }));
    const VALID: Record<string, Json> = {
      button: {
        type: 'button',
        header: { type: 'image', image: { link: 'https://files.example.com/a.jpg' } },
        body,
        footer: { text: 'Shop' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'yes', title: 'Yes' } },
            { type: 'reply', reply: { id: 'no', title: 'No' } },
          ],
        },
      },
      list: {
        type: 'list',
        header: { type: 'text', text: 'Sizes' },
        body,
        action: { button: 'Choose a size', sections: [{ title: 'Sizes', rows: rows(10) }] },
      },
      cta_url: { type: 'cta_url', body, action: { name: 'cta_url', parameters: { display_text: 'Open shop', url: 'https://shop.example.com' } } },
      flow: {
        type: 'flow',
        body,
        action: {
          name: 'flow',
          parameters: {
            flow_message_version: '3',
            flow_id: '1234567890',
            flow_token: 't',
            flow_cta: 'Book now',
            flow_action: 'navigate',
            flow_action_payload: { screen: 'WELCOME' },
          },
        },
      },
      product: { type: 'product', action: { catalog_id: 'cat-1', product_retailer_id: 'x'.repeat(100) } },
      product_list: {
        type: 'product_list',
        header: { type: 'text', text: 'Our picks' },
        body,
        action: {
          catalog_id: 'cat-1',
          sections: [
            { title: 'Shoes', product_items: products(15) },
            { title: 'Hats', product_items: products(30).slice(15) },
          ],
        },
      },
      catalog_message: { type: 'catalog_message', body, action: { name: 'catalog_message', parameters: { thumbnail_product_retailer_id: 'sku-1' } } },
      location_request_message: { type: 'location_request_message', body, action: { name: 'send_location' } },
    };
    const ON_PREMISE_KINDS = ['button', 'list', 'product', 'product_list'];

    it.each(Object.keys(VALID))('accepts a valid %s on cloud and records it as sent', async (kind) => {
      const answer = await send(CLOUD, 'interactive', VALID[kind]);
      expectAccepted(answer);
      const id = (answer.body.messages as Json[])[0].id;
      expect(messagingState(simulator.state).messages.find((message) => message.id === id)?.body.interactive).toEqual(VALID[kind]);
    });

    it.each(Object.keys(VALID))('on-premise takes %s only when the On-Premises API has it', async (kind) => {
      const answer = await send(ONPREM, 'interactive', VALID[kind]);
      if (ON_PREMISE_KINDS.includes(kind)) expectAccepted(answer);
      else expectRefused(answer, ONPREM, /not supported on-premise/);
    });

    const change = (kind: string, edit: (value: Json) => void): Json => {
      const copy = structuredClone(VALID[kind]);
      edit(copy);
      return copy;
    };
    const action = (value: Json) => value.action as Json;

    it.each<[string, Json, RegExp]>([
      [
        'four reply buttons',
        change('button', (v) =>
          (action(v).buttons as Json[]).push({ type: 'reply', reply: { id: 'c', title: 'C' } }, { type: 'reply', reply: { id: 'd', title: 'D' } }),
        ),
        /1 to 3 buttons/,
      ],
      ['two reply buttons with one id', change('button', (v) => (((action(v).buttons as Json[])[1].reply as Json).id = 'yes')), /unique ids/],
      ['a button title of 21 characters', change('button', (v) => (((action(v).buttons as Json[])[0].reply as Json).title = 'x'.repeat(21))), /title/],
      ['a body of 1,025 characters', change('button', (v) => (v.body = { text: 'x'.repeat(1025) })), /body.text/],
      ['a footer of 61 characters', change('button', (v) => (v.footer = { text: 'x'.repeat(61) })), /footer/],
      ['a header text of 61 characters', change('list', (v) => (v.header = { type: 'text', text: 'x'.repeat(61) })), /header.text/],
      ['an image header on a list', change('list', (v) => (v.header = { type: 'image', image: { id: '1' } })), /header.type/],
      ['eleven rows', change('list', (v) => ((action(v).sections as Json[])[0].rows as Json[]).push({ id: 'extra', title: 'Extra' })), /at most 10/],
      [
        'a row description of 73 characters',
        change('list', (v) => (((action(v).sections as Json[])[0].rows as Json[])[0].description = 'x'.repeat(73))),
        /description/,
      ],
      ['a list button of 21 characters', change('list', (v) => (action(v).button = 'x'.repeat(21))), /action.button/],
      ['two sections, one without a title', change('list', (v) => (action(v).sections as Json[]).push({ rows: [{ id: 'other', title: 'Other' }] })), /title/],
      ['a CTA url that is not http(s)', change('cta_url', (v) => ((action(v).parameters as Json).url = 'ftp://shop.example.com')), /url/],
      ['a CTA text of 21 characters', change('cta_url', (v) => ((action(v).parameters as Json).display_text = 'x'.repeat(21))), /display_text/],
      ['a flow without flow_message_version', change('flow', (v) => delete (action(v).parameters as Json).flow_message_version), /flow_message_version/],
      ['a flow without id or name', change('flow', (v) => delete (action(v).parameters as Json).flow_id), /flow_id or flow_name/],
      ['a flow navigating without a screen', change('flow', (v) => ((action(v).parameters as Json).flow_action_payload = { data: {} })), /screen/],
      ['a product with a header', change('product', (v) => (v.header = { type: 'text', text: 'Shoe' })), /no header/],
      ['a product without catalog', change('product', (v) => delete action(v).catalog_id), /catalog_id/],
      ['31 products in a list', change('product_list', (v) => ((action(v).sections as Json[])[1].product_items = products(31).slice(15))), /at most 30/],
      ['a product list without header', change('product_list', (v) => delete v.header), /header is required/],
      ['a catalog message of another action', change('catalog_message', (v) => (action(v).name = 'catalog')), /catalog_message/],
      ['a location request without body', change('location_request_message', (v) => delete v.body), /body.text/],
      ['a location request of another action', change('location_request_message', (v) => (action(v).name = 'location')), /send_location/],
      ['an unknown kind', { type: 'carousel', body, action: {} }, /interactive.type/],
    ])('cloud refuses %s', async (_name, interactive, words) => {
      expectRefused(await send(CLOUD, 'interactive', interactive), CLOUD, words);
    });

    it('on-premise limits product_retailer_id to 100 characters; cloud states no limit', async () => {
      const long = change('product', (v) => (action(v).product_retailer_id = 'x'.repeat(101)));
      expectRefused(await send(ONPREM, 'interactive', long), ONPREM, /100 characters/);
      expectAccepted(await send(ONPREM, 'interactive', VALID.product));
      expectAccepted(await send(CLOUD, 'interactive', long));
    });
  });

  describe('B3 uploads by content', () => {
    /** A PNG signature and IHDR chunk of `bitDepth` and colour type `colourType`, then filler. */
    const png = (bitDepth: number, colourType: number) => {
      const ihdr = Buffer.alloc(25);
      ihdr.writeUInt32BE(13, 0);
      ihdr.write('IHDR', 4, 'latin1');
      ihdr.writeUInt32BE(32, 8);
      ihdr.writeUInt32BE(32, 12);
      ihdr[16] = bitDepth;
      ihdr[17] = colourType;
      return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr, Buffer.alloc(64)]);
    };
    /** A WebP with a VP8X header, animated or not, padded to `size` bytes. */
    const webp = (animated: boolean, size: number) => {
      const head = Buffer.alloc(30);
      head.write('RIFF', 0, 'latin1');
      head.writeUInt32LE(size - 8, 4);
      head.write('WEBPVP8X', 8, 'latin1');
      head.writeUInt32LE(10, 16);
      head[20] = animated ? 0x02 : 0;
      return Buffer.concat([head, Buffer.alloc(size - head.length)]);
    };

    async function upload(channelId: string, bytes: Buffer, mimeType: string): Promise<Answer> {
      const init: RequestInit =
        channelId === CLOUD
          ? (() => {
              const form = new FormData();
              form.append('file', new Blob([bytes], { type: mimeType }), 'file');
              form.append('messaging_product', 'whatsapp');
              return { body: form, headers: { 'svc-api-key': `sim-key-${channelId}` } };
            })()
          : { body: bytes, headers: { 'svc-api-key': `sim-key-${channelId}`, 'content-type': mimeType } };
      const response = await fetch(`${channelId === CLOUD ? simulator.urls.cloud : `${simulator.urls.onPremise}/v1`}/media`, { method: 'POST', ...init });
      return { status: response.status, body: (await response.json()) as Json };
    }

    it.each([CLOUD, ONPREM])('%s: a PNG must be 8-bit RGB or RGBA', async (channelId) => {
      const sixteenBit = await upload(channelId, png(16, 6), 'image/png');
      expect(sixteenBit.status).toBe(400);
      expect(refusal(sixteenBit).words).toMatch(/8-bit RGB or RGBA/);
      expect((await upload(channelId, png(8, 3), 'image/png')).status).toBe(400);
      expect((await upload(channelId, png(8, 6), 'image/png')).status).toBe(200);
      expect((await upload(channelId, png(8, 2), 'image/png')).status).toBe(200);
    });

    it('cloud: a static sticker has at most 100 KB, an animated one 500 KB', async () => {
      const staticLarge = await upload(CLOUD, webp(false, 200 * KB), 'image/webp');
      expect(staticLarge.status).toBe(413);
      expect(refusal(staticLarge).words).toMatch(/static stickers/);
      expect((await upload(CLOUD, webp(false, 100 * KB), 'image/webp')).status).toBe(200);
      expect((await upload(CLOUD, webp(true, 200 * KB), 'image/webp')).status).toBe(200);
    });

    it('on-premise: no animated sticker', async () => {
      const animated = await upload(ONPREM, webp(true, 50 * KB), 'image/webp');
      expect(animated.status).toBe(400);
      expect(refusal(animated).words).toMatch(/animated stickers/);
      expect((await upload(ONPREM, webp(false, 50 * KB), 'image/webp')).status).toBe(200);
    });
  });

  describe('B4 and B6 on cloud', () => {
    it('a profile vertical is one of the industries, and UNDEFINED cannot be set', async () => {
      const update = (vertical: string) => call('/cloud/chat_business_profile', CLOUD, { messaging_product: 'whatsapp', vertical });
      expectRefused(await update('FOO'), CLOUD, /FOO/);
      expectRefused(await update('UNDEFINED'), CLOUD, /UNDEFINED/);
      expectAccepted(await update('RETAIL'));
    });

    it('webhook header values name no host with an explicit port or an underscore in its domain', async () => {
      const set = (headers: Record<string, string>) => call('/cloud/v1/configs/webhook', CLOUD, { url: 'https://hooks.example.com/in', headers });
      expectRefused(await set({ 'X-Forward-To': 'https://hooks.example.com:8443/in' }), CLOUD, /X-Forward-To/);
      expectRefused(await set({ 'X-Forward-To': 'relay.example.com:8443' }), CLOUD, /port/);
      expectRefused(await set({ 'X-Origin': 'https://my_host.example.com/in' }), CLOUD, /underscore/);
      expectAccepted(await set({ Authorization: 'Basic dXNlcjpwYXNz', 'X-Forward-To': 'https://hooks.example.com/in' }));
      const waba = await call('/cloud/waba_webhook', CLOUD, { url: 'https://hooks.example.com/in', headers: { 'X-Origin': 'https://my_host.example.com' } });
      expectRefused(waba, CLOUD, /underscore/);
    });
  });
});
