import { afterAll, describe, expect, it } from '@jest/globals';
import type { RecordedRequest } from '../../simulator/recorder.js';
import { SIM_STALE_CONTACT } from '../../simulator/messaging-routes.js';
import { ACME, useTestGateway } from '../support/gateway.js';

// Seeded channels: every third is on-premise (003, 006); 005 has no key configured.
const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const NO_KEY = 'channel-005';
const KEYS: Record<string, string> = {
  [CLOUD]: `sim-key-${CLOUD}`,
  [ONPREM]: `sim-key-${ONPREM}`,
  'channel-004': 'sim-key-channel-004',
  'channel-006': 'sim-key-channel-006',
};
const ENGAGED = '+4915112345678';
const ENGAGED_WA = '4915112345678';

const SEND = `mutation Send($channelId: ID!, $input: SendMessageInput!) {
  sendMessage(channelId: $channelId, input: $input) { id input waId }
}`;

type Errors = Array<{ message: string; extensions?: Record<string, unknown> }>;

describe('messaging (area B) over HTTP against the simulator', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), UPSTREAM_TIMEOUT_MS: '2000', CACHE_TTL_MESSAGING_MS: '60000' });
  const seen: string[] = [];

  afterAll(() => {
    // Keys never leave the gateway except in createApiKey's own answer (not collected here).
    const text = [...seen, ...harness.logs.lines].join('\n');
    expect(text).not.toMatch(/sim-key-/);
  });

  async function gql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) {
    const { body } = await harness.graphql<T>(query, variables);
    seen.push(JSON.stringify(body));
    return body;
  }

  /** Area-B requests the simulator received (area A listings are not counted). */
  function areaB(): RecordedRequest[] {
    return harness.simulator.recorder.requests.filter((request) => /^\/(cloud|onprem)\//.test(request.path));
  }

  function onlyAreaB(): RecordedRequest {
    const requests = areaB();
    expect(requests).toHaveLength(1);
    return requests[0];
  }

  function expectError(body: { errors?: Errors }, code: string, field?: string) {
    expect(body.errors?.[0]?.extensions?.code).toBe(code);
    if (field) expect(body.errors?.[0]?.extensions?.field).toBe(field);
  }

  async function send(channelId: string, input: Record<string, unknown>) {
    return gql<{ sendMessage: { id: string; input: string | null; waId: string | null } }>(SEND, { channelId, input });
  }

  describe('sendMessage', () => {
    it('sends text on cloud: no version prefix, messaging_product, preview_url inside text, reply context', async () => {
      const body = await send(CLOUD, { to: ENGAGED, replyTo: 'wamid.previous', text: { body: 'Hello *there*', previewUrl: true } });
      expect(body.errors).toBeUndefined();
      expect(body.data?.sendMessage).toEqual({ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/]+={1,2}$/), input: ENGAGED, waId: ENGAGED_WA });
      const request = onlyAreaB();
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/cloud/messages');
      expect(request.headers['svc-api-key']).toBe(KEYS[CLOUD]);
      expect(request.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: ENGAGED,
        type: 'text',
        context: { message_id: 'wamid.previous' },
        text: { body: 'Hello *there*', preview_url: true },
      });
    });

    it('sends text on-premise: /v1 prefix, no messaging_product, preview_url at the top level', async () => {
      const body = await send(ONPREM, { to: ENGAGED, text: { body: 'Hi', previewUrl: false } });
      expect(body.errors).toBeUndefined();
      expect(body.data?.sendMessage).toEqual({ id: expect.any(String), input: ENGAGED, waId: null });
      const request = onlyAreaB();
      expect(request.path).toBe('/onprem/v1/messages');
      expect(request.headers['svc-api-key']).toBe(KEYS[ONPREM]);
      expect(request.body).toEqual({ recipient_type: 'individual', to: ENGAGED, type: 'text', preview_url: false, text: { body: 'Hi' } });
    });

    it('emits message-accepted for the webhook simulator', async () => {
      const accepted: unknown[] = [];
      const listener = (event: unknown) => accepted.push(event);
      harness.simulator.events.on('message-accepted', listener);
      const body = await send(CLOUD, { to: ENGAGED, text: { body: 'status please' } });
      harness.simulator.events.off('message-accepted', listener);
      expect(accepted).toEqual([{ channelId: CLOUD, messageId: body.data?.sendMessage.id, to: ENGAGED_WA }]);
    });

    const contents: Array<[string, string, Record<string, unknown>, string, unknown]> = [
      [
        'location',
        CLOUD,
        { location: { latitude: 52.52, longitude: 13.405, name: 'Office', address: 'Unter den Linden 1, Berlin' } },
        'location',
        { latitude: 52.52, longitude: 13.405, name: 'Office', address: 'Unter den Linden 1, Berlin' },
      ],
      [
        'contacts',
        ONPREM,
        {
          contacts: [
            {
              name: { formattedName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace' },
              birthday: '1815-12-10',
              addresses: [{ street: '1 St James Sq', city: 'London', countryCode: 'GB', type: 'HOME' }],
              emails: [{ email: 'ada@example.org', type: 'WORK' }],
              phones: [{ phone: '+44 20 7946 0000', type: 'CELL', waId: '442079460000' }],
              urls: [{ url: 'https://ada.example.org', type: 'HOME' }],
              org: { company: 'Analytical Engines', title: 'Programmer' },
            },
          ],
        },
        'contacts',
        [
          {
            name: { formatted_name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace' },
            birthday: '1815-12-10',
            addresses: [{ street: '1 St James Sq', city: 'London', country_code: 'GB', type: 'HOME' }],
            emails: [{ email: 'ada@example.org', type: 'WORK' }],
            phones: [{ phone: '+44 20 7946 0000', type: 'CELL', wa_id: '442079460000' }],
            urls: [{ url: 'https://ada.example.org', type: 'HOME' }],
            org: { company: 'Analytical Engines', title: 'Programmer' },
          },
        ],
      ],
      [
        'image by link',
        CLOUD,
        { image: { link: 'https://cdn.example.com/a.png', caption: 'A picture' } },
        'image',
        { link: 'https://cdn.example.com/a.png', caption: 'A picture' },
      ],
      [
        'document by id',
        ONPREM,
        { document: { id: 'media-1', filename: 'offer.pdf', caption: 'Offer' } },
        'document',
        { id: 'media-1', filename: 'offer.pdf', caption: 'Offer' },
      ],
      ['audio', CLOUD, { audio: { id: 'media-2' } }, 'audio', { id: 'media-2' }],
      ['sticker', ONPREM, { sticker: { id: 'media-3' } }, 'sticker', { id: 'media-3' }],
      [
        'video with provider (on-premise)',
        ONPREM,
        { video: { link: 'https://media.example.com/v.mp4', provider: 'bearer-cdn' } },
        'video',
        { link: 'https://media.example.com/v.mp4', provider: { name: 'bearer-cdn' } },
      ],
      [
        'interactive passed through',
        CLOUD,
        { interactive: { type: 'button', body: { text: 'Pick' }, action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A' } }] } } },
        'interactive',
        { type: 'button', body: { text: 'Pick' }, action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A' } }] } },
      ],
      [
        'template with raw components',
        ONPREM,
        { template: { name: 'order_update', languageCode: 'de', components: [{ type: 'body', parameters: [{ type: 'text', text: '42' }] }] } },
        'template',
        { name: 'order_update', language: { code: 'de' }, components: [{ type: 'body', parameters: [{ type: 'text', text: '42' }] }] },
      ],
    ];

    it.each(contents)('sends %s with the exact upstream body', async (_name, channelId, content, type, expected) => {
      const body = await send(channelId, { to: ENGAGED, ...content });
      expect(body.errors).toBeUndefined();
      const request = onlyAreaB();
      const cloud = channelId === CLOUD;
      expect(request.path).toBe(cloud ? '/cloud/messages' : '/onprem/v1/messages');
      expect(request.headers['svc-api-key']).toBe(KEYS[channelId]);
      expect(request.body).toEqual({
        ...(cloud && { messaging_product: 'whatsapp' }),
        recipient_type: 'individual',
        to: ENGAGED,
        type,
        [type]: expected,
      });
    });

    it('sends an approved limited-time-offer template with components built from the typed fields', async () => {
      const expiresAt = new Date(Date.now() + 86_400_000);
      expiresAt.setUTCMilliseconds(0);
      const body = await send(CLOUD, {
        to: SIM_STALE_CONTACT,
        template: {
          name: 'summer_offer',
          languageCode: 'en_US',
          headerMediaId: 'media-9',
          bodyParameters: ['Ada', '20%'],
          offerExpiresAt: expiresAt.toISOString(),
          couponCode: 'SUMMER20',
          urlButtonIndex: 1,
          urlButtonParameter: 'summer',
        },
      });
      // Templates may be sent outside the 24-hour window.
      expect(body.errors).toBeUndefined();
      expect(onlyAreaB().body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: SIM_STALE_CONTACT,
        type: 'template',
        template: {
          name: 'summer_offer',
          language: { code: 'en_US' },
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { id: 'media-9' } }] },
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Ada' },
                { type: 'text', text: '20%' },
              ],
            },
            { type: 'limited_time_offer', parameters: [{ type: 'limited_time_offer', limited_time_offer: { expiration_time_ms: expiresAt.getTime() } }] },
            { type: 'button', sub_type: 'copy_code', index: 0, parameters: [{ type: 'coupon_code', coupon_code: 'SUMMER20' }] },
            { type: 'button', sub_type: 'url', index: 1, parameters: [{ type: 'text', text: 'summer' }] },
          ],
        },
      });
    });

    const invalid: Array<[string, string, Record<string, unknown>, string]> = [
      ['no content field', CLOUD, { to: ENGAGED }, 'input'],
      ['two content fields', CLOUD, { to: ENGAGED, text: { body: 'a' }, image: { id: 'm' } }, 'input'],
      ['text over 4096 characters', CLOUD, { to: ENGAGED, text: { body: 'x'.repeat(4097) } }, 'input.text.body'],
      ['replyTo on-premise (context is cloud only)', ONPREM, { to: ENGAGED, replyTo: 'x', text: { body: 'a' } }, 'input.replyTo'],
      ['contact name without another part', CLOUD, { to: ENGAGED, contacts: [{ name: { formattedName: 'Ada' } }] }, 'input.contacts.0.name'],
      [
        'bad birthday',
        CLOUD,
        { to: ENGAGED, contacts: [{ name: { formattedName: 'A', firstName: 'A' }, birthday: '1815-13-10' }] },
        'input.contacts.0.birthday',
      ],
      ['media with id and link', CLOUD, { to: ENGAGED, image: { id: 'm', link: 'https://x.example/a.png' } }, 'input.image'],
      ['media without id and link', CLOUD, { to: ENGAGED, image: { caption: 'c' } }, 'input.image'],
      ['non-http link', CLOUD, { to: ENGAGED, image: { link: 'ftp://x.example/a.png' } }, 'input.image.link'],
      ['caption on audio', CLOUD, { to: ENGAGED, audio: { id: 'm', caption: 'c' } }, 'input.audio.caption'],
      ['caption over 1024 on-premise', ONPREM, { to: ENGAGED, image: { id: 'm', caption: 'c'.repeat(1025) } }, 'input.image.caption'],
      ['filename on image', CLOUD, { to: ENGAGED, image: { id: 'm', filename: 'a.png' } }, 'input.image.filename'],
      ['provider on cloud', CLOUD, { to: ENGAGED, image: { link: 'https://x.example/a.png', provider: 'p' } }, 'input.image.provider'],
      [
        'raw components with typed fields',
        CLOUD,
        { to: ENGAGED, template: { name: 't', languageCode: 'en', bodyParameters: ['a'], components: [] } },
        'input.template.components',
      ],
      [
        'offer expiration on-premise',
        ONPREM,
        {
          to: ENGAGED,
          template: { name: 't', languageCode: 'en', offerExpiresAt: '2999-01-01T00:00:00Z', couponCode: 'C', urlButtonIndex: 1, urlButtonParameter: 'x' },
        },
        'input.template.offerExpiresAt',
      ],
      [
        'offer without coupon code',
        CLOUD,
        { to: ENGAGED, template: { name: 't', languageCode: 'en', offerExpiresAt: '2999-01-01T00:00:00Z', urlButtonIndex: 1, urlButtonParameter: 'x' } },
        'input.template.couponCode',
      ],
      ['interactive not an object', CLOUD, { to: ENGAGED, interactive: [1, 2] }, 'input.interactive'],
    ];

    it.each(invalid)('refuses %s with BAD_USER_INPUT and sends nothing', async (_name, channelId, input, field) => {
      const body = await send(channelId, input);
      expectError(body, 'BAD_USER_INPUT', field);
      expect(areaB()).toHaveLength(0);
    });

    it('names the offending content fields', async () => {
      const body = await send(CLOUD, { to: ENGAGED, text: { body: 'a' }, location: { latitude: 1, longitude: 2, name: 'n', address: 'a' } });
      expect(body.errors?.[0]?.message).toContain('got text, location');
    });

    it('fails with MISSING_API_KEY when no key is known, without calling area B', async () => {
      const body = await send(NO_KEY, { to: ENGAGED, text: { body: 'a' } });
      expectError(body, 'MISSING_API_KEY');
      expect(areaB()).toHaveLength(0);
    });

    it('reports a synchronous cloud refusal with 131047 (outside the 24-hour window) as SERVICE_WINDOW_CLOSED', async () => {
      // The simulated cloud reports the window late, by a status; an upstream may still refuse at once, so the mapping stays tested.
      harness.simulator.faults.add({
        path: '^/cloud/messages$',
        method: 'POST',
        status: 400,
        times: 1,
        body: { error: { code: 131047, message: 'Re-engagement message', error_data: { details: 'More than 24 hours have passed' } } },
      });
      // A contact of its own: the refusal closes that contact's window for the sends of later tests.
      const body = await send(CLOUD, { to: '4915100000047', text: { body: 'late' } });
      expectError(body, 'SERVICE_WINDOW_CLOSED');
      expect(body.errors?.[0]?.extensions?.upstream).toMatchObject({ endpoint: 'B1', status: 400, code: 131047 });
    });

    it('opens the window when the contact writes (control endpoint)', async () => {
      const control = await fetch(`${harness.simulator.baseUrl()}/_control/messaging/engage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channelId: ONPREM, waId: '4915100000001' }),
      });
      expect(control.status).toBe(204);
      const body = await send(ONPREM, { to: '4915100000001', text: { body: 'now it works' } });
      expect(body.errors).toBeUndefined();
    });

    const engage = async (channelId: string, waId: string, hoursAgo: number) => {
      const control = await fetch(`${harness.simulator.baseUrl()}/_control/messaging/engage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channelId, waId, hoursAgo }),
      });
      expect(control.status).toBe(204);
    };

    it('enforces the 24-hour window on-premise: a contact who wrote 23 h ago is reachable, 25 h ago is refused at once (470)', async () => {
      await engage(ONPREM, '4915100000023', 23);
      await engage(ONPREM, '4915100000025', 25);
      const within = await send(ONPREM, { to: '4915100000023', text: { body: 'within the window' } });
      expect(within.errors).toBeUndefined();
      // On-premise ids are base64 without the cloud's `wamid.` prefix.
      expect(within.data?.sendMessage.id).toMatch(/^[A-Za-z0-9+/]+={1,2}$/);
      const outside = await send(ONPREM, { to: '4915100000025', text: { body: 'too late' } });
      expectError(outside, 'SERVICE_WINDOW_CLOSED');
      expect(outside.errors?.[0]?.extensions?.upstream).toMatchObject({ endpoint: 'B1', status: 400, code: 470 });
      expect(areaB().filter((request) => request.path.endsWith('/messages'))).toHaveLength(2);
    });

    it('on cloud, a send to a contact who wrote 25 h ago is accepted like one at 23 h (its failure comes by a status notification)', async () => {
      await engage(CLOUD, '4915100000123', 23);
      await engage(CLOUD, '4915100000125', 25);
      for (const to of ['4915100000123', '4915100000125']) {
        const body = await send(CLOUD, { to, text: { body: 'hello' } });
        expect(body.errors).toBeUndefined();
        expect(body.data?.sendMessage.id).toMatch(/^wamid\./);
      }
      expect(areaB().filter((request) => request.path.endsWith('/messages'))).toHaveLength(2);
    });

    it('never retries a send answered 503', async () => {
      harness.simulator.faults.add({ path: '^/cloud/messages$', method: 'POST', status: 503, times: 1 });
      const body = await send(CLOUD, { to: ENGAGED, text: { body: 'once' } });
      expectError(body, 'UPSTREAM_UNAVAILABLE');
      expect(harness.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(1);
    });

    it('reports an unknown outcome when the send times out after leaving, never retries, and keeps the idempotency key', async () => {
      // The request reaches the simulator, which answers only after the gateway's 2 s timeout.
      harness.simulator.faults.add({ path: '^/onprem/v1/messages$', method: 'POST', delayMs: 3000, times: 1 });
      const input = { to: ENGAGED, idempotencyKey: 'timeout-key', text: { body: 'slow' } };
      const body = await send(ONPREM, input);
      expectError(body, 'UPSTREAM_UNAVAILABLE');
      expect(body.errors?.[0]?.message).toContain('outcome is unknown');
      expect(body.errors?.[0]?.extensions?.outcome).toBe('UNKNOWN');
      const again = await send(ONPREM, input);
      expectError(again, 'UPSTREAM_UNAVAILABLE');
      expect(again.errors?.[0]?.message).toContain('unknown outcome');
      expect(harness.simulator.recorder.matching('/onprem/v1/messages', 'POST')).toHaveLength(1);
    });

    it('returns the first result for a repeated idempotencyKey without sending again', async () => {
      const input = { to: ENGAGED, idempotencyKey: 'order-42-confirmation', text: { body: 'Your order shipped' } };
      const first = await send(CLOUD, input);
      const second = await send(CLOUD, input);
      expect(first.errors).toBeUndefined();
      expect(second.data?.sendMessage).toEqual(first.data?.sendMessage);
      expect(harness.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(1);
      const other = await send(CLOUD, { ...input, text: { body: 'Something else' } });
      expectError(other, 'BAD_USER_INPUT', 'input.idempotencyKey');
      expect(harness.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(1);
    });

    it('sends once for concurrent duplicates with the same idempotencyKey', async () => {
      harness.simulator.faults.add({ path: '^/cloud/messages$', method: 'POST', delayMs: 200, times: 1 });
      const input = { to: ENGAGED, idempotencyKey: 'concurrent-1', text: { body: 'only once' } };
      const answers = await Promise.all([send(CLOUD, input), send(CLOUD, input), send(CLOUD, input)]);
      for (const answer of answers) expect(answer.errors).toBeUndefined();
      expect(new Set(answers.map((answer) => answer.data?.sendMessage.id)).size).toBe(1);
      expect(harness.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(1);
    });

    it('frees the idempotencyKey when the upstream refused the send', async () => {
      harness.simulator.faults.add({ path: '^/cloud/messages$', method: 'POST', status: 400, times: 1 });
      const input = { to: ENGAGED, idempotencyKey: 'refused-once', text: { body: 'retry me' } };
      expectError(await send(CLOUD, input), 'UPSTREAM_ERROR');
      expect((await send(CLOUD, input)).errors).toBeUndefined();
      expect(harness.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(2);
    });
  });

  describe('createLimitedTimeOfferTemplate', () => {
    const CREATE = `mutation Create($channelId: ID!, $input: LimitedTimeOfferTemplateInput!) {
      createLimitedTimeOfferTemplate(channelId: $channelId, input: $input) { id status category }
    }`;
    const input = {
      name: 'summer_offer',
      language: 'en_US',
      headerFormat: 'IMAGE',
      headerHandle: '4::aW1hZ2U=',
      offerText: 'Summer deal',
      hasExpiration: true,
      body: 'Hi {{1}}, take {{2}} off!',
      bodyExamples: ['Ada', '20%'],
      copyCodeExample: 'SUMMER20',
      urlButtonText: 'Shop now',
      url: 'https://shop.example.com/offer/{{1}}',
      urlExample: 'https://shop.example.com/offer/summer',
    };

    it('creates it on cloud (POST /v1/configs/templates) and answers PENDING', async () => {
      const body = await gql<{ createLimitedTimeOfferTemplate: { id: string; status: string; category: string } }>(CREATE, { channelId: CLOUD, input });
      expect(body.errors).toBeUndefined();
      expect(body.data?.createLimitedTimeOfferTemplate).toEqual({ id: expect.any(String), status: 'PENDING', category: 'MARKETING' });
      const request = onlyAreaB();
      expect(request.path).toBe('/cloud/v1/configs/templates');
      expect(request.headers['svc-api-key']).toBe(KEYS[CLOUD]);
      expect(request.body).toEqual({
        name: 'summer_offer',
        language: 'en_US',
        category: 'marketing',
        components: [
          { type: 'header', format: 'image', example: { header_handle: ['4::aW1hZ2U='] } },
          { type: 'limited_time_offer', limited_time_offer: { text: 'Summer deal', has_expiration: true } },
          { type: 'body', text: 'Hi {{1}}, take {{2}} off!', example: { body_text: [['Ada', '20%']] } },
          {
            type: 'buttons',
            buttons: [
              { type: 'copy_code', example: 'SUMMER20' },
              { type: 'url', text: 'Shop now', url: 'https://shop.example.com/offer/{{1}}', example: ['https://shop.example.com/offer/summer'] },
            ],
          },
        ],
      });
    });

    it.each([
      ['copy code missing with expiration', { copyCodeExample: null }, 'input.copyCodeExample'],
      ['examples not matching the variables', { bodyExamples: ['Ada'] }, 'input.bodyExamples'],
      ['header format without handle', { headerHandle: null }, 'input.headerHandle'],
      ['non-http url', { url: 'mailto:a@b.c', urlExample: null }, 'input.url'],
    ])('refuses %s with BAD_USER_INPUT and sends nothing', async (_name, change, field) => {
      const body = await gql(CREATE, { channelId: CLOUD, input: { ...input, ...change } });
      expectError(body, 'BAD_USER_INPUT', field);
      expect(areaB()).toHaveLength(0);
    });

    it('is UNSUPPORTED_FOR_HOSTING on-premise', async () => {
      const body = await gql(CREATE, { channelId: ONPREM, input });
      expectError(body, 'UNSUPPORTED_FOR_HOSTING');
      expect(areaB()).toHaveLength(0);
    });
  });

  describe('templates: review, language, namespace and parameters as the upstream rules them', () => {
    const sendTemplate = async (channelId: string, template: Record<string, unknown>) => send(channelId, { to: ENGAGED, template });

    /** The single error of a refusal, with its code and field. */
    function expectRefused(body: { errors?: Errors }, code: string, field?: string) {
      expect(body.errors).toHaveLength(1);
      expectError(body, code, field);
    }

    async function review(templateId: string, status: 'APPROVED' | 'REJECTED') {
      const response = await fetch(`${harness.simulator.baseUrl()}/_control/messaging/templates/${templateId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      expect(response.status).toBe(200);
    }

    async function create(name: string) {
      const body = await gql<{ createLimitedTimeOfferTemplate: { id: string; status: string } }>(
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
      const pending = await sendTemplate(CLOUD, { name: 'autumn_offer', languageCode: 'en_US' });
      expectRefused(pending, 'UPSTREAM_ERROR');
      expect(pending.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 132001 });

      await review(id, 'APPROVED');
      // The template has a url button: its send carries the button's parameter (B2), or the upstream refuses it.
      const approved = await sendTemplate(CLOUD, { name: 'autumn_offer', languageCode: 'en_US', urlButtonIndex: 0, urlButtonParameter: 'deal' });
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
        const body = await sendTemplate(CLOUD, template);
        expectRefused(body, 'UPSTREAM_ERROR');
        expect(body.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 132001 });
      }
      const onPremise = await sendTemplate(ONPREM, { name: 'no_such_template', languageCode: 'en' });
      expect(onPremise.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 2001 });
    });

    it('namespace is sent on-premise and refused on cloud before anything is sent', async () => {
      const namespace = harness.simulator.state.channels.get(ONPREM)!.waba_account.namespace;
      const sent = await sendTemplate(ONPREM, { name: 'order_update', languageCode: 'de', namespace });
      expect(sent.errors).toBeUndefined();
      expect(areaB()[0].body).toMatchObject({ type: 'template', template: { namespace, name: 'order_update', language: { code: 'de' } } });

      const wrongNamespace = await sendTemplate(ONPREM, { name: 'order_update', languageCode: 'de', namespace: 'ns_other' });
      expect(wrongNamespace.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 2001 });

      harness.simulator.recorder.clear();
      expectRefused(await sendTemplate(CLOUD, { name: 'order_update', languageCode: 'en', namespace }), 'BAD_USER_INPUT', 'input.template.namespace');
      expect(areaB()).toEqual([]);
    });

    it('cloud date_time parameters need their fallback value, the only part cloud renders; on-premise passes them through', async () => {
      const withoutFallback = [{ type: 'body', parameters: [{ type: 'date_time', date_time: { day_of_month: 3, month: 11, year: 2026 } }] }];
      expectRefused(
        await sendTemplate(CLOUD, { name: 'order_update', languageCode: 'en', components: withoutFallback }),
        'BAD_USER_INPUT',
        'input.template.components.0.parameters.0',
      );
      expect(areaB()).toEqual([]);
      const withFallback = [{ type: 'body', parameters: [{ type: 'date_time', date_time: { fallback_value: '3 November 2026' } }] }];
      expect((await sendTemplate(CLOUD, { name: 'order_update', languageCode: 'en', components: withFallback })).errors).toBeUndefined();
      expect((await sendTemplate(ONPREM, { name: 'order_update', languageCode: 'de', components: withoutFallback })).errors).toBeUndefined();
    });

    it('on-premise product_retailer_id is at most 100 characters; cloud passes it through', async () => {
      const product = (id: string) => ({
        type: 'product_list',
        header: { type: 'text', text: 'Pick' },
        body: { text: 'Our products' },
        action: { catalog_id: 'cat-1', sections: [{ title: 'All', product_items: [{ product_retailer_id: 'sku-1' }, { product_retailer_id: id }] }] },
      });
      const long = 'x'.repeat(101);
      expectRefused(
        await send(ONPREM, { to: ENGAGED, interactive: product(long) }),
        'BAD_USER_INPUT',
        'input.interactive.action.sections.0.product_items.1.product_retailer_id',
      );
      expect(areaB()).toEqual([]);
      expect((await send(ONPREM, { to: ENGAGED, interactive: product('x'.repeat(100)) })).errors).toBeUndefined();
      expect((await send(CLOUD, { to: ENGAGED, interactive: product(long) })).errors).toBeUndefined();
    });
  });

  describe('business profile', () => {
    const READ = `query Profile($id: ID!) { channel(id: $id) { businessProfile { address description email vertical websites profilePictureUrl } } }`;
    const UPDATE = `mutation Update($channelId: ID!, $input: BusinessProfileInput!) {
      updateBusinessProfile(channelId: $channelId, input: $input) { description email vertical websites }
    }`;

    it('reads the cloud profile with the fields parameter', async () => {
      const body = await gql<{ channel: { businessProfile: Record<string, unknown> } }>(READ, { id: CLOUD });
      expect(body.errors).toBeUndefined();
      expect(body.data?.channel.businessProfile).toMatchObject({ vertical: 'RETAIL', profilePictureUrl: expect.stringContaining('https://') });
      const request = onlyAreaB();
      expect(request.method).toBe('GET');
      expect(request.path).toBe('/cloud/chat_business_profile');
      expect(request.query).toEqual({ fields: 'address,description,email,profile_picture_url,websites,vertical' });
      expect(request.headers['svc-api-key']).toBe(KEYS[CLOUD]);
    });

    it('reads the on-premise profile from settings.business and maps the vertical display name', async () => {
      const body = await gql<{ channel: { businessProfile: Record<string, unknown> } }>(READ, { id: ONPREM });
      expect(body.errors).toBeUndefined();
      expect(body.data?.channel.businessProfile).toMatchObject({ vertical: 'RETAIL', profilePictureUrl: null });
      const request = onlyAreaB();
      expect(request.path).toBe('/onprem/v1/settings/business/profile');
      expect(request.headers['svc-api-key']).toBe(KEYS[ONPREM]);
    });

    it('updates only the given fields on cloud (+messaging_product) and reads the change back', async () => {
      await gql(READ, { id: CLOUD }); // cached read before the write
      harness.simulator.recorder.clear();
      const body = await gql<{ updateBusinessProfile: Record<string, unknown> }>(UPDATE, {
        channelId: CLOUD,
        input: { description: 'New text', websites: ['https://a.example', 'http://b.example'], vertical: 'HEALTH' },
      });
      expect(body.errors).toBeUndefined();
      expect(body.data?.updateBusinessProfile).toMatchObject({
        description: 'New text',
        vertical: 'HEALTH',
        websites: ['https://a.example', 'http://b.example'],
      });
      const [update, readBack] = areaB();
      expect(update?.method).toBe('POST');
      expect(update?.path).toBe('/cloud/chat_business_profile');
      expect(update?.body).toEqual({
        messaging_product: 'whatsapp',
        description: 'New text',
        websites: ['https://a.example', 'http://b.example'],
        vertical: 'HEALTH',
      });
      expect(readBack?.method).toBe('GET');
    });

    it('updates on-premise with the vertical display name and without messaging_product', async () => {
      const body = await gql<{ updateBusinessProfile: Record<string, unknown> }>(UPDATE, {
        channelId: ONPREM,
        input: { vertical: 'HEALTH', email: 'care@clinic.example' },
      });
      expect(body.errors).toBeUndefined();
      expect(body.data?.updateBusinessProfile).toMatchObject({ vertical: 'HEALTH', email: 'care@clinic.example' });
      const update = areaB()[0];
      expect(update.path).toBe('/onprem/v1/settings/business/profile');
      expect(update.body).toEqual({ vertical: 'Medical and Health', email: 'care@clinic.example' });
    });

    it.each([
      ['three websites', CLOUD, { websites: ['https://a.example', 'https://b.example', 'https://c.example'] }, 'input.websites'],
      ['a website without scheme', CLOUD, { websites: ['a.example'] }, 'input.websites.0'],
      ['a website over 256 characters', CLOUD, { websites: [`https://a.example/${'x'.repeat(250)}`] }, 'input.websites.0'],
      ['an invalid email', CLOUD, { email: 'not-an-email' }, 'input.email'],
      ['an email over 128 characters', CLOUD, { email: `${'a'.repeat(120)}@example.com` }, 'input.email'],
      ['a description over 512 on cloud', CLOUD, { description: 'd'.repeat(513) }, 'input.description'],
      ['a description over 256 on-premise', ONPREM, { description: 'd'.repeat(257) }, 'input.description'],
      ['an address over 256', CLOUD, { address: 'a'.repeat(257) }, 'input.address'],
      ['vertical reset to empty', CLOUD, { vertical: null }, 'input.vertical'],
      ['a picture handle on-premise', ONPREM, { profilePictureHandle: 'h' }, 'input.profilePictureHandle'],
      ['no field at all', CLOUD, {}, 'input'],
    ])('refuses %s with BAD_USER_INPUT and sends nothing', async (_name, channelId, input, field) => {
      const body = await gql(UPDATE, { channelId, input });
      expectError(body, 'BAD_USER_INPUT', field);
      expect(areaB()).toHaveLength(0);
    });
  });

  describe('blocking (on-premise only)', () => {
    const BLOCK = `mutation Block($channelId: ID!, $phone: String!, $reason: String) { blockContact(channelId: $channelId, phoneNumber: $phone, reason: $reason) { success phoneNumber blocked channel { id } } }`;
    const UNBLOCK = `mutation Unblock($channelId: ID!, $phone: String!) { unblockContact(channelId: $channelId, phoneNumber: $phone) { success phoneNumber blocked channel { id } } }`;
    const REPORT = `mutation Report($channelId: ID!, $phone: String!, $reason: String, $block: Boolean, $messageId: ID) {
      reportContact(channelId: $channelId, phoneNumber: $phone, reason: $reason, block: $block, messageId: $messageId) { success phoneNumber blocked channel { id } }
    }`;
    const LIST = `query List($id: ID!, $limit: Int, $offset: Int) { channel(id: $id) { blockedContacts(limit: $limit, offset: $offset) { total limit offset waIds } } }`;

    it('blocks, lists (no stale cache) and unblocks an engaged contact', async () => {
      const before = await gql<{ channel: { blockedContacts: { total: number } } }>(LIST, { id: ONPREM });
      expect(before.data?.channel.blockedContacts.total).toBe(0);
      harness.simulator.recorder.clear();

      const blocked = await gql(BLOCK, { channelId: ONPREM, phone: ENGAGED, reason: 'spam' });
      expect(blocked).toEqual({ data: { blockContact: { success: true, phoneNumber: ENGAGED_WA, blocked: true, channel: { id: ONPREM } } } });
      const request = areaB().find((call) => call.path.endsWith('/block'))!;
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/onprem/v1/contacts/4915112345678/block');
      expect(request.headers['svc-api-key']).toBe(KEYS[ONPREM]);
      expect(request.body).toEqual({ reason: 'spam' });
      harness.simulator.recorder.clear();

      const list = await gql<{ channel: { blockedContacts: unknown } }>(LIST, { id: ONPREM, limit: 50, offset: 0 });
      expect(list.data?.channel.blockedContacts).toEqual({ total: 1, limit: 50, offset: 0, waIds: [ENGAGED_WA] });
      expect(onlyAreaB()).toMatchObject({ method: 'GET', path: '/onprem/v1/contacts/blocklist', query: { limit: '50', offset: '0' } });
      harness.simulator.recorder.clear();

      // Any phone format: a plus inside the opening bracket too.
      expect(await gql(UNBLOCK, { channelId: ONPREM, phone: '(+49) 151 12345678' })).toEqual({
        data: { unblockContact: { success: true, phoneNumber: ENGAGED_WA, blocked: false, channel: { id: ONPREM } } },
      });
      expect(areaB()).toEqual([expect.objectContaining({ method: 'POST', path: '/onprem/v1/contacts/4915112345678/unblock' })]);
      const after = await gql<{ channel: { blockedContacts: { waIds: string[] } } }>(LIST, { id: ONPREM });
      expect(after.data?.channel.blockedContacts.waIds).toEqual([]);
    });

    it('reports a contact with block and message id', async () => {
      const body = await gql(REPORT, { channelId: ONPREM, phone: ENGAGED, reason: 'abuse', block: true, messageId: 'gBEGkabc' });
      expect(body).toEqual({ data: { reportContact: { success: true, phoneNumber: ENGAGED_WA, blocked: true, channel: { id: ONPREM } } } });
      expect(areaB()).toContainEqual(
        expect.objectContaining({
          path: '/onprem/v1/contacts/4915112345678/report',
          body: { reason: 'abuse', block: true, message_id: 'gBEGkabc' },
        }),
      );
    });

    it('maps 2048 to NOT_ENGAGED keeping title and details (also from a 200 answer carrying errors)', async () => {
      const block = await gql(BLOCK, { channelId: ONPREM, phone: SIM_STALE_CONTACT });
      expectError(block, 'NOT_ENGAGED');
      expect(block.errors?.[0]?.extensions?.upstream).toMatchObject({
        code: 2048,
        title: 'Contact not engaged',
        details: expect.stringContaining(SIM_STALE_CONTACT),
      });
      const report = await gql(REPORT, { channelId: ONPREM, phone: SIM_STALE_CONTACT });
      expectError(report, 'NOT_ENGAGED');
      expect(report.errors?.[0]?.message).toContain('Contact not engaged');
    });

    it('maps 1009 to INVALID_PARAMETER', async () => {
      // Digits pass the gateway's own check (it refuses anything else as a path segment); five are too few upstream.
      const body = await gql(UNBLOCK, { channelId: ONPREM, phone: '12345' });
      expectError(body, 'INVALID_PARAMETER');
      expect(body.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 1009, title: 'Parameter value is not valid' });
    });

    it.each([
      ['a reason of 60 characters', BLOCK, { channelId: ONPREM, phone: ENGAGED, reason: 'r'.repeat(60) }, 'reason'],
      ['a report reason of 60 characters', REPORT, { channelId: ONPREM, phone: ENGAGED, reason: 'r'.repeat(60) }, 'reason'],
      ['limit 0', LIST, { id: ONPREM, limit: 0 }, 'limit'],
      ['limit 201', LIST, { id: ONPREM, limit: 201 }, 'limit'],
      ['a negative offset', LIST, { id: ONPREM, offset: -1 }, 'offset'],
    ])('refuses %s with BAD_USER_INPUT and sends nothing', async (_name, query, variables, field) => {
      expectError(await gql(query, variables), 'BAD_USER_INPUT', field);
      expect(areaB()).toHaveLength(0);
    });

    it.each([
      ['block', BLOCK, { channelId: CLOUD, phone: ENGAGED }],
      ['unblock', UNBLOCK, { channelId: CLOUD, phone: ENGAGED }],
      ['report', REPORT, { channelId: CLOUD, phone: ENGAGED }],
      ['blockedContacts', LIST, { id: CLOUD }],
    ])('%s on a cloud channel is UNSUPPORTED_FOR_HOSTING', async (_name, query, variables) => {
      expectError(await gql(query, variables), 'UNSUPPORTED_FOR_HOSTING');
      expect(areaB()).toHaveLength(0);
    });
  });

  describe('webhooks', () => {
    const SET = `mutation Set($channelId: ID!, $input: WebhookInput!) { setWebhook(channelId: $channelId, input: $input) { url headers } }`;
    const READ = `query Read($id: ID!) { channel(id: $id) { webhook { url headers } } }`;
    const SET_WABA = `mutation SetWaba($channelId: ID!, $input: WabaWebhookInput!) { setWabaWebhook(channelId: $channelId, input: $input) { url headers message } }`;
    const READ_WABA = `query ReadWaba($id: ID!) { channel(id: $id) { wabaWebhook { wabaId numbers url headers } } }`;

    it.each([
      [CLOUD, '/cloud/v1/configs/webhook'],
      [ONPREM, '/onprem/v1/configs/webhook'],
    ])('sets and reads the number-level webhook of %s at %s', async (channelId, path) => {
      const input = { url: 'https://hooks.example.com/wa', headers: { Authorization: 'Basic dXNlcjpwYXNz', 'X-Tenant': 't1' } };
      // The receiver's credential is answered with its scheme only.
      const answered = { url: input.url, headers: { Authorization: 'Basic [redacted]', 'X-Tenant': 't1' } };
      const set = await gql<{ setWebhook: unknown }>(SET, { channelId, input });
      expect(set.errors).toBeUndefined();
      expect(set.data?.setWebhook).toEqual(answered);
      expect(onlyAreaB()).toMatchObject({ method: 'POST', path, headers: { 'svc-api-key': KEYS[channelId] }, body: input });
      harness.simulator.recorder.clear();
      const read = await gql<{ channel: { webhook: unknown } }>(READ, { id: channelId });
      expect(read.data?.channel.webhook).toEqual(answered);
      expect(onlyAreaB()).toMatchObject({ method: 'GET', path });
    });

    it('accepts an explicit port on-premise', async () => {
      expect((await gql(SET, { channelId: ONPREM, input: { url: 'https://hooks.example.com:8443/wa' } })).errors).toBeUndefined();
    });

    it.each([
      ['an explicit port', { url: 'https://hooks.example.com:8443/wa' }, 'input.url'],
      ['an underscore in a subdomain', { url: 'https://my_hooks.example.com/wa' }, 'input.url'],
      [
        'a header URL with an underscore',
        { url: 'https://hooks.example.com/wa', headers: { 'X-Callback': 'https://a_b.example.com/x' } },
        'input.headers.X-Callback',
      ],
      [
        'a header URL with a port',
        { url: 'https://hooks.example.com/wa', headers: { 'X-Callback': 'https://ab.example.com:81/x' } },
        'input.headers.X-Callback',
      ],
      ['non-string headers', { url: 'https://hooks.example.com/wa', headers: { 'X-Count': 3 } }, 'input.headers.X-Count'],
    ])('refuses a cloud webhook with %s and sends nothing', async (_name, input, field) => {
      expectError(await gql(SET, { channelId: CLOUD, input }), 'BAD_USER_INPUT', field);
      expect(areaB()).toHaveLength(0);
    });

    it.each([
      ['setWebhook on cloud', SET, { channelId: CLOUD, input: { url: 'http://hooks.example.com/wa' } }],
      ['setWebhook on-premise', SET, { channelId: ONPREM, input: { url: 'http://hooks.example.com:8080/wa' } }],
      ['setWebhook to a loopback host', SET, { channelId: ONPREM, input: { url: 'http://127.0.0.1:8080/wa' } }],
      ['setWabaWebhook', SET_WABA, { channelId: CLOUD, input: { url: 'http://hooks.example.com/waba', headers: {} } }],
    ])('%s refuses plain http with BAD_USER_INPUT on input.url (notifications need HTTPS), sending nothing', async (_name, mutation, variables) => {
      const body = await gql(mutation, variables);
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringContaining('https://'),
          extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'input.url' }),
        }),
      ]);
      expect(areaB()).toEqual([]);
    });

    it('sets the business-account webhook with override_all at the top level and reads it', async () => {
      const input = { url: 'https://hooks.example.com/waba', headers: { Authorization: 'Basic eDp5' }, overrideAll: true };
      const set = await gql<{ setWabaWebhook: { url: string; message: string } }>(SET_WABA, { channelId: CLOUD, input });
      expect(set.errors).toBeUndefined();
      expect(set.data?.setWabaWebhook.message).toContain('15 to 20 seconds');
      expect(onlyAreaB()).toMatchObject({
        method: 'POST',
        path: '/cloud/waba_webhook',
        body: { url: input.url, headers: input.headers, override_all: true },
      });
      harness.simulator.recorder.clear();
      const read = await gql<{ channel: { wabaWebhook: Record<string, unknown> } }>(READ_WABA, { id: CLOUD });
      expect(read.data?.channel.wabaWebhook).toMatchObject({ wabaId: 'waba-1', url: input.url, headers: { Authorization: 'Basic [redacted]' } });
      expect(onlyAreaB()).toMatchObject({ method: 'GET', path: '/cloud/waba_webhook' });
    });

    it('refuses the business-account webhook on-premise', async () => {
      expectError(await gql(SET_WABA, { channelId: ONPREM, input: { url: 'https://h.example.com', headers: {} } }), 'UNSUPPORTED_FOR_HOSTING');
      expectError(await gql(READ_WABA, { id: ONPREM }), 'UNSUPPORTED_FOR_HOSTING');
      expect(areaB()).toHaveLength(0);
    });
  });

  describe('createApiKey', () => {
    const CREATE = `mutation Create($channelId: ID!) { createApiKey(channelId: $channelId) { id apiKey appId webhookRestore { restored url error } } }`;

    it.each([
      ['channel-004', '/cloud'],
      ['channel-006', '/onprem'],
    ])('stores the key for %s and re-applies the webhook the new key removed', async (channelId, root) => {
      const webhook = { url: 'https://hooks.example.com/restore', headers: { Authorization: 'Basic cjpz' } };
      expect(
        (await gql(`mutation { setWebhook(channelId: "${channelId}", input: { url: "${webhook.url}", headers: { Authorization: "Basic cjpz" } }) { url } }`))
          .errors,
      ).toBeUndefined();
      harness.simulator.recorder.clear();

      const { body } = await harness.graphql<{ createApiKey: { apiKey: string; appId: string; webhookRestore: unknown } }>(CREATE, { channelId });
      expect(body.errors).toBeUndefined();
      const created = body.data!.createApiKey;
      expect(created.apiKey).toMatch(new RegExp(`^sim-key-${channelId}-`));
      expect(created.appId).toBe(`app-${channelId}`);
      expect(created.webhookRestore).toEqual({ restored: true, url: webhook.url, error: null });

      const a6 = harness.simulator.recorder.matching(`/api/v2/partners/${ACME.id}/channels/${channelId}/api_keys`, 'POST');
      expect(a6).toHaveLength(1);
      expect(a6[0].headers.authorization).toBe(`Bearer ${ACME.token}`);
      const [read, restore] = areaB();
      expect(read).toMatchObject({ method: 'GET', path: `${root}/v1/configs/webhook`, headers: { 'svc-api-key': KEYS[channelId] } });
      expect(restore).toMatchObject({ method: 'POST', path: `${root}/v1/configs/webhook`, headers: { 'svc-api-key': created.apiKey }, body: webhook });
      expect(harness.simulator.state.webhooks.get(channelId)).toEqual(webhook);
      expect(harness.logs.lines.join('\n')).not.toContain(created.apiKey);

      // Later area-B calls use the stored key.
      harness.simulator.recorder.clear();
      expect((await send(channelId, { to: ENGAGED, text: { body: 'with the new key' } })).errors).toBeUndefined();
      expect(onlyAreaB().headers['svc-api-key']).toBe(created.apiKey);
    });

    it('reports on the payload when re-applying the webhook fails', async () => {
      const channelId = 'channel-004';
      harness.simulator.state.webhooks.set(channelId, { url: 'https://hooks.example.com/again', headers: {} });
      harness.simulator.faults.add({ path: '^/cloud/v1/configs/webhook$', method: 'POST', status: 500, times: 1 });
      const { body } = await harness.graphql<{ createApiKey: { apiKey: string; webhookRestore: { restored: boolean; url: string; error: string } } }>(CREATE, {
        channelId,
      });
      expect(body.errors).toBeUndefined();
      expect(body.data?.createApiKey.webhookRestore).toEqual({
        restored: false,
        url: 'https://hooks.example.com/again',
        error: expect.stringContaining('Re-applying the webhook with the new key failed'),
      });
      expect(harness.simulator.state.webhooks.has(channelId)).toBe(false);
      // The key is stored all the same.
      harness.simulator.recorder.clear();
      await send(channelId, { to: ENGAGED, text: { body: 'still works' } });
      expect(onlyAreaB().headers['svc-api-key']).toBe(body.data?.createApiKey.apiKey);
    });

    it('answers webhookRestore null when no webhook was set', async () => {
      harness.simulator.state.webhooks.delete('channel-006');
      const { body } = await harness.graphql<{ createApiKey: { webhookRestore: unknown } }>(CREATE, { channelId: 'channel-006' });
      expect(body.errors).toBeUndefined();
      expect(body.data?.createApiKey.webhookRestore).toBeNull();
    });

    it('says so when no earlier key could read the webhook', async () => {
      const { body } = await harness.graphql<{ createApiKey: { webhookRestore: { restored: boolean; error: string } } }>(CREATE, { channelId: 'channel-007' });
      expect(body.errors).toBeUndefined();
      expect(body.data?.createApiKey.webhookRestore).toMatchObject({ restored: false, error: expect.stringContaining('could not be read') });
    });
  });
});
