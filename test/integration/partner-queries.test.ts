import { describe, expect, it } from '@jest/globals';
import { ACME, useTestGateway, type TestGateway } from '../support/gateway.js';

const ROOT = `/api/v2/partners/${ACME.id}`;
const AUTH = `Bearer ${ACME.token}`;

/** The upstream requests of one query, without volatile headers. */
function upstream(harness: TestGateway) {
  return harness.simulator.recorder.requests.map((request) => ({ method: request.method, path: request.path, query: request.query }));
}

const filters = (value: Record<string, unknown>) => JSON.stringify(value);

describe('partner graph reads (A1, A4, A5), in process against the simulator', () => {
  // Cache off: every test sees the requests its own query makes.
  const harness = useTestGateway({ CACHE_TTL_LISTING_MS: '0' });

  async function query<T>(text: string, variables?: Record<string, unknown>) {
    const { status, body } = await harness.execute<T>(text, variables);
    expect(status).toBe(200);
    return body;
  }

  it('Query.partner names the configured partner without any upstream call', async () => {
    const body = await query('{ partner { id } }');
    expect(body).toEqual({ data: { partner: { id: ACME.id } } });
    expect(upstream(harness)).toEqual([]);
  });

  it('Query.client reads A1 filtered by id with the partner token', async () => {
    const body = await query('{ client(id: "client-002") { id name organisation contactInfo { country } } }');
    expect(body).toEqual({
      data: { client: { id: 'client-002', name: 'Blue Harbor Clinic', organisation: 'Blue Harbor Clinic Ltd', contactInfo: { country: 'GB' } } },
    });
    expect(upstream(harness)).toEqual([{ method: 'GET', path: `${ROOT}/clients`, query: { filters: filters({ id: 'client-002' }) } }]);
    expect(harness.simulator.recorder.requests[0]?.headers.authorization).toBe(AUTH);
  });

  it.each(['client-999', 'client-007'])('Query.client is null for an id the partner does not have (%s)', async (id) => {
    const body = await query(`{ client(id: "${id}") { id } }`);
    expect(body).toEqual({ data: { client: null } });
    expect(upstream(harness)).toEqual([{ method: 'GET', path: `${ROOT}/clients`, query: { filters: filters({ id }) } }]);
  });

  it('Query.channel reads A4 filtered by id; null for an unknown id', async () => {
    const body = await query('{ channel(id: "channel-003") { id clientId hubStatus hosting phoneNumber } missing: channel(id: "channel-404") { id } }');
    expect(body).toEqual({
      data: {
        channel: { id: 'channel-003', clientId: 'client-001', hubStatus: 'SANDBOX', hosting: 'ON_PREMISE', phoneNumber: '+49 30 5550002' },
        missing: null,
      },
    });
    expect(upstream(harness)).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: `${ROOT}/channels`, query: { filters: filters({ id: 'channel-003' }) } },
        { method: 'GET', path: `${ROOT}/channels`, query: { filters: filters({ id: 'channel-404' }) } },
      ]),
    );
    expect(upstream(harness)).toHaveLength(2);
  });

  it('Partner.clients sends filters, sort (- for DESC), limit and offset', async () => {
    const body = await query<{ partner: { clients: unknown } }>(
      `query ($filter: ClientFilter, $order: ClientOrder) {
        partner { clients(filter: $filter, orderBy: $order, limit: 3, offset: 1) { total count limit offset nodes { id contactInfo { country } } } }
      }`,
      { filter: { status: 'active', contactUser: { name: null } }, order: { field: 'CONTACT_INFO_COUNTRY', direction: 'DESC' } },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.partner.clients).toEqual({
      total: 5,
      count: 3,
      limit: 3,
      offset: 1,
      nodes: [
        { id: 'client-006', contactInfo: { country: 'IT' } },
        { id: 'client-002', contactInfo: { country: 'GB' } },
        { id: 'client-004', contactInfo: { country: 'FR' } },
      ],
    });
    expect(upstream(harness)).toEqual([
      {
        method: 'GET',
        path: `${ROOT}/clients`,
        query: { filters: filters({ status: 'active' }), sort: '-contact_info.country', limit: '3', offset: '1' },
      },
    ]);
  });

  it('Partner.clients with a limit only: the total of every client, the first page, the partner token', async () => {
    const body = await query<{ partner: { clients: { total: number; nodes: Array<{ id: string }> } } }>(
      '{ partner { id clients(limit: 2) { total nodes { id } } } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.partner.clients.total).toBe(6);
    expect(body.data?.partner.clients.nodes.map((client) => client.id)).toEqual(['client-001', 'client-002']);
    const [listing] = harness.simulator.recorder.matching(/\/clients$/, 'GET');
    expect(listing?.query).toEqual({ limit: '2' });
    expect(listing?.headers.authorization).toBe(AUTH);
  });

  it('Partner.channels sends nested filters and search as one filters object, and the sort path', async () => {
    const body = await query<{ partner: { channels: { total: number; nodes: Array<{ id: string; phoneNumber: string }> } } }>(
      `{ partner { channels(
          filter: { search: "skyline", client: { contactInfo: { country: "FR" } } },
          orderBy: { field: SETUP_INFO_PHONE_NUMBER, direction: DESC }
        ) { total nodes { id phoneNumber } } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.partner.channels).toEqual({
      total: 2,
      nodes: [
        { id: 'channel-012', phoneNumber: '+49 30 5550011' },
        { id: 'channel-011', phoneNumber: '+49 30 5550010' },
      ],
    });
    expect(upstream(harness)).toEqual([
      {
        method: 'GET',
        path: `${ROOT}/channels`,
        query: { filters: filters({ q: 'skyline', 'client.contact_info.country': 'FR' }), sort: '-setup_info.phone_number' },
      },
    ]);
    expect(harness.simulator.recorder.requests[0]?.headers.authorization).toBe(AUTH);
  });

  it('ClientList and ChannelList echo the filters and sort the upstream applied', async () => {
    const body = await query<{ partner: Record<string, { appliedFilters: unknown; appliedSort: string[] | null }> }>(
      `{ partner {
          clients(filter: { status: "active", contactInfo: { country: "DE" } }, orderBy: { field: CREATED_AT, direction: DESC }) { appliedFilters appliedSort }
          channels(filter: { search: "skyline" }, orderBy: { field: SETUP_INFO_PHONE_NUMBER }) { appliedFilters appliedSort }
          unfiltered: channels(limit: 1) { appliedFilters appliedSort }
      } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.partner).toEqual({
      clients: { appliedFilters: { status: 'active', 'contact_info.country': 'DE' }, appliedSort: ['-created_at'] },
      channels: { appliedFilters: { q: 'skyline' }, appliedSort: ['setup_info.phone_number'] },
      unfiltered: { appliedFilters: {}, appliedSort: [] },
    });
  });

  it.each([
    ['{ partner { clients(limit: 0) { total } } }', ['partner', 'clients'], 'limit'],
    ['{ partner { channels(offset: -1) { total } } }', ['partner', 'channels'], 'offset'],
    ['{ partner { clients(limit: 2, offset: -5) { total } } }', ['partner', 'clients'], 'offset'],
  ])('rejects %s with BAD_USER_INPUT before anything is sent', async (text, path, field) => {
    const body = await query(text);
    expect(body.data).toEqual({ partner: { [path[1]]: null } });
    expect(body.errors).toEqual([expect.objectContaining({ path, extensions: { code: 'BAD_USER_INPUT', field } })]);
    expect(upstream(harness)).toEqual([]);
  });

  it('rejects a bad page of Client.channels before its A4 call (only the client lookup went out)', async () => {
    const body = await query('{ client(id: "client-001") { id channels(limit: -2) { total } } }');
    expect(body.data).toEqual({ client: { id: 'client-001', channels: null } });
    expect(body.errors).toEqual([expect.objectContaining({ path: ['client', 'channels'], extensions: { code: 'BAD_USER_INPUT', field: 'limit' } })]);
    expect(upstream(harness)).toEqual([{ method: 'GET', path: `${ROOT}/clients`, query: { filters: filters({ id: 'client-001' }) } }]);
  });

  it('Partner.client and Partner.channel read by id for the named partner', async () => {
    const body = await query(`{ partner(id: "${ACME.id}") { client(id: "client-003") { name } channel(id: "channel-009") { id clientId } } }`);
    expect(body).toEqual({ data: { partner: { client: { name: 'Evergreen Academy' }, channel: { id: 'channel-009', clientId: 'client-003' } } } });
    expect(upstream(harness)).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: `${ROOT}/clients`, query: { filters: filters({ id: 'client-003' }) } },
        { method: 'GET', path: `${ROOT}/channels`, query: { filters: filters({ id: 'channel-009' }) } },
      ]),
    );
    expect(upstream(harness)).toHaveLength(2);
  });

  it('Client.channels is A4 filtered by client_id (plus the caller filter and sort)', async () => {
    const body = await query(
      '{ client(id: "client-001") { channels(filter: { status: "ready" }, orderBy: { field: CREATED_AT }) { total nodes { id clientId } } } }',
    );
    expect(body).toEqual({
      data: {
        client: {
          channels: {
            total: 4,
            nodes: ['channel-001', 'channel-002', 'channel-003', 'channel-004'].map((id) => ({ id, clientId: 'client-001' })),
          },
        },
      },
    });
    expect(upstream(harness)).toEqual([
      { method: 'GET', path: `${ROOT}/clients`, query: { filters: filters({ id: 'client-001' }) } },
      { method: 'GET', path: `${ROOT}/channels`, query: { filters: filters({ status: 'ready', client_id: 'client-001' }), sort: 'created_at' } },
    ]);
  });

  it('Client.manageableChannels is A5; hosting and integration come from ONE A4 call per client', async () => {
    const body = await query(
      '{ client(id: "client-001") { manageableChannels { id hubStatus hosting phoneNumber integration { state } wabaAccount { id } } } }',
    );
    expect(body).toEqual({
      data: {
        client: {
          manageableChannels: [
            {
              id: 'channel-001',
              hubStatus: 'LIVE',
              hosting: 'CLOUD',
              phoneNumber: '+49 30 5550000',
              integration: { state: 'running' },
              wabaAccount: { id: 'waba-1' },
            },
            {
              id: 'channel-003',
              hubStatus: 'SANDBOX',
              hosting: 'ON_PREMISE',
              phoneNumber: '+49 30 5550002',
              integration: { state: 'running' },
              wabaAccount: { id: 'waba-1' },
            },
            {
              id: 'channel-004',
              hubStatus: 'PENDING_DELETION',
              hosting: 'CLOUD',
              phoneNumber: '+49 30 5550003',
              integration: { state: 'running' },
              wabaAccount: { id: 'waba-1' },
            },
          ],
        },
      },
    });
    expect(upstream(harness)).toEqual([
      { method: 'GET', path: `${ROOT}/clients`, query: { filters: filters({ id: 'client-001' }) } },
      { method: 'GET', path: `${ROOT}/clients/client-001/shared_client_numbers`, query: {} },
      { method: 'GET', path: `${ROOT}/channels`, query: { filters: filters({ client_id: 'client-001' }), limit: '100' } },
    ]);
  });

  it('Client.manageableChannels carries A5 current_quality_update_event as sent; A4 channels have none', async () => {
    const body = await query<{
      client: { manageableChannels: Array<{ id: string; currentQualityRating: string; currentQualityUpdateEvent: unknown }> };
      channel: { currentQualityUpdateEvent: unknown };
    }>(
      '{ client(id: "client-001") { manageableChannels { id currentQualityRating currentQualityUpdateEvent } } channel(id: "channel-004") { currentQualityUpdateEvent } }',
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.client.manageableChannels).toEqual([
      { id: 'channel-001', currentQualityRating: 'High', currentQualityUpdateEvent: null },
      {
        id: 'channel-003',
        currentQualityRating: 'Low',
        currentQualityUpdateEvent: expect.objectContaining({ event: 'DOWNGRADE', current_quality_rating: 'Low' }),
      },
      { id: 'channel-004', currentQualityRating: 'High', currentQualityUpdateEvent: null },
    ]);
    expect(body.data?.channel.currentQualityUpdateEvent).toBeNull();
  });

  it('Client.manageableChannels of every client: one A5 and one A4 per client, no more', async () => {
    const body = await query<{ partner: { clients: { nodes: Array<{ id: string; manageableChannels: Array<{ hosting: string }> }> } } }>(
      '{ partner { clients { nodes { id manageableChannels { id hosting } } } } }',
    );
    expect(body.errors).toBeUndefined();
    const clients = body.data!.partner.clients.nodes;
    expect(clients).toHaveLength(6);
    const requests = upstream(harness);
    expect(requests.filter((request) => request.path.endsWith('/shared_client_numbers'))).toHaveLength(6);
    const a4 = requests.filter((request) => request.path === `${ROOT}/channels`);
    expect(a4.map((request) => request.query.filters).sort()).toEqual(clients.map((client) => filters({ client_id: client.id })).sort());
    expect(requests).toHaveLength(1 + 6 + 6);
  });

  it('Channel.client reads the owning client (A1 by id)', async () => {
    const body = await query('{ channel(id: "channel-013") { id client { id name status } } }');
    expect(body).toEqual({ data: { channel: { id: 'channel-013', client: { id: 'client-005', name: 'Copperleaf Bank', status: 'inactive' } } } });
    expect(upstream(harness)).toEqual([
      { method: 'GET', path: `${ROOT}/channels`, query: { filters: filters({ id: 'channel-013' }) } },
      { method: 'GET', path: `${ROOT}/clients`, query: { filters: filters({ id: 'client-005' }) } },
    ]);
  });
});
