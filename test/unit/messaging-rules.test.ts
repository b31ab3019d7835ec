import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import { BadUserInputError, StoreUnavailableError, UpstreamUnavailableError } from '../../src/errors.js';
import type { SendMessageInput } from '../../src/generated/graphql.js';
import { buildBusinessProfileUpdate, profileForGraph } from '../../src/messaging/business-profile.js';
import { checkBlocklistPage, checkReason } from '../../src/messaging/blocking.js';
import { IdempotentSends, memorySendLock } from '../../src/messaging/idempotency.js';
import { buildSendMessageBody, toSentMessage } from '../../src/messaging/send-message.js';
import { buildLimitedTimeOfferTemplate } from '../../src/messaging/templates.js';
import { validateWebhookConfig } from '../../src/messaging/webhooks.js';

const cloud = { hosting: 'CLOUD' as const, messagingProduct: 'whatsapp' };
const onPremise = { hosting: 'ON_PREMISE' as const, messagingProduct: 'whatsapp' };

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof BadUserInputError) return error.field;
    throw error;
  }
  return undefined;
}

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
});

describe('blocking and webhook rules', () => {
  it('accepts reasons below 60 characters and pages of 1..200', () => {
    expect(checkReason('r'.repeat(59))).toBe('r'.repeat(59));
    expect(checkBlocklistPage(undefined, undefined)).toEqual({ limit: 100, offset: 0 });
    expect(checkBlocklistPage(200, 5)).toEqual({ limit: 200, offset: 5 });
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
