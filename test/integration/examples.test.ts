import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClientSchema, getIntrospectionQuery, Kind, parse, validate, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { collect, connectWs, freePort, waitUntil, type WsConnection } from '../support/events.js';

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
      const definitions = parse(source).definitions;
      const operation = definitions.length === 1 && definitions[0].kind === Kind.OPERATION_DEFINITION ? definitions[0].operation : 'not one operation';
      return { file, source, variables, operation };
    });
}

const operations = examplesIn('examples');
const subscriptions = examplesIn('examples/subscriptions');
/** The area-B keys the embedded simulator seeded, for every channel an example names. */
const channelKeys = Object.fromEntries(
  [...operations, ...subscriptions]
    .map(({ variables }) => variables.channelId)
    .filter((channelId): channelId is string => typeof channelId === 'string')
    .map((channelId) => [channelId, `sim-key-${channelId}`]),
);

describe('examples/ against the simulator through the gateway', () => {
  let gateway: TestGateway;
  let schema: GraphQLSchema;

  beforeAll(async () => {
    const port = await freePort();
    // The gateway's own origin, so the simulator delivers the subscription example's events to it.
    gateway = await startTestGateway({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, CHANNEL_API_KEYS: JSON.stringify(channelKeys) });
    const { body } = await gateway.graphql<IntrospectionQuery>(getIntrospectionQuery());
    schema = buildClientSchema(body.data!);
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('holds at least 12 queries and mutations, a subscription per event kind and the conversation one, each file one operation', () => {
    expect(operations.length).toBeGreaterThanOrEqual(12);
    for (const { file, operation } of operations) expect([file, ['query', 'mutation'].includes(operation)]).toEqual([file, true]);
    expect(subscriptions.map(({ operation }) => operation)).toEqual(['subscription', 'subscription', 'subscription', 'subscription']);
  });

  it.each(operations)('$file answers without errors', async ({ source, variables }) => {
    const { status, body } = await gateway.graphql(source, variables);
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    expect(body.data).toEqual(expect.any(Object));
  });

  it.each(subscriptions)('$file validates against the gateway schema', ({ source }) => {
    expect(validate(schema, parse(source)).map((error) => error.message)).toEqual([]);
  });

  it('the messageReceived example delivers a message the simulator sends to the connected channel', async () => {
    const [connect] = operations.filter(({ file }) => file.endsWith('connect-webhook-to-gateway.graphql'));
    const [received] = subscriptions.filter(({ file }) => file.endsWith('message-received.graphql'));
    const channelId = received.variables.channelId as string;
    expect((await gateway.graphql(connect.source, { channelId })).body.errors).toBeUndefined();
    const connection: WsConnection = connectWs(gateway.url);
    try {
      const messages = collect(connection, received.source, received.variables, 'messageReceived');
      await waitUntil(() => gateway.gateway.services.events.subscriberCount('message', channelId) === 1);
      const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channelId, from: '4915112345678', text: 'Hello hubgraph' }),
      });
      expect(response.status).toBe(202);
      const [message] = await messages.atLeast(1);
      expect(message).toMatchObject({ channelId, from: '4915112345678', type: 'text', text: 'Hello hubgraph' });
    } finally {
      await connection.dispose();
    }
  });
});
