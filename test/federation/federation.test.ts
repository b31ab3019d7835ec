import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { composeServices } from '@apollo/composition';
import { composeServices as composeServicesTheGuild } from '@theguild/federation-composition';
import { ApolloGateway } from '@apollo/gateway';
import { getNamedType, getNullableType, GraphQLList, GraphQLObjectType, Kind, parse, print, valueFromASTUntyped, type DocumentNode } from 'graphql';
import { createLogger } from '../../src/observability/logger.js';
import { buildSchema, loadTypeDefs } from '../../src/schema.js';
import { subgraphSdl } from '../../scripts/schema-registry.js';
import { ACME, startTestGateway, type TestGateway } from '../support/gateway.js';
import { NOTES_SDL, startNotesSubgraph } from '../support/notes-subgraph.js';

const ROOT = `/api/v2/partners/${ACME.id}`;
const silent = createLogger('silent');

/** The directives on one field of a composed supergraph as { name: arguments } (composers order them differently), join directives left out. */
function fieldDirectives(supergraph: DocumentNode, typeName: string, fieldName: string): Record<string, unknown> {
  for (const definition of supergraph.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION || definition.name.value !== typeName) continue;
    const field = definition.fields?.find((candidate) => candidate.name.value === fieldName);
    return (field?.directives ?? [])
      .filter((directive) => !directive.name.value.startsWith('join__'))
      .reduce<Record<string, unknown>>((directives, directive) => {
        const argumentsByName = (directive.arguments ?? []).map((argument): [string, unknown] => [argument.name.value, valueFromASTUntyped(argument.value)]);
        return { ...directives, [directive.name.value]: Object.fromEntries(argumentsByName) };
      }, {});
  }
  return {};
}

/** What this test uses of Hive Gateway's runtime (loaded by name: its declarations pull in the DOM lib, see router.test.ts). */
interface GatewayRuntime {
  fetch(url: string, init: { method: string; headers: Record<string, string>; body: string }): Promise<Response>;
  dispose(): Promise<void> | void;
}
const HIVE_GATEWAY_RUNTIME = '@graphql-hive/gateway-runtime';
const { createGatewayRuntime } = (await import(HIVE_GATEWAY_RUNTIME)) as { createGatewayRuntime: (config: Record<string, unknown>) => GatewayRuntime };

const COMPOSERS = [
  ['@apollo/composition', composeServices],
  ['@theguild/federation-composition', composeServicesTheGuild],
] as const;

describe('federation', () => {
  let hubgraph: TestGateway;
  let notes: Awaited<ReturnType<typeof startNotesSubgraph>>;
  let router: GatewayRuntime;
  /** One query through the supergraph router. */
  const routed = async (query: string) => {
    const response = await router.fetch('http://router.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] };
  };

  const services = () => [
    { name: 'hubgraph', typeDefs: parse(loadTypeDefs()), url: hubgraph.url },
    { name: 'notes', typeDefs: NOTES_SDL, url: notes.url },
  ];

  beforeAll(async () => {
    hubgraph = await startTestGateway({ CACHE_TTL_LISTING_MS: '0' });
    notes = await startNotesSubgraph();
    const composition = composeServices(services());
    if (composition.errors) throw new Error(composition.errors.map((error) => error.message).join('\n'));
    router = createGatewayRuntime({ supergraph: composition.supergraphSdl, logging: false });
  });
  beforeEach(() => hubgraph.simulator.recorder.clear());
  afterAll(async () => {
    await router.dispose();
    await notes.stop();
    await hubgraph.close();
  });

  it.each(COMPOSERS)('composes with a second subgraph through %s, demand-control directives of both carried into the supergraph', (_name, compose) => {
    const composition = compose(services());
    expect(composition.errors).toBeUndefined();
    const supergraph = parse(composition.supergraphSdl!);
    expect(print(supergraph)).toMatch(/@link\(url: "https:\/\/specs\.apollo\.dev\/cost\/v0\.1"/);
    expect(fieldDirectives(supergraph, 'Client', 'usage')).toEqual({ cost: { weight: 100 } });
    expect(fieldDirectives(supergraph, 'Partner', 'clients')).toEqual({
      listSize: { slicingArguments: ['limit'], sizedFields: ['nodes'], assumedSize: 100, requireOneSlicingArgument: false },
      cost: { weight: 10 },
    });
    expect(fieldDirectives(supergraph, 'ClientList', 'nodes')).toEqual({ listSize: { assumedSize: 1000 } });
    expect(fieldDirectives(supergraph, 'Channel', 'notes')).toEqual({ listSize: { assumedSize: 3 }, cost: { weight: 2 } });
    // The scope table reaches the supergraph: a router enforces what hubgraph enforces (docs/federation.md).
    expect(print(supergraph)).toMatch(/@link\(url: "https:\/\/specs\.apollo\.dev\/requiresScopes\/v0\.1", for: SECURITY\)/);
    expect(fieldDirectives(supergraph, 'Mutation', 'sendMessage')).toEqual({ authenticated: {}, requiresScopes: { scopes: [['hubgraph:send']] } });
    expect(fieldDirectives(supergraph, 'Mutation', 'updateClient')).toEqual({ authenticated: {}, requiresScopes: { scopes: [['hubgraph:admin']] } });
    expect(fieldDirectives(supergraph, 'Subscription', 'messageReceived')).toEqual({ authenticated: {}, requiresScopes: { scopes: [['hubgraph:read']] } });
    expect(fieldDirectives(supergraph, 'Query', 'viewer')).toEqual({ authenticated: {} });
    expect(fieldDirectives(supergraph, 'Partner', 'auditTrail')).toMatchObject({ requiresScopes: { scopes: [['hubgraph:admin']] } });
    expect(composition.supergraphSdl).toMatch(/type Channel\s+[^{]*@requiresScopes\(scopes: \[\["hubgraph:read"\]\]\)/);
    // Entity keys stay: Channel is resolvable by id in both subgraphs.
    expect(composition.supergraphSdl).toMatch(/type Channel\s+@join__type\(graph: HUBGRAPH, key: "id"\)\s+@join__type\(graph: NOTES, key: "id"\)/);
  });

  it('is refused by @apollo/gateway, which enforces no authorization directive: it will not serve a supergraph it cannot secure', async () => {
    const composition = composeServices(services());
    await expect(new ApolloGateway({ supergraphSdl: composition.supergraphSdl!, logger: silent }).load()).rejects.toThrow(
      /requiresScopes\/v0\.1 is for: SECURITY but is unsupported/,
    );
  });

  it('links Federation v2.9 and puts @listSize on every list field, slicing by limit and sizing the nodes of paged lists', () => {
    const sdl = subgraphSdl();
    expect(sdl).toContain(
      '@link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key", "@cost", "@listSize", "@authenticated", "@requiresScopes"])',
    );
    const withoutListSize: string[] = [];
    const schema = buildSchema();
    for (const type of Object.values(schema.getTypeMap())) {
      if (!(type instanceof GraphQLObjectType) || type.name.startsWith('_')) continue;
      for (const field of Object.values(type.getFields())) {
        if (field.name.startsWith('_')) continue; // _entities: Federation's own, sized by the router's batch
        const named = getNamedType(field.type);
        const pagedNodes = named instanceof GraphQLObjectType ? named.getFields().nodes : undefined;
        const isList = getNullableType(field.type) instanceof GraphQLList;
        if (!isList && !pagedNodes) continue;
        const listSize = field.astNode?.directives?.find((directive) => directive.name.value === 'listSize');
        if (!listSize) {
          withoutListSize.push(`${type.name}.${field.name}`);
          continue;
        }
        const text = print(listSize);
        if (pagedNodes) expect([`${type.name}.${field.name}`, text]).toEqual([`${type.name}.${field.name}`, expect.stringContaining('sizedFields: ["nodes"]')]);
        if (field.args.some((argument) => argument.name === 'limit')) {
          expect([`${type.name}.${field.name}`, text]).toEqual([`${type.name}.${field.name}`, expect.stringContaining('slicingArguments: ["limit"]')]);
        }
      }
    }
    expect(withoutListSize).toEqual([]);
  });

  it('publishes its SDL with @key entities through _service', async () => {
    const { body } = await hubgraph.graphql<{ _service: { sdl: string } }>('{ _service { sdl } }');
    const sdl = body.data?._service.sdl ?? '';
    for (const type of ['Partner', 'Client', 'Channel']) expect(sdl).toMatch(new RegExp(`type ${type}\\s+@key\\(fields: "id"\\)`));
    expect(hubgraph.simulator.recorder.requests).toEqual([]);
  });

  it('resolves fields of both subgraphs in one query through the gateway', async () => {
    const result = await routed('{ channel(id: "channel-003") { id hosting phoneNumber notes client { name } } }');
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      channel: {
        id: 'channel-003',
        hosting: 'ON_PREMISE',
        phoneNumber: '+49 30 5550002',
        notes: ['note about channel-003'],
        client: { name: 'Northwind Traders' },
      },
    });
  });

  it('resolves Partner, Client and Channel entities through the same loaders: each distinct upstream request once', async () => {
    const result = await routed(`{ notes {
      text
      channel { id hubStatus displayName notes client { id } }
      client { id name }
      partner { id clients(limit: 1) { total } }
    } }`);
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      notes: [
        {
          text: 'first',
          channel: {
            id: 'channel-001',
            hubStatus: 'LIVE',
            displayName: 'Northwind Traders Support',
            notes: ['note about channel-001'],
            client: { id: 'client-001' },
          },
          client: { id: 'client-001', name: 'Northwind Traders' },
          partner: { id: ACME.id, clients: { total: 6 } },
        },
        {
          text: 'second',
          channel: {
            id: 'channel-002',
            hubStatus: 'DRAFT',
            displayName: 'Northwind Traders Line 2',
            notes: ['note about channel-002'],
            client: { id: 'client-001' },
          },
          client: { id: 'client-001', name: 'Northwind Traders' },
          partner: { id: ACME.id, clients: { total: 6 } },
        },
        {
          text: 'again',
          channel: {
            id: 'channel-001',
            hubStatus: 'LIVE',
            displayName: 'Northwind Traders Support',
            notes: ['note about channel-001'],
            client: { id: 'client-001' },
          },
          client: { id: 'client-001', name: 'Northwind Traders' },
          partner: { id: ACME.id, clients: { total: 6 } },
        },
        {
          text: 'other client',
          channel: {
            id: 'channel-005',
            hubStatus: 'UNREGISTERED',
            displayName: 'Blue Harbor Clinic Support',
            notes: ['note about channel-005'],
            client: { id: 'client-002' },
          },
          client: { id: 'client-002', name: 'Blue Harbor Clinic' },
          partner: { id: ACME.id, clients: { total: 6 } },
        },
      ],
    });
    // The router sends the entity fetches in one or more subgraph operations (Hive Gateway batches them); within each,
    // no request is repeated.
    const byOperation = new Map<string, string[]>();
    for (const request of hubgraph.simulator.recorder.requests) {
      const operation = String(request.headers['x-request-id']);
      const sent = `${request.method} ${request.path} ${JSON.stringify(request.query)}`;
      byOperation.set(operation, [...(byOperation.get(operation) ?? []), sent]);
    }
    expect(byOperation.size).toBeGreaterThanOrEqual(1);
    for (const sent of byOperation.values()) expect(new Set(sent).size).toBe(sent.length);
    const requests = [...new Set([...byOperation.values()].flat())];
    expect(requests.sort()).toEqual(
      [
        `GET ${ROOT}/channels ${JSON.stringify({ filters: JSON.stringify({ id: 'channel-001' }) })}`,
        `GET ${ROOT}/channels ${JSON.stringify({ filters: JSON.stringify({ id: 'channel-002' }) })}`,
        `GET ${ROOT}/channels ${JSON.stringify({ filters: JSON.stringify({ id: 'channel-005' }) })}`,
        `GET ${ROOT}/clients ${JSON.stringify({ filters: JSON.stringify({ id: 'client-001' }) })}`,
        `GET ${ROOT}/clients ${JSON.stringify({ filters: JSON.stringify({ id: 'client-002' }) })}`,
        `GET ${ROOT}/clients ${JSON.stringify({ limit: '1' })}`,
      ].sort(),
    );
  });

  it('answers _entities directly, null for an unknown id', async () => {
    const { body } = await hubgraph.graphql<{ _entities: unknown[] }>(
      `query ($representations: [_Any!]!) { _entities(representations: $representations) {
        ... on Partner { id } ... on Client { id name } ... on Channel { id clientId }
      } }`,
      {
        representations: [
          { __typename: 'Partner', id: ACME.id },
          { __typename: 'Client', id: 'client-003' },
          { __typename: 'Channel', id: 'channel-010' },
          { __typename: 'Channel', id: 'channel-999' },
        ],
      },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?._entities).toEqual([
      { id: ACME.id },
      { id: 'client-003', name: 'Evergreen Academy' },
      { id: 'channel-010', clientId: 'client-003' },
      null,
    ]);
    expect(hubgraph.simulator.recorder.requests).toHaveLength(3);
  });
});
