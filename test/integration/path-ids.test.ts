import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createContext, type Context } from '../../src/context.js';
import type { ChannelRoute } from '../../src/datasources/messaging-api.js';
import { InsightsApi } from '../../src/datasources/insights-api.js';
import { MediaApi } from '../../src/datasources/media-api.js';
import { MessagingApi } from '../../src/datasources/messaging-api.js';
import { PartnerApi } from '../../src/datasources/partner-api.js';
import { BadUserInputError } from '../../src/errors.js';
import { collect, connectWs } from '../support/events.js';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';

const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const KEYS = { [CLOUD]: `sim-key-${CLOUD}`, [ONPREM]: `sim-key-${ONPREM}` };

/** Every kind of id that is not one plain path segment. */
const BAD_IDS: Array<[string, string]> = [
  ['the parent segment', '..'],
  ['the current segment', '.'],
  ['a slash', 'client-001/../x'],
  ['a percent-encoded dot-dot', '%2e%2e'],
  ['a query', 'client-001?x=1'],
  ['a fragment', 'client-001#x'],
  ['a space', 'client 001'],
  ['a backslash', '..\\x'],
  ['CR/LF', 'client-001\r\nx-injected: 1'],
  ['an empty id', ''],
  ['129 characters', 'a'.repeat(129)],
  ['a lone surrogate', '\ud800'],
  ['a non-ASCII letter', 'clïent'],
];

const BAD_PHONES: Array<[string, string]> = [
  ['a path', '../contacts'],
  ['letters', '49301234abc'],
  ['a plus inside', '49+301234'],
  ['an empty number', ''],
  ['a lone surrogate', '\ud800'],
];

/**
 * Each operation with an id argument; `$id` is the argument under test, the others are valid.
 * `parent`: the upstream path a parent field may load before the field with the argument is reached.
 */
const OPERATIONS: Array<{ argument: string; query: string; variables: Record<string, unknown>; parent?: string }> = [
  { argument: 'id', query: 'query ($id: ID) { partner(id: $id) { clients { total } } }', variables: {} },
  { argument: 'id', query: 'query ($id: ID!) { client(id: $id) { id } }', variables: {} },
  { argument: 'id', query: 'query ($id: ID!) { channel(id: $id) { id } }', variables: {} },
  { argument: 'id', query: 'query ($id: ID!) { partner { client(id: $id) { id } } }', variables: {} },
  { argument: 'id', query: 'query ($id: ID!) { partner { channel(id: $id) { id } } }', variables: {} },
  {
    argument: 'id',
    query: `query ($id: ID!) { channel(id: "${CLOUD}") { media(id: $id) { id } } }`,
    variables: {},
    parent: `/api/v2/partners/${ACME.id}/channels`,
  },
  { argument: 'clientId', query: 'mutation ($id: ID!) { updateClient(clientId: $id, input: { partnerPayload: "x" }) { id } }', variables: {} },
  { argument: 'clientId', query: `mutation ($id: ID!) { requestChannelCancellation(clientId: $id, channelId: "${CLOUD}") { id } }`, variables: {} },
  { argument: 'channelId', query: 'mutation ($id: ID!) { requestChannelCancellation(clientId: "client-001", channelId: $id) { id } }', variables: {} },
  { argument: 'clientId', query: `mutation ($id: ID!) { enableLocalStorage(clientId: $id, channelId: "${CLOUD}", region: DE) { success } }`, variables: {} },
  { argument: 'channelId', query: 'mutation ($id: ID!) { disableLocalStorage(clientId: "client-001", channelId: $id) { success } }', variables: {} },
  { argument: 'channelId', query: 'mutation ($id: ID!) { createApiKey(channelId: $id) { apiKey } }', variables: {} },
  { argument: 'channelId', query: 'mutation ($id: ID!) { sendMessage(channelId: $id, input: { to: "4930123", text: { body: "hi" } }) { id } }', variables: {} },
  { argument: 'channelId', query: 'mutation ($id: ID!) { connectWebhookToGateway(channelId: $id) { url } }', variables: {} },
  { argument: 'mediaId', query: `mutation ($id: ID!) { deleteMedia(channelId: "${CLOUD}", mediaId: $id) }`, variables: {} },
  { argument: 'channelId', query: 'mutation ($id: ID!) { blockContact(channelId: $id, phoneNumber: "4930123") { success } }', variables: {} },
  { argument: 'clientId', query: 'mutation ($id: ID!) { renameInsightsSource(clientId: $id, sourceId: "s1", name: "n") { success } }', variables: {} },
  { argument: 'sourceId', query: 'mutation ($id: ID!) { renameInsightsSource(clientId: "client-001", sourceId: $id, name: "n") { success } }', variables: {} },
  { argument: 'clientId', query: 'mutation ($id: ID!) { exportInsightsContacts(clientId: $id) }', variables: {} },
];

/**
 * The operations' arguments are checked in process (`execute`); the X-Partner-Id header, refused with a 400 by the
 * HTTP edge, and a subscription's argument over WebSocket go through their own edges.
 */
describe('ids as upstream path segments', () => {
  let harness: TestGateway;
  let multiTenant: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });
    multiTenant = await startTestGateway({ PARTNER_TOKEN: undefined, PARTNER_ID: undefined }, {}, harness.simulator);
  });
  afterAll(async () => {
    await multiTenant.close();
    await harness.close();
  });

  describe.each(BAD_IDS)('an id with %s', (_kind, badId) => {
    it.each(OPERATIONS.map((operation) => [operation.query.split('{')[1].trim().split('(')[0], operation.argument, operation] as const))(
      '%s (%s) is BAD_USER_INPUT naming the argument, nothing sent',
      async (_field, argument, operation) => {
        harness.simulator.recorder.clear();
        const { body } = await harness.execute(operation.query, { ...operation.variables, id: badId });
        const refusal = body.errors?.[0];
        expect(refusal?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: argument });
        // The parent's listing may be served from the response cache; nothing else may go out.
        expect(harness.simulator.recorder.requests.filter((request) => request.path !== operation.parent)).toEqual([]);
      },
    );
  });

  it.each(BAD_PHONES)('a phone number with %s is BAD_USER_INPUT naming phoneNumber, nothing sent', async (_kind, phone) => {
    harness.simulator.recorder.clear();
    for (const mutation of ['blockContact', 'unblockContact', 'reportContact']) {
      const { body } = await harness.execute(`mutation ($phone: String!) { ${mutation}(channelId: "${ONPREM}", phoneNumber: $phone) { success } }`, { phone });
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'phoneNumber' });
    }
    expect(harness.simulator.recorder.requests).toEqual([]);
  });

  it('ids inside inputs and id lists are bounded and well-formed, naming their path', async () => {
    harness.simulator.recorder.clear();
    const filtered = await harness.execute('query ($id: ID) { partner { clients(filter: { id: $id }) { total } } }', { id: 'x'.repeat(129) });
    expect(filtered.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter.id' });
    const reply = await harness.execute(
      `mutation ($id: ID) { sendMessage(channelId: "${CLOUD}", input: { to: "4930123", text: { body: "hi" }, replyTo: $id }) { id } }`,
      { id: 'wamid.\udc00' },
    );
    expect(reply.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.replyTo' });
    const listed = await harness.execute(
      'query ($ids: [ID!]!) { client(id: "client-001") { insights { actions(sourceIds: $ids, dateFrom: "2026-01-01T00:00:00Z", dateTo: "2026-01-02T00:00:00Z") { totalCount } } } }',
      { ids: ['s1', '..'] },
    );
    expect(listed.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'sourceIds.1' });
    // The client itself is loaded (A1); nothing of area C is sent.
    expect(harness.simulator.recorder.requests.map((request) => request.path)).toEqual([expect.stringMatching(/\/clients$/)]);
  });

  it('a message id is not a path segment: a wamid with "=" and "/" goes through', async () => {
    const { body } = await harness.execute(
      `mutation { reportContact(channelId: "${ONPREM}", phoneNumber: "+4930123", messageId: "wamid.HBgN/OTE5+ODc2==") { success } }`,
    );
    expect(body.errors?.[0]?.extensions?.field).toBeUndefined();
  });

  it.each(BAD_IDS.filter(([, id]) => id !== '' && !/[\r\n]/.test(id)))(
    'X-Partner-Id with %s is refused (400, BAD_USER_INPUT), nothing sent',
    async (_kind, badId) => {
      harness.simulator.recorder.clear();
      const { status, body } = await multiTenant.graphql('{ partner { clients { total } } }', undefined, {
        authorization: `Bearer ${ACME.token}`,
        // fetch refuses header values outside Latin-1: the header carries the id's UTF-8 bytes.
        'x-partner-id': Buffer.from(badId, 'utf8').toString('latin1'),
      });
      expect(status).toBe(400);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'X-Partner-Id' });
      expect(harness.simulator.recorder.requests).toEqual([]);
    },
  );

  it('a lone surrogate in a subscription argument over WebSocket is BAD_USER_INPUT, not "URI malformed"', async () => {
    const connection = connectWs(harness.url);
    try {
      const events = collect(connection, 'subscription ($id: ID!) { channelError(channelId: $id) { code } }', { id: '\ud800' }, 'channelError');
      await events.ended();
      expect(JSON.stringify(events.errors)).toContain('BAD_USER_INPUT');
      expect(JSON.stringify(events.errors)).not.toMatch(/URI malformed/);
      expect(events.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'channelId' } });
    } finally {
      await connection.dispose();
    }
  });

  describe('every data source method that takes an id refuses a bad one before calling', () => {
    let context: Context;
    let cloud: ChannelRoute;
    let onPremise: ChannelRoute;
    beforeAll(async () => {
      context = await createContext(harness.gateway.services, { headers: {}, requestId: 'path-ids' });
      cloud = await context.dataSources.messaging.route(ACME.id, CLOUD);
      onPremise = await context.dataSources.messaging.route(ACME.id, ONPREM);
    });

    const range = { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-02T00:00:00Z' };
    /** Each method with the id parameters it takes; `id` stands for the one under test. */
    const calls: Record<string, Record<string, Array<(id: string) => Promise<unknown>>>> = {
      PartnerApi: {
        listClients: [(id) => context.dataSources.partner.listClients(id, {})],
        requireReadablePartner: [(id) => context.dataSources.partner.requireReadablePartner(id)],
        listChannels: [(id) => context.dataSources.partner.listChannels(id, {})],
        getClient: [(id) => context.dataSources.partner.getClient(ACME.id, id), (id) => context.dataSources.partner.getClient(id, 'client-001')],
        getChannel: [(id) => context.dataSources.partner.getChannel(ACME.id, id)],
        businessAccountChannels: [
          (id) => context.dataSources.partner.businessAccountChannels(ACME.id, id),
          (id) => context.dataSources.partner.businessAccountChannels(id, CLOUD),
        ],
        sharedClientNumbers: [
          (id) => context.dataSources.partner.sharedClientNumbers(ACME.id, id),
          (id) => context.dataSources.partner.sharedClientNumbers(id, 'client-001'),
        ],
        createApiKey: [(id) => context.dataSources.partner.createApiKey(ACME.id, id), (id) => context.dataSources.partner.createApiKey(id, CLOUD)],
        clientUsage: [(id) => context.dataSources.partner.clientUsage(ACME.id, id, {})],
        channelUsage: [
          (id) => context.dataSources.partner.channelUsage(ACME.id, id, CLOUD, {}),
          (id) => context.dataSources.partner.channelUsage(ACME.id, 'client-001', id, {}),
        ],
        updateClient: [(id) => context.dataSources.partner.updateClient(ACME.id, id, { partner_payload: 'x' })],
        requestCancellation: [
          (id) => context.dataSources.partner.requestCancellation(ACME.id, id, CLOUD),
          (id) => context.dataSources.partner.requestCancellation(ACME.id, 'client-001', id),
        ],
        updatePartnerSettings: [
          (id) =>
            context.dataSources.partner.updatePartnerSettings(id, {
              allow_client_to_add_phone_no: true,
              partner_redirect_url: 'https://a.example',
              webhook_url: 'https://a.example',
            }),
        ],
        enableLocalStorage: [
          (id) => context.dataSources.partner.enableLocalStorage(ACME.id, id, CLOUD, 'DE'),
          (id) => context.dataSources.partner.enableLocalStorage(ACME.id, 'client-001', id, 'DE'),
        ],
        disableLocalStorage: [
          (id) => context.dataSources.partner.disableLocalStorage(id, 'client-001', CLOUD),
          (id) => context.dataSources.partner.disableLocalStorage(ACME.id, id, CLOUD),
          (id) => context.dataSources.partner.disableLocalStorage(ACME.id, 'client-001', id),
        ],
        setDefaultDataLocalizationRegion: [(id) => context.dataSources.partner.setDefaultDataLocalizationRegion(id, 'DE')],
      },
      InsightsApi: {
        allowed: [(id) => context.dataSources.insights.allowed(ACME.id, id)],
        requireAllowed: [(id) => context.dataSources.insights.requireAllowed(ACME.id, id)],
        sources: [(id) => context.dataSources.insights.sources(ACME.id, id, range)],
        actions: [(id) => context.dataSources.insights.actions(ACME.id, id, { ...range, sourceIds: ['s1'] })],
        actionSources: [(id) => context.dataSources.insights.actionSources(ACME.id, id, { ...range, actionIds: ['a1'] })],
        renameSource: [
          (id) => context.dataSources.insights.renameSource(ACME.id, id, 's1', 'n'),
          (id) => context.dataSources.insights.renameSource(ACME.id, 'client-001', id, 'n'),
        ],
        exportContacts: [(id) => context.dataSources.insights.exportContacts(ACME.id, id)],
      },
      MessagingApi: {
        route: [(id) => context.dataSources.messaging.route(ACME.id, id)],
        routeFor: [(id) => context.dataSources.messaging.routeFor(ACME.id, id, 'CLOUD', 'x')],
        getWebhook: [(id) => context.dataSources.messaging.getWebhook(ACME.id, id)],
        effectiveWebhookUrl: [(id) => context.dataSources.messaging.effectiveWebhookUrl(ACME.id, id)],
        setWebhook: [(id) => context.dataSources.messaging.setWebhook(ACME.id, id, { url: 'https://a.example' } as never)],
        blockContact: [(id) => context.dataSources.messaging.blockContact(onPremise, id, undefined)],
        unblockContact: [(id) => context.dataSources.messaging.unblockContact(onPremise, id)],
        reportContact: [(id) => context.dataSources.messaging.reportContact(onPremise, id, { block: false })],
      },
      MediaApi: {
        route: [(id) => context.dataSources.media.route(ACME.id, id)],
        metadata: [(id) => context.dataSources.media.metadata(cloud, id), (id) => context.dataSources.media.metadata(onPremise, id)],
        download: [(id) => context.dataSources.media.download(cloud, id), (id) => context.dataSources.media.download(onPremise, id)],
        delete: [(id) => context.dataSources.media.delete(cloud, id), (id) => context.dataSources.media.delete(onPremise, id)],
      },
    };

    it('the walk covers every method whose parameters name an id or a phone number', () => {
      const classes = { PartnerApi, InsightsApi, MessagingApi, MediaApi };
      for (const [name, type] of Object.entries(classes)) {
        const methods = Object.getOwnPropertyNames(type.prototype).filter((method) => {
          const source = String((type.prototype as unknown as Record<string, unknown>)[method]);
          const parameters = /^[^(]*\(([^)]*)\)/.exec(source)?.[1] ?? '';
          return method !== 'constructor' && !source.startsWith('get ') && /(?:Id|phoneNumber)\b/.test(parameters);
        });
        // Private helpers reach the public ones' paths; only the public surface is walked.
        const privateHelpers = ['afterWrite', 'contactAction', 'channelControlPath', 'data', 'cloudRecord', 'onPremiseRecord'];
        expect(Object.keys(calls[name]).sort()).toEqual(methods.filter((method) => !privateHelpers.includes(method)).sort());
      }
    });

    it.each(BAD_IDS)('an id with %s: every method throws BAD_USER_INPUT, nothing is sent', async (_kind, badId) => {
      harness.simulator.recorder.clear();
      for (const [type, methods] of Object.entries(calls)) {
        for (const [method, variants] of Object.entries(methods)) {
          for (const call of variants) {
            const error = await call(badId).then(
              () => null,
              (failure: unknown) => failure,
            );
            expect([type, method, error]).toEqual([type, method, expect.any(BadUserInputError)]);
          }
        }
      }
      expect(harness.simulator.recorder.requests).toEqual([]);
    });

    it.each(BAD_PHONES)('a phone number with %s: every contact method throws BAD_USER_INPUT, nothing is sent', async (_kind, phone) => {
      harness.simulator.recorder.clear();
      for (const method of ['blockContact', 'unblockContact', 'reportContact']) {
        const error = await calls.MessagingApi[method][0](phone).catch((failure: unknown) => failure);
        expect([method, error]).toEqual([method, expect.any(BadUserInputError)]);
      }
      expect(harness.simulator.recorder.requests).toEqual([]);
    });
  });
});
