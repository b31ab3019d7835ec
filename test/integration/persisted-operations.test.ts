import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createGateway } from '../../src/http/server.js';
import { connectWs } from '../support/events.js';
import { metricValue, startTestGateway, type TestGateway } from '../support/gateway.js';

const CLIENTS = 'query Clients { partner { clients(limit: 1) { total } } }';
const CHANNEL = 'query Channel($id: ID!) { channel(id: $id) { id } }';
const CLIENTS_ID = createHash('sha256').update(CLIENTS).digest('hex');
/** Ids need not be hashes: the manifest's id is what the client sends. */
const CHANNEL_ID = 'channel-v1';

const directory = mkdtempSync(join(tmpdir(), 'hubgraph-manifest-'));
function manifestFile(name: string, content: unknown): string {
  const path = join(directory, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const MANIFEST = manifestFile('manifest.json', {
  format: 'apollo-persisted-query-manifest',
  version: 1,
  operations: [
    { id: CLIENTS_ID, name: 'Clients', type: 'query', body: CLIENTS },
    { id: CHANNEL_ID, name: 'Channel', type: 'query', body: CHANNEL },
  ],
});

type Answer = { status: number; body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };

async function post(harness: TestGateway, payload: Record<string, unknown>): Promise<Answer> {
  const response = await fetch(harness.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const byId = (sha256Hash: string, variables?: Record<string, unknown>) => ({ variables, extensions: { persistedQuery: { version: 1, sha256Hash } } });

/** One operation over graphql-ws: its data, or the errors it ended with. */
async function overWebSocket(harness: TestGateway, payload: { query: string; variables?: Record<string, unknown>; extensions?: Record<string, unknown> }) {
  const connection = connectWs(harness.url);
  try {
    return await new Promise<{ data?: unknown; errors?: unknown }>((resolve) => {
      let data: unknown;
      connection.client.subscribe(payload, {
        next: (value) => {
          data = value.data;
        },
        error: (errors) => resolve({ errors }),
        complete: () => resolve({ data }),
      });
    });
  } finally {
    await connection.dispose();
  }
}

const persistedOutcomes = (harness: TestGateway, outcome: string) => metricValue(harness, `hubgraph_persisted_operations_total{outcome="${outcome}"}`);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('trusted documents: PERSISTED_OPERATIONS with PERSISTED_OPERATIONS_ONLY=true', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ PERSISTED_OPERATIONS: MANIFEST, PERSISTED_OPERATIONS_ONLY: 'true' });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('runs a listed operation by its id (a hash or any other id), with variables', async () => {
    const clients = await post(harness, byId(CLIENTS_ID));
    expect(clients.body.errors).toBeUndefined();
    expect(clients.body.data).toEqual({ partner: { clients: { total: expect.any(Number) } } });
    const channel = await post(harness, byId(CHANNEL_ID, { id: 'channel-001' }));
    expect(channel.body).toEqual({ data: { channel: { id: 'channel-001' } } });
  });

  it('runs the listed text sent as it is (as over WebSocket, where the text always travels)', async () => {
    const listed = await post(harness, { query: CLIENTS });
    expect(listed.body.errors).toBeUndefined();
  });

  it.each([
    ['a free-form query', { query: '{ partner { clients(limit: 1) { total } } }' }],
    ['a mutation', { query: 'mutation { updateClient(clientId: "client-001", input: { partnerPayload: "x" }) { id } }' }],
    ['a listed id with another text', { query: '{ partner { channels(limit: 1) { total } } }', ...byId(CHANNEL_ID) }],
    [
      'an APQ registration of an unlisted text',
      {
        query: '{ partner { channels(limit: 2) { total } } }',
        ...byId(createHash('sha256').update('{ partner { channels(limit: 2) { total } } }').digest('hex')),
      },
    ],
  ])('refuses %s before execution: PERSISTED_QUERY_NOT_IN_LIST, nothing upstream', async (_case, payload) => {
    harness.simulator.recorder.clear();
    const before = await persistedOutcomes(harness, 'refused');
    const { status, body } = await post(harness, payload);
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
    expect(harness.simulator.recorder.requests).toEqual([]);
    expect(await persistedOutcomes(harness, 'refused')).toBe(before + 1);
  });

  it('answers an unknown id PERSISTED_QUERY_NOT_FOUND, also one whose text a client tried to register', async () => {
    harness.simulator.recorder.clear();
    const text = '{ partner { channels(limit: 3) { total } } }';
    const hash = createHash('sha256').update(text).digest('hex');
    await post(harness, { query: text, ...byId(hash) });
    const before = await persistedOutcomes(harness, 'unknown');
    for (const id of ['f'.repeat(64), hash]) {
      const { body } = await post(harness, byId(id));
      expect(body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    }
    expect(harness.simulator.recorder.requests).toEqual([]);
    expect(await persistedOutcomes(harness, 'unknown')).toBe(before + 2);
    expect(await persistedOutcomes(harness, 'listed')).toBeGreaterThan(0);
  });

  it('holds over WebSocket: listed by id runs, free-form is refused, an unknown id is not found', async () => {
    const listed = await overWebSocket(harness, { query: '', variables: { id: 'channel-001' }, extensions: byId(CHANNEL_ID).extensions });
    expect(listed).toEqual({ data: { channel: { id: 'channel-001' } } });
    const listedText = await overWebSocket(harness, { query: CLIENTS });
    expect(listedText.errors).toBeUndefined();

    harness.simulator.recorder.clear();
    const freeForm = await overWebSocket(harness, { query: '{ partner { clients(limit: 1) { total } } }' });
    expect(freeForm.errors).toMatchObject([{ extensions: { code: 'PERSISTED_QUERY_NOT_IN_LIST' } }]);
    const unknown = await overWebSocket(harness, { query: '', extensions: byId('f'.repeat(64)).extensions });
    expect(unknown.errors).toMatchObject([{ extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }]);
    expect(harness.simulator.recorder.requests).toEqual([]);
  });
});

describe('PERSISTED_OPERATIONS without ONLY', () => {
  let harness: TestGateway;
  beforeAll(async () => {
    harness = await startTestGateway({ PERSISTED_OPERATIONS: MANIFEST });
  });
  afterAll(async () => {
    await harness.close();
  });

  it('runs listed operations by id and other operations as sent, counting both', async () => {
    expect((await post(harness, byId(CHANNEL_ID, { id: 'channel-001' }))).body).toEqual({ data: { channel: { id: 'channel-001' } } });
    const before = await persistedOutcomes(harness, 'unlisted');
    const free = await post(harness, { query: '{ partner { clients(limit: 1) { count } } }' });
    expect(free.body.errors).toBeUndefined();
    expect(await persistedOutcomes(harness, 'unlisted')).toBe(before + 1);
  });
});

describe('a missing or malformed manifest stops the start, naming the variable', () => {
  const env = (extra: Record<string, string>) => ({ ...extra });

  it.each([
    ['a missing file', { PERSISTED_OPERATIONS: join(directory, 'absent.json') }, /cannot be read \(ENOENT\)/],
    ['text that is not JSON', { PERSISTED_OPERATIONS: manifestFile('broken.json', '{"format":') }, /is not JSON/],
    [
      'another format',
      { PERSISTED_OPERATIONS: manifestFile('other.json', { format: 'relay', version: 1, operations: [] }) },
      /apollo-persisted-query-manifest version 1/,
    ],
    [
      'another version',
      { PERSISTED_OPERATIONS: manifestFile('v2.json', { format: 'apollo-persisted-query-manifest', version: 2, operations: [] }) },
      /version 1 \(version/,
    ],
    [
      'an operation that is not GraphQL',
      {
        PERSISTED_OPERATIONS: manifestFile('syntax.json', {
          format: 'apollo-persisted-query-manifest',
          version: 1,
          operations: [{ id: 'x', name: 'X', type: 'query', body: 'query X {' }],
        }),
      },
      /operation X is not valid GraphQL/,
    ],
    ['ONLY without a manifest', { PERSISTED_OPERATIONS_ONLY: 'true' }, /PERSISTED_OPERATIONS_ONLY=true needs the manifest/],
  ])('%s', (_case, variables, message) => {
    let error: unknown;
    try {
      loadConfig(env(variables));
    } catch (failure) {
      error = failure;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('PERSISTED_OPERATIONS');
    expect((error as ConfigError).message).toMatch(message);
    expect((error as ConfigError).message).not.toContain('\n');
  });

  it('an operation the schema does not know stops the gateway before it starts anything', async () => {
    const config = loadConfig({
      PERSISTED_OPERATIONS: manifestFile('foreign.json', {
        format: 'apollo-persisted-query-manifest',
        version: 1,
        operations: [{ id: 'x', name: 'Foreign', type: 'query', body: 'query Foreign { products { id } }' }],
      }),
    });
    await expect(createGateway(config)).rejects.toThrow(/^PERSISTED_OPERATIONS: operation Foreign does not validate against the schema: /);
  });
});
