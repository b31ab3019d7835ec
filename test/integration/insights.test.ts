import { describe, expect, it } from '@jest/globals';
import { insightsState } from '../../simulator/insights-routes.js';
import { ACME, useTestGateway } from '../support/gateway.js';

const ROOT = '/insights/v1';
const DAY = 86_400_000;
const dateFrom = new Date(Date.now() - 7 * DAY).toISOString();
const dateTo = new Date(Date.now() - 1 * DAY).toISOString();
const day = (iso: string) => iso.slice(0, 10);

const SOURCES = `sources(dateFrom: $from, dateTo: $to, appIds: ["app-channel-001"], limit: 2, offset: 0) {
  totalCount offset limit
  nodes { id appId clientId name message category type direction createdTime totalConversations totalSpend currency
    insights { date conversations spend currency } } }`;

describe('insights (area C)', () => {
  const harness = useTestGateway();

  const insightsCalls = () => harness.simulator.recorder.requests.filter((request) => request.path.startsWith(ROOT));
  const dataCalls = () => insightsCalls().filter((request) => request.path.startsWith(`${ROOT}/clients/`));
  const seed = () => insightsState(harness.simulator.state);

  it('reads sources with their daily insights: one permission check, exact request, full mapping', async () => {
    const { body } = await harness.execute<{
      client: { insights: { allowed: boolean; sources: { totalCount: number; offset: number; limit: number; nodes: Array<Record<string, unknown>> } } };
    }>(`query ($from: DateTime!, $to: DateTime!) { client(id: "client-001") { insights { allowed ${SOURCES} again: ${SOURCES} } } }`, {
      from: dateFrom,
      to: dateTo,
    });
    expect(body.errors).toBeUndefined();
    const insights = body.data!.client.insights;
    expect(insights.allowed).toBe(true);
    const source = seed()
      .sources.get('client-001')!
      .find((item) => item.app_id === 'app-channel-001')!;
    const points = seed().points.filter((point) => point.source_id === source.id && point.date >= day(dateFrom) && point.date <= day(dateTo));
    expect(points).toHaveLength(7);
    // A spend of 0 would let a totalSpend that is always 0 pass.
    expect(points.some((point) => point.spend > 0)).toBe(true);
    expect(insights.sources).toMatchObject({ totalCount: 1, offset: 0, limit: 2 });
    expect(insights.sources.nodes).toEqual([
      {
        id: source.id,
        appId: 'app-channel-001',
        clientId: 'client-001',
        name: source.name,
        message: source.message,
        category: 'known',
        type: 'ctwa',
        direction: 'incoming',
        createdTime: source.created_time,
        totalConversations: points.reduce((sum, point) => sum + point.conversations, 0),
        totalSpend: Math.round(points.reduce((sum, point) => sum + point.spend, 0) * 100) / 100,
        currency: 'EUR',
        insights: points.map((point) => ({ date: point.date, conversations: point.conversations, spend: point.spend, currency: 'EUR' })),
      },
    ]);

    const calls = insightsCalls();
    expect(calls.map((call) => [call.method, call.path])).toEqual([
      ['GET', `${ROOT}/insights-allowed/client-001`],
      ['GET', `${ROOT}/clients/client-001/sources`],
    ]);
    expect(calls[1].query).toEqual({ date_from: day(dateFrom), date_to: day(dateTo), app_ids: 'app-channel-001', limit: '2', offset: '0' });
    for (const call of calls) expect(call.headers.authorization).toBe(`Bearer ${ACME.token}`);

    // Cached across requests: neither the permission nor the data is asked again.
    harness.simulator.recorder.clear();
    await harness.execute(`query ($from: DateTime!, $to: DateTime!) { client(id: "client-001") { insights { allowed ${SOURCES} } } }`, {
      from: dateFrom,
      to: dateTo,
    });
    expect(insightsCalls()).toHaveLength(0);
  });

  it('InsightPoint.sourceId is the source_id of each daily point', async () => {
    const { body } = await harness.execute<{ client: { insights: { sources: { nodes: Array<{ id: string; insights: Array<{ sourceId: string }> }> } } } }>(
      `{ client(id: "client-001") { insights { sources(dateFrom: "2020-01-01T00:00:00Z", dateTo: "2099-01-01T00:00:00Z") { nodes { id insights { sourceId date } } } } } }`,
    );
    expect(body.errors).toBeUndefined();
    const nodes = body.data!.client.insights.sources.nodes;
    expect(nodes.flatMap((node) => node.insights).length).toBeGreaterThan(0);
    for (const node of nodes) for (const point of node.insights) expect(point.sourceId).toBe(node.id);
  });

  it('reads actions and actions per source with comma-separated lists', async () => {
    const { body } = await harness.execute<{
      client: {
        insights: {
          actions: { totalCount: number; nodes: Array<{ id: string; hits: number }> };
          actionSources: { totalCount: number; nodes: Array<{ sourceId: string; hits: number }> };
        };
      };
    }>(
      `query ($from: DateTime!, $to: DateTime!) { client(id: "client-004") { insights {
        actions(sourceIds: ["src-client-004-1", "src-client-004-2"], dateFrom: $from, dateTo: $to, limit: 10) {
          totalCount offset limit nodes { id appId clientId message type hits } }
        actionSources(actionIds: ["act-client-004-1", "act-client-004-3"], sourceIds: ["src-client-004-2"], dateFrom: $from, dateTo: $to) {
          totalCount nodes { appId clientId sourceId hits } }
      } } }`,
      { from: dateFrom, to: dateTo },
    );
    expect(body.errors).toBeUndefined();
    const range = (date: string) => date >= day(dateFrom) && date <= day(dateTo);
    const hits = seed().hits.filter((hit) => range(hit.date));
    const expectedActions = seed()
      .actions.get('client-004')!
      .map((action) => ({
        id: action.id,
        hits: hits
          .filter((hit) => hit.action_id === action.id && ['src-client-004-1', 'src-client-004-2'].includes(hit.source_id))
          .reduce((sum, hit) => sum + hit.hits, 0),
      }))
      .filter((action) => action.hits > 0);
    expect(body.data!.client.insights.actions.nodes.map(({ id, hits: count }) => ({ id, hits: count }))).toEqual(expectedActions);
    expect(body.data!.client.insights.actions.totalCount).toBe(expectedActions.length);
    expect(body.data!.client.insights.actionSources.nodes).toEqual([
      {
        appId: expect.any(String),
        clientId: 'client-004',
        sourceId: 'src-client-004-2',
        hits: hits
          .filter((hit) => ['act-client-004-1', 'act-client-004-3'].includes(hit.action_id) && hit.source_id === 'src-client-004-2')
          .reduce((sum, hit) => sum + hit.hits, 0),
      },
    ]);

    const [actions, details] = dataCalls();
    expect(actions).toMatchObject({
      method: 'GET',
      path: `${ROOT}/clients/client-004/actions`,
      query: { source_ids: 'src-client-004-1,src-client-004-2', date_from: day(dateFrom), date_to: day(dateTo), limit: '10' },
    });
    expect(details).toMatchObject({
      method: 'GET',
      path: `${ROOT}/clients/client-004/actions/source_details`,
      query: { actions_id: 'act-client-004-1,act-client-004-3', sources_id: 'src-client-004-2', date_from: day(dateFrom), date_to: day(dateTo) },
    });
    expect(insightsCalls().filter((call) => call.path.includes('insights-allowed'))).toHaveLength(1);
  });

  it('a client without insights: allowed false, FORBIDDEN data fields, and no data endpoint called', async () => {
    const allowed = await harness.execute<{ client: { insights: { allowed: boolean } } }>('{ client(id: "client-002") { insights { allowed } } }');
    expect(allowed.body.data?.client.insights.allowed).toBe(false);

    for (const field of [
      'sources(dateFrom: $from, dateTo: $to) { totalCount }',
      'actions(sourceIds: ["s"], dateFrom: $from, dateTo: $to) { totalCount }',
      'actionSources(actionIds: ["a"], dateFrom: $from, dateTo: $to) { totalCount }',
    ]) {
      const { body } = await harness.execute(`query ($from: DateTime!, $to: DateTime!) { client(id: "client-002") { insights { ${field} } } }`, {
        from: dateFrom,
        to: dateTo,
      });
      expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(body.errors?.[0]?.message).toMatch(/enabled per client on request/);
    }
    const renamed = await harness.execute('mutation { renameInsightsSource(clientId: "client-002", sourceId: "s", name: "n") { success } }');
    expect(renamed.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const exported = await harness.execute('mutation { exportInsightsContacts(clientId: "client-002") }');
    expect(exported.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(dataCalls()).toHaveLength(0);
    expect(insightsCalls().map((call) => call.path)).toEqual([`${ROOT}/insights-allowed/client-002`]);
  });

  it('renames a source and the next read shows the new name', async () => {
    const query = `query ($from: DateTime!, $to: DateTime!) { client(id: "client-001") { insights { sources(dateFrom: $from, dateTo: $to) { nodes { id name } } } } }`;
    const read = () =>
      harness.execute<{ client: { insights: { sources: { nodes: Array<{ id: string; name: string }> } } } }>(query, { from: dateFrom, to: dateTo });
    expect((await read()).body.data?.client.insights.sources.nodes.find((node) => node.id === 'src-client-001-2')?.name).toBe('Newsletter link');
    harness.simulator.recorder.clear();
    const { body } = await harness.execute(
      'mutation { renameInsightsSource(clientId: "client-001", sourceId: "src-client-001-2", name: "Autumn campaign") { success source { id clientId name } } }',
    );
    expect(body).toEqual({
      data: { renameInsightsSource: { success: true, source: { id: 'src-client-001-2', clientId: 'client-001', name: 'Autumn campaign' } } },
    });
    expect(dataCalls()).toEqual([
      expect.objectContaining({ method: 'PATCH', path: `${ROOT}/clients/client-001/sources/src-client-001-2`, body: { name: 'Autumn campaign' } }),
    ]);
    expect(dataCalls()[0].headers.authorization).toBe(`Bearer ${ACME.token}`);
    expect((await read()).body.data?.client.insights.sources.nodes.find((node) => node.id === 'src-client-001-2')?.name).toBe('Autumn campaign');
  });

  it("answers a rename's unknown fields with an error at that field instead of inventing them", async () => {
    const { body } = await harness.execute(
      'mutation { renameInsightsSource(clientId: "client-001", sourceId: "src-client-001-1", name: "Spring") { success source { id name category } } }',
    );
    expect(body.data).toEqual({ renameInsightsSource: { success: true, source: { id: 'src-client-001-1', name: 'Spring', category: null } } });
    expect(body.errors).toEqual([
      expect.objectContaining({ path: ['renameInsightsSource', 'source', 'category'], extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) }),
    ]);
  });

  it('asks for a contact export each time (a GET with an effect: never cached)', async () => {
    for (let i = 0; i < 2; i += 1) {
      const { body } = await harness.execute('mutation { exportInsightsContacts(clientId: "client-001") }');
      expect(body).toEqual({ data: { exportInsightsContacts: true } });
    }
    expect(dataCalls().map((call) => [call.method, call.path])).toEqual([
      ['GET', `${ROOT}/clients/client-001/export_contacts`],
      ['GET', `${ROOT}/clients/client-001/export_contacts`],
    ]);
    expect(seed().exports).toEqual(['client-001', 'client-001']);
  });

  it('rejects bad input before calling anything', async () => {
    const cases: Array<[string, string]> = [
      [`sources(dateFrom: "${dateTo}", dateTo: "${dateFrom}") { totalCount }`, 'dateTo'],
      [`sources(dateFrom: "${dateFrom}", dateTo: "${dateTo}", limit: 0) { totalCount }`, 'limit'],
      [`sources(dateFrom: "${dateFrom}", dateTo: "${dateTo}", offset: -1) { totalCount }`, 'offset'],
      [`sources(dateFrom: "${dateFrom}", dateTo: "${dateTo}", appIds: []) { totalCount }`, 'appIds'],
      [`actions(sourceIds: [], dateFrom: "${dateFrom}", dateTo: "${dateTo}") { totalCount }`, 'sourceIds'],
      [`actions(sourceIds: ["a,b"], dateFrom: "${dateFrom}", dateTo: "${dateTo}") { totalCount }`, 'sourceIds.0'],
      [`actionSources(actionIds: [], dateFrom: "${dateFrom}", dateTo: "${dateTo}") { totalCount }`, 'actionIds'],
    ];
    for (const [field, path] of cases) {
      const { body } = await harness.execute(`{ client(id: "client-004") { insights { ${field} } } }`);
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: path });
    }
    const rename = await harness.execute('mutation { renameInsightsSource(clientId: "client-004", sourceId: "src-client-004-1", name: " ") { success } }');
    expect(rename.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'name' });
    // client-004's listing was fetched to resolve `client`, nothing of area C.
    expect(insightsCalls()).toHaveLength(0);
  });
});

describe('insights lists with INSIGHTS_LIST_ENCODING=repeat', () => {
  const harness = useTestGateway({ INSIGHTS_LIST_ENCODING: 'repeat' });
  const dataCalls = () => harness.simulator.recorder.requests.filter((request) => request.path.startsWith(`${ROOT}/clients/`));

  it('sends every list as one parameter per id, sorted, and reads the same answers', async () => {
    const { body } = await harness.execute<{
      client: { insights: { actions: { totalCount: number }; actionSources: { nodes: Array<{ sourceId: string }> }; sources: { totalCount: number } } };
    }>(
      `query ($from: DateTime!, $to: DateTime!) { client(id: "client-004") { insights {
        actions(sourceIds: ["src-client-004-2", "src-client-004-1"], dateFrom: $from, dateTo: $to) { totalCount }
        actionSources(actionIds: ["act-client-004-3", "act-client-004-1"], sourceIds: ["src-client-004-2"], dateFrom: $from, dateTo: $to) {
          nodes { sourceId } }
        sources(dateFrom: $from, dateTo: $to, appIds: ["app-b", "app-a"]) { totalCount }
      } } }`,
      { from: dateFrom, to: dateTo },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data!.client.insights.actions.totalCount).toBeGreaterThan(0);
    expect(body.data!.client.insights.actionSources.nodes.map((node) => node.sourceId)).toEqual(['src-client-004-2']);
    const queries = Object.fromEntries(dataCalls().map((call) => [call.path.slice(`${ROOT}/clients/client-004/`.length), call.query]));
    expect(queries.actions).toMatchObject({ source_ids: ['src-client-004-1', 'src-client-004-2'] });
    // A one-id list is one parameter either way.
    expect(queries['actions/source_details']).toMatchObject({ actions_id: ['act-client-004-1', 'act-client-004-3'], sources_id: 'src-client-004-2' });
    expect(queries.sources).toMatchObject({ app_ids: ['app-a', 'app-b'] });
  });
});
