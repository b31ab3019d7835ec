import { describe, expect, it } from '@jest/globals';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { execute, Kind, parse, subscribe, valueFromASTUntyped, type ConstDirectiveNode, type ExecutionResult } from 'graphql';
import { ALL_SCOPES, type Scope } from '../../src/identity/actor.js';
import { enforceScopes } from '../../src/identity/scopes.js';
import { buildSchema, loadTypeDefs } from '../../src/schema.js';
import { subgraphSdl } from '../../scripts/schema-registry.js';

const ROOTS = ['Query', 'Mutation', 'Subscription'];

/** Every root field as the SDL files write it (extensions included): its coordinate and its directives. */
function rootFields(): Array<{ coordinate: string; directives: readonly ConstDirectiveNode[] }> {
  return parse(loadTypeDefs()).definitions.flatMap((definition) =>
    (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) && ROOTS.includes(definition.name.value)
      ? (definition.fields ?? []).map((field) => ({ coordinate: `${definition.name.value}.${field.name.value}`, directives: field.directives ?? [] }))
      : [],
  );
}

const scopesOf = (directives: readonly ConstDirectiveNode[]) => {
  const node = directives.find((directive) => directive.name.value === 'requiresScopes');
  return node ? valueFromASTUntyped(node.arguments![0].value) : undefined;
};

/** The contract's table (README v5 "people, not tokens") and the choices of docs/decisions.md, pinned field by field. */
const MUTATION_SCOPES: Record<string, Scope> = {
  sendMessage: 'hubgraph:send',
  uploadMedia: 'hubgraph:send',
  deleteMedia: 'hubgraph:manage',
  createLimitedTimeOfferTemplate: 'hubgraph:manage',
  setProfilePhoto: 'hubgraph:manage',
  deleteProfilePhoto: 'hubgraph:manage',
  updateBusinessProfile: 'hubgraph:manage',
  setWebhook: 'hubgraph:manage',
  setWabaWebhook: 'hubgraph:manage',
  connectWebhookToGateway: 'hubgraph:manage',
  connectWabaWebhookToGateway: 'hubgraph:manage',
  blockContact: 'hubgraph:manage',
  unblockContact: 'hubgraph:manage',
  reportContact: 'hubgraph:manage',
  createApiKey: 'hubgraph:manage',
  enableLocalStorage: 'hubgraph:manage',
  disableLocalStorage: 'hubgraph:manage',
  renameInsightsSource: 'hubgraph:manage',
  exportInsightsContacts: 'hubgraph:manage',
  requestChannelCancellation: 'hubgraph:admin',
  setDefaultDataLocalizationRegion: 'hubgraph:admin',
  updateClient: 'hubgraph:admin',
  updatePartnerSettings: 'hubgraph:admin',
};

describe('the scope table in the SDL', () => {
  it('puts @authenticated on every root field and @requiresScopes on every one but Query.viewer: a new field without them fails here', () => {
    const fields = rootFields();
    expect(fields.length).toBeGreaterThan(30);
    const unmarked = fields.filter(({ directives }) => !directives.some((directive) => directive.name.value === 'authenticated'));
    expect(unmarked.map(({ coordinate }) => coordinate)).toEqual([]);
    const unscoped = fields.filter(({ coordinate, directives }) => coordinate !== 'Query.viewer' && scopesOf(directives) === undefined);
    expect(unscoped.map(({ coordinate }) => coordinate)).toEqual([]);
    expect(scopesOf(fields.find(({ coordinate }) => coordinate === 'Query.viewer')!.directives)).toBeUndefined();
  });

  it('maps every query and subscription to hubgraph:read and every mutation as the contract table says', () => {
    const expected = (coordinate: string) => {
      const [root, name] = coordinate.split('.');
      return [[root === 'Mutation' ? MUTATION_SCOPES[name] : 'hubgraph:read']];
    };
    const mapped = rootFields().filter(({ coordinate }) => coordinate !== 'Query.viewer');
    for (const { coordinate, directives } of mapped) expect([coordinate, scopesOf(directives)]).toEqual([coordinate, expected(coordinate)]);
    expect(mapped.filter(({ coordinate }) => coordinate.startsWith('Mutation.')).length).toBe(Object.keys(MUTATION_SCOPES).length);
  });

  it('keeps both directives in the subgraph SDL a router composes (_service { sdl }), on the root fields and on the entity types', () => {
    const sdl = subgraphSdl();
    expect(sdl).toContain('import: ["@key", "@cost", "@listSize", "@authenticated", "@requiresScopes"]');
    expect(sdl).toMatch(/\): SentMessage! @authenticated @requiresScopes\(scopes: \[\["hubgraph:send"\]\]\)/);
    expect(sdl).toMatch(/viewer: Viewer! @authenticated\n/);
    for (const entity of ['Partner', 'Client', 'Channel']) {
      expect(sdl).toMatch(new RegExp(`type ${entity}\\s+@key\\(fields: "id"\\)\\s+@requiresScopes\\(scopes: \\[\\["hubgraph:read"\\]\\]\\)`));
    }
  });
});

describe('the gateway reads the directives (enforceScopes)', () => {
  const schema = buildSchema();
  const run = (query: string, scopes: Iterable<Scope>, variables?: Record<string, unknown>) =>
    execute({ schema, document: parse(query), variableValues: variables, contextValue: { caller: { scopes: new Set(scopes) } } }) as Promise<ExecutionResult>;

  it('refuses a root field without its scope with FORBIDDEN (403) naming the field and the missing scope, before its resolver', async () => {
    const answer = await run('mutation { sendMessage(channelId: "ch-1", input: { to: "+491510000", text: { body: "hi" } }) { id } }', ['hubgraph:read']);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0].message).toBe('Mutation.sendMessage needs the scope hubgraph:send; missing: hubgraph:send (the caller holds: hubgraph:read)');
    expect(answer.errors![0].extensions).toEqual({ code: 'FORBIDDEN', missingScopes: ['hubgraph:send'], http: { status: 403 } });
  });

  it('checks the scopes before the arguments: a caller without them learns nothing from the id checks', async () => {
    const answer = await run('{ channel(id: "../x") { id } }', []);
    expect(answer.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN', missingScopes: ['hubgraph:read'] });
  });

  it('holds a field answering an entity type to that type’s rule: an admin without read cannot read the Client it updates', async () => {
    const answer = await run('mutation { updateClient(clientId: "c1", input: { partnerPayload: "x" }) { id } }', ['hubgraph:admin']);
    expect(answer.errors![0].message).toMatch(/^Mutation\.updateClient needs the scope hubgraph:read \(to read the Client it answers\)/);
    expect(answer.errors![0].extensions?.missingScopes).toEqual(['hubgraph:read']);
  });

  it('refuses _entities without hubgraph:read (it answers Partner, Client and Channel entities)', async () => {
    const answer = await run('query ($r: [_Any!]!) { _entities(representations: $r) { ... on Channel { id } } }', ['hubgraph:send'], {
      r: [{ __typename: 'Channel', id: 'ch-1' }],
    });
    expect(answer.errors![0].message).toMatch(/^Query\._entities needs the scope hubgraph:read \(to read the .*Channel.* it answers\)/);
  });

  it('refuses a subscription when it starts', async () => {
    const answer = (await subscribe({
      schema,
      document: parse('subscription { messageReceived(channelId: "ch-1") { id } }'),
      contextValue: { caller: { scopes: new Set(['hubgraph:send', 'hubgraph:manage']) } },
    })) as ExecutionResult;
    expect(answer.errors![0].extensions).toMatchObject({ code: 'FORBIDDEN', missingScopes: ['hubgraph:read'] });
  });

  it('asks nothing of _service and lets viewer through for any identified caller', async () => {
    expect((await run('{ _service { sdl } }', [])).errors).toBeUndefined();
    const viewer = await run('{ viewer { scopes } }', []);
    expect(viewer.errors).toBeUndefined();
  });

  it('lets a service (every scope) through to the resolver', async () => {
    const answer = await run('{ _service { sdl } }', ALL_SCOPES);
    expect(answer.errors).toBeUndefined();
  });

  it('reads OR of ANDs and names the closest set; refuses an unknown scope when the schema is built', async () => {
    const sdl = (scopes: string) => `
      extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@requiresScopes"])
      type Query { probe: String @requiresScopes(scopes: ${scopes}) }`;
    const probe = enforceScopes(
      buildSubgraphSchema({ typeDefs: parse(sdl('[["hubgraph:read", "hubgraph:send"], ["hubgraph:admin"]]')), resolvers: { Query: { probe: () => 'ok' } } }),
    );
    const ask = (scopes: Scope[]) =>
      execute({ schema: probe, document: parse('{ probe }'), contextValue: { caller: { scopes: new Set(scopes) } } }) as ExecutionResult;
    expect(ask(['hubgraph:read', 'hubgraph:send']).data).toEqual({ probe: 'ok' });
    expect(ask(['hubgraph:admin']).data).toEqual({ probe: 'ok' });
    const refused = ask(['hubgraph:read']);
    expect(refused.errors![0].message).toMatch(/needs the scope hubgraph:read and hubgraph:send, or hubgraph:admin; missing: hubgraph:send/);
    expect(refused.errors![0].extensions?.missingScopes).toEqual(['hubgraph:send']);
    expect(() => enforceScopes(buildSubgraphSchema({ typeDefs: parse(sdl('[["hubgraph:raed"]]')) }))).toThrow(
      '@requiresScopes on Query.probe names an unknown scope',
    );
  });
});
