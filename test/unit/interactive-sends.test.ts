import { describe, expect, it } from '@jest/globals';
import type { SendMessageInput } from '../../src/generated/graphql.js';
import { buildSendMessageBody, type SendMessageOptions } from '../../src/messaging/send-message.js';
import { refusals } from '../support/refusals.js';

const cloud: SendMessageOptions = { hosting: 'CLOUD', messagingProduct: 'whatsapp' };
const onPremise: SendMessageOptions = { hosting: 'ON_PREMISE', messagingProduct: 'whatsapp' };
const to = '+4915112345678';

type Content = Omit<SendMessageInput, 'to'>;
const send = (input: Content, options: SendMessageOptions = cloud) => buildSendMessageBody({ to, ...input }, options);
const refusedFields = (input: Content, options: SendMessageOptions = cloud) => refusals(() => send(input, options)).map(([field]) => field);

const x = (count: number) => 'x'.repeat(count);
const rows = (count: number, prefix = 'r') => Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index}`, title: `Row ${index}` }));
const skus = (count: number) => Array.from({ length: count }, (_, index) => `sku-${index}`);

/** One valid input per typed kind (the platform's own examples, shortened). */
const valid = {
  buttons: () => ({
    buttons: {
      header: { text: 'Your order' },
      body: 'Deliver tomorrow?',
      footer: 'Shop',
      buttons: [
        { id: 'yes', title: 'Yes' },
        { id: 'no', title: 'No' },
      ],
    },
  }),
  list: () => ({
    list: {
      header: 'Sizes',
      body: 'Choose a size',
      buttonText: 'Sizes',
      sections: [
        { title: 'Small', rows: [{ id: 's', title: 'S', description: 'Chest 86-91 cm' }] },
        { title: 'Large', rows: [{ id: 'l', title: 'L' }] },
      ],
    },
  }),
  ctaUrl: () => ({ ctaUrl: { body: 'Track your parcel', displayText: 'Track', url: 'https://shop.example/track/42' } }),
  flow: () => ({ flow: { body: 'Book a table', flowId: '1234567890', flowCta: 'Book', flowToken: 'tok-1', screen: 'WELCOME', data: { guests: 2 } } }),
  product: () => ({ product: { body: 'Back in stock', catalogId: 'cat-1', productRetailerId: 'sku-1' } }),
  productList: () => ({
    productList: { header: 'New in', body: 'Our picks', catalogId: 'cat-1', sections: [{ title: 'Shirts', productRetailerIds: ['sku-1', 'sku-2'] }] },
  }),
  catalog: () => ({ catalog: { body: 'Browse our catalog', thumbnailProductRetailerId: 'sku-1' } }),
  locationRequest: () => ({ locationRequest: { body: 'Where should we deliver?' } }),
} satisfies Record<string, () => Content>;

describe('typed interactive sends: the upstream interactive object', () => {
  it('reply buttons with a text header, body, footer and reply actions', () => {
    const body = send(valid.buttons());
    expect(body).toMatchObject({ type: 'interactive', messaging_product: 'whatsapp' });
    expect(body.interactive).toEqual({
      type: 'button',
      header: { type: 'text', text: 'Your order' },
      body: { text: 'Deliver tomorrow?' },
      footer: { text: 'Shop' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'yes', title: 'Yes' } },
          { type: 'reply', reply: { id: 'no', title: 'No' } },
        ],
      },
    });
    expect(body).not.toHaveProperty('buttons');
  });

  it('a media header by id or link, a document with its file name', () => {
    const image = send({ buttons: { ...valid.buttons().buttons, header: { image: { link: 'https://shop.example/a.jpg' } } } }).interactive as Record<
      string,
      unknown
    >;
    expect(image.header).toEqual({ type: 'image', image: { link: 'https://shop.example/a.jpg' } });
    const document = send({ ctaUrl: { ...valid.ctaUrl().ctaUrl, header: { document: { id: 'm-1', filename: 'bill.pdf' } } } }).interactive as Record<
      string,
      unknown
    >;
    expect(document.header).toEqual({ type: 'document', document: { id: 'm-1', filename: 'bill.pdf' } });
  });

  it('a list with titled sections and rows', () => {
    expect(send(valid.list()).interactive).toEqual({
      type: 'list',
      header: { type: 'text', text: 'Sizes' },
      body: { text: 'Choose a size' },
      action: {
        button: 'Sizes',
        sections: [
          { title: 'Small', rows: [{ id: 's', title: 'S', description: 'Chest 86-91 cm' }] },
          { title: 'Large', rows: [{ id: 'l', title: 'L' }] },
        ],
      },
    });
  });

  it('a CTA URL, a flow, a product, a product list, a catalog and a location request', () => {
    expect(send(valid.ctaUrl()).interactive).toEqual({
      type: 'cta_url',
      body: { text: 'Track your parcel' },
      action: { name: 'cta_url', parameters: { display_text: 'Track', url: 'https://shop.example/track/42' } },
    });
    expect(send(valid.flow()).interactive).toEqual({
      type: 'flow',
      body: { text: 'Book a table' },
      action: {
        name: 'flow',
        parameters: {
          flow_message_version: '3',
          flow_token: 'tok-1',
          flow_id: '1234567890',
          flow_cta: 'Book',
          mode: 'published',
          flow_action: 'navigate',
          flow_action_payload: { screen: 'WELCOME', data: { guests: 2 } },
        },
      },
    });
    expect(send({ flow: { body: 'b', flowName: 'booking', flowCta: 'Go', mode: 'DRAFT', action: 'DATA_EXCHANGE' } }).interactive).toMatchObject({
      action: { parameters: { flow_name: 'booking', mode: 'draft', flow_action: 'data_exchange' } },
    });
    expect(send(valid.product()).interactive).toEqual({
      type: 'product',
      body: { text: 'Back in stock' },
      action: { catalog_id: 'cat-1', product_retailer_id: 'sku-1' },
    });
    expect(send(valid.productList()).interactive).toEqual({
      type: 'product_list',
      header: { type: 'text', text: 'New in' },
      body: { text: 'Our picks' },
      action: { catalog_id: 'cat-1', sections: [{ title: 'Shirts', product_items: [{ product_retailer_id: 'sku-1' }, { product_retailer_id: 'sku-2' }] }] },
    });
    expect(send(valid.catalog()).interactive).toEqual({
      type: 'catalog_message',
      body: { text: 'Browse our catalog' },
      action: { name: 'catalog_message', parameters: { thumbnail_product_retailer_id: 'sku-1' } },
    });
    expect(send(valid.locationRequest()).interactive).toEqual({
      type: 'location_request_message',
      body: { text: 'Where should we deliver?' },
      action: { name: 'send_location' },
    });
  });

  it('on-premise takes buttons, lists, products and product lists (without messaging_product)', () => {
    for (const kind of ['buttons', 'list', 'product', 'productList'] as const) {
      const body = send(valid[kind](), onPremise);
      expect(body).toMatchObject({ type: 'interactive' });
      expect(body).not.toHaveProperty('messaging_product');
    }
  });

  it.each(['ctaUrl', 'flow', 'catalog', 'locationRequest'] as const)('on-premise refuses %s naming the hosting', (kind) => {
    const refused = refusals(() => send(valid[kind](), onPremise));
    expect(refused).toEqual([[`input.${kind}`, expect.stringContaining('ON_PREMISE')]]);
  });

  it('is one content member: a typed kind beside text is refused', () => {
    expect(refusedFields({ ...valid.buttons(), text: { body: 'hi' } })).toEqual(['input']);
  });

  it('reports every broken rule at once, with the recipient', () => {
    const refused = refusals(() =>
      buildSendMessageBody(
        {
          to: 'not a number',
          buttons: {
            body: '',
            footer: x(61),
            buttons: [
              { id: 'a', title: x(21) },
              { id: 'a', title: 'b' },
            ],
          },
        },
        cloud,
      ),
    );
    expect(refused.map(([field]) => field)).toEqual([
      'input.to',
      'input.buttons.body',
      'input.buttons.footer',
      'input.buttons.buttons.0.title',
      'input.buttons.buttons.1.id',
    ]);
  });
});

/**
 * Each limit: an input breaking that rule, the field it is refused at, and the hosting; where one input cannot break
 * the rule alone (11 sections hold 11 rows), the words of its refusal.
 */
const limits: Array<[string, () => Content, string, SendMessageOptions?, string?]> = [
  [
    'buttons: at most 3',
    () => ({ buttons: { ...valid.buttons().buttons, buttons: rows(4).map(({ id, title }) => ({ id, title })) } }),
    'input.buttons.buttons',
  ],
  ['buttons: at least 1', () => ({ buttons: { ...valid.buttons().buttons, buttons: [] } }), 'input.buttons.buttons'],
  ['buttons: title at most 20', () => ({ buttons: { ...valid.buttons().buttons, buttons: [{ id: 'a', title: x(21) }] } }), 'input.buttons.buttons.0.title'],
  ['buttons: title not empty', () => ({ buttons: { ...valid.buttons().buttons, buttons: [{ id: 'a', title: ' ' }] } }), 'input.buttons.buttons.0.title'],
  ['buttons: id at most 256', () => ({ buttons: { ...valid.buttons().buttons, buttons: [{ id: x(257), title: 'a' }] } }), 'input.buttons.buttons.0.id'],
  [
    'buttons: id without surrounding blanks',
    () => ({ buttons: { ...valid.buttons().buttons, buttons: [{ id: ' a', title: 'a' }] } }),
    'input.buttons.buttons.0.id',
  ],
  [
    'buttons: distinct ids',
    () => ({
      buttons: {
        ...valid.buttons().buttons,
        buttons: [
          { id: 'a', title: 'A' },
          { id: 'a', title: 'B' },
        ],
      },
    }),
    'input.buttons.buttons.1.id',
  ],
  [
    'buttons: distinct titles',
    () => ({
      buttons: {
        ...valid.buttons().buttons,
        buttons: [
          { id: 'a', title: 'A' },
          { id: 'b', title: 'A' },
        ],
      },
    }),
    'input.buttons.buttons.1.title',
  ],
  ['buttons: body at most 1024', () => ({ buttons: { ...valid.buttons().buttons, body: x(1025) } }), 'input.buttons.body'],
  ['buttons: body not empty', () => ({ buttons: { ...valid.buttons().buttons, body: '  ' } }), 'input.buttons.body'],
  ['buttons: footer at most 60', () => ({ buttons: { ...valid.buttons().buttons, footer: x(61) } }), 'input.buttons.footer'],
  ['buttons: header text at most 60', () => ({ buttons: { ...valid.buttons().buttons, header: { text: x(61) } } }), 'input.buttons.header.text'],
  ['header: exactly one member', () => ({ buttons: { ...valid.buttons().buttons, header: { text: 'a', image: { id: 'm' } } } }), 'input.buttons.header'],
  ['header: no member', () => ({ buttons: { ...valid.buttons().buttons, header: {} } }), 'input.buttons.header'],
  ['header media: id or link', () => ({ buttons: { ...valid.buttons().buttons, header: { image: {} } } }), 'input.buttons.header.image'],
  [
    'header media: http(s) link',
    () => ({ buttons: { ...valid.buttons().buttons, header: { video: { link: 'ftp://a.example/v.mp4' } } } }),
    'input.buttons.header.video.link',
  ],
  [
    'header media: no caption',
    () => ({ buttons: { ...valid.buttons().buttons, header: { image: { id: 'm', caption: 'c' } } } }),
    'input.buttons.header.image.caption',
  ],
  [
    'header media: file name on documents only',
    () => ({ buttons: { ...valid.buttons().buttons, header: { image: { id: 'm', filename: 'a.jpg' } } } }),
    'input.buttons.header.image.filename',
  ],
  ['list: body at most 4096', () => ({ list: { ...valid.list().list, body: x(4097) } }), 'input.list.body'],
  ['list: header at most 60', () => ({ list: { ...valid.list().list, header: x(61) } }), 'input.list.header'],
  ['list: footer at most 60', () => ({ list: { ...valid.list().list, footer: x(61) } }), 'input.list.footer'],
  ['list: button text at most 20', () => ({ list: { ...valid.list().list, buttonText: x(21) } }), 'input.list.buttonText'],
  ['list: button text not empty', () => ({ list: { ...valid.list().list, buttonText: '' } }), 'input.list.buttonText'],
  [
    'list: at most 10 sections',
    () => ({ list: { ...valid.list().list, sections: Array.from({ length: 11 }, (_, index) => ({ title: `S${index}`, rows: rows(1, `s${index}`) })) } }),
    'input.list.sections',
    cloud,
    'list sections: 1 to 10 are allowed, 11 given',
  ],
  [
    'list: at least 1 section',
    () => ({ list: { ...valid.list().list, sections: [] } }),
    'input.list.sections',
    cloud,
    'list sections: 1 to 10 are allowed, 0 given',
  ],
  [
    'list: at most 10 rows in all',
    () => ({
      list: {
        ...valid.list().list,
        sections: [
          { title: 'A', rows: rows(6, 'a') },
          { title: 'B', rows: rows(5, 'b') },
        ],
      },
    }),
    'input.list.sections',
  ],
  [
    'list: a section has rows',
    () => ({
      list: {
        ...valid.list().list,
        sections: [
          { title: 'A', rows: rows(1) },
          { title: 'B', rows: [] },
        ],
      },
    }),
    'input.list.sections.1.rows',
  ],
  [
    'list: titled sections when several',
    () => ({ list: { ...valid.list().list, sections: [{ title: 'A', rows: rows(1, 'a') }, { rows: rows(1, 'b') }] } }),
    'input.list.sections.1.title',
  ],
  ['list: section title at most 24', () => ({ list: { ...valid.list().list, sections: [{ title: x(25), rows: rows(1) }] } }), 'input.list.sections.0.title'],
  [
    'list: row id at most 200',
    () => ({ list: { ...valid.list().list, sections: [{ rows: [{ id: x(201), title: 'a' }] }] } }),
    'input.list.sections.0.rows.0.id',
  ],
  [
    'list: row title at most 24',
    () => ({ list: { ...valid.list().list, sections: [{ rows: [{ id: 'a', title: x(25) }] }] } }),
    'input.list.sections.0.rows.0.title',
  ],
  [
    'list: row description at most 72',
    () => ({ list: { ...valid.list().list, sections: [{ rows: [{ id: 'a', title: 'a', description: x(73) }] }] } }),
    'input.list.sections.0.rows.0.description',
  ],
  [
    'list: distinct row ids across sections',
    () => ({
      list: {
        ...valid.list().list,
        sections: [
          { title: 'A', rows: [{ id: 'same', title: 'a' }] },
          { title: 'B', rows: [{ id: 'same', title: 'b' }] },
        ],
      },
    }),
    'input.list.sections.1.rows.0.id',
  ],
  ['ctaUrl: display text at most 20', () => ({ ctaUrl: { ...valid.ctaUrl().ctaUrl, displayText: x(21) } }), 'input.ctaUrl.displayText'],
  ['ctaUrl: http(s) url', () => ({ ctaUrl: { ...valid.ctaUrl().ctaUrl, url: 'javascript:alert(1)' } }), 'input.ctaUrl.url'],
  ['ctaUrl: body at most 1024', () => ({ ctaUrl: { ...valid.ctaUrl().ctaUrl, body: x(1025) } }), 'input.ctaUrl.body'],
  ['ctaUrl: footer at most 60', () => ({ ctaUrl: { ...valid.ctaUrl().ctaUrl, footer: x(61) } }), 'input.ctaUrl.footer'],
  ['flow: cta at most 20', () => ({ flow: { ...valid.flow().flow, flowCta: x(21) } }), 'input.flow.flowCta'],
  ['flow: one of flowId and flowName', () => ({ flow: { ...valid.flow().flow, flowName: 'booking' } }), 'input.flow.flowId'],
  ['flow: flowId or flowName needed', () => ({ flow: { ...valid.flow().flow, flowId: null } }), 'input.flow.flowId'],
  ['flow: body at most 1024', () => ({ flow: { ...valid.flow().flow, body: x(1025) } }), 'input.flow.body'],
  ['flow: data is a JSON object', () => ({ flow: { ...valid.flow().flow, data: [1, 2] } }), 'input.flow.data'],
  ['flow: data needs its screen', () => ({ flow: { ...valid.flow().flow, screen: null } }), 'input.flow.screen'],
  ['flow: no screen with DATA_EXCHANGE', () => ({ flow: { ...valid.flow().flow, data: null, action: 'DATA_EXCHANGE' as const } }), 'input.flow.screen'],
  ['product: body at most 1024', () => ({ product: { ...valid.product().product, body: x(1025) } }), 'input.product.body'],
  ['product: footer at most 60', () => ({ product: { ...valid.product().product, footer: x(61) } }), 'input.product.footer'],
  ['product: retailer id not empty', () => ({ product: { ...valid.product().product, productRetailerId: ' ' } }), 'input.product.productRetailerId'],
  ['product: catalog id not empty', () => ({ product: { ...valid.product().product, catalogId: '' } }), 'input.product.catalogId'],
  [
    'product: on-premise retailer id at most 100',
    () => ({ product: { ...valid.product().product, productRetailerId: x(101) } }),
    'input.product.productRetailerId',
    onPremise,
  ],
  ['productList: header not empty', () => ({ productList: { ...valid.productList().productList, header: '' } }), 'input.productList.header'],
  ['productList: header at most 60', () => ({ productList: { ...valid.productList().productList, header: x(61) } }), 'input.productList.header'],
  ['productList: body at most 1024', () => ({ productList: { ...valid.productList().productList, body: x(1025) } }), 'input.productList.body'],
  [
    'productList: at most 30 products in all',
    () => ({
      productList: {
        ...valid.productList().productList,
        sections: [
          { title: 'A', productRetailerIds: skus(16) },
          { title: 'B', productRetailerIds: skus(15) },
        ],
      },
    }),
    'input.productList.sections',
  ],
  [
    'productList: at most 10 sections',
    () => ({
      productList: {
        ...valid.productList().productList,
        sections: Array.from({ length: 11 }, (_, index) => ({ title: `S${index}`, productRetailerIds: [`s${index}`] })),
      },
    }),
    'input.productList.sections',
  ],
  [
    'productList: section title at most 24',
    () => ({ productList: { ...valid.productList().productList, sections: [{ title: x(25), productRetailerIds: ['a'] }] } }),
    'input.productList.sections.0.title',
  ],
  [
    'productList: section title not empty',
    () => ({ productList: { ...valid.productList().productList, sections: [{ title: '', productRetailerIds: ['a'] }] } }),
    'input.productList.sections.0.title',
  ],
  [
    'productList: a section has products',
    () => ({
      productList: {
        ...valid.productList().productList,
        sections: [
          { title: 'A', productRetailerIds: ['a'] },
          { title: 'B', productRetailerIds: [] },
        ],
      },
    }),
    'input.productList.sections.1.productRetailerIds',
  ],
  [
    'productList: on-premise retailer ids at most 100',
    () => ({ productList: { ...valid.productList().productList, sections: [{ title: 'A', productRetailerIds: ['a', x(101)] }] } }),
    'input.productList.sections.0.productRetailerIds.1',
    onPremise,
  ],
  ['catalog: body at most 1024', () => ({ catalog: { ...valid.catalog().catalog, body: x(1025) } }), 'input.catalog.body'],
  ['catalog: footer at most 60', () => ({ catalog: { ...valid.catalog().catalog, footer: x(61) } }), 'input.catalog.footer'],
  ['locationRequest: body at most 1024', () => ({ locationRequest: { body: x(1025) } }), 'input.locationRequest.body'],
  ['locationRequest: body not empty', () => ({ locationRequest: { body: '' } }), 'input.locationRequest.body'],
];

describe('typed interactive sends: each limit', () => {
  it.each(limits)('%s', (_rule, input, field, options = cloud, words) => {
    if (words === undefined) expect(refusedFields(input(), options)).toEqual([field]);
    else expect(refusals(() => send(input(), options))).toContainEqual([field, words]);
  });

  it('cloud passes a long product retailer id through (no limit stated there)', () => {
    expect(refusedFields({ product: { ...valid.product().product, productRetailerId: x(101) } })).toEqual([]);
  });

  it('the limits themselves are allowed', () => {
    const at = {
      buttons: {
        header: { text: x(60) },
        body: x(1024),
        footer: x(60),
        buttons: [
          { id: x(256), title: x(20) },
          { id: 'b', title: 'b' },
          { id: 'c', title: 'c' },
        ],
      },
    };
    expect(refusedFields(at)).toEqual([]);
    const rowsAtLimit = {
      list: { body: x(4096), buttonText: x(20), sections: [{ title: x(24), rows: [{ id: x(200), title: x(24), description: x(72) }, ...rows(9)] }] },
    };
    expect(refusedFields(rowsAtLimit)).toEqual([]);
    const products = { productList: { header: 'h', body: 'b', catalogId: 'c', sections: [{ title: 'a', productRetailerIds: skus(30) }] } };
    expect(refusedFields(products, onPremise)).toEqual([]);
  });
});
