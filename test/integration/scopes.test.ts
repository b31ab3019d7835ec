import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { connectWs } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { startIdentityProvider, testPeople, type TestIdentityProvider, type TestPerson } from '../support/identity-provider.js';

// Seeded Acme: client-001 owns channel-001 … 004 (channel-001 is cloud-hosted).
const C1 = 'client-001';
const CHANNEL = 'channel-001';
const KEYS = { [CHANNEL]: `sim-key-${CHANNEL}` };

const READ = 'hubgraph:read';
const SEND_SCOPE = 'hubgraph:send';
const MANAGE = 'hubgraph:manage';
const ADMIN = 'hubgraph:admin';

const LISTING = '{ partner { id clients(limit: 1) { total } } }';
const SEND = `mutation ($input: SendMessageInput!) { sendMessage(channelId: "${CHANNEL}", input: $input) { id sentBy { kind subject } } }`;
const SEND_WITH_THREAD = `mutation ($input: SendMessageInput!) { sendMessage(channelId: "${CHANNEL}", input: $input) { id conversation { contact } } }`;
const text = (to: string) => ({ input: { to, text: { body: 'scoped hello' } } });
const SET_WEBHOOK = `mutation { setWebhook(channelId: "${CHANNEL}", input: { url: "https://example.com/hook" }) { url } }`;
const SET_REGION = 'mutation { setDefaultDataLocalizationRegion(region: DE) }';
const AUDIT_TRAIL = '{ partner { auditTrail(first: 1) { nodes { operation } } } }';
const ENTITIES = 'query ($r: [_Any!]!) { _entities(representations: $r) { ... on Channel { id } } }';
const CHANNEL_ENTITY = { r: [{ __typename: 'Channel', id: CHANNEL }] };
const MESSAGES = `subscription { messageReceived(channelId: "${CHANNEL}") { id } }`;

type Answer = Awaited<ReturnType<TestGateway['graphql']>>;

/** The refusal the scope check gives: FORBIDDEN naming the field and the missing scope; HTTP 403 for a root field, a field error at 200 below one. */
function expectRefused(answer: Answer, field: string, missing: string, status = 403): void {
  expect(answer.status).toBe(status);
  expect(answer.body.errors).toHaveLength(1);
  expect(answer.body.errors![0].message).toContain(`${field} needs the scope ${missing}`);
  expect(answer.body.errors![0].extensions).toEqual({ code: 'FORBIDDEN', missingScopes: [missing] });
}

const { admin } = testPeople(C1);
/** Every scope, but only client c1: partner-wide writes stay out of reach. */
const partialAdmin: TestPerson = { id: 'pia-partial-admin', name: 'Pia Partial', scopes: admin.scopes, clients: [C1] };

describe('scopes from @requiresScopes, with people from a real provider', () => {
  let idp: TestIdentityProvider;
  let harness: TestGateway;
  /** `Authorization` of a token of `person` narrowed to `scopes` (the provider issues only scopes the person holds). */
  const as = async (scopes: string[], person: TestPerson = admin) => ({ authorization: `Bearer ${await idp.token(person, scopes.join(' '))}` });
  const upstreamCalls = () => harness.simulator.recorder.requests.length;

  beforeAll(async () => {
    idp = await startIdentityProvider([admin, partialAdmin]);
    harness = await startTestGateway({
      ...idp.env,
      GATEWAY_TOKENS: 'service-token',
      CHANNEL_API_KEYS: JSON.stringify(KEYS),
      MAX_COST_PER_SECOND_PER_CALLER: '100000000',
    });
  });
  afterAll(async () => {
    await harness.close();
    await idp.close();
  });
  beforeEach(() => harness.simulator.recorder.clear());

  it('a reader queries, and is refused sendMessage naming hubgraph:send before anything reaches the upstream', async () => {
    const reader = await as([READ]);
    const listed = await harness.graphql(LISTING, {}, reader);
    expect(listed).toMatchObject({ status: 200, body: { data: { partner: { clients: { total: expect.any(Number) } } } } });
    harness.simulator.recorder.clear();
    const refused = await harness.graphql(SEND, text('+4915100000501'), reader);
    expectRefused(refused, 'Mutation.sendMessage', SEND_SCOPE);
    expect(refused.body.data).toBeNull();
    expect(upstreamCalls()).toBe(0);
    // Audited like any refused write, naming the person.
    const trail = await harness.graphql<{ partner: { auditTrail: { nodes: unknown[] } } }>(
      '{ partner { auditTrail(first: 1) { nodes { operation outcome code actor { kind subject } } } } }',
      {},
      { authorization: 'Bearer service-token' },
    );
    expect(trail.body.data?.partner.auditTrail.nodes[0]).toEqual({
      operation: 'sendMessage',
      outcome: 'REFUSED',
      code: 'FORBIDDEN',
      actor: { kind: 'PERSON', subject: admin.id },
    });
  });

  it('a sender sends (named on the message) but reads nothing: queries and the thread a send answers need hubgraph:read', async () => {
    const sender = await as([SEND_SCOPE]);
    const sent = await harness.graphql<{ sendMessage: { id: string; sentBy: { kind: string; subject: string } } }>(SEND, text('+4915100000502'), sender);
    expect(sent.status).toBe(200);
    expect(sent.body.data?.sendMessage).toEqual({ id: expect.stringMatching(/^wamid\./), sentBy: { kind: 'PERSON', subject: admin.id } });

    harness.simulator.recorder.clear();
    expectRefused(await harness.graphql(LISTING, {}, sender), 'Query.partner', READ);
    expect(upstreamCalls()).toBe(0);

    // The write is done and answered; only the conversation it reaches is refused, as a field error (HTTP 200, so no
    // client takes the sent message for a refused one and sends it again).
    const withThread = await harness.graphql<{ sendMessage: { id: string; conversation: unknown } }>(SEND_WITH_THREAD, text('+4915100000503'), sender);
    expect(withThread.status).toBe(200);
    expect(withThread.body.data?.sendMessage).toEqual({ id: expect.stringMatching(/^wamid\./), conversation: null });
    expect(withThread.body.errors?.[0]).toMatchObject({
      path: ['sendMessage', 'conversation'],
      message: expect.stringContaining('SentMessage.conversation needs the scope hubgraph:read (to read the Conversation it answers)'),
      extensions: { code: 'FORBIDDEN', missingScopes: [READ] },
    });
  });

  it('a channel’s configuration needs hubgraph:manage: refused with read and send, served with manage (and read for the answer)', async () => {
    expectRefused(await harness.graphql(SET_WEBHOOK, {}, await as([READ, SEND_SCOPE])), 'Mutation.setWebhook', MANAGE);
    expect(upstreamCalls()).toBe(0);
    const managed = await harness.graphql(SET_WEBHOOK, {}, await as([READ, MANAGE]));
    expect(managed).toMatchObject({ status: 200, body: { data: { setWebhook: { url: 'https://example.com/hook' } } } });
  });

  it('partner-wide writes and the audit trail need hubgraph:admin, and only with every client granted', async () => {
    expectRefused(await harness.graphql(SET_REGION, {}, await as([READ, SEND_SCOPE, MANAGE])), 'Mutation.setDefaultDataLocalizationRegion', ADMIN);
    const trailRefused = await harness.graphql(AUDIT_TRAIL, {}, await as([READ, MANAGE]));
    expectRefused(trailRefused, 'Partner.auditTrail', ADMIN, 200);
    expect(trailRefused.body.errors![0].path).toEqual(['partner', 'auditTrail']);
    expect(upstreamCalls()).toBe(0);

    const partial = await harness.graphql(SET_REGION, {}, await as([READ, ADMIN], partialAdmin));
    expect(partial.body.errors?.[0]).toMatchObject({ message: expect.stringContaining('acts for the whole partner'), extensions: { code: 'FORBIDDEN' } });
    expect(upstreamCalls()).toBe(0);

    const everyClient = await as([READ, ADMIN]);
    expect(await harness.graphql(SET_REGION, {}, everyClient)).toMatchObject({ status: 200, body: { data: { setDefaultDataLocalizationRegion: 'DE' } } });
    const trail = await harness.graphql<{ partner: { auditTrail: { nodes: Array<{ operation: string }> } } }>(AUDIT_TRAIL, {}, everyClient);
    expect(trail.body.errors).toBeUndefined();
    expect(trail.body.data?.partner.auditTrail.nodes[0].operation).toBe('setDefaultDataLocalizationRegion');
  });

  it('_entities needs hubgraph:read, as a router enforces on the entity types', async () => {
    expectRefused(await harness.graphql(ENTITIES, CHANNEL_ENTITY, await as([SEND_SCOPE, MANAGE])), 'Query._entities', READ);
    expect(upstreamCalls()).toBe(0);
    const read = await harness.graphql(ENTITIES, CHANNEL_ENTITY, await as([READ]));
    expect(read).toMatchObject({ status: 200, body: { data: { _entities: [{ id: CHANNEL }] } } });
  });

  it('the media routes are held to the scopes of the fields they stand for: upload as uploadMedia, download as a channel’s media', async () => {
    const base = harness.url.replace(/\/graphql$/, '');
    const upload = await fetch(`${base}/media/${CHANNEL}?type=IMAGE&fileName=a.png`, {
      method: 'POST',
      headers: { ...(await as([READ])), 'content-type': 'image/png' },
      body: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    expect(upload.status).toBe(403);
    expect(await upload.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        missingScopes: [SEND_SCOPE],
        message: expect.stringContaining('POST /media/:channelId (as Mutation.uploadMedia) needs the scope hubgraph:send'),
      },
    });
    const download = await fetch(`${base}/media/${CHANNEL}/media-1`, { headers: await as([SEND_SCOPE]) });
    expect(download.status).toBe(403);
    expect(await download.json()).toMatchObject({ error: { code: 'FORBIDDEN', missingScopes: [READ] } });
    expect(upstreamCalls()).toBe(0);
  });

  it('a gateway token is a service holding every scope', async () => {
    const service = { authorization: 'Bearer service-token' };
    expect((await harness.graphql(SEND, text('+4915100000504'), service)).body.errors).toBeUndefined();
    expect((await harness.graphql(SET_REGION, {}, service)).body.errors).toBeUndefined();
    expect((await harness.graphql(AUDIT_TRAIL, {}, service)).body.errors).toBeUndefined();
  });

  describe('over WebSocket, checked per operation as over HTTP', () => {
    /** The first answer of one operation on a connection made with `authorization` (graphql-ws ends a refused one with its errors). */
    async function overWebSocket(authorization: string, query: string, variables: Record<string, unknown> = {}) {
      const connection = connectWs(harness.url, { authorization });
      try {
        return await new Promise<{ data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>((resolve) => {
          const stop = connection.client.subscribe(
            { query, variables },
            {
              next: (value) => {
                resolve(value as never);
                stop();
              },
              error: (errors) => resolve({ errors: errors as never }),
              complete: () => undefined,
            },
          );
        });
      } finally {
        await connection.dispose();
      }
    }

    it('refuses a subscription without hubgraph:read, and sendMessage without hubgraph:send, nothing sent', async () => {
      const sender = (await as([SEND_SCOPE])).authorization;
      const subscription = await overWebSocket(sender, MESSAGES);
      expect(subscription.errors?.[0]).toMatchObject({
        message: expect.stringContaining('Subscription.messageReceived needs the scope hubgraph:read'),
        extensions: { code: 'FORBIDDEN', missingScopes: [READ] },
      });
      const reader = (await as([READ])).authorization;
      const send = await overWebSocket(reader, SEND, text('+4915100000505'));
      expect(send.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN', missingScopes: [SEND_SCOPE] } });
      expect(upstreamCalls()).toBe(0);
    });

    it('serves a reader’s query', async () => {
      const answer = await overWebSocket((await as([READ])).authorization, LISTING);
      expect(answer.errors).toBeUndefined();
      expect(answer.data).toMatchObject({ partner: { clients: { total: expect.any(Number) } } });
    });
  });
});

describe('without AUTH_ISSUER nothing changes: every caller is a service with every scope', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('serves reads, sends, configuration, partner-wide writes and _entities without any token', async () => {
    for (const [query, variables] of [
      [LISTING, {}],
      [SEND, text('+4915100000506')],
      [SET_WEBHOOK, {}],
      [SET_REGION, {}],
      [AUDIT_TRAIL, {}],
      [ENTITIES, CHANNEL_ENTITY],
    ] as const) {
      const answer = await harness.graphql(query, variables);
      expect([query, answer.status, answer.body.errors]).toEqual([query, 200, undefined]);
    }
  });
});
