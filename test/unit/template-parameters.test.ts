import { describe, expect, it } from '@jest/globals';
import type { TemplateMessageInput } from '../../src/generated/graphql.js';
import { buildSendMessageBody, type SendMessageOptions } from '../../src/messaging/send-message.js';
import { refusals } from '../support/refusals.js';

const cloud: SendMessageOptions = { hosting: 'CLOUD', messagingProduct: 'whatsapp', now: Date.parse('2026-01-01T00:00:00Z') };
const onPremise: SendMessageOptions = { ...cloud, hosting: 'ON_PREMISE' };
const base = { name: 'order_shipped', languageCode: 'en_US' };

const components = (changes: Partial<TemplateMessageInput>, options = cloud) =>
  (buildSendMessageBody({ to: '+4915112345678', template: { ...base, ...changes } }, options).template as { components?: unknown }).components;
const refusedFields = (changes: Partial<TemplateMessageInput>, options = cloud) =>
  refusals(() => buildSendMessageBody({ to: '+4915112345678', template: { ...base, ...changes } }, options)).map(([field]) => field);

describe('typed template parameters', () => {
  it('a text header, positional body parameters of each kind, and buttons of each kind in index order', () => {
    expect(
      components({
        header: { text: 'Ada' },
        body: [{ text: '#42' }, { currency: { fallbackValue: '€12.50', code: 'EUR', amount1000: 12500 } }, { dateTime: { fallbackValue: 'May 1, 2026' } }],
        buttons: [
          { kind: 'URL', index: 1, text: 'track/42' },
          { kind: 'QUICK_REPLY', index: 0, payload: 'stop' },
          { kind: 'COPY_CODE', index: 2, couponCode: 'SAVE10' },
          { kind: 'FLOW', index: 3, flowToken: 'tok', flowActionData: { order: 42 } },
        ],
      }),
    ).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: 'Ada' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: '#42' },
          { type: 'currency', currency: { fallback_value: '€12.50', code: 'EUR', amount_1000: 12500 } },
          { type: 'date_time', date_time: { fallback_value: 'May 1, 2026' } },
        ],
      },
      { type: 'button', index: 0, sub_type: 'quick_reply', parameters: [{ type: 'payload', payload: 'stop' }] },
      { type: 'button', index: 1, sub_type: 'url', parameters: [{ type: 'text', text: 'track/42' }] },
      { type: 'button', index: 2, sub_type: 'copy_code', parameters: [{ type: 'coupon_code', coupon_code: 'SAVE10' }] },
      { type: 'button', index: 3, sub_type: 'flow', parameters: [{ type: 'action', action: { flow_token: 'tok', flow_action_data: { order: 42 } } }] },
    ]);
  });

  it('media headers by id or link, a location header and named body parameters on cloud', () => {
    expect(components({ header: { image: { link: 'https://shop.example/a.jpg' } } })).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://shop.example/a.jpg' } }] },
    ]);
    expect(components({ header: { document: { id: 'm-1', filename: 'bill.pdf' } } }, onPremise)).toEqual([
      { type: 'header', parameters: [{ type: 'document', document: { id: 'm-1', filename: 'bill.pdf' } }] },
    ]);
    expect(components({ header: { location: { latitude: 52.5, longitude: 13.4, name: 'Shop', address: 'Main St 1' } } })).toEqual([
      { type: 'header', parameters: [{ type: 'location', location: { latitude: 52.5, longitude: 13.4, name: 'Shop', address: 'Main St 1' } }] },
    ]);
    expect(components({ body: [{ name: 'order_id', text: '42' }] })).toEqual([
      { type: 'body', parameters: [{ type: 'text', parameter_name: 'order_id', text: '42' }] },
    ]);
  });

  it('beside the limited-time-offer fields on other indexes', () => {
    const built = components({
      couponCode: 'C',
      urlButtonIndex: 1,
      urlButtonParameter: 'p',
      buttons: [{ kind: 'QUICK_REPLY', index: 2, payload: 'x' }],
    }) as Array<{
      index?: number;
    }>;
    expect(built.map((component) => component.index)).toEqual([0, 1, 2]);
  });

  const rules: Array<[string, Partial<TemplateMessageInput>, string[], SendMessageOptions?]> = [
    ['header beside headerMediaId', { header: { text: 'a' }, headerMediaId: 'm' }, ['input.template.header']],
    ['body beside bodyParameters', { body: [{ text: 'a' }], bodyParameters: ['b'] }, ['input.template.body']],
    ['typed members beside raw components', { body: [{ text: 'a' }], components: [] }, ['input.template.components']],
    ['header with two members', { header: { text: 'a', image: { id: 'm' } } }, ['input.template.header']],
    ['header text empty', { header: { text: ' ' } }, ['input.template.header.text']],
    ['header media with a caption', { header: { video: { id: 'm', caption: 'c' } } }, ['input.template.header.video.caption']],
    ['header media link not http(s)', { header: { image: { link: 'ftp://a/b.jpg' } } }, ['input.template.header.image.link']],
    [
      'location header on-premise',
      { header: { location: { latitude: 1, longitude: 1, name: 'a', address: 'b' } } },
      ['input.template.header.location'],
      onPremise,
    ],
    [
      'location header latitude',
      { header: { location: { latitude: 91, longitude: 1, name: 'a', address: 'b' } } },
      ['input.template.header.location.latitude'],
    ],
    ['body parameter with two members', { body: [{ text: 'a', dateTime: { fallbackValue: 'b' } }] }, ['input.template.body.0']],
    ['body parameter with none', { body: [{}] }, ['input.template.body.0']],
    ['body empty list', { body: [] }, ['input.template.body']],
    ['body text empty', { body: [{ text: '' }] }, ['input.template.body.0.text']],
    ['currency code', { body: [{ currency: { fallbackValue: '$1', code: 'usd', amount1000: 1000 } }] }, ['input.template.body.0.currency.code']],
    ['currency fallback', { body: [{ currency: { fallbackValue: ' ', code: 'USD', amount1000: 1000 } }] }, ['input.template.body.0.currency.fallbackValue']],
    ['date-time fallback', { body: [{ dateTime: { fallbackValue: '' } }] }, ['input.template.body.0.dateTime.fallbackValue']],
    ['named and positional mixed', { body: [{ name: 'a', text: 'x' }, { text: 'y' }] }, ['input.template.body']],
    ['parameter name format', { body: [{ name: 'Order-Id', text: 'x' }] }, ['input.template.body.0.name']],
    [
      'parameter names distinct',
      {
        body: [
          { name: 'a', text: 'x' },
          { name: 'a', text: 'y' },
        ],
      },
      ['input.template.body.1.name'],
    ],
    ['named parameters on-premise', { body: [{ name: 'a', text: 'x' }] }, ['input.template.body.0.name'], onPremise],
    ['button index above 9', { buttons: [{ kind: 'QUICK_REPLY', index: 10, payload: 'p' }] }, ['input.template.buttons.0.index']],
    [
      'button indexes distinct',
      {
        buttons: [
          { kind: 'QUICK_REPLY', index: 1, payload: 'p' },
          { kind: 'QUICK_REPLY', index: 1, payload: 'q' },
        ],
      },
      ['input.template.buttons.1.index'],
    ],
    [
      'button index taken by couponCode',
      { couponCode: 'C', urlButtonIndex: 1, urlButtonParameter: 'p', buttons: [{ kind: 'QUICK_REPLY', index: 0, payload: 'p' }] },
      ['input.template.buttons.0.index'],
    ],
    ['quick reply without payload', { buttons: [{ kind: 'QUICK_REPLY', index: 0 }] }, ['input.template.buttons.0.payload']],
    ['url button without text', { buttons: [{ kind: 'URL', index: 0 }] }, ['input.template.buttons.0.text']],
    ['copy code at most 15', { buttons: [{ kind: 'COPY_CODE', index: 0, couponCode: 'x'.repeat(16) }] }, ['input.template.buttons.0.couponCode']],
    ['a member of another kind', { buttons: [{ kind: 'URL', index: 0, text: 't', payload: 'p' }] }, ['input.template.buttons.0.payload']],
    ['flow data not an object', { buttons: [{ kind: 'FLOW', index: 0, flowActionData: 'x' }] }, ['input.template.buttons.0.flowActionData']],
  ];

  it.each(rules)('refuses %s', (_rule, changes, fields, options = cloud) => {
    expect(refusedFields(changes, options)).toEqual(fields);
  });

  it("reports the typed members' refusals together", () => {
    expect(refusedFields({ header: { text: '' }, body: [{ text: '' }], buttons: [{ kind: 'URL', index: 0 }] })).toEqual([
      'input.template.header.text',
      'input.template.body.0.text',
      'input.template.buttons.0.text',
    ]);
  });
});
