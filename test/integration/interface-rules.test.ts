import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { collect, connectWs, startReceivingGateway, waitUntil, type WsConnection } from '../support/events.js';
import { areaBRequests, useTestGateway, type TestGateway } from '../support/gateway.js';

/** Rules of the interface's last rows (issue 19: templates, media, profile photo, notification routing), over HTTP against the simulator. */
const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const KEYS = Object.fromEntries([CLOUD, ONPREM].map((channelId) => [channelId, `sim-key-${channelId}`]));
const ENGAGED = '+4915112345678';
const SEND = `mutation ($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }`;

type Errors = Array<{ message: string; extensions?: Record<string, unknown> }>;

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
    const namespace = harness.simulator.state.channels.get(ONPREM)!.waba_account.namespace;
    const sent = await send(ONPREM, { name: 'order_update', languageCode: 'de', namespace });
    expect(sent.errors).toBeUndefined();
    expect(areaBRequests(harness)[0].body).toMatchObject({ type: 'template', template: { namespace, name: 'order_update', language: { code: 'de' } } });

    const wrongNamespace = await send(ONPREM, { name: 'order_update', languageCode: 'de', namespace: 'ns_other' });
    expect(wrongNamespace.errors?.[0]?.extensions?.upstream).toMatchObject({ code: 2001 });

    harness.simulator.recorder.clear();
    expectRefused(await send(CLOUD, { name: 'order_update', languageCode: 'en', namespace }), 'BAD_USER_INPUT', 'input.template.namespace');
    expect(areaBRequests(harness)).toEqual([]);
  });

  it('cloud date_time parameters need their fallback value, the only part cloud renders; on-premise passes them through', async () => {
    const withoutFallback = [{ type: 'body', parameters: [{ type: 'date_time', date_time: { day_of_month: 3, month: 11, year: 2026 } }] }];
    harness.simulator.recorder.clear();
    expectRefused(
      await send(CLOUD, { name: 'order_update', languageCode: 'en', components: withoutFallback }),
      'BAD_USER_INPUT',
      'input.template.components.0.parameters.0',
    );
    expect(areaBRequests(harness)).toEqual([]);
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
    expect(areaBRequests(harness)).toEqual([]);
    expect((await harness.graphql(SEND, { channelId: ONPREM, input: { to: ENGAGED, interactive: product('x'.repeat(100)) } })).body.errors).toBeUndefined();
    expect((await harness.graphql(SEND, { channelId: CLOUD, input: { to: ENGAGED, interactive: product(long) } })).body.errors).toBeUndefined();
  });
});

/** A PNG head: signature and IHDR of a 1×1 image with the given bit depth and colour type, then filler. */
function png(bitDepth: number, colourType: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), length, Buffer.from('IHDR'), ihdr, Buffer.alloc(4), Buffer.alloc(200, 7)]);
}

describe('media content rules and the on-premise profile photo', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });
  const UPLOAD = `mutation ($channelId: ID!, $input: UploadMediaInput!) { uploadMedia(channelId: $channelId, input: $input) { id } }`;
  const SET_PHOTO = `mutation ($channelId: ID!, $input: UploadMediaInput!) { setProfilePhoto(channelId: $channelId, input: $input) }`;
  const DELETE_PHOTO = `mutation ($channelId: ID!) { deleteProfilePhoto(channelId: $channelId) }`;
  const inline = (bytes: Buffer, mimeType = 'image/png') => ({ fileName: 'photo.png', mimeType, base64: bytes.toString('base64') });

  it('on-premise refuses byte-stream (application/octet-stream) sending before anything is sent', async () => {
    harness.simulator.recorder.clear();
    const { body } = await harness.graphql(UPLOAD, { channelId: ONPREM, input: inline(Buffer.from('%PDF-1.4 data'), 'application/octet-stream') });
    expectRefused(body, 'BAD_USER_INPUT', 'input.mimeType');
    expect(body.errors?.[0]?.message).toContain('byte-stream');
    expect(areaBRequests(harness)).toEqual([]);
    const document = await harness.graphql(UPLOAD, {
      channelId: ONPREM,
      input: { ...inline(Buffer.from('%PDF-1.4 data'), 'application/x-custom'), type: 'DOCUMENT' },
    });
    expect(document.body.errors).toBeUndefined();
  });

  it.each([
    ['16-bit RGBA', png(16, 6)],
    ['8-bit palette', png(8, 3)],
    ['8-bit greyscale', png(8, 0)],
  ])('inline: a %s PNG is refused from its header on both hostings', async (_name, bytes) => {
    harness.simulator.recorder.clear();
    for (const channelId of [CLOUD, ONPREM]) {
      const { body } = await harness.graphql(UPLOAD, { channelId, input: inline(bytes) });
      expectRefused(body, 'BAD_USER_INPUT', 'input.base64');
      expect(body.errors?.[0]?.message).toContain('8-bit RGB or RGBA');
    }
    expect(areaBRequests(harness)).toEqual([]);
  });

  it('inline: 8-bit RGB and RGBA PNGs are uploaded', async () => {
    for (const bytes of [png(8, 2), png(8, 6)]) {
      const { body } = await harness.graphql<{ uploadMedia: { id: string } }>(UPLOAD, { channelId: CLOUD, input: inline(bytes) });
      expect(body.errors).toBeUndefined();
    }
  });

  it('streaming route: a 16-bit PNG is refused with 400 naming the file, nothing sent; an 8-bit one is uploaded', async () => {
    const post = (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
      return fetch(`${new URL(harness.url).origin}/media/${CLOUD}`, { method: 'POST', body: form });
    };
    harness.simulator.recorder.clear();
    const refused = await post(png(16, 2));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'BAD_USER_INPUT', field: 'file', message: expect.stringContaining('8-bit RGB or RGBA') } });
    expect(areaBRequests(harness)).toEqual([]);
    const accepted = await post(png(8, 2));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ id: expect.any(String) });
  });

  it('setProfilePhoto sends the image bytes to /v1/settings/profile/photo on-premise; deleteProfilePhoto removes it', async () => {
    const photo = png(8, 6);
    harness.simulator.recorder.clear();
    const set = await harness.graphql(SET_PHOTO, { channelId: ONPREM, input: inline(photo) });
    expect(set.body).toEqual({ data: { setProfilePhoto: true } });
    const [request] = areaBRequests(harness);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/onprem/v1/settings/profile/photo',
      headers: { 'content-type': 'image/png', 'svc-api-key': KEYS[ONPREM] },
    });
    const stored = await fetch(`${harness.simulator.baseUrl()}/onprem/v1/settings/profile/photo`, { headers: { 'svc-api-key': KEYS[ONPREM] } });
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await stored.arrayBuffer()).equals(photo)).toBe(true);

    const removed = await harness.graphql(DELETE_PHOTO, { channelId: ONPREM });
    expect(removed.body).toEqual({ data: { deleteProfilePhoto: true } });
    expect(areaBRequests(harness).at(-1)).toMatchObject({ method: 'DELETE', path: '/onprem/v1/settings/profile/photo' });
    const gone = await fetch(`${harness.simulator.baseUrl()}/onprem/v1/settings/profile/photo`, { headers: { 'svc-api-key': KEYS[ONPREM] } });
    expect(gone.status).toBe(404);
  });

  it('the profile photo is on-premise only (cloud sets profilePictureHandle) and follows the image rules', async () => {
    harness.simulator.recorder.clear();
    expectRefused((await harness.graphql(SET_PHOTO, { channelId: CLOUD, input: inline(png(8, 6)) })).body, 'UNSUPPORTED_FOR_HOSTING');
    expectRefused((await harness.graphql(DELETE_PHOTO, { channelId: CLOUD })).body, 'UNSUPPORTED_FOR_HOSTING');
    expectRefused((await harness.graphql(SET_PHOTO, { channelId: ONPREM, input: inline(png(16, 6)) })).body, 'BAD_USER_INPUT', 'input.base64');
    expectRefused(
      (await harness.graphql(SET_PHOTO, { channelId: ONPREM, input: inline(Buffer.from('GIF89a...'), 'image/gif') })).body,
      'BAD_USER_INPUT',
      'input.mimeType',
    );
    expectRefused(
      (await harness.graphql(SET_PHOTO, { channelId: ONPREM, input: { ...inline(png(8, 6)), type: 'VIDEO' } })).body,
      'BAD_USER_INPUT',
      'input.type',
    );
    expect(areaBRequests(harness)).toEqual([]);
  });
});

describe('notification routing (spec §6 rule 2, B6)', () => {
  const OTHER_CLOUD = 'channel-004';
  const keys = { ...KEYS, [OTHER_CLOUD]: `sim-key-${OTHER_CLOUD}` };
  // One attempt each, answered fast: the test reads where each notification went, not whether it arrived.
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(keys) }, { webhooks: { maxAttempts: 1, timeoutMs: 200 } });
  const SET_NUMBER = `mutation ($channelId: ID!, $url: String!) { setWebhook(channelId: $channelId, input: { url: $url }) { url } }`;
  const SET_ACCOUNT = `mutation ($channelId: ID!, $url: String!, $overrideAll: Boolean) { setWabaWebhook(channelId: $channelId, input: { url: $url, headers: {}, overrideAll: $overrideAll }) { url } }`;

  async function ok(mutation: string, variables: Record<string, unknown>) {
    expect((await harness.graphql(mutation, variables)).body.errors).toBeUndefined();
  }

  /** The URL an incoming message to the channel was delivered to; null when the simulator says it goes nowhere (409). */
  async function deliveredTo(channelId: string): Promise<string | null> {
    const response = await fetch(`${harness.simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId, from: '4915112345678', text: 'where does this go?' }),
    });
    if (response.status === 409) return null;
    expect(response.status).toBe(202);
    const { messageId } = (await response.json()) as { messageId: string };
    const attempts = harness.simulator.webhookDelivery.attempts;
    await waitUntil(() => attempts.some((attempt) => JSON.stringify(attempt.body).includes(messageId)));
    return attempts.find((attempt) => JSON.stringify(attempt.body).includes(messageId))!.url;
  }

  it('number-level first, else the business-account webhook for cloud numbers honouring override_all, else nowhere', async () => {
    // No webhook at all yet: nowhere.
    expect(await deliveredTo(OTHER_CLOUD)).toBeNull();

    await ok(SET_NUMBER, { channelId: CLOUD, url: 'https://number.example/001' });
    await ok(SET_ACCOUNT, { channelId: CLOUD, url: 'https://account.example/waba', overrideAll: false });
    expect(await deliveredTo(CLOUD)).toBe('https://number.example/001');
    expect(await deliveredTo(OTHER_CLOUD)).toBe('https://account.example/waba');
    // The business-account webhook does not serve on-premise numbers of the same account.
    expect(harness.simulator.state.channels.get(ONPREM)!.waba_account.id).toBe(harness.simulator.state.channels.get(CLOUD)!.waba_account.id);
    expect(await deliveredTo(ONPREM)).toBeNull();

    await ok(SET_ACCOUNT, { channelId: CLOUD, url: 'https://account.example/all', overrideAll: true });
    expect(await deliveredTo(CLOUD)).toBe('https://account.example/all');
    expect(await deliveredTo(OTHER_CLOUD)).toBe('https://account.example/all');
    // It replaced the cloud numbers' own webhooks, so each number's webhook shows where it is served; on-premise keeps none.
    const read = await harness.graphql<{ channel: { webhook: { url: string } | null } }>(`{ channel(id: "${OTHER_CLOUD}") { webhook { url } } }`);
    expect(read.body.data?.channel.webhook?.url).toBe('https://account.example/all');
    expect(await deliveredTo(ONPREM)).toBeNull();

    // A number-level webhook set after the override serves its number again.
    await ok(SET_NUMBER, { channelId: CLOUD, url: 'https://number.example/001-again' });
    expect(await deliveredTo(CLOUD)).toBe('https://number.example/001-again');
    expect(await deliveredTo(OTHER_CLOUD)).toBe('https://account.example/all');

    // A status notification of a send follows the same routing.
    const before = harness.simulator.webhookDelivery.attempts.length;
    const sent = await harness.graphql<{ sendMessage: { id: string } }>(SEND, { channelId: OTHER_CLOUD, input: { to: ENGAGED, text: { body: 'hi' } } });
    const id = sent.body.data!.sendMessage.id;
    await waitUntil(() => harness.simulator.webhookDelivery.attempts.slice(before).some((attempt) => JSON.stringify(attempt.body).includes(id)));
    expect(harness.simulator.webhookDelivery.attempts.slice(before).find((attempt) => JSON.stringify(attempt.body).includes(id))!.url).toBe(
      'https://account.example/all',
    );
  });
});

describe('an incoming file over 100 MB produces an error notification, surfaced as channelError', () => {
  const ERRORS = `subscription ($channelId: ID!) { channelError(channelId: $channelId) { channelId code title details } }`;
  const MESSAGES = `subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { id type } }`;
  let gateway: TestGateway;
  let connection: WsConnection;

  beforeAll(async () => {
    gateway = await startReceivingGateway([CLOUD, ONPREM]);
    connection = connectWs(gateway.url);
  });
  afterAll(async () => {
    await connection.dispose();
    await gateway.close();
  });

  const inboundFile = async (channelId: string, bytes: number) => {
    const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound-file`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId, from: '4915112345678', bytes }),
    });
    expect(response.status).toBe(202);
    return (await response.json()) as { messageId?: string; errorCode?: number };
  };

  it.each([
    [CLOUD, 131052, 'Media download error'],
    [ONPREM, 1014, 'Incoming media too large'],
  ])('on %s: code %d', async (channelId, code, title) => {
    const errors = collect<Record<string, unknown>>(connection, ERRORS, { channelId }, 'channelError');
    const messages = collect<Record<string, unknown>>(connection, MESSAGES, { channelId }, 'messageReceived');
    await waitUntil(
      () =>
        gateway.gateway.services.events.subscriberCount('error', channelId) === 1 &&
        gateway.gateway.services.events.subscriberCount('message', channelId) === 1,
    );
    const limit = 100 * 1024 * 1024;
    expect(await inboundFile(channelId, limit + 1)).toEqual({ errorCode: code });
    const [error] = await errors.atLeast(1);
    expect(error).toEqual({ channelId, code, title, details: expect.stringContaining('exceeds the 100 MB limit') });

    // At the limit the file arrives as a message, and no further error is published.
    const { messageId } = await inboundFile(channelId, limit);
    const [message] = await messages.atLeast(1);
    expect(message).toEqual({ id: messageId, type: 'document' });
    expect(errors.items).toHaveLength(1);
    errors.unsubscribe();
    messages.unsubscribe();
  });
});
