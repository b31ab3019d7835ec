import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { Kind, parse, type GraphQLResolveInfo } from 'graphql';
import { request } from 'undici';
import { loadTypeDefs } from '../../src/schema.js';
import type { RecordedOperation, ReplayRequest } from '../support/upstream.js';

/**
 * The floor of scenarios 2, 3 and 4: the smallest Apollo Server that answers the cached listing
 * query the same way (same fields, enum mapping from the same upstream page, held in memory), on
 * bare node:http through Apollo's integration API, as the gateway serves /graphql, and nothing
 * else: no auth, cache, plugins, logs or body checks. (Apollo's standalone server runs Express 4 in
 * front, which the gateway does not.) What it reaches is the most any Apollo-based gateway can
 * reach for that query on this machine.
 *
 * Given operations in FLOOR_REPLAY_FILE (the gateway ran them: their query, the upstream requests they made
 * as recorded at the simulator, and the data they answered), it serves the gateway's own schema
 * instead: for a known query it makes the same upstream requests from its resolvers (round trips in
 * sequence, the requests of one round trip in parallel; undici's keep-alive pool and a JSON parse of
 * every answer) and answers the data the gateway answered, through graphql-js's default resolvers.
 * So it pays what any gateway on Apollo Server pays for the operation (the hop, Apollo's pipeline,
 * the calls, completing the same result) and nothing of the gateway's own work.
 */
interface ChannelRecord {
  id: string;
  hub_status?: string;
  account_mode?: string;
  setup_info?: { phone_number?: string; phone_name?: string };
  integration?: { hosting_platform_type?: string };
}

const page = JSON.parse(readFileSync(process.env.FLOOR_PAGE_FILE!, 'utf8')) as { total: number; partner_channels: ChannelRecord[] };

/** The gateway's operations by query text (FLOOR_REPLAY_FILE); none: the listing floor. */
const operations = new Map(Object.entries(JSON.parse(readFileSync(process.env.FLOOR_REPLAY_FILE!, 'utf8')) as Record<string, RecordedOperation>));
const upstream = process.env.FLOOR_UPSTREAM!;

async function replayed(call: ReplayRequest): Promise<void> {
  const answer = await request(`${upstream}${call.path}`, { method: call.method as 'GET', headers: call.headers, body: call.body ?? null });
  const text = await answer.body.text();
  if (answer.statusCode >= 300) throw new Error(`${call.method} ${call.path} answered ${answer.statusCode}: ${text.slice(0, 200)}`);
  JSON.parse(text);
}

interface OperationContext {
  answered?: Promise<Record<string, unknown>>;
}

/** The recorded operation's upstream requests, made once per request; then its recorded data. */
function answered(context: OperationContext, info: GraphQLResolveInfo): Promise<Record<string, unknown>> {
  context.answered ??= (async () => {
    const operation = operations.get(info.operation.loc!.source.body);
    if (!operation) throw new Error('not an operation the gateway ran');
    for (const calls of operation.roundTrips) await Promise.all(calls.map(replayed));
    return operation.data;
  })();
  return context.answered;
}

/** The gateway's schema with every root field and entity answered from the recorded operation. */
function gatewaySchemaOverRecordings() {
  const typeDefs = parse(loadTypeDefs());
  const resolvers: Record<string, Record<string, unknown>> = {};
  for (const definition of typeDefs.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const name = definition.name.value;
    const forType = (resolvers[name] ??= {});
    if (name === 'Query' || name === 'Mutation') {
      for (const field of definition.fields ?? []) {
        forType[field.name.value] = async (_root: unknown, _args: unknown, context: OperationContext, info: GraphQLResolveInfo) =>
          (await answered(context, info))[info.path.key as string];
      }
    }
    if (definition.directives?.some((directive) => directive.name.value === 'key')) {
      forType.__resolveReference = async (reference: { id: string }, context: OperationContext, info: GraphQLResolveInfo) =>
        ((await answered(context, info))._entities as Array<{ id?: string }>).find((entity) => entity?.id === reference.id);
    }
  }
  return buildSubgraphSchema([{ typeDefs, resolvers: resolvers as never }]);
}

const typeDefs = `#graphql
  enum HubStatus { DRAFT LIVE SANDBOX PENDING_DELETION UNREGISTERED DONE PENDING UNKNOWN }
  enum Hosting { CLOUD ON_PREMISE UNKNOWN }
  type Channel { id: ID! hubStatus: HubStatus! hosting: Hosting! phoneNumber: String displayName: String accountMode: String }
  type ChannelConnection { total: Int! count: Int! nodes: [Channel!]! }
  type Partner { channels(limit: Int): ChannelConnection! }
  type Query { partner: Partner! }
`;

const resolvers = {
  Query: { partner: () => ({}) },
  Partner: {
    channels: async (_partner: unknown, { limit }: { limit?: number }) => {
      const nodes = page.partner_channels.slice(0, limit ?? 50);
      return { total: page.total, count: nodes.length, nodes };
    },
  },
  Channel: {
    hubStatus: (channel: ChannelRecord) => channel.hub_status?.toUpperCase() ?? 'UNKNOWN',
    hosting: (channel: ChannelRecord) => ({ net_cloud_api: 'CLOUD', net_hosting: 'ON_PREMISE' })[channel.integration?.hosting_platform_type ?? ''] ?? 'UNKNOWN',
    phoneNumber: (channel: ChannelRecord) => channel.setup_info?.phone_number ?? null,
    displayName: (channel: ChannelRecord) => channel.setup_info?.phone_name ?? null,
    accountMode: (channel: ChannelRecord) => channel.account_mode ?? null,
  },
};

const apollo = new ApolloServer<OperationContext>(operations.size > 0 ? { schema: gatewaySchemaOverRecordings() } : { typeDefs, resolvers });
await apollo.start();

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = request.method === 'POST' ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown) : undefined;
    void apollo
      .executeHTTPGraphQLRequest({ httpGraphQLRequest: { method: request.method!, headers, search: '', body }, context: async () => ({}) })
      .then((answer) => {
        for (const [name, value] of answer.headers) response.setHeader(name, value);
        response.statusCode = answer.status ?? 200;
        response.end(answer.body.kind === 'complete' ? answer.body.string : '');
      });
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write(`floor ready at http://127.0.0.1:${process.env.PORT}/\n`));
process.once('SIGTERM', () => void apollo.stop().then(() => server.close(() => process.exit(0))));
