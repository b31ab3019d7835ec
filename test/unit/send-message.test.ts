import { describe, expect, it } from '@jest/globals';
import type { ContactCardInput, SendMessageInput, TemplateMessageInput } from '../../src/generated/graphql.js';
import {
  buildSendMessageBody,
  recipientKeyOf,
  characterCount,
  compact,
  contentField,
  isHttpUrl,
  toSentMessage,
  withAccountNamespace,
  type SendMessageOptions,
} from '../../src/messaging/send-message.js';
import { fieldOf, refusals } from '../support/refusals.js';

const cloud: SendMessageOptions = { hosting: 'CLOUD', messagingProduct: 'whatsapp' };
const onPremise: SendMessageOptions = { hosting: 'ON_PREMISE', messagingProduct: 'whatsapp' };
const to = '+4915112345678';

const send = (input: Omit<SendMessageInput, 'to'>, options: SendMessageOptions = cloud) => buildSendMessageBody({ to, ...input }, options);
const refused = (input: Omit<SendMessageInput, 'to'>, options: SendMessageOptions = cloud) => refusals(() => send(input, options));

describe('send-message helpers', () => {
  it('counts code points', () => {
    expect(characterCount('a😀b')).toBe(3);
    expect(characterCount('')).toBe(0);
  });

  it('compact drops undefined and null members only', () => {
    expect(compact({ a: undefined, b: null, c: 0, d: false, e: '', f: 'x' })).toEqual({ c: 0, d: false, e: '', f: 'x' });
    expect(Object.keys(compact({ a: undefined, b: null }))).toEqual([]);
  });

  it('isHttpUrl takes http and https URLs with a host only', () => {
    expect(isHttpUrl('http://a')).toBe(true);
    expect(isHttpUrl('https://shop.example.com/x?y=1')).toBe(true);
    expect(isHttpUrl('ftp://shop.example.com')).toBe(false);
    expect(isHttpUrl('mailto:a@b.c')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('shop.example.com')).toBe(false);
  });

  it('contentField names the one content field, or refuses naming the ones given', () => {
    expect(contentField({ to, image: { id: 'i' } })).toBe('image');
    expect(contentField({ to, interactive: {}, text: null })).toBe('interactive');
    expect(refusals(() => contentField({ to }))).toEqual([
      [
        'input',
        'Exactly one of text, location, contacts, audio, document, image, sticker, video, template, interactive, buttons, list, ctaUrl, flow, product, productList, catalog, locationRequest must be set; got none',
      ],
    ]);
    expect(refusals(() => contentField({ to, text: { body: 'a' }, video: { id: 'v' } }))).toEqual([
      [
        'input',
        'Exactly one of text, location, contacts, audio, document, image, sticker, video, template, interactive, buttons, list, ctaUrl, flow, product, productList, catalog, locationRequest must be set; got text, video',
      ],
    ]);
  });
});

describe('buildSendMessageBody envelope', () => {
  it('sends messaging_product on cloud only, the recipient trimmed', () => {
    expect(buildSendMessageBody({ to: ` ${to} `, text: { body: 'hi' } }, { ...cloud, messagingProduct: 'wa-x' })).toEqual({
      messaging_product: 'wa-x',
      recipient_type: 'individual',
      to,
      type: 'text',
      text: { body: 'hi' },
    });
    expect(buildSendMessageBody({ to: ` ${to} `, text: { body: 'hi' } }, onPremise)).toEqual({
      recipient_type: 'individual',
      to,
      type: 'text',
      text: { body: 'hi' },
    });
  });

  it('sends replyTo as context on cloud and refuses it on-premise', () => {
    expect(send({ replyTo: 'wamid.1', text: { body: 'hi' } }).context).toEqual({ message_id: 'wamid.1' });
    expect(send({ replyTo: null, text: { body: 'hi' } })).not.toHaveProperty('context');
    expect(refused({ replyTo: 'wamid.1', text: { body: 'hi' } }, onPremise)).toEqual([['input.replyTo', 'replyTo (context) exists on cloud channels only']]);
    expect(refused({ replyTo: ' ', text: { body: 'hi' } })).toEqual([['input.replyTo', 'replyTo must not be empty']]);
  });

  it('refuses the recipient, the reply context and the content together', () => {
    expect(refusals(() => buildSendMessageBody({ to: ' ', replyTo: 'm' }, onPremise))).toEqual([
      ['input.to', 'to must not be empty'],
      ['input.replyTo', 'replyTo (context) exists on cloud channels only'],
      [
        'input',
        'Exactly one of text, location, contacts, audio, document, image, sticker, video, template, interactive, buttons, list, ctaUrl, flow, product, productList, catalog, locationRequest must be set; got none',
      ],
    ]);
    expect(refusals(() => buildSendMessageBody({ to: '', text: { body: 'a' } }, cloud))).toEqual([['input.to', 'to must not be empty']]);
  });

  it('takes a contact key as recipient: any phone format as given, a user id as `recipient` on cloud only, anything else refused', () => {
    const formatted = buildSendMessageBody({ to: ' +49 (151) 1234-5678 ', text: { body: 'hi' } }, cloud);
    expect(formatted).toMatchObject({ to: '+49 (151) 1234-5678' });
    expect(recipientKeyOf(formatted)).toBe('4915112345678');
    const toUser = buildSendMessageBody({ to: ' US.13491208655302741918 ', text: { body: 'hi' } }, cloud);
    expect(toUser).toMatchObject({ recipient: 'US.13491208655302741918', recipient_type: 'individual' });
    expect(toUser).not.toHaveProperty('to');
    expect(recipientKeyOf(toUser)).toBe('US.13491208655302741918');
    // A body that names no contact key (the idempotency and window rules key by it) is refused as the input's recipient.
    expect(fieldOf(() => recipientKeyOf({ to: 'not a number' }))).toBe('input.to');
    expect(buildSendMessageBody({ to: 'DE.ENT.abc123', text: { body: 'hi' } }, cloud)).toMatchObject({ recipient: 'DE.ENT.abc123' });
    expect(refusals(() => buildSendMessageBody({ to: 'US.13491208655302741918', text: { body: 'hi' } }, onPremise))).toEqual([
      ['input.to', 'A business-scoped user id can be a recipient on cloud channels only: give the phone number'],
    ]);
    for (const bad of ['abc', '+49 151 ****5678', 'us.123', '49 151 12x']) {
      expect(refusals(() => buildSendMessageBody({ to: bad, text: { body: 'hi' } }, cloud))).toEqual([
        ['input.to', expect.stringMatching(/^input\.to must be a contact key/)],
      ]);
    }
  });

  it('refuses a required string that is missing altogether (an untyped caller) as empty', () => {
    expect(refusals(() => buildSendMessageBody({ to: undefined as unknown as string, text: { body: 'a' } }, cloud))).toEqual([
      ['input.to', 'to must not be empty'],
    ]);
    expect(refused({ text: { body: null as unknown as string } })).toEqual([['input.text.body', 'text.body must not be empty']]);
  });
});

describe('text messages', () => {
  it('puts preview_url inside text on cloud and at the top level on-premise', () => {
    expect(send({ text: { body: 'see https://x.io', previewUrl: true } })).toMatchObject({ text: { body: 'see https://x.io', preview_url: true } });
    expect(send({ text: { body: 'b', previewUrl: false } }).text).toEqual({ body: 'b', preview_url: false });
    const onPrem = send({ text: { body: 'b', previewUrl: true } }, onPremise);
    expect(onPrem.text).toEqual({ body: 'b' });
    expect(onPrem.preview_url).toBe(true);
    expect(send({ text: { body: 'b', previewUrl: false } }, onPremise).preview_url).toBe(false);
    expect(send({ text: { body: 'b', previewUrl: null } }).text).toEqual({ body: 'b' });
    expect(send({ text: { body: 'b', previewUrl: null } }, onPremise)).not.toHaveProperty('preview_url');
    expect(send({ text: { body: 'b' } }, onPremise)).not.toHaveProperty('preview_url');
  });

  it('keeps the body as given and checks its length in characters', () => {
    expect(send({ text: { body: ' b ' } }).text).toEqual({ body: ' b ' });
    expect(send({ text: { body: 'x'.repeat(4096) } }).text).toEqual({ body: 'x'.repeat(4096) });
    expect(refused({ text: { body: 'x'.repeat(4097) } })).toEqual([['input.text.body', 'text.body has 4097 characters; at most 4096 are allowed']]);
    expect(refused({ text: { body: '  ' } })).toEqual([['input.text.body', 'text.body must not be empty']]);
  });
});

describe('location messages', () => {
  const place = { latitude: 52.5, longitude: 13.4, name: 'Office', address: 'Main St 1' };

  it('sends the four fields', () => {
    expect(send({ location: place })).toMatchObject({ type: 'location', location: { latitude: 52.5, longitude: 13.4, name: 'Office', address: 'Main St 1' } });
  });

  it('takes the bounds themselves', () => {
    for (const [latitude, longitude] of [
      [-90, -180],
      [90, 180],
    ]) {
      expect(send({ location: { ...place, latitude, longitude } }).location).toEqual({ ...place, latitude, longitude });
    }
  });

  it('refuses coordinates outside the ranges, each with its field', () => {
    const latitude = ['input.location.latitude', 'location.latitude must lie between -90 and 90'];
    const longitude = ['input.location.longitude', 'location.longitude must lie between -180 and 180'];
    for (const value of [-90.5, 90.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(refused({ location: { ...place, latitude: value } })).toEqual([latitude]);
    }
    for (const value of [-180.5, 180.5, Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(refused({ location: { ...place, longitude: value } })).toEqual([longitude]);
    }
  });

  it('refuses every broken field at once', () => {
    expect(refused({ location: { latitude: 100, longitude: -200, name: '', address: ' ' } })).toEqual([
      ['input.location.latitude', 'location.latitude must lie between -90 and 90'],
      ['input.location.longitude', 'location.longitude must lie between -180 and 180'],
      ['input.location.name', 'location.name must not be empty'],
      ['input.location.address', 'location.address must not be empty'],
    ]);
  });
});

describe('contact messages', () => {
  const name = { formattedName: 'Ann Bee', firstName: 'Ann' };

  it('sends every given member in snake_case and leaves out the absent ones', () => {
    const card: ContactCardInput = {
      name: { formattedName: 'Dr Ann Cee Bee Jr', firstName: 'Ann', lastName: 'Bee', middleName: 'Cee', suffix: 'Jr', prefix: 'Dr' },
      addresses: [{ street: 'Main St 1', city: 'Berlin', state: 'BE', zip: '10115', country: 'Germany', countryCode: 'de', type: 'WORK' }, { city: 'Bonn' }],
      birthday: '2000-02-29',
      emails: [{ email: 'ann@shop.io', type: 'WORK' }],
      org: { company: 'Shop', department: 'Sales', title: 'Lead' },
      phones: [{ phone: '+49 151', type: 'CELL', waId: '49151' }],
      urls: [{ url: 'https://shop.io', type: 'WORK' }],
    };
    expect(send({ contacts: [card] })).toMatchObject({
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Dr Ann Cee Bee Jr', first_name: 'Ann', last_name: 'Bee', middle_name: 'Cee', suffix: 'Jr', prefix: 'Dr' },
          addresses: [
            { street: 'Main St 1', city: 'Berlin', state: 'BE', zip: '10115', country: 'Germany', country_code: 'de', type: 'WORK' },
            { city: 'Bonn' },
          ],
          birthday: '2000-02-29',
          emails: [{ email: 'ann@shop.io', type: 'WORK' }],
          org: { company: 'Shop', department: 'Sales', title: 'Lead' },
          phones: [{ phone: '+49 151', type: 'CELL', wa_id: '49151' }],
          urls: [{ url: 'https://shop.io', type: 'WORK' }],
        },
      ],
    });
    expect(
      send({
        contacts: [
          { name, org: { company: 'Shop' } },
          { name: { formattedName: 'X', prefix: 'Mr' }, birthday: null },
        ],
      }).contacts,
    ).toEqual([{ name: { formatted_name: 'Ann Bee', first_name: 'Ann' }, org: { company: 'Shop' } }, { name: { formatted_name: 'X', prefix: 'Mr' } }]);
  });

  it('needs a formatted name and one more name part', () => {
    expect(refused({ contacts: [{ name: { formattedName: ' ', lastName: 'B' } }] })).toEqual([
      ['input.contacts.0.name.formattedName', 'name.formattedName must not be empty'],
    ]);
    const partMissing = [['input.contacts.0.name', 'name needs at least one of firstName, lastName, middleName, suffix, prefix besides formattedName']];
    expect(refused({ contacts: [{ name: { formattedName: 'A' } }] })).toEqual(partMissing);
    expect(refused({ contacts: [{ name: { formattedName: 'A', firstName: ' ', lastName: null } }] })).toEqual(partMissing);
    for (const part of ['firstName', 'lastName', 'middleName', 'suffix', 'prefix']) {
      expect(refused({ contacts: [{ name: { formattedName: 'A', [part]: 'p' } }] })).toEqual([]);
    }
  });

  it('takes HOME or WORK as the type of an e-mail address and a URL, nothing else', () => {
    expect(refused({ contacts: [{ name, emails: [{ email: 'a@b.io', type: 'HOME' }], urls: [{ url: 'https://b.io', type: 'WORK' }] }] })).toEqual([]);
    expect(refused({ contacts: [{ name, emails: [{ email: 'a@b.io', type: 'INTERNET' }] }] })).toEqual([
      ['input.contacts.0.emails.0.type', 'type must be HOME or WORK; got "INTERNET"'],
    ]);
    expect(refused({ contacts: [{ name, urls: [{ url: 'https://b.io', type: 'home' }] }] })).toEqual([
      ['input.contacts.0.urls.0.type', 'type must be HOME or WORK; got "home"'],
    ]);
  });

  it('takes real dates in YYYY-MM-DD as birthdays only', () => {
    for (const birthday of ['2000-01-01', '2024-02-29', '1999-12-31']) {
      expect(refused({ contacts: [{ name, birthday }] })).toEqual([]);
    }
    for (const birthday of [
      '2023-02-29',
      '2023-04-31',
      '2023-13-01',
      '2023-00-10',
      '2023-01-00',
      // Date.UTC reads years 0–99 as 1900–1999, so the year check refuses them (no living contact was born then).
      '0099-01-01',
      '2023-1-01',
      '23-01-01',
      'x2023-01-01',
      '2023-01-011',
      '2023/01/01',
      '',
    ]) {
      expect(refused({ contacts: [{ name, birthday }] })).toEqual([['input.contacts.0.birthday', 'birthday must be a date in YYYY-MM-DD format']]);
    }
  });

  it('checks country codes, e-mails, phones and urls with their positions', () => {
    expect(refused({ contacts: [{ name, addresses: [{ countryCode: 'DE' }, { countryCode: 'd1' }] }] })).toEqual([
      ['input.contacts.0.addresses.1.countryCode', 'countryCode must be two letters'],
    ]);
    for (const countryCode of ['DEU', 'D', 'xDE', 'DEx']) {
      expect(refused({ contacts: [{ name, addresses: [{ countryCode }] }] })[0]?.[0]).toBe('input.contacts.0.addresses.0.countryCode');
    }
    expect(refused({ contacts: [{ name, addresses: [{ countryCode: null, city: 'Bonn' }] }] })).toEqual([]);
    expect(refused({ contacts: [{ name, emails: [{ email: 'a@b.c' }, { email: ' ' }] }] })).toEqual([
      ['input.contacts.0.emails.1.email', 'email must not be empty'],
    ]);
    expect(refused({ contacts: [{ name, phones: [{ phone: '' }] }] })).toEqual([['input.contacts.0.phones.0.phone', 'phone must not be empty']]);
    expect(refused({ contacts: [{ name, urls: [{ url: 'https://a.io' }, { url: '' }] }] })).toEqual([['input.contacts.0.urls.1.url', 'url must not be empty']]);
  });

  it('refuses an empty list, and the broken cards of a list together', () => {
    expect(refused({ contacts: [] })).toEqual([['input.contacts', 'contacts needs at least one contact']]);
    expect(refused({ contacts: [{ name, birthday: 'soon' }, { name }, { name: { formattedName: '' } }] })).toEqual([
      ['input.contacts.0.birthday', 'birthday must be a date in YYYY-MM-DD format'],
      ['input.contacts.2.name.formattedName', 'name.formattedName must not be empty'],
    ]);
  });
});

describe('media messages', () => {
  it.each(['audio', 'document', 'image', 'sticker', 'video'] as const)('sends %s by id or by link', (kind) => {
    expect(send({ [kind]: { id: 'media-1' } })).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: kind,
      [kind]: { id: 'media-1' },
    });
    expect(send({ [kind]: { link: 'https://cdn.example.com/f', id: '' } })[kind]).toEqual({ link: 'https://cdn.example.com/f' });
    expect(send({ [kind]: { id: 'media-1', link: '' } })[kind]).toEqual({ id: 'media-1' });
  });

  it('needs exactly one of id and link, and an http(s) link', () => {
    expect(refused({ image: { id: 'i', link: 'https://cdn.example.com/f' } })).toEqual([['input.image', 'image needs exactly one of id and link']]);
    expect(refused({ audio: {} })).toEqual([['input.audio', 'audio needs exactly one of id and link']]);
    expect(refused({ audio: { id: '', link: '' } })).toEqual([['input.audio', 'audio needs exactly one of id and link']]);
    expect(refused({ video: { link: 'ftp://cdn.example.com/f' } })).toEqual([['input.video.link', 'video.link must be an http:// or https:// URL']]);
  });

  it('takes captions for document, image and video, limited on-premise only', () => {
    expect(send({ document: { id: 'd', caption: 'Invoice', filename: 'invoice.pdf' } }).document).toEqual({
      id: 'd',
      caption: 'Invoice',
      filename: 'invoice.pdf',
    });
    expect(send({ image: { id: 'i', caption: 'c'.repeat(1024) } }, onPremise).image).toEqual({ id: 'i', caption: 'c'.repeat(1024) });
    expect(send({ image: { id: 'i', caption: 'c'.repeat(1025) } }).image).toEqual({ id: 'i', caption: 'c'.repeat(1025) });
    expect(refused({ video: { id: 'v', caption: '😀'.repeat(1025) } }, onPremise)).toEqual([
      ['input.video.caption', 'caption is limited to 1024 characters on on-premise channels'],
    ]);
    for (const kind of ['audio', 'sticker'] as const) {
      expect(refused({ [kind]: { id: 'm', caption: 'c' } })).toEqual([[`input.${kind}.caption`, 'caption is only allowed for document, image and video']]);
    }
    expect(send({ audio: { id: 'a', caption: null, filename: null, provider: null } }).audio).toEqual({ id: 'a' });
  });

  it('takes filename for documents only', () => {
    expect(refused({ image: { id: 'i', filename: 'a.png' } })).toEqual([['input.image.filename', 'filename is only allowed for document']]);
  });

  it('takes a provider on-premise only, as {name}', () => {
    expect(send({ image: { link: 'https://cdn.example.com/i', provider: 'cdn-auth' } }, onPremise).image).toEqual({
      link: 'https://cdn.example.com/i',
      provider: { name: 'cdn-auth' },
    });
    expect(refused({ image: { id: 'i', provider: 'cdn-auth' } })).toEqual([['input.image.provider', 'provider exists on on-premise channels only']]);
    expect(refused({ image: { id: 'i', provider: ' ' } }, onPremise)).toEqual([['input.image.provider', 'provider must not be empty']]);
  });
});

describe('template messages', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  const at = { ...cloud, now };
  const base: TemplateMessageInput = { name: 'order_update', languageCode: 'de' };
  const template = (changes: Partial<TemplateMessageInput>, options: SendMessageOptions = at) =>
    send({ template: { ...base, ...changes } }, options).template as Record<string, unknown>;
  const refusedTemplate = (changes: Partial<TemplateMessageInput>, options: SendMessageOptions = at) => refused({ template: { ...base, ...changes } }, options);

  it('needs a name and a language code', () => {
    expect(refusedTemplate({ name: ' ' })).toEqual([['input.template.name', 'template.name must not be empty']]);
    expect(refusedTemplate({ languageCode: '' })).toEqual([['input.template.languageCode', 'template.languageCode must not be empty']]);
  });

  it('takes a namespace on-premise only', () => {
    expect(template({ namespace: 'ns-1' }, onPremise)).toEqual({ namespace: 'ns-1', name: 'order_update', language: { code: 'de' } });
    expect(template({ namespace: null }, onPremise)).toEqual({ name: 'order_update', language: { code: 'de' } });
    expect(refusedTemplate({ namespace: 'ns-1' })).toEqual([['input.template.namespace', 'namespace exists on on-premise channels only']]);
    expect(refusedTemplate({ namespace: ' ' }, onPremise)).toEqual([['input.template.namespace', 'template.namespace must not be empty']]);
  });

  it('builds header, body, offer, copy-code and url button components in that order', () => {
    expect(
      template({
        headerMediaId: 'media-9',
        headerMediaType: 'VIDEO',
        bodyParameters: ['Ann', ' 42 '],
        offerExpiresAt: '2030-01-02T00:00:00Z',
        couponCode: 'SAVE10',
        urlButtonIndex: 1,
        urlButtonParameter: 'deal-7',
      }),
    ).toEqual({
      name: 'order_update',
      language: { code: 'de' },
      components: [
        { type: 'header', parameters: [{ type: 'video', video: { id: 'media-9' } }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ann' },
            { type: 'text', text: ' 42 ' },
          ],
        },
        {
          type: 'limited_time_offer',
          parameters: [{ type: 'limited_time_offer', limited_time_offer: { expiration_time_ms: Date.parse('2030-01-02T00:00:00Z') } }],
        },
        { type: 'button', sub_type: 'copy_code', index: 0, parameters: [{ type: 'coupon_code', coupon_code: 'SAVE10' }] },
        { type: 'button', sub_type: 'url', index: 1, parameters: [{ type: 'text', text: 'deal-7' }] },
      ],
    });
  });

  it('takes an image header by default, and no components for empty typed fields', () => {
    expect(template({ headerMediaId: 'm' }).components).toEqual([{ type: 'header', parameters: [{ type: 'image', image: { id: 'm' } }] }]);
    expect(template({ headerMediaId: 'm', headerMediaType: null }).components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { id: 'm' } }] },
    ]);
    expect(template({ bodyParameters: [] })).toEqual({ name: 'order_update', language: { code: 'de' } });
    expect(template({ bodyParameters: null, headerMediaId: null, couponCode: null, urlButtonIndex: null, offerExpiresAt: null })).toEqual({
      name: 'order_update',
      language: { code: 'de' },
    });
  });

  it('refuses header, body and button mistakes with their fields', () => {
    expect(refusedTemplate({ headerMediaType: 'IMAGE' })).toEqual([['input.template.headerMediaId', 'headerMediaType needs headerMediaId']]);
    expect(refusedTemplate({ headerMediaId: 'm', headerMediaType: 'STICKER' })).toEqual([
      ['input.template.headerMediaType', 'headerMediaType must be IMAGE, VIDEO or DOCUMENT'],
    ]);
    expect(refusedTemplate({ headerMediaId: ' ' })).toEqual([['input.template.headerMediaId', 'headerMediaId must not be empty']]);
    expect(refusedTemplate({ bodyParameters: ['a', ' '] })).toEqual([['input.template.bodyParameters.1', 'a body parameter must not be empty']]);
    expect(refusedTemplate({ urlButtonIndex: 1 })).toEqual([['input.template.urlButtonParameter', 'urlButtonIndex and urlButtonParameter go together']]);
    expect(refusedTemplate({ urlButtonParameter: 'x' })).toEqual([['input.template.urlButtonIndex', 'urlButtonIndex and urlButtonParameter go together']]);
    expect(refusedTemplate({ urlButtonIndex: 1, urlButtonParameter: ' ' })).toEqual([
      ['input.template.urlButtonParameter', 'urlButtonParameter must not be empty'],
    ]);
    expect(refusedTemplate({ couponCode: ' ' })).toEqual([['input.template.couponCode', 'couponCode must not be empty']]);
  });

  it('takes url button indexes 0 to 9, 0 only without a copy-code button', () => {
    for (const index of [0, 9]) {
      expect(template({ urlButtonIndex: index, urlButtonParameter: 'p' }).components).toEqual([
        { type: 'button', sub_type: 'url', index, parameters: [{ type: 'text', text: 'p' }] },
      ]);
    }
    for (const index of [-1, 10, 1.5]) {
      expect(refusedTemplate({ urlButtonIndex: index, urlButtonParameter: 'p' })).toEqual([
        ['input.template.urlButtonIndex', 'urlButtonIndex must lie between 0 and 9'],
      ]);
    }
    expect(refusedTemplate({ urlButtonIndex: 0, urlButtonParameter: 'p', couponCode: 'C' })).toEqual([
      ['input.template.urlButtonIndex', 'index 0 belongs to the copy_code button; the url button comes after it'],
    ]);
    expect(template({ couponCode: 'C', urlButtonIndex: 1, urlButtonParameter: 'p' }).components).toEqual([
      { type: 'button', sub_type: 'copy_code', index: 0, parameters: [{ type: 'coupon_code', coupon_code: 'C' }] },
      { type: 'button', sub_type: 'url', index: 1, parameters: [{ type: 'text', text: 'p' }] },
    ]);
  });

  it("refuses a limited-time offer's coupon without its url button, with or without expiration", () => {
    expect(refusedTemplate({ couponCode: 'C' })).toEqual([
      [
        'input.template.urlButtonIndex',
        "couponCode is the limited-time offer's, which needs its url button (urlButtonIndex and urlButtonParameter); a template with a copy-code button alone takes buttons: [{kind: COPY_CODE}]",
      ],
    ]);
  });

  it('takes limited-time offers on cloud with an expiration ahead, a coupon code and a url button', () => {
    const offer = { offerExpiresAt: '2030-01-01T00:00:00.001Z', couponCode: 'C', urlButtonIndex: 1, urlButtonParameter: 'p' };
    expect(template(offer).components).toContainEqual({
      type: 'limited_time_offer',
      parameters: [{ type: 'limited_time_offer', limited_time_offer: { expiration_time_ms: now + 1 } }],
    });
    expect(refusedTemplate(offer, { ...onPremise, now })).toEqual([
      ['input.template.offerExpiresAt', 'limited-time-offer templates exist on cloud channels only'],
    ]);
    for (const offerExpiresAt of ['2030-01-01T00:00:00Z', '2029-12-31T23:59:59Z', 'next week']) {
      expect(refusedTemplate({ ...offer, offerExpiresAt })).toEqual([['input.template.offerExpiresAt', 'offerExpiresAt must lie in the future']]);
    }
    expect(refusedTemplate({ ...offer, couponCode: null })).toEqual([
      ['input.template.couponCode', 'a limited-time offer with expiration needs couponCode (copy_code button)'],
    ]);
    expect(refusedTemplate({ ...offer, urlButtonIndex: null, urlButtonParameter: null })).toEqual([
      ['input.template.urlButtonIndex', 'a limited-time offer needs its url button (urlButtonIndex and urlButtonParameter)'],
    ]);
  });

  it('checks offer expirations against the current time when no time is given', () => {
    const offer = { couponCode: 'C', urlButtonIndex: 1, urlButtonParameter: 'p' };
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    expect(refused({ template: { ...base, ...offer, offerExpiresAt: ahead } }, cloud)).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(refused({ template: { ...base, ...offer, offerExpiresAt: past } }, cloud)[0]?.[1]).toBe('offerExpiresAt must lie in the future');
    // A given time wins over the clock.
    expect(refused({ template: { ...base, ...offer, offerExpiresAt: '2000-01-02T00:00:00Z' } }, { ...cloud, now: Date.parse('2000-01-01T00:00:00Z') })).toEqual(
      [],
    );
  });

  it('passes raw components through, refusing them beside typed fields or when not a list of objects', () => {
    const components = [{ type: 'body', parameters: [{ type: 'text', text: 'x' }] }];
    expect(template({ components })).toEqual({ name: 'order_update', language: { code: 'de' }, components });
    expect(template({ components: [] })).toEqual({ name: 'order_update', language: { code: 'de' }, components: [] });
    expect(refusedTemplate({ components, couponCode: 'C', bodyParameters: ['a'], headerMediaId: null })).toEqual([
      ['input.template.components', 'components cannot be combined with bodyParameters, couponCode'],
    ]);
    for (const broken of [{ type: 'body' }, [[]], [null], ['body'], [{ type: 'body' }, 1]]) {
      expect(refusedTemplate({ components: broken })).toEqual([['input.template.components', 'components must be an array of component objects']]);
    }
  });

  it('on cloud, needs a fallback value for each date_time parameter of raw components', () => {
    const dateTime = (date_time: unknown) => [
      { type: 'header', parameters: 'none' },
      // Entries that are not objects are skipped (undefined only from a JS caller, never from JSON).
      { type: 'body', parameters: [null, 'text', undefined, { type: 'text', text: 'x' }, { type: 'date_time', date_time }] },
    ];
    expect(template({ components: dateTime({ fallback_value: 'Monday' }) }).components).toEqual(dateTime({ fallback_value: 'Monday' }));
    const missing = [
      [
        'input.template.components.1.parameters.4',
        'a date_time parameter needs date_time.fallback_value on cloud channels, which render the fallback value only',
      ],
    ];
    // undefined: a date_time parameter without its date_time member.
    for (const value of [{ fallback_value: ' ' }, { fallback_value: 5 }, {}, null, undefined, 'Monday']) {
      expect(refusedTemplate({ components: dateTime(value) })).toEqual(missing);
      expect(template({ components: dateTime(value) }, onPremise).components).toEqual(dateTime(value));
    }
  });
});

describe('interactive messages', () => {
  it('passes a JSON object through and refuses anything else', () => {
    const value = { type: 'button', body: { text: 'Pick' }, action: { buttons: [] } };
    expect(send({ interactive: value }).interactive).toBe(value);
    for (const broken of [[], 'button', 5]) {
      expect(refused({ interactive: broken })).toEqual([['input.interactive', 'interactive must be a JSON object']]);
    }
  });

  it('on-premise, limits product_retailer_id to 100 characters in product and multi-product messages', () => {
    const limit = 'p'.repeat(100);
    const long = 'p'.repeat(101);
    const message = 'product_retailer_id is limited to 100 characters on on-premise channels';
    expect(refused({ interactive: { action: { product_retailer_id: limit } } }, onPremise)).toEqual([]);
    expect(refused({ interactive: { action: { product_retailer_id: long } } }, onPremise)).toEqual([['input.interactive.action.product_retailer_id', message]]);
    expect(refused({ interactive: { action: { product_retailer_id: long } } })).toEqual([]);
    const sections = [
      { product_items: [{ product_retailer_id: limit }] },
      null,
      // undefined entries only from a JS caller, never from JSON: skipped like null.
      undefined,
      { product_items: 'x' },
      { product_items: [null, undefined, 'a', { product_retailer_id: long }] },
    ];
    expect(refused({ interactive: { action: { sections } } }, onPremise)).toEqual([
      ['input.interactive.action.sections.4.product_items.3.product_retailer_id', message],
    ]);
    expect(refused({ interactive: { action: { sections } } })).toEqual([]);
    for (const action of [undefined, null, 'x', { sections: 'x' }, { product_retailer_id: 5 }]) {
      expect(refused({ interactive: { action } }, onPremise)).toEqual([]);
    }
  });
});

describe('toSentMessage', () => {
  it('reads the first message id, and the contact when cloud sends one', () => {
    expect(toSentMessage('+49 151', { contacts: [{ input: '+49 151', wa_id: '49151' }], messages: [{ id: 'wamid.X' }, { id: 'wamid.Y' }] })).toEqual({
      id: 'wamid.X',
      input: '+49 151',
      waId: '49151',
    });
    expect(toSentMessage('+49 151', { contacts: [{ input: null, wa_id: null }], messages: [{ id: 'gBEG' }] })).toEqual({
      id: 'gBEG',
      input: '+49 151',
      waId: null,
    });
    expect(toSentMessage('+49 151', { contacts: [], messages: [{ id: 'gBEG' }] })).toEqual({ id: 'gBEG', input: '+49 151', waId: null });
    expect(toSentMessage('+49 151', { contacts: null, messages: [{ id: 'gBEG' }] })).toEqual({ id: 'gBEG', input: '+49 151', waId: null });
    for (const messages of [null, [], [{}], [{ id: '' }], [{ id: null }]]) {
      expect(toSentMessage('+49 151', { messages })).toBeNull();
    }
  });
});

describe('buildSendMessageBody', () => {
  const base: SendMessageInput = { to: ' +4915112345678 ' };

  it('counts text length in characters, not UTF-16 units', () => {
    const emoji = '😀'.repeat(4096);
    expect(() => buildSendMessageBody({ ...base, text: { body: emoji } }, cloud)).not.toThrow();
    expect(fieldOf(() => buildSendMessageBody({ ...base, text: { body: `${emoji}x` } }, cloud))).toBe('input.text.body');
  });

  it('trims the recipient and never sends messaging_product on-premise', () => {
    const body = buildSendMessageBody({ ...base, text: { body: 'a' } }, onPremise);
    expect(body).toEqual({ recipient_type: 'individual', to: '+4915112345678', type: 'text', text: { body: 'a' } });
  });

  it('checks location ranges and required strings', () => {
    const location = { latitude: 91, longitude: 0, name: 'n', address: 'a' };
    expect(fieldOf(() => buildSendMessageBody({ ...base, location }, cloud))).toBe('input.location.latitude');
    expect(fieldOf(() => buildSendMessageBody({ ...base, location: { ...location, latitude: 0, longitude: 181 } }, cloud))).toBe('input.location.longitude');
    expect(fieldOf(() => buildSendMessageBody({ ...base, location: { ...location, latitude: 0, name: ' ' } }, cloud))).toBe('input.location.name');
  });

  it('checks contacts: at least one, birthday a real date, two-letter country code', () => {
    const name = { formattedName: 'A B', lastName: 'B' };
    expect(fieldOf(() => buildSendMessageBody({ ...base, contacts: [] }, cloud))).toBe('input.contacts');
    expect(fieldOf(() => buildSendMessageBody({ ...base, contacts: [{ name, birthday: '2023-02-29' }] }, cloud))).toBe('input.contacts.0.birthday');
    expect(fieldOf(() => buildSendMessageBody({ ...base, contacts: [{ name, addresses: [{ countryCode: 'DEU' }] }] }, cloud))).toBe(
      'input.contacts.0.addresses.0.countryCode',
    );
    expect(fieldOf(() => buildSendMessageBody({ ...base, contacts: [{ name: { formattedName: 'A', suffix: ' ' } }] }, cloud))).toBe('input.contacts.0.name');
  });

  it('allows a caption of any length on cloud (the limit is stated on-premise only)', () => {
    expect(() => buildSendMessageBody({ ...base, video: { id: 'v', caption: 'c'.repeat(5000) } }, cloud)).not.toThrow();
    expect(fieldOf(() => buildSendMessageBody({ ...base, sticker: { id: 's', caption: 'c' } }, onPremise))).toBe('input.sticker.caption');
  });

  it('builds template components in B2 order and checks the button rules', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const template = { name: 't', languageCode: 'en', couponCode: 'C', urlButtonIndex: 0, urlButtonParameter: 'x' };
    expect(fieldOf(() => buildSendMessageBody({ ...base, template }, { ...cloud, now }))).toBe('input.template.urlButtonIndex');
    expect(fieldOf(() => buildSendMessageBody({ ...base, template: { ...template, urlButtonIndex: 10 } }, { ...cloud, now }))).toBe(
      'input.template.urlButtonIndex',
    );
    expect(fieldOf(() => buildSendMessageBody({ ...base, template: { name: 't', languageCode: 'en', urlButtonIndex: 1 } }, cloud))).toBe(
      'input.template.urlButtonParameter',
    );
    expect(
      fieldOf(() => buildSendMessageBody({ ...base, template: { ...template, urlButtonIndex: 1, offerExpiresAt: '2029-12-31T00:00:00Z' } }, { ...cloud, now })),
    ).toBe('input.template.offerExpiresAt');
    expect(fieldOf(() => buildSendMessageBody({ ...base, template: { name: 't', languageCode: 'en', headerMediaType: 'VIDEO' } }, cloud))).toBe(
      'input.template.headerMediaId',
    );
    expect(
      fieldOf(() => buildSendMessageBody({ ...base, template: { name: 't', languageCode: 'en', headerMediaId: 'm', headerMediaType: 'AUDIO' } }, cloud)),
    ).toBe('input.template.headerMediaType');
    const body = buildSendMessageBody({ ...base, template: { name: 't', languageCode: 'en', headerMediaId: 'm', headerMediaType: 'DOCUMENT' } }, onPremise);
    expect(body.template).toEqual({
      name: 't',
      language: { code: 'en' },
      components: [{ type: 'header', parameters: [{ type: 'document', document: { id: 'm' } }] }],
    });
    expect(buildSendMessageBody({ ...base, template: { name: 't', languageCode: 'en' } }, cloud).template).toEqual({ name: 't', language: { code: 'en' } });
  });

  it('maps both answers to {id, input, waId}', () => {
    expect(toSentMessage('+49 151', { contacts: [{ input: '+49 151', wa_id: '49151' }], messages: [{ id: 'wamid.X' }] })).toEqual({
      id: 'wamid.X',
      input: '+49 151',
      waId: '49151',
    });
    expect(toSentMessage('+49 151', { messages: [{ id: 'gBEG' }] })).toEqual({ id: 'gBEG', input: '+49 151', waId: null });
    expect(toSentMessage('+49 151', {})).toBeNull();
  });
});

describe('withAccountNamespace', () => {
  it('adds the account namespace to a template without one, when needed and known', () => {
    const template = { type: 'template', to: '49', template: { name: 'n', language: { code: 'de' } } };
    expect(withAccountNamespace(template, true, 'ns_1')).toEqual({ ...template, template: { ...template.template, namespace: 'ns_1' } });
    expect(withAccountNamespace(template, false, 'ns_1')).toBe(template);
    expect(withAccountNamespace(template, true, null)).toBe(template);
    const given = { ...template, template: { ...template.template, namespace: 'ns_own' } };
    expect(withAccountNamespace(given, true, 'ns_1')).toBe(given);
    const text = { type: 'text', to: '49', text: { body: 'x' } };
    expect(withAccountNamespace(text, true, 'ns_1')).toBe(text);
  });
});
