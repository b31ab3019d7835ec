import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { cloudNotification, collect, connectWs, postAcknowledged, SUBSCRIPTIONS, waitUntil } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { grantForToken, grantOf } from '../support/grants.js';

// Seeded Acme: client-001 owns channel-001 … 004, client-002 owns 005 … 008, client-003 owns 009 and 010.
const C1 = 'client-001';
const C2 = 'client-002';
const C1_CHANNEL = 'channel-001';
const C2_CHANNEL = 'channel-005';
const MISSING_CLIENT = 'client-999';
const MISSING_CHANNEL = 'channel-999';

const CONVERSATION_UPDATED = 'subscription ($channelId: ID!) { conversationUpdated(channelId: $channelId) { contact } }';

const ADMIN = { authorization: 'Bearer admin-token' };
/** An agent of client c1 only. */
const AGENT = { authorization: 'Bearer agent-token' };
/** A person granted c1 and client-003: more than one client, so listings cannot be filtered upstream. */
const PAIR = { authorization: 'Bearer pair-token' };

/** The same answer with one id written as another: what tells an ungranted id from a missing one, if anything. */
const renamed = (body: unknown, from: string, to: string) => JSON.parse(JSON.stringify(body).replaceAll(from, to)) as unknown;

describe('client grants: a caller granted client c1 sees and acts for c1 only', () => {
  let harness: TestGateway;
  let base: string;
  beforeAll(async () => {
    harness = await startTestGateway({
      GATEWAY_TOKENS: 'admin-token,agent-token,pair-token',
      CHANNEL_API_KEYS: JSON.stringify({ [C1_CHANNEL]: `sim-key-${C1_CHANNEL}`, [C2_CHANNEL]: `sim-key-${C2_CHANNEL}` }),
      MAX_COST_PER_SECOND_PER_CALLER: '100000000',
    });
    grantForToken(harness, 'agent-token', grantOf(C1));
    grantForToken(harness, 'pair-token', grantOf(C1, 'client-003'));
    base = harness.url.replace(/\/graphql$/, '');
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(() => {
    harness.simulator.recorder.clear();
  });

  /** Every upstream request since the test began that names c2 or its channel in its path or carries its key. */
  const callsOnC2 = () =>
    harness.simulator.recorder.requests.filter(
      (request) => request.path.includes(C2) || request.path.includes(C2_CHANNEL) || request.headers['svc-api-key'] === `sim-key-${C2_CHANNEL}`,
    );

  const execute = async (query: string, variables: Record<string, unknown>, headers: Record<string, string>) =>
    (await harness.execute(query, variables, headers)).body;

  describe('listings hold only granted clients and their channels, with their own total and pages', () => {
    it('clients and channels of the partner', async () => {
      const query = '{ partner { clients { total count nodes { id } } channels { total count nodes { id clientId } } } }';
      const { data, errors } = await execute(query, {}, AGENT);
      expect(errors).toBeUndefined();
      expect(data).toEqual({
        partner: {
          clients: { total: 1, count: 1, nodes: [{ id: C1 }] },
          channels: {
            total: 4,
            count: 4,
            nodes: ['channel-001', 'channel-002', 'channel-003', 'channel-004'].map((id) => ({ id, clientId: C1 })),
          },
        },
      });
    });

    it('pages count only granted channels', async () => {
      const { data } = await execute('{ partner { channels(limit: 2, offset: 2) { total nodes { id } } } }', {}, AGENT);
      expect(data).toEqual({ partner: { channels: { total: 4, nodes: [{ id: 'channel-003' }, { id: 'channel-004' }] } } });
    });

    it('a grant of several clients: the granted rows in the upstream order, paged over them', async () => {
      const all = await execute('{ partner { channels(limit: 100, orderBy: { field: CREATED_AT, direction: DESC }) { nodes { id clientId } } } }', {}, ADMIN);
      const granted = (all.data as { partner: { channels: { nodes: Array<{ id: string; clientId: string }> } } }).partner.channels.nodes.filter(
        (channel) => channel.clientId === C1 || channel.clientId === 'client-003',
      );
      expect(granted).toHaveLength(6);
      const page = await execute(
        '{ partner { channels(limit: 3, offset: 2, orderBy: { field: CREATED_AT, direction: DESC }) { total count nodes { id clientId } } } }',
        {},
        PAIR,
      );
      expect(page.data).toEqual({ partner: { channels: { total: 6, count: 6, nodes: granted.slice(2, 5) } } });
      const clients = await execute('{ partner { clients { total nodes { id } } } }', {}, PAIR);
      expect(clients.data).toEqual({ partner: { clients: { total: 2, nodes: [{ id: C1 }, { id: 'client-003' }] } } });
    });

    it('a search or filter naming an ungranted client finds nothing, and asks nothing upstream', async () => {
      const { data } = await execute(
        `{ partner { channels(filter: { clientId: "${C2}" }) { total nodes { id } } clients(filter: { id: "${C2}" }) { total nodes { id } } } }`,
        {},
        AGENT,
      );
      expect(data).toEqual({ partner: { channels: { total: 0, nodes: [] }, clients: { total: 0, nodes: [] } } });
      expect(harness.simulator.recorder.requests).toEqual([]);
      const search = await execute('{ partner { channels(filter: { search: "Support" }) { total nodes { clientId } } } }', {}, AGENT);
      const found = (search.data as { partner: { channels: { total: number; nodes: Array<{ clientId: string }> } } }).partner.channels;
      expect(found.nodes.length).toBeGreaterThan(0);
      expect(found.nodes.every((channel) => channel.clientId === C1)).toBe(true);
      expect(found.total).toBe(found.nodes.length);
    });

    it('a caller holding every client is answered as before', async () => {
      const { data } = await execute('{ partner { clients { total } channels { total } } }', {}, ADMIN);
      expect(data).toEqual({ partner: { clients: { total: 6 }, channels: { total: 14 } } });
    });
  });

  describe('by id: outside the grant answers exactly as what does not exist', () => {
    it.each([
      ['client(id)', (id: string) => `{ client(id: "${id}") { id name usage { balance } insights { allowed } } }`, C2, MISSING_CLIENT],
      [
        'channel(id)',
        (id: string) =>
          `{ channel(id: "${id}") { id businessProfile { email } conversations { nodes { contact } } events { nodes { __typename } } message(id: "wamid.1") { id } } }`,
        C2_CHANNEL,
        MISSING_CHANNEL,
      ],
      ['partner.client(id)', (id: string) => `{ partner { client(id: "${id}") { id } } }`, C2, MISSING_CLIENT],
      ['partner.channel(id)', (id: string) => `{ partner { channel(id: "${id}") { id } } }`, C2_CHANNEL, MISSING_CHANNEL],
      [
        '_entities (Client)',
        (id: string) => `{ _entities(representations: [{ __typename: "Client", id: "${id}" }]) { ... on Client { id } } }`,
        C2,
        MISSING_CLIENT,
      ],
      [
        '_entities (Channel)',
        (id: string) => `{ _entities(representations: [{ __typename: "Channel", id: "${id}" }]) { ... on Channel { id } } }`,
        C2_CHANNEL,
        MISSING_CHANNEL,
      ],
    ])('%s', async (_name, query, ungranted, missing) => {
      const outside = await execute(query(ungranted), {}, AGENT);
      const absent = await execute(query(missing), {}, AGENT);
      expect(renamed(outside, ungranted, missing)).toEqual(absent);
      expect(callsOnC2()).toEqual([]);
      // The admin is answered by the same query: it is valid, and the id exists.
      const admin = await execute(query(ungranted), {}, ADMIN);
      expect(JSON.stringify(admin.errors ?? [])).not.toContain('GRAPHQL_VALIDATION_FAILED');
      expect(JSON.stringify(admin.data)).toContain(ungranted);
    });

    it('a granted channel and client are read as before', async () => {
      const { data, errors } = await execute(`{ channel(id: "${C1_CHANNEL}") { id client { id } } client(id: "${C1}") { id } }`, {}, AGENT);
      expect(errors).toBeUndefined();
      expect(data).toEqual({ channel: { id: C1_CHANNEL, client: { id: C1 } }, client: { id: C1 } });
    });
  });

  describe('writes', () => {
    const SEND = `mutation($channelId: ID!) { sendMessage(channelId: $channelId, input: { to: "+4915112345678", text: { body: "hi" } }) { id } }`;

    it.each([
      ['sendMessage', SEND, {}],
      ['createApiKey', 'mutation($channelId: ID!) { createApiKey(channelId: $channelId) { __typename } }', {}],
      ['setWebhook', 'mutation($channelId: ID!) { setWebhook(channelId: $channelId, input: { url: "https://example.com/hook" }) { url } }', {}],
      ['blockContact', 'mutation($channelId: ID!) { blockContact(channelId: $channelId, phoneNumber: "+4915112345678") { success } }', {}],
      [
        'uploadMedia',
        `mutation($channelId: ID!) { uploadMedia(channelId: $channelId, input: { fileName: "a.png", mimeType: "image/png", base64: "${Buffer.from('89504e470d0a1a0a', 'hex').toString('base64')}" }) { id } }`,
        {},
      ],
      ['connectWebhookToGateway', 'mutation($channelId: ID!) { connectWebhookToGateway(channelId: $channelId) { url } }', {}],
      ['enableLocalStorage', `mutation($channelId: ID!) { enableLocalStorage(clientId: "${C2}", channelId: $channelId, region: DE) { success } }`, {}],
    ])('%s on an ungranted channel: NOT_FOUND as for a missing one, nothing sent', async (_name, mutation) => {
      const outside = await execute(mutation, { channelId: C2_CHANNEL }, AGENT);
      const absent = await execute(mutation, { channelId: MISSING_CHANNEL }, AGENT);
      expect(outside.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(renamed(outside, C2_CHANNEL, MISSING_CHANNEL)).toEqual(absent);
      expect(callsOnC2()).toEqual([]);
    });

    it('sendMessage on the granted channel is sent', async () => {
      const { errors } = await execute(SEND, { channelId: C1_CHANNEL }, AGENT);
      expect(errors).toBeUndefined();
      expect(harness.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(1);
    });

    it.each([
      ['disableLocalStorage', `mutation($clientId: ID!, $channelId: ID!) { disableLocalStorage(clientId: $clientId, channelId: $channelId) { success } }`],
      ['exportInsightsContacts', `mutation($clientId: ID!) { exportInsightsContacts(clientId: $clientId) }`],
      ['renameInsightsSource', `mutation($clientId: ID!) { renameInsightsSource(clientId: $clientId, sourceId: "s1", name: "n") { success } }`],
    ])('%s naming an ungranted client: NOT_FOUND as for a missing one, nothing sent', async (_name, mutation) => {
      const outside = await execute(mutation, { clientId: C2, channelId: C2_CHANNEL }, AGENT);
      const absent = await execute(mutation, { clientId: MISSING_CLIENT, channelId: C2_CHANNEL }, AGENT);
      expect(outside.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      expect(renamed(outside, C2, MISSING_CLIENT)).toEqual(absent);
      expect(callsOnC2()).toEqual([]);
    });

    it('disableLocalStorage naming a granted client with an ungranted channel: NOT_FOUND, nothing sent', async () => {
      const mutation = `mutation { disableLocalStorage(clientId: "${C1}", channelId: "${C2_CHANNEL}") { success } }`;
      const { errors } = await execute(mutation, {}, AGENT);
      expect(errors?.[0]).toMatchObject({ message: `Channel ${C2_CHANNEL} not found`, extensions: { code: 'NOT_FOUND' } });
      expect(callsOnC2()).toEqual([]);
    });

    it.each([
      ['setDefaultDataLocalizationRegion', 'mutation { setDefaultDataLocalizationRegion(region: DE) }'],
      ['requestChannelCancellation', `mutation { requestChannelCancellation(clientId: "${C1}", channelId: "${C1_CHANNEL}") { id } }`],
      ['updateClient', `mutation { updateClient(clientId: "${C1}", input: { partnerPayload: "x" }) { id } }`],
      [
        'updatePartnerSettings',
        'mutation { updatePartnerSettings(input: { allowClientToAddPhoneNumber: true, redirectUrl: "https://a.example", webhookUrl: "https://b.example" }) { brandName } }',
      ],
    ])('%s, partner-wide, needs every client: FORBIDDEN naming why, nothing sent', async (name, mutation) => {
      const { errors } = await execute(mutation, {}, AGENT);
      expect(errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(errors?.[0]?.message).toBe(`${name} acts for the whole partner: it needs every client granted, and this caller is granted only some clients`);
      expect(harness.simulator.recorder.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    });
  });

  describe('media routes', () => {
    it('download: an ungranted channel answers as a missing one, nothing fetched', async () => {
      const get = async (channelId: string) => {
        const response = await fetch(`${base}/media/${channelId}/123456`, { headers: AGENT });
        return { status: response.status, body: await response.text() };
      };
      const outside = await get(C2_CHANNEL);
      const absent = await get(MISSING_CHANNEL);
      expect(outside.status).toBe(404);
      expect(renamed(outside, C2_CHANNEL, MISSING_CHANNEL)).toEqual(absent);
      expect(callsOnC2()).toEqual([]);
    });

    it('upload: an ungranted channel answers as a missing one, nothing uploaded', async () => {
      const post = async (channelId: string) => {
        const response = await fetch(`${base}/media/${channelId}?type=image`, {
          method: 'POST',
          headers: { ...AGENT, 'content-type': 'image/png' },
          body: Buffer.from('89504e470d0a1a0a', 'hex'),
        });
        return { status: response.status, body: await response.text() };
      };
      const outside = await post(C2_CHANNEL);
      const absent = await post(MISSING_CHANNEL);
      expect(outside.status).toBe(404);
      expect(renamed(outside, C2_CHANNEL, MISSING_CHANNEL)).toEqual(absent);
      expect(callsOnC2()).toEqual([]);
    });
  });

  describe('subscriptions', () => {
    it('subscribing to an ungranted channel is NOT_FOUND as for a missing one; a granted one receives its events', async () => {
      const connection = connectWs(harness.url, AGENT);
      try {
        const outside = collect(connection, SUBSCRIPTIONS.messages, { channelId: C2_CHANNEL }, 'messageReceived');
        const absent = collect(connection, SUBSCRIPTIONS.messages, { channelId: MISSING_CHANNEL }, 'messageReceived');
        await Promise.all([outside.ended(), absent.ended()]);
        expect(renamed(outside.errors, C2_CHANNEL, MISSING_CHANNEL)).toEqual(absent.errors);
        expect(JSON.stringify(outside.errors)).toContain('NOT_FOUND');
        const conversationsOutside = collect(connection, CONVERSATION_UPDATED, { channelId: C2_CHANNEL }, 'conversationUpdated');
        const conversationsAbsent = collect(connection, CONVERSATION_UPDATED, { channelId: MISSING_CHANNEL }, 'conversationUpdated');
        await Promise.all([conversationsOutside.ended(), conversationsAbsent.ended()]);
        expect(renamed(conversationsOutside.errors, C2_CHANNEL, MISSING_CHANNEL)).toEqual(conversationsAbsent.errors);
        expect(JSON.stringify(conversationsOutside.errors)).toContain('NOT_FOUND');
        const granted = collect<{ channelId: string; id: string }>(connection, SUBSCRIPTIONS.messages, { channelId: C1_CHANNEL }, 'messageReceived');
        await waitUntil(() => harness.gateway.services.events.subscriberCount('message', C1_CHANNEL) === 1, 'the granted subscription');
        const message = { id: 'wamid.granted', from: '4915112345678', timestamp: '1700000000', type: 'text', text: { body: 'hi' } };
        await postAcknowledged(
          harness.url,
          C1_CHANNEL,
          cloudNotification([{ contacts: [], messages: [message] }]),
          webhookAuthorization(harness.config.keystoreSecret, C1_CHANNEL),
        );
        expect(await granted.atLeast(1)).toEqual([expect.objectContaining({ channelId: C1_CHANNEL, id: 'wamid.granted' })]);
        expect(harness.gateway.services.events.subscriberCount('message', C2_CHANNEL)).toBe(0);
      } finally {
        await connection.dispose();
      }
    });
  });

  it('cached answers do not cross grants: the admin then the agent, then the admin again', async () => {
    const query = '{ partner { channels { total } } }';
    expect((await execute(query, {}, ADMIN)).data).toEqual({ partner: { channels: { total: 14 } } });
    expect((await execute(query, {}, AGENT)).data).toEqual({ partner: { channels: { total: 4 } } });
    expect((await execute(query, {}, ADMIN)).data).toEqual({ partner: { channels: { total: 14 } } });
  });
});
