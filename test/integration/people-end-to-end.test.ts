import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { base64url, SignJWT } from 'jose';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { cloudNotification, collect, connectWs, postAcknowledged, SUBSCRIPTIONS, waitUntil } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { startIdentityProvider, testPeople, TEST_AUDIENCE, type TestIdentityProvider } from '../support/identity-provider.js';

/**
 * Two people with tokens from a real OpenID Connect provider, two clients of the seeded partner Acme (client-001 owns
 * channel-001 … 004, client-002 owns 005 … 008): every read path and write as each person sees it, over HTTP and
 * WebSocket, with no test seam between the token and the gateway.
 */
const C1 = 'client-001';
const C2 = 'client-002';
const C1_CHANNEL = 'channel-001';
const C2_CHANNEL = 'channel-005';
const MISSING_CLIENT = 'client-999';
const MISSING_CHANNEL = 'channel-999';
/** The other seeded partner's client and channel: ids this partner does not have. */
const GLOBEX_CLIENT = 'client-007';
const GLOBEX_CHANNEL = 'channel-015';

const { admin, agent } = testPeople(C1);
let idp: TestIdentityProvider;
let harness: TestGateway;
let base: string;
let ADMIN: Record<string, string>;
let AGENT: Record<string, string>;

beforeAll(async () => {
  idp = await startIdentityProvider([admin, agent]);
  harness = await startTestGateway({
    ...idp.env,
    CHANNEL_API_KEYS: JSON.stringify({ [C1_CHANNEL]: `sim-key-${C1_CHANNEL}`, [C2_CHANNEL]: `sim-key-${C2_CHANNEL}` }),
    MAX_COST_PER_SECOND_PER_CALLER: '100000000',
  });
  base = harness.url.replace(/\/graphql$/, '');
  ADMIN = { authorization: `Bearer ${await idp.token(admin)}` };
  AGENT = { authorization: `Bearer ${await idp.token(agent)}` };
});
afterAll(async () => {
  await harness.close();
  await idp.close();
});
beforeEach(() => harness.simulator.recorder.clear());

/** Upstream requests since the test began whose path names one of `ids`, or that carry the channel key of one. */
const callsNaming = (...ids: string[]) =>
  harness.simulator.recorder.requests.filter((request) => ids.some((id) => request.path.includes(id) || request.headers['svc-api-key'] === `sim-key-${id}`));
const callsOnC2 = () => callsNaming(C2, C2_CHANNEL);

/** Over HTTP, as a front-end sends it. */
const graphql = async (query: string, variables: Record<string, unknown>, headers: Record<string, string>) => {
  const answer = await harness.graphql(query, variables, headers);
  return answer.body;
};

/** The same answer with one id written as another: what tells an ungranted id from a missing one, if anything. */
const renamed = (body: unknown, from: string, to: string) => JSON.parse(JSON.stringify(body).replaceAll(from, to)) as unknown;

/** An inbound message on the channel, as its business number's notification carries it (the seed numbers channel-00N +49 30 555000N-1). */
const notify = (channelId: string, id: string) => {
  const metadata = { display_phone_number: `4930${5_550_000 + Number(channelId.slice(-3)) - 1}`, phone_number_id: `pn-${channelId}` };
  const message = { id, from: '4915112345678', timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'hi' } };
  return postAcknowledged(
    harness.url,
    channelId,
    cloudNotification([{ metadata, contacts: [], messages: [message] }]),
    webhookAuthorization(harness.config.keystoreSecret, channelId),
  );
};

describe('who is signed in', () => {
  it('each person is named by their token: the agent of client-001, the admin of every client', async () => {
    const query = '{ viewer { actor { kind subject name } scopes allClients clientIds } }';
    expect((await graphql(query, {}, AGENT)).data).toEqual({
      viewer: {
        actor: { kind: 'PERSON', subject: agent.id, name: agent.name },
        scopes: ['hubgraph:read', 'hubgraph:send'],
        allClients: false,
        clientIds: [C1],
      },
    });
    const lena = (await graphql(query, {}, ADMIN)).data as { viewer: { actor: unknown; allClients: boolean; clientIds: string[] } };
    expect(lena.viewer).toMatchObject({ actor: { kind: 'PERSON', subject: admin.id, name: admin.name }, allClients: true });
    expect(lena.viewer.clientIds).toEqual(expect.arrayContaining([C1, C2]));
  });
});

describe('listings and searches hold only what the person is granted', () => {
  it('partner.clients and partner.channels: rows, total and count of client-001 only for the agent; everything for the admin', async () => {
    const query = '{ partner { clients { total count nodes { id } } channels { total count nodes { id clientId } } } }';
    const { data, errors } = await graphql(query, {}, AGENT);
    expect(errors).toBeUndefined();
    expect(data).toEqual({
      partner: {
        clients: { total: 1, count: 1, nodes: [{ id: C1 }] },
        channels: { total: 4, count: 4, nodes: ['channel-001', 'channel-002', 'channel-003', 'channel-004'].map((id) => ({ id, clientId: C1 })) },
      },
    });
    expect((await graphql('{ partner { clients { total } channels { total } } }', {}, ADMIN)).data).toEqual({
      partner: { clients: { total: 6 }, channels: { total: 14 } },
    });
  });

  it("a search finds only the agent's channels; a filter naming client-002 finds nothing and asks nothing upstream", async () => {
    const search = await graphql('{ partner { channels(filter: { search: "Support" }) { total nodes { clientId } } } }', {}, AGENT);
    const found = (search.data as { partner: { channels: { total: number; nodes: Array<{ clientId: string }> } } }).partner.channels;
    expect(found.nodes.length).toBeGreaterThan(0);
    expect(found.nodes.every((channel) => channel.clientId === C1)).toBe(true);
    expect(found.total).toBe(found.nodes.length);
    harness.simulator.recorder.clear();
    const named = await graphql(
      `{ partner { channels(filter: { clientId: "${C2}" }) { total nodes { id } } clients(filter: { id: "${C2}" }) { total nodes { id } } } }`,
      {},
      AGENT,
    );
    expect(named.data).toEqual({ partner: { channels: { total: 0, nodes: [] }, clients: { total: 0, nodes: [] } } });
    expect(harness.simulator.recorder.requests).toEqual([]);
  });

  it('a granted client lists its own channels, usage and insights', async () => {
    const { data, errors } = await graphql(
      `{ client(id: "${C1}") { id channels { total nodes { clientId } } usage { balance } insights { allowed } } }`,
      {},
      AGENT,
    );
    expect(errors).toBeUndefined();
    const client = (data as { client: { id: string; channels: { total: number; nodes: Array<{ clientId: string }> } } }).client;
    expect(client.id).toBe(C1);
    expect(client.channels.total).toBe(4);
    expect(client.channels.nodes.every((channel) => channel.clientId === C1)).toBe(true);
  });
});

describe("by id: client-002's things answer exactly as missing ones, and nothing about them is asked upstream", () => {
  it.each([
    [
      'client(id) with its channels, usage and insights',
      (id: string) => `{ client(id: "${id}") { id name channels { total } usage { balance } insights { allowed } } }`,
      C2,
      MISSING_CLIENT,
    ],
    [
      'channel(id) with its conversations, events, message(id) and profile',
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
    const outside = await graphql(query(ungranted), {}, AGENT);
    const absent = await graphql(query(missing), {}, AGENT);
    expect(renamed(outside, ungranted, missing)).toEqual(absent);
    expect(callsOnC2()).toEqual([]);
    // The admin is answered by the same query: it is valid, and the id exists.
    const answer = await graphql(query(ungranted), {}, ADMIN);
    expect(JSON.stringify(answer.errors ?? [])).not.toContain('GRAPHQL_VALIDATION_FAILED');
    expect(JSON.stringify(answer.data)).toContain(ungranted);
  });

  it("the agent's own channel is read: conversations, events and message(id)", async () => {
    const { data, errors } = await graphql(
      `{ channel(id: "${C1_CHANNEL}") { id client { id } conversations { nodes { contact } } events { nodes { __typename } } message(id: "wamid.1") { id } } }`,
      {},
      AGENT,
    );
    expect(errors).toBeUndefined();
    expect(data).toMatchObject({ channel: { id: C1_CHANNEL, client: { id: C1 }, message: null } });
  });
});

describe('media routes', () => {
  it("download and upload on client-002's channel answer as on a missing one; nothing fetched or uploaded", async () => {
    const get = async (channelId: string) => {
      const response = await fetch(`${base}/media/${channelId}/123456`, { headers: AGENT });
      return { status: response.status, body: await response.text() };
    };
    const post = async (channelId: string) => {
      const response = await fetch(`${base}/media/${channelId}?type=image`, {
        method: 'POST',
        headers: { ...AGENT, 'content-type': 'image/png' },
        body: Buffer.from('89504e470d0a1a0a', 'hex'),
      });
      return { status: response.status, body: await response.text() };
    };
    for (const route of [get, post]) {
      const outside = await route(C2_CHANNEL);
      const absent = await route(MISSING_CHANNEL);
      expect(outside.status).toBe(404);
      expect(renamed(outside, C2_CHANNEL, MISSING_CHANNEL)).toEqual(absent);
    }
    expect(callsOnC2()).toEqual([]);
  });

  it('the routes refuse a request without a token: 401', async () => {
    const response = await fetch(`${base}/media/${C1_CHANNEL}/123456`);
    expect(response.status).toBe(401);
  });
});

describe('subscriptions over WebSocket, the token in connectionParams', () => {
  const CONVERSATION_UPDATED = 'subscription ($channelId: ID!) { conversationUpdated(channelId: $channelId) { contact } }';

  it("subscribing to client-002's channel is NOT_FOUND as for a missing one", async () => {
    const connection = connectWs(harness.url, AGENT);
    try {
      for (const query of [SUBSCRIPTIONS.messages, SUBSCRIPTIONS.statuses, SUBSCRIPTIONS.errors, CONVERSATION_UPDATED]) {
        const outside = collect(connection, query, { channelId: C2_CHANNEL }, 'unused');
        const absent = collect(connection, query, { channelId: MISSING_CHANNEL }, 'unused');
        await Promise.all([outside.ended(), absent.ended()]);
        expect(JSON.stringify(outside.errors)).toContain('NOT_FOUND');
        expect(renamed(outside.errors, C2_CHANNEL, MISSING_CHANNEL)).toEqual(absent.errors);
      }
      expect(callsOnC2()).toEqual([]);
    } finally {
      await connection.dispose();
    }
  });

  it("the agent receives its channel's events and never one of client-002's, which the admin receives", async () => {
    const agentConnection = connectWs(harness.url, AGENT);
    const adminConnection = connectWs(harness.url, ADMIN);
    try {
      const agentMessages = collect<{ channelId: string; id: string }>(agentConnection, SUBSCRIPTIONS.messages, { channelId: C1_CHANNEL }, 'messageReceived');
      const agentConversations = collect<{ contact: string }>(agentConnection, CONVERSATION_UPDATED, { channelId: C1_CHANNEL }, 'conversationUpdated');
      const adminMessages = collect<{ channelId: string; id: string }>(adminConnection, SUBSCRIPTIONS.messages, { channelId: C2_CHANNEL }, 'messageReceived');
      await waitUntil(
        () =>
          harness.gateway.services.events.subscriberCount('message', C1_CHANNEL) >= 1 &&
          harness.gateway.services.events.subscriberCount('message', C2_CHANNEL) === 1,
        'the subscriptions',
      );
      await notify(C2_CHANNEL, 'wamid.of-client-2');
      await notify(C1_CHANNEL, 'wamid.of-client-1');
      expect(await adminMessages.atLeast(1)).toEqual([expect.objectContaining({ channelId: C2_CHANNEL, id: 'wamid.of-client-2' })]);
      expect(await agentMessages.atLeast(1)).toEqual([expect.objectContaining({ channelId: C1_CHANNEL, id: 'wamid.of-client-1' })]);
      await agentConversations.atLeast(1);
      // Both notifications were delivered before the agent's one arrived (posted in that order): client-002's is not on its way.
      expect(agentMessages.items).toHaveLength(1);
      expect(agentConversations.items).toHaveLength(1);
    } finally {
      await agentConnection.dispose();
      await adminConnection.dispose();
    }
  });
});

describe('writes: done as the person, audited with their name', () => {
  const SEND =
    'mutation($channelId: ID!) { sendMessage(channelId: $channelId, input: { to: "+4915112345678", text: { body: "hi" } }) { id sentBy { kind subject name } } }';

  it("the agent's send on its own channel is sent, named on the message and in the audit trail the admin reads", async () => {
    // The contact wrote a moment ago: the service window is open.
    await notify(C1_CHANNEL, 'wamid.before-the-reply');
    harness.simulator.recorder.clear();
    const { data, errors } = await graphql(SEND, { channelId: C1_CHANNEL }, AGENT);
    expect(errors).toBeUndefined();
    const sent = (data as { sendMessage: { id: string; sentBy: unknown } }).sendMessage;
    expect(sent.sentBy).toEqual({ kind: 'PERSON', subject: agent.id, name: agent.name });
    expect(harness.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(1);
    const trail = await graphql(
      `{ partner { auditTrail(actor: "${agent.id}") { nodes { operation actor { kind subject name } channelId messageId outcome } } } }`,
      {},
      ADMIN,
    );
    expect(trail.errors).toBeUndefined();
    const entries = (trail.data as { partner: { auditTrail: { nodes: unknown[] } } }).partner.auditTrail.nodes;
    expect(entries).toContainEqual({
      operation: 'sendMessage',
      actor: { kind: 'PERSON', subject: agent.id, name: agent.name },
      channelId: C1_CHANNEL,
      messageId: sent.id,
      outcome: 'DONE',
    });
  });

  it("the agent's send on client-002's channel is NOT_FOUND as on a missing one, nothing sent", async () => {
    const outside = await graphql(SEND, { channelId: C2_CHANNEL }, AGENT);
    const absent = await graphql(SEND, { channelId: MISSING_CHANNEL }, AGENT);
    expect(outside.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(renamed(outside, C2_CHANNEL, MISSING_CHANNEL)).toEqual(absent);
    expect(callsOnC2()).toEqual([]);
    expect(harness.simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(0);
  });
});

describe("a token naming clients this partner does not have (another partner's ids)", () => {
  it('sees nothing of them: empty listings, NOT_FOUND by id as for missing ones, nothing about them asked upstream', async () => {
    const foreign = { authorization: `Bearer ${await idp.sign(agent, { hubgraph_clients: [GLOBEX_CLIENT] })}` };
    const viewer = await graphql('{ viewer { allClients clientIds } partner { clients { total nodes { id } } channels { total nodes { id } } } }', {}, foreign);
    expect(viewer.data).toEqual({
      viewer: { allClients: false, clientIds: [] },
      partner: { clients: { total: 0, nodes: [] }, channels: { total: 0, nodes: [] } },
    });
    for (const [query, id, missing] of [
      [(value: string) => `{ client(id: "${value}") { id channels { total } usage { balance } } }`, GLOBEX_CLIENT, MISSING_CLIENT],
      [(value: string) => `{ channel(id: "${value}") { id conversations { nodes { contact } } } }`, GLOBEX_CHANNEL, MISSING_CHANNEL],
    ] as const) {
      const outside = await graphql(query(id), {}, foreign);
      expect(renamed(outside, id, missing)).toEqual(await graphql(query(missing), {}, foreign));
      expect(outside.data ?? null).toEqual(outside.errors ? null : { [id.startsWith('client') ? 'client' : 'channel']: null });
    }
    const send = await graphql(
      'mutation($channelId: ID!) { sendMessage(channelId: $channelId, input: { to: "+4915112345678", text: { body: "hi" } }) { id } }',
      { channelId: GLOBEX_CHANNEL },
      foreign,
    );
    expect(send.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // The partner's own listings may be read (to find what the partner has); nothing names the other partner's ids.
    expect(callsNaming(GLOBEX_CLIENT, GLOBEX_CHANNEL)).toEqual([]);
    expect(harness.simulator.recorder.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('bad tokens: each refused with UNAUTHENTICATED (401) naming why, nothing reaching the upstream', () => {
  const seconds = () => Math.floor(Date.now() / 1000);
  const QUERY = `{ channel(id: "${C1_CHANNEL}") { id } }`;
  const cases: Array<[string, () => Promise<string>, RegExp]> = [
    [
      'alg none',
      async () =>
        `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(
          JSON.stringify({ iss: idp.issuer, aud: TEST_AUDIENCE, sub: agent.id, exp: seconds() + 600, scope: 'hubgraph:admin', hubgraph_clients: ['*'] }),
        )}.`,
      /algorithm is not accepted/,
    ],
    [
      'HS256 signed with the public key as the secret',
      async () =>
        new SignJWT({ iss: idp.issuer, aud: TEST_AUDIENCE, sub: agent.id, exp: seconds() + 600, scope: 'hubgraph:admin', hubgraph_clients: ['*'] })
          .setProtectedHeader({ alg: 'HS256', kid: idp.publicJwks.keys[0].kid })
          .sign(new TextEncoder().encode(JSON.stringify(idp.publicJwks.keys[0]))),
      /algorithm is not accepted/,
    ],
    ['a wrong issuer', () => idp.sign(agent, { iss: 'https://issuer.example' }), /issuer \(iss\) is not/],
    ['a wrong audience', () => idp.sign(agent, { aud: 'https://another-api.example' }), /audience \(aud\) does not include/],
    ['expired (past the skew)', () => idp.sign(agent, { exp: seconds() - 120 }), /has expired/],
    ['nbf in the future (past the skew)', () => idp.sign(agent, { nbf: seconds() + 120 }), /not valid yet \(nbf\)/],
    ['an unknown kid', () => idp.sign(agent, {}, { kid: 'a-kid-nobody-issued' }), /key id \(kid\) is not among/],
    ['a scope that is a number', () => idp.sign(agent, { scope: 42 as unknown as string }), /scope claim must be a space-separated string or an array/],
    ['a clients claim that is a string', () => idp.sign(agent, { hubgraph_clients: C1 }), /hubgraph_clients claim must be an array of client ids/],
    ['a forged signature', async () => `${(await idp.sign(agent)).slice(0, -8)}AAAAAAAA`, /signature does not verify/],
  ];

  it.each(cases)('%s, over HTTP and WebSocket', async (_name, tokenOf, message) => {
    const token = await tokenOf();
    const answer = await harness.graphql(QUERY, {}, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ errors: [expect.objectContaining({ message: expect.stringMatching(message), extensions: { code: 'UNAUTHENTICATED' } })] });
    const connection = connectWs(harness.url, { authorization: `Bearer ${token}` });
    try {
      await collect(connection, QUERY, {}, 'channel').ended();
      expect(connection.closeCode()).toBe(4403);
    } finally {
      await connection.dispose();
    }
    expect(harness.simulator.recorder.requests).toEqual([]);
  });

  it('a token of 64 KB: over HTTP past the header limit (431), over WebSocket refused before it is decoded (4403)', async () => {
    const token = `${await idp.sign(agent)}${'A'.repeat(64 * 1024)}`;
    expect(
      (await fetch(harness.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' })).status,
    ).toBe(431);
    const connection = connectWs(harness.url, { authorization: `Bearer ${token}` });
    try {
      await collect(connection, QUERY, {}, 'channel').ended();
      expect(connection.closeCode()).toBe(4403);
    } finally {
      await connection.dispose();
    }
    const verifying = harness.gateway.services.accessTokens?.verify(token);
    await expect(verifying).rejects.toMatchObject({ message: expect.stringMatching(/longer than 16384 bytes/), extensions: { code: 'UNAUTHENTICATED' } });
    expect(harness.simulator.recorder.requests).toEqual([]);
  });

  it('1,000 tokens with unknown kids: each 401, the key set fetched at most once', async () => {
    const before = idp.keySetFetches();
    const forged = await Promise.all(Array.from({ length: 1000 }, (_, index) => idp.sign(agent, {}, { kid: `made-up-${index}` })));
    const statuses: number[] = [];
    for (let start = 0; start < forged.length; start += 50) {
      const answers = await Promise.all(forged.slice(start, start + 50).map((token) => harness.graphql(QUERY, {}, { authorization: `Bearer ${token}` })));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(idp.keySetFetches() - before).toBeLessThanOrEqual(1);
    expect(harness.simulator.recorder.requests).toEqual([]);
  });
});

describe('an issuer whose key set hangs', () => {
  let hanging: Server;
  let gateway: TestGateway;
  beforeAll(async () => {
    hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    gateway = await startTestGateway({ ...idp.env, AUTH_JWKS_URL: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/jwks` });
  });
  afterAll(async () => {
    await gateway.close();
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it('is given up after the bounded wait: UPSTREAM_UNAVAILABLE (503) with Retry-After, nothing let through', async () => {
    const response = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await idp.token(agent)}` },
      body: JSON.stringify({ query: `{ channel(id: "${C1_CHANNEL}") { id } }` }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await response.json()).toEqual({
      errors: [expect.objectContaining({ message: expect.stringMatching(/did not answer within 5000 ms/), extensions: { code: 'UPSTREAM_UNAVAILABLE' } })],
    });
    expect(gateway.simulator.recorder.requests).toEqual([]);
  });
});
