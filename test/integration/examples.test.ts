import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClientSchema, getIntrospectionQuery, Kind, parse, validate, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { isOnPremise } from '../../simulator/state.js';
import { startEmbeddedGateway, type EmbeddedGateway } from '../support/embedded-gateway.js';
import { collect, connectWs, waitUntil, type WsConnection } from '../support/events.js';

interface Example {
  file: string;
  source: string;
  variables: Record<string, unknown>;
  operation: string;
}

/** Every `.graphql` of a folder with the variables of its same-named `.json` (none: no variables). */
function examplesIn(folder: string): Example[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => {
      const file = join(folder, name);
      const source = readFileSync(file, 'utf8');
      const variablesFile = file.replace(/\.graphql$/, '.json');
      const variables = existsSync(variablesFile) ? (JSON.parse(readFileSync(variablesFile, 'utf8')) as Record<string, unknown>) : {};
      // One operation, and the fragments it spreads (so the file runs as it is in the Sandbox).
      const definitions = parse(source).definitions;
      const operations = definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
      const onlyFragmentsBeside = definitions.every(
        (definition) => definition.kind === Kind.OPERATION_DEFINITION || definition.kind === Kind.FRAGMENT_DEFINITION,
      );
      const operation = operations.length === 1 && onlyFragmentsBeside ? operations[0].operation : 'not one operation';
      return { file, source, variables, operation };
    });
}

const operations = examplesIn('examples');
const subscriptions = examplesIn('examples/subscriptions');
/** Every channel an example's variables name, in the order the examples touch them. */
const touchedChannels = [
  ...new Set(operations.map(({ variables }) => variables.channelId).filter((channelId): channelId is string => typeof channelId === 'string')),
];

/**
 * The gateway as `npm start` runs it (embedded simulator, default PUBLIC_URL http://localhost:$PORT, every channel
 * connected): the examples run one after the other on one simulator state, as a reader trying them in turn would.
 */
describe('examples/ in order on the embedded simulator, then a message on every channel they touched', () => {
  let gateway: EmbeddedGateway;
  let schema: GraphQLSchema;
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(gateway.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] } };
  };

  beforeAll(async () => {
    gateway = await startEmbeddedGateway();
    const { body } = await graphql(getIntrospectionQuery());
    schema = buildClientSchema(body.data as unknown as IntrospectionQuery);
  });
  afterAll(async () => {
    await gateway.stop();
  });

  it('holds at least 12 queries and mutations, a subscription per event kind and the conversation one, each file one operation (with its fragments)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(12);
    for (const { file, operation } of operations) expect([file, ['query', 'mutation'].includes(operation)]).toEqual([file, true]);
    expect(subscriptions.map(({ operation }) => operation)).toEqual(['subscription', 'subscription', 'subscription', 'subscription']);
  });

  it.each(operations)('$file answers without errors', async ({ source, variables }) => {
    const { status, body } = await graphql(source, variables);
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    expect(body.data).toEqual(expect.any(Object));
  });

  it('the typed sends (an interactive kind each, a template with parameters) are recorded typed', async () => {
    const typed = operations.filter(({ file, source }) => /send-/.test(file) && /\.\.\. on (InteractiveContent|TemplateContent)/.test(source));
    expect(typed.length).toBeGreaterThanOrEqual(9);
    for (const { file, source, variables } of typed) {
      const { body } = await graphql(source, variables);
      const content = (body.data as { sendMessage: { record: { content: Record<string, unknown> } } }).sendMessage.record.content;
      expect([file, content.interactiveKind ?? content.parameters]).toEqual([file, expect.anything()]);
    }
  });

  it('create-api-key re-applied the webhook the new key removed, with its port, on a cloud channel', async () => {
    const [created] = operations.filter(({ file }) => file.endsWith('create-api-key.graphql'));
    const channelId = created.variables.channelId as string;
    expect(isOnPremise(gateway.simulator.state.channels.get(channelId))).toBe(false);
    expect(gateway.simulator.state.webhooks.get(channelId)?.url).toBe(`http://localhost:${new URL(gateway.url).port}/webhooks/${channelId}`);
  });

  it.each(subscriptions)('$file validates against the gateway schema', ({ source }) => {
    expect(validate(schema, parse(source)).map((error) => error.message)).toEqual([]);
  });

  it.each(touchedChannels)('the messageReceived example delivers a message the simulator sends to %s', async (channelId) => {
    const [received] = subscriptions.filter(({ file }) => file.endsWith('message-received.graphql'));
    const connection: WsConnection = connectWs(gateway.url);
    try {
      const messages = collect(connection, received.source, { ...received.variables, channelId }, 'messageReceived');
      await waitUntil(() => gateway.services.events.subscriberCount('message', channelId) === 1 || messages.errors.length > 0);
      expect(messages.errors).toEqual([]);
      const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channelId, from: '4915112345678', text: `Hello ${channelId}` }),
      });
      expect(response.status).toBe(202);
      const [message] = await messages.atLeast(1);
      expect(message).toMatchObject({ channelId, from: '4915112345678', type: 'text', text: `Hello ${channelId}` });
    } finally {
      await connection.dispose();
    }
  });
});
