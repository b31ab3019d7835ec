import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import { BadUserInputError, BadUserInputErrors, StoreUnavailableError, UpstreamUnavailableError } from '../../src/errors.js';
import type { SendMessageInput } from '../../src/generated/graphql.js';
import { buildBusinessProfileUpdate, knownVertical, profileForGraph } from '../../src/messaging/business-profile.js';
import { checkBlocklistPage, checkPhoneNumber, checkReason } from '../../src/messaging/blocking.js';
import { IdempotentSends, memorySendLock } from '../../src/messaging/idempotency.js';
import { buildSendMessageBody, toSentMessage, withAccountNamespace } from '../../src/messaging/send-message.js';
import { hostingSupportEndsAt, requiresTemplateNamespace } from '../../src/datasources/hosting.js';
import { buildLimitedTimeOfferTemplate } from '../../src/messaging/templates.js';
import { HTTPS_REQUIRED, isLoopbackHost, isLoopbackHttpUrl, redactedHeaders, validateWebhookConfig, webhookAnswer } from '../../src/messaging/webhooks.js';

const cloud = { hosting: 'CLOUD' as const, messagingProduct: 'whatsapp' };
const onPremise = { hosting: 'ON_PREMISE' as const, messagingProduct: 'whatsapp' };

/** The field and message of a rule's refusal, or undefined when it accepted. */
function refusalOf(run: () => unknown): [string, string] | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof BadUserInputError) return [error.field, error.message];
    throw error;
  }
  return undefined;
}

const fieldOf = (run: () => unknown): string | undefined => refusalOf(run)?.[0];

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

describe('limited-time-offer template', () => {
  const input = {
    name: 'o',
    language: 'en',
    offerText: 'Deal',
    hasExpiration: false,
    body: 'Hello',
    urlButtonText: 'Go',
    url: 'https://shop.example.com',
  };
  const refusal = (changes: Record<string, unknown>) => refusalOf(() => buildLimitedTimeOfferTemplate({ ...input, ...changes }));

  it('needs no copy code without expiration, but puts one first when given', () => {
    expect(buildLimitedTimeOfferTemplate(input).components).toEqual([
      { type: 'limited_time_offer', limited_time_offer: { text: 'Deal', has_expiration: false } },
      { type: 'body', text: 'Hello' },
      { type: 'buttons', buttons: [{ type: 'url', text: 'Go', url: 'https://shop.example.com' }] },
    ]);
    const withCode = buildLimitedTimeOfferTemplate({ ...input, copyCodeExample: 'X' }).components as Array<{ buttons?: unknown[] }>;
    expect(withCode[2]?.buttons?.[0]).toEqual({ type: 'copy_code', example: 'X' });
  });

  it('checks variables and examples', () => {
    expect(fieldOf(() => buildLimitedTimeOfferTemplate({ ...input, body: 'Hi {{2}}', bodyExamples: ['a'] }))).toBe('input.body');
    expect(fieldOf(() => buildLimitedTimeOfferTemplate({ ...input, url: 'https://s.example.com/{{1}}' }))).toBe('input.urlExample');
    expect(fieldOf(() => buildLimitedTimeOfferTemplate({ ...input, urlExample: 'x' }))).toBe('input.urlExample');
    expect(fieldOf(() => buildLimitedTimeOfferTemplate({ ...input, headerFormat: 'TEXT', headerHandle: 'h' }))).toBe('input.headerFormat');
  });

  it('builds the marketing template with an image or video header, body examples and a url button example', () => {
    expect(
      buildLimitedTimeOfferTemplate({
        ...input,
        headerFormat: 'VIDEO',
        headerHandle: 'handle-1',
        hasExpiration: true,
        copyCodeExample: 'SAVE10',
        body: 'Hi {{1}}, {{ 2 }} off for {{1}}',
        bodyExamples: ['Ann', '10 %'],
        url: 'https://shop.example.com/{{1}}',
        urlExample: 'https://shop.example.com/deal',
      }),
    ).toEqual({
      name: 'o',
      language: 'en',
      category: 'marketing',
      components: [
        { type: 'header', format: 'video', example: { header_handle: ['handle-1'] } },
        { type: 'limited_time_offer', limited_time_offer: { text: 'Deal', has_expiration: true } },
        { type: 'body', text: 'Hi {{1}}, {{ 2 }} off for {{1}}', example: { body_text: [['Ann', '10 %']] } },
        {
          type: 'buttons',
          buttons: [
            { type: 'copy_code', example: 'SAVE10' },
            { type: 'url', text: 'Go', url: 'https://shop.example.com/{{1}}', example: ['https://shop.example.com/deal'] },
          ],
        },
      ],
    });
    expect(buildLimitedTimeOfferTemplate({ ...input, headerFormat: 'image', headerHandle: 'h' }).components).toContainEqual({
      type: 'header',
      format: 'image',
      example: { header_handle: ['h'] },
    });
  });

  it('refuses each broken rule with its own message and field', () => {
    expect(refusal({ name: '' })).toEqual(['input.name', 'name must not be empty']);
    expect(refusal({ language: '  ' })).toEqual(['input.language', 'language must not be empty']);
    expect(refusal({ offerText: null })).toEqual(['input.offerText', 'offerText must not be empty']);
    expect(refusal({ urlButtonText: '' })).toEqual(['input.urlButtonText', 'urlButtonText must not be empty']);
    expect(refusal({ url: ' ' })).toEqual(['input.url', 'url must not be empty']);
    expect(refusal({ headerFormat: 'IMAGE' })).toEqual(['input.headerHandle', 'a header needs both headerFormat and headerHandle']);
    expect(refusal({ headerFormat: '', headerHandle: 'h' })).toEqual(['input.headerFormat', 'a header needs both headerFormat and headerHandle']);
    expect(refusal({ headerFormat: 'TEXT', headerHandle: 'h' })).toEqual(['input.headerFormat', 'headerFormat must be IMAGE or VIDEO']);
    expect(refusal({ body: 'Hi {{1}} {{3}}', bodyExamples: ['a', 'b'] })).toEqual([
      'input.body',
      'the variables of body must be numbered {{1}}, {{2}}, ... without gaps',
    ]);
    expect(refusal({ body: 'Hi {{2}}', bodyExamples: ['a'] })?.[0]).toBe('input.body');
    expect(refusal({ body: 'Hi {{1}}' })).toEqual(['input.bodyExamples', 'body has 1 variable(s); bodyExamples must give exactly one example each']);
    expect(refusal({ bodyExamples: ['extra'] })?.[0]).toBe('input.bodyExamples');
    expect(refusal({ body: 'Hi {{1}} {{2}}', bodyExamples: ['a', ''] })).toEqual(['input.bodyExamples.1', 'bodyExamples.1 must not be empty']);
    expect(refusal({ hasExpiration: true })).toEqual(['input.copyCodeExample', 'copyCodeExample is required when hasExpiration is true']);
    expect(refusal({ hasExpiration: true, copyCodeExample: '' })?.[0]).toBe('input.copyCodeExample');
    expect(refusal({ url: 'ftp://shop.example.com' })).toEqual(['input.url', 'url must be an http:// or https:// URL']);
    expect(refusal({ url: 'https://s.example.com/{{1}}/{{2}}', urlExample: 'x' })).toEqual(['input.url', 'url may contain at most one variable ({{1}})']);
    expect(refusal({ url: 'https://s.example.com/{{1}}', urlExample: '' })).toEqual(['input.urlExample', 'url has a variable: urlExample is required']);
    expect(refusal({ urlExample: 'https://s.example.com/x' })).toEqual(['input.urlExample', 'urlExample needs a {{1}} variable in url']);
    expect(refusal({ url: 'https://s.example.com/{{2}}', urlExample: 'x' })?.[0]).toBe('input.url');
  });

  it('numbers variables by value, in any order of appearance and with more than one digit', () => {
    const bodyOf = (changes: Record<string, unknown>) =>
      (buildLimitedTimeOfferTemplate({ ...input, ...changes }).components as Array<{ type: string }>).find((component) => component.type === 'body');
    expect(bodyOf({ body: 'Hi {{2}}, {{1}}', bodyExamples: ['b', 'a'] })).toEqual({
      type: 'body',
      text: 'Hi {{2}}, {{1}}',
      example: { body_text: [['b', 'a']] },
    });
    const ten = Array.from({ length: 10 }, (_, index) => `{{${index + 1}}}`).join(' ');
    const tenExamples = Array.from({ length: 10 }, (_, index) => `e${index + 1}`);
    expect(bodyOf({ body: ten, bodyExamples: tenExamples })).toEqual({ type: 'body', text: ten, example: { body_text: [tenExamples] } });
    expect(refusal({ body: 'Hi {{10}}' })).toEqual(['input.body', 'the variables of body must be numbered {{1}}, {{2}}, ... without gaps']);
  });

  it('takes empty header fields as no header, and refuses an empty body with its field', () => {
    expect(buildLimitedTimeOfferTemplate({ ...input, headerFormat: '', headerHandle: '' }).components).toEqual(buildLimitedTimeOfferTemplate(input).components);
    expect(refusal({ headerFormat: 'IMAGE', headerHandle: '' })).toEqual(['input.headerHandle', 'a header needs both headerFormat and headerHandle']);
    expect(refusal({ body: ' ' })).toEqual(['input.body', 'body must not be empty']);
  });
});

describe('business profile', () => {
  it('sends only the given fields; display names on-premise', () => {
    expect(buildBusinessProfileUpdate({ address: 'A' }, 'CLOUD', 'whatsapp')).toEqual({ messaging_product: 'whatsapp', address: 'A' });
    expect(buildBusinessProfileUpdate({ vertical: 'PROF_SERVICES' }, 'ON_PREMISE', 'whatsapp')).toEqual({ vertical: 'Professional Services' });
    expect(fieldOf(() => buildBusinessProfileUpdate({ vertical: 'NOT_A_BIZ' }, 'ON_PREMISE', 'whatsapp'))).toBe('input.vertical');
    expect(fieldOf(() => buildBusinessProfileUpdate({ vertical: 'UNDEFINED' }, 'CLOUD', 'whatsapp'))).toBe('input.vertical');
    expect(fieldOf(() => buildBusinessProfileUpdate({ address: null }, 'CLOUD', 'whatsapp'))).toBe('input.address');
  });

  it('maps on-premise display names to codes and keeps unknown values for the field error', () => {
    expect(profileForGraph({ vertical: 'Beauty, Spa and Salon' }, 'ON_PREMISE').vertical).toBe('BEAUTY');
    expect(profileForGraph({ vertical: 'Space Travel' }, 'ON_PREMISE').vertical).toBe('Space Travel');
    expect(profileForGraph({ vertical: 'Beauty, Spa and Salon' }, 'CLOUD').vertical).toBe('Beauty, Spa and Salon');
  });

  it('sends every given field on cloud, and checks each limit at its bound', () => {
    const full = {
      address: 'a'.repeat(256),
      description: 'd'.repeat(512),
      email: `${'e'.repeat(120)}@shop.io`,
      websites: ['https://shop.example.com', `http://${'w'.repeat(249)}`],
      profilePictureHandle: 'handle-1',
      vertical: 'RETAIL' as const,
    };
    expect(buildBusinessProfileUpdate(full, 'CLOUD', 'whatsapp')).toEqual({
      messaging_product: 'whatsapp',
      address: full.address,
      description: full.description,
      email: full.email,
      websites: full.websites,
      profile_picture_handle: 'handle-1',
      vertical: 'RETAIL',
    });
    expect(buildBusinessProfileUpdate({ description: 'd'.repeat(256), vertical: 'OTHER' }, 'ON_PREMISE', 'whatsapp')).toEqual({
      description: 'd'.repeat(256),
      vertical: 'Other',
    });
    const refused = (input: Parameters<typeof buildBusinessProfileUpdate>[0], hosting: 'CLOUD' | 'ON_PREMISE' = 'CLOUD') =>
      refusalOf(() => buildBusinessProfileUpdate(input, hosting, 'whatsapp'));
    expect(refused({ address: 'a'.repeat(257) })).toEqual(['input.address', 'address is limited to 256 characters']);
    expect(refused({ description: 'd'.repeat(513) })).toEqual(['input.description', 'description is limited to 512 characters on cloud channels']);
    expect(refused({ description: 'd'.repeat(257) }, 'ON_PREMISE')).toEqual([
      'input.description',
      'description is limited to 256 characters on on-premise channels',
    ]);
    const emailRefused = ['input.email', 'email must be a valid e-mail address of at most 128 characters'];
    expect(refused({ email: `${'e'.repeat(121)}@shop.io` })).toEqual(emailRefused);
    for (const email of ['shop.io', 'a@shop', 'a b@shop.io', 'a@shop.', 'a@@shop.io', '@shop.io', 'a@.shop.io']) {
      expect(refused({ email })).toEqual(emailRefused);
    }
    expect(refused({ websites: ['https://a.example.com', 'https://b.example.com', 'https://c.example.com'] })).toEqual([
      'input.websites',
      'at most 2 websites are allowed',
    ]);
    const websiteRefused = (index: number) => [`input.websites.${index}`, 'each website must start with http:// or https:// and have at most 256 characters'];
    expect(refused({ websites: ['https://ok.example.com', `http://${'w'.repeat(250)}`] })).toEqual(websiteRefused(1));
    // ' https://…' is a URL to the URL parser (it strips the space), but does not start with the scheme.
    for (const website of ['ftp://shop.example.com', 'shop.example.com', 'see https://shop.example.com', 'http://', ' https://shop.example.com']) {
      expect(refused({ websites: [website] })).toEqual(websiteRefused(0));
    }
    expect(refused({ profilePictureHandle: 'h' }, 'ON_PREMISE')).toEqual(['input.profilePictureHandle', 'profilePictureHandle exists on cloud channels only']);
    expect(refused({ vertical: 'NOT_A_BIZ' }, 'ON_PREMISE')).toEqual(['input.vertical', 'vertical NOT_A_BIZ has no on-premise equivalent']);
    expect(refused({ vertical: null })).toEqual(['input.vertical', 'vertical cannot be reset to empty once set']);
    expect(refused({})).toEqual(['input', 'give at least one field to change']);
    for (const field of ['address', 'description', 'email', 'websites', 'profilePictureHandle'] as const) {
      expect(refused({ [field]: null })).toEqual([`input.${field}`, `${field} must not be null: omit it to leave it unchanged`]);
    }
  });

  it('refuses every broken rule of one update at once', () => {
    let refusal: unknown;
    try {
      buildBusinessProfileUpdate({ address: 'a'.repeat(257), email: 'nope', websites: ['ftp://x', 'https://ok.example.com', 'y'] }, 'CLOUD', 'whatsapp');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(BadUserInputErrors);
    expect((refusal as BadUserInputErrors).problems.map((problem) => problem.field)).toEqual([
      'input.address',
      'input.email',
      'input.websites',
      'input.websites.0',
      'input.websites.2',
    ]);
  });

  it('reads verticals: a known enum value, or null; the profile unchanged without one', () => {
    expect(knownVertical('AUTO')).toBe('AUTO');
    expect(knownVertical('NOT_A_BIZ')).toBe('NOT_A_BIZ');
    expect(knownVertical('Automotive')).toBeNull();
    const profile = { address: 'x' };
    expect(profileForGraph(profile, 'ON_PREMISE')).toBe(profile);
  });
});

describe('blocking and webhook rules', () => {
  it('accepts reasons below 60 characters and pages of 1..200', () => {
    expect(checkReason('r'.repeat(59))).toBe('r'.repeat(59));
    expect(checkBlocklistPage(undefined, undefined)).toEqual({ limit: 100, offset: 0 });
    expect(checkBlocklistPage(200, 5)).toEqual({ limit: 200, offset: 5 });
    expect(checkBlocklistPage(1, 0)).toEqual({ limit: 1, offset: 0 });
    expect(checkBlocklistPage(null, null)).toEqual({ limit: 100, offset: 0 });
  });

  it('refuses reasons of 60 characters or more, counted as characters, and pages outside 1..200', () => {
    expect(checkReason(null)).toBeUndefined();
    expect(checkReason(undefined)).toBeUndefined();
    expect(checkReason('😀'.repeat(59))).toBe('😀'.repeat(59));
    expect(() => checkReason('r'.repeat(60))).toThrow(new BadUserInputError('reason must be below 60 characters', 'reason'));
    expect(fieldOf(() => checkReason('r'.repeat(60)))).toBe('reason');
    const limitRefused = new BadUserInputError('limit must lie between 1 and 200', 'limit');
    for (const limit of [0, 201, 1.5]) {
      expect(() => checkBlocklistPage(limit, 0)).toThrow(limitRefused);
      expect(fieldOf(() => checkBlocklistPage(limit, 0))).toBe('limit');
    }
    for (const offset of [-1, 0.5]) {
      expect(() => checkBlocklistPage(10, offset)).toThrow('offset must be 0 or more');
      expect(fieldOf(() => checkBlocklistPage(10, offset))).toBe('offset');
    }
  });

  it('takes the normalised phone number, and refuses a business-scoped user id (blocking is on-premise, which has none)', () => {
    expect(checkPhoneNumber('4915112345678')).toBe('4915112345678');
    expect(() => checkPhoneNumber('US.13491208655302741918')).toThrow('phoneNumber must be a phone number');
    expect(fieldOf(() => checkPhoneNumber('DE.ENT.abc'))).toBe('phoneNumber');
  });

  it('checks cloud URLs for underscores and explicit ports, also the default port written out', () => {
    expect(fieldOf(() => validateWebhookConfig({ url: 'https://hooks.example.com:443/x' }, 'CLOUD'))).toBe('input.url');
    expect(fieldOf(() => validateWebhookConfig({ url: 'ftp://hooks.example.com/x' }, 'ON_PREMISE'))).toBe('input.url');
    expect(validateWebhookConfig({ url: 'https://a_b.example.com/x' }, 'ON_PREMISE')).toEqual({ url: 'https://a_b.example.com/x', headers: {} });
    expect(fieldOf(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Forward-Host': 'api_v2.example.com' } }, 'CLOUD'))).toBe(
      'input.headers.X-Forward-Host',
    );
    expect(fieldOf(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Forward-Host': 'api.example.com:8443' } }, 'CLOUD'))).toBe(
      'input.headers.X-Forward-Host',
    );
    const jwt =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
    expect(validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Token': jwt } }, 'CLOUD').headers).toEqual({ 'X-Token': jwt });
    // Underscores in the path are fine; only (sub)domains are restricted.
    expect(validateWebhookConfig({ url: 'https://hooks.example.com/a_b', headers: { Authorization: 'Basic x_y' } }, 'CLOUD').url).toBe(
      'https://hooks.example.com/a_b',
    );
  });

  it('takes a trimmed https URL only, plain http to a loopback host only when allowed, and names the field given', () => {
    expect(validateWebhookConfig({ url: '  HTTPS://hooks.example.com/x ' }, 'CLOUD')).toEqual({ url: 'HTTPS://hooks.example.com/x', headers: {} });
    const loopback = 'http://127.0.0.1:4000/webhooks/channel-001';
    expect(validateWebhookConfig({ url: loopback }, 'ON_PREMISE', 'input', { allowLoopbackHttp: true }).url).toBe(loopback);
    expect(() => validateWebhookConfig({ url: loopback }, 'ON_PREMISE')).toThrow(`url must be an https:// URL: ${HTTPS_REQUIRED}`);
    expect(fieldOf(() => validateWebhookConfig({ url: 'http://hooks.example.com/x' }, 'ON_PREMISE', 'webhook', { allowLoopbackHttp: true }))).toBe(
      'webhook.url',
    );
    expect(() => validateWebhookConfig({ url: 'https://' }, 'ON_PREMISE')).toThrow('url is not a valid URL');
    expect(fieldOf(() => validateWebhookConfig({ url: 'https://' }, 'ON_PREMISE', 'webhook'))).toBe('webhook.url');
  });

  it('lets a loopback URL keep its port on cloud only when allowed (the embedded simulator); any other host keeps the rule', () => {
    const options = { allowLoopbackHttp: true, allowLoopbackPort: true };
    for (const url of [
      'http://localhost:4000/webhooks/channel-001',
      'http://127.0.0.1:41400/webhooks/channel-001',
      'https://[::1]:8443/webhooks/channel-001',
    ]) {
      expect(validateWebhookConfig({ url }, 'CLOUD', 'input', options).url).toBe(url);
      expect(refusalOf(() => validateWebhookConfig({ url }, 'CLOUD', 'input', { allowLoopbackHttp: true }))).toEqual([
        'input.url',
        'url must not name an explicit port on cloud channels',
      ]);
    }
    expect(() => validateWebhookConfig({ url: 'https://hooks.example.com:8443/x' }, 'CLOUD', 'input', options)).toThrow('explicit port');
    expect(() => validateWebhookConfig({ url: 'https://localhost.example.com:8443/x' }, 'CLOUD', 'input', options)).toThrow('explicit port');
  });

  it('reads the port of a cloud URL from its authority only, after any user info and before its path, query or fragment', () => {
    expect(validateWebhookConfig({ url: 'https://user:pw@hooks.example.com/x' }, 'CLOUD').url).toBe('https://user:pw@hooks.example.com/x');
    expect(validateWebhookConfig({ url: 'https://hooks.example.com?at=10:30' }, 'CLOUD').url).toBe('https://hooks.example.com?at=10:30');
    expect(validateWebhookConfig({ url: 'https://hooks.example.com#t=1:2' }, 'CLOUD').url).toBe('https://hooks.example.com#t=1:2');
    expect(() => validateWebhookConfig({ url: 'https://user@hooks.example.com:8443/x' }, 'CLOUD')).toThrow(
      'url must not name an explicit port on cloud channels',
    );
    expect(() => validateWebhookConfig({ url: 'https://hooks.example.com:/x' }, 'CLOUD')).toThrow('explicit port');
    expect(() => validateWebhookConfig({ url: 'https://a_b.example.com/x' }, 'CLOUD')).toThrow(
      'url must not contain an underscore in its (sub)domain on cloud channels',
    );
  });

  it('finds an explicit port however the URL spells its path, and no port in an IPv6 host', () => {
    // URL takes a backslash as a path separator in https URLs: the port before it is still explicit.
    const port = 'url must not name an explicit port on cloud channels';
    expect(() => validateWebhookConfig({ url: 'https://hooks.example.com:8443\\x' }, 'CLOUD')).toThrow(port);
    expect(() => validateWebhookConfig({ url: 'https://hooks.example.com:443\\x' }, 'CLOUD')).toThrow(port);
    expect(validateWebhookConfig({ url: 'https://[2001:db8::1]/x' }, 'CLOUD').url).toBe('https://[2001:db8::1]/x');
    expect(() => validateWebhookConfig({ url: 'https://[2001:db8::1]:443/x' }, 'CLOUD')).toThrow(port);
    // URL also skips any number of slashes or backslashes after the scheme and drops tabs and line breaks.
    for (const url of [
      'https:///hooks.example.com:443/x',
      'https://\\hooks.example.com:443/x',
      'https://hooks.example.com:443\t/x',
      'https://hooks.example.com:44\n3/x',
    ]) {
      expect(refusalOf(() => validateWebhookConfig({ url }, 'CLOUD'))).toEqual(['input.url', port]);
    }
    expect(validateWebhookConfig({ url: 'https:///hooks.example.com/x' }, 'CLOUD').url).toBe('https:///hooks.example.com/x');
  });

  it('wants https:// at the start of the url, not anywhere in it', () => {
    expect(refusalOf(() => validateWebhookConfig({ url: 'ftp://hooks.example.com/https://x' }, 'ON_PREMISE'))).toEqual([
      'input.url',
      `url must be an https:// URL: ${HTTPS_REQUIRED}`,
    ]);
  });

  it('checks header names and values, and the hosts named in cloud header values', () => {
    const headersField = (headers: unknown, hosting: 'CLOUD' | 'ON_PREMISE' = 'ON_PREMISE') =>
      fieldOf(() => validateWebhookConfig({ url: 'https://h.example.com', headers }, hosting));
    expect(validateWebhookConfig({ url: 'https://h.example.com', headers: null }, 'CLOUD').headers).toEqual({});
    expect(headersField('X-A: b')).toBe('input.headers');
    expect(headersField(['X-A'])).toBe('input.headers');
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: 7 }, 'CLOUD')).toThrow(
      'headers must be a JSON object of header names to string values',
    );
    expect(headersField({ 'Bad Name': 'x' })).toBe('input.headers.Bad Name');
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'Bad Name': 'x' } }, 'CLOUD')).toThrow(
      '"Bad Name" is not a valid header name',
    );
    expect(headersField({ 'X-Count': 3 })).toBe('input.headers.X-Count');
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Count': 3 } }, 'CLOUD')).toThrow('header X-Count must be a string');
    expect(headersField({ 'X-Split': 'a\r\nInjected: 1' })).toBe('input.headers.X-Split');
    expect(headersField({ 'X-Nul': 'a\u0000' })).toBe('input.headers.X-Nul');
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Split': 'a\nb' } }, 'CLOUD')).toThrow(
      'header X-Split must be printable text on one line (no CR, LF or other control characters)',
    );
    const printable = { "X-Ok!#$%&'*+.^_`|~": 'tab\there, café' };
    expect(validateWebhookConfig({ url: 'https://h.example.com', headers: printable }, 'CLOUD').headers).toEqual(printable);
    // A URL inside a longer value is checked on cloud, not on-premise.
    const embedded = { Link: '<https://a_b.example.com/x>; rel=next' };
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: embedded }, 'CLOUD')).toThrow(
      'header Link: the host in its value must not contain an underscore in its (sub)domain on cloud channels',
    );
    expect(headersField(embedded, 'CLOUD')).toBe('input.headers.Link');
    expect(validateWebhookConfig({ url: 'https://h.example.com', headers: embedded }, 'ON_PREMISE').headers).toEqual(embedded);
    expect(headersField({ Callback: 'see http://cb.example.com:8080/x, then' }, 'CLOUD')).toBe('input.headers.Callback');
    expect(headersField({ 'X-Host': ' cb.example.com:8080 ' }, 'CLOUD')).toBe('input.headers.X-Host');
    expect(headersField({ 'X-Host': 'cb.example.com/path' }, 'CLOUD')).toBeUndefined();
    // A bare host is checked trimmed, as a header value is sent: leading blanks make it neither invalid nor unchecked.
    expect(headersField({ 'X-Host': '  cb.example.com' }, 'CLOUD')).toBeUndefined();
    expect(headersField({ 'X-Host': ' cb_x.example.com' }, 'CLOUD')).toBe('input.headers.X-Host');
  });

  it('knows loopback hosts and loopback http URLs', () => {
    for (const host of ['localhost', '[::1]', '127.0.0.1', '127.12.0.255']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.1', '127.0.0.1.example.com', 'a127.0.0.1', '127.0.0', 'localhost.example.com']) expect(isLoopbackHost(host)).toBe(false);
    expect(isLoopbackHttpUrl('http://localhost:4000/x')).toBe(true);
    expect(isLoopbackHttpUrl('https://localhost:4000/x')).toBe(false);
    expect(isLoopbackHttpUrl('http://example.com/x')).toBe(false);
    expect(isLoopbackHttpUrl('not a url')).toBe(false);
  });

  it('redacts credential headers in answers, keeping the scheme of an Authorization', () => {
    expect(
      redactedHeaders({
        Authorization: ' Bearer abc.def ',
        'Proxy-Authorization': 'Basic dXNlcjpwdw==',
        Cookie: 'session=1',
        'X-Api-Key': 'k-1',
        'X-Token': 't-1',
        'Client-Secret': 's-1',
        Accept: 'application/json',
      }),
    ).toEqual({
      Authorization: 'Bearer [redacted]',
      'Proxy-Authorization': 'Basic [redacted]',
      Cookie: '[redacted]',
      'X-Api-Key': '[redacted]',
      'X-Token': '[redacted]',
      'Client-Secret': '[redacted]',
      Accept: 'application/json',
    });
    expect(redactedHeaders({ 'X-Cookie-Jar': 'kept', 'X-Authorization-Hint': 'kept' })).toEqual({ 'X-Cookie-Jar': 'kept', 'X-Authorization-Hint': 'kept' });
    // Only (Proxy-)Authorization keeps its scheme; another credential name naming Authorization hides the whole value.
    expect(redactedHeaders({ 'X-Authorization-Token': 'Bearer t-1' })).toEqual({ 'X-Authorization-Token': '[redacted]' });
    expect(redactedHeaders(null)).toEqual({});
    expect(redactedHeaders(undefined)).toEqual({});
  });

  it('answers a webhook write with what the upstream stored, else what was sent', () => {
    const sent = { url: 'https://sent.example.com', headers: { Authorization: 'Basic abc', Accept: 'x' } };
    expect(webhookAnswer({ url: 'https://stored.example.com', headers: { 'X-Api-Key': 'k' } }, sent)).toEqual({
      url: 'https://stored.example.com',
      headers: { 'X-Api-Key': '[redacted]' },
    });
    expect(webhookAnswer({ url: null, headers: null }, sent)).toEqual({
      url: 'https://sent.example.com',
      headers: { Authorization: 'Basic [redacted]', Accept: 'x' },
    });
    expect(webhookAnswer({}, sent)).toEqual({ url: 'https://sent.example.com', headers: { Authorization: 'Basic [redacted]', Accept: 'x' } });
  });
});

describe('IdempotentSends', () => {
  const scope = { partnerId: 'p', channelId: 'c', key: 'k' };

  it('sends once for concurrent duplicates across two instances sharing a store and a lock', async () => {
    const store = new Keyv();
    const lock = memorySendLock();
    const first = new IdempotentSends(store, lock, { pendingMs: 5_000, pollMs: 5 });
    const second = new IdempotentSends(store, lock, { pendingMs: 5_000, pollMs: 5 });
    let sends = 0;
    let finish: (value: string) => void = () => undefined;
    const send = () => {
      sends += 1;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const a = first.run(scope, { body: 1 }, send);
    // Let the first instance take the lock before the second asks.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const b = second.run(scope, { body: 1 }, send);
    await new Promise((resolve) => setTimeout(resolve, 20));
    finish('message-1');
    await expect(Promise.all([a, b])).resolves.toEqual(['message-1', 'message-1']);
    expect(sends).toBe(1);
  });

  /** A store whose writes fail once the send has happened (Redis lost mid-send), and a log of the warnings. */
  function storeLostAfterSend() {
    const store = new Keyv();
    let lost = false;
    const set = store.set.bind(store);
    const remove = store.delete.bind(store);
    store.set = async (...args: Parameters<Keyv['set']>) => (lost ? Promise.reject(new StoreUnavailableError()) : set(...args));
    store.delete = async (...args: Parameters<Keyv['delete']>) => (lost ? Promise.reject(new StoreUnavailableError()) : remove(...args));
    const warnings: string[] = [];
    const logger = { warn: (_fields: unknown, message: string) => warnings.push(message) } as never;
    return { store, warnings, logger, lose: () => (lost = true) };
  }

  it('answers a sent message as sent when the store cannot record it or free the lock afterwards', async () => {
    const { store, warnings, logger, lose } = storeLostAfterSend();
    const lock = { acquire: async () => true, release: async () => Promise.reject(new StoreUnavailableError()) };
    const sends = new IdempotentSends(store, lock, { pendingMs: 5_000, logger });
    const sent = sends.run(scope, {}, async () => {
      lose();
      return 'message-1';
    });
    await expect(sent).resolves.toBe('message-1');
    expect(warnings).toEqual([expect.stringMatching(/message was sent, but the store could not record it/), expect.stringMatching(/lock could not be freed/)]);
  });

  it("keeps a refused send's own error when the store cannot clear the key afterwards", async () => {
    const { store, warnings, logger, lose } = storeLostAfterSend();
    const sends = new IdempotentSends(store, memorySendLock(), { pendingMs: 5_000, logger });
    const refusal = new BadUserInputError('recipient is not a WhatsApp user', 'input.to');
    const sent = sends.run(scope, {}, async () => {
      lose();
      throw refusal;
    });
    await expect(sent).rejects.toBe(refusal);
    expect(warnings).toEqual([expect.stringMatching(/send was refused, but the store could not record it/)]);
  });

  it('lets a duplicate give up with an unknown outcome, sending nothing, while another holder keeps the lock', async () => {
    const heldElsewhere = { acquire: async () => false, release: async () => undefined };
    const sends = new IdempotentSends(new Keyv(), heldElsewhere, { pendingMs: 30, pollMs: 5 });
    let sent = false;
    await expect(sends.run(scope, {}, async () => (sent = true))).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(sent).toBe(false);
  });
});

describe('on-premise versions', () => {
  it('needs a template namespace below 2.41 only', () => {
    expect(requiresTemplateNamespace('2.39.3')).toBe(true);
    expect(requiresTemplateNamespace('2.40.9')).toBe(true);
    expect(requiresTemplateNamespace('1.99')).toBe(true);
    expect(requiresTemplateNamespace('2.41.0')).toBe(false);
    expect(requiresTemplateNamespace('2.53.1')).toBe(false);
    expect(requiresTemplateNamespace('3.0')).toBe(false);
    expect(requiresTemplateNamespace('unknown')).toBe(false);
  });

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

  it('serves the end of support for on-premise only', () => {
    expect(hostingSupportEndsAt('ON_PREMISE')).toBe('2025-10-01T00:00:00.000Z');
    expect(hostingSupportEndsAt('CLOUD')).toBeNull();
    expect(hostingSupportEndsAt('UNKNOWN')).toBeNull();
  });
});
