import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { request } from 'undici';
import type { ReplayRequest } from '../support/upstream.js';

/**
 * The floor of scenarios 2, 3 and 4: the smallest Apollo Server that answers the cached listing
 * query the same way (same fields, enum mapping from the same upstream page, held in memory), on
 * bare node:http through Apollo's integration API, as the gateway serves /graphql, and nothing
 * else: no auth, cache, plugins, logs or body checks. (Apollo's standalone server runs Express 4 in
 * front, which the gateway does not.) What it reaches is the most any Apollo-based gateway can
 * reach for that query on this machine.
 *
 * `replay(operation)` makes the upstream requests a gateway operation made (recorded at the
 * simulator: round trips in sequence, the requests of one round trip in parallel) from its
 * resolver, with undici's keep-alive pool and a JSON parse of every answer: the floor of an
 * operation that needs those calls, for any gateway built on Apollo Server and undici. It answers
 * with a count, not the operation's selection, so what graphql-js spends completing the gateway's
 * larger result counts against the gateway: the floor is a lower bound.
 */
interface ChannelRecord {
  id: string;
  hub_status?: string;
  account_mode?: string;
  setup_info?: { phone_number?: string; phone_name?: string };
  integration?: { hosting_platform_type?: string };
}

const page = JSON.parse(readFileSync(process.env.FLOOR_PAGE_FILE!, 'utf8')) as { total: number; partner_channels: ChannelRecord[] };

/** Per operation name: its round trips in sequence, each a list of requests sent in parallel. */
const replays = JSON.parse(readFileSync(process.env.FLOOR_REPLAY_FILE!, 'utf8')) as Record<string, ReplayRequest[][]>;
const upstream = process.env.FLOOR_UPSTREAM!;

async function replayed(call: ReplayRequest): Promise<number> {
  const answer = await request(`${upstream}${call.path}`, { method: call.method as 'GET', headers: call.headers, body: call.body ?? null });
  const text = await answer.body.text();
  if (answer.statusCode >= 300) throw new Error(`${call.method} ${call.path} answered ${answer.statusCode}: ${text.slice(0, 200)}`);
  JSON.parse(text);
  return text.length;
}

const typeDefs = `#graphql
  enum HubStatus { DRAFT LIVE SANDBOX PENDING_DELETION UNREGISTERED DONE PENDING UNKNOWN }
  enum Hosting { CLOUD ON_PREMISE UNKNOWN }
  type Channel { id: ID! hubStatus: HubStatus! hosting: Hosting! phoneNumber: String displayName: String accountMode: String }
  type ChannelConnection { total: Int! count: Int! nodes: [Channel!]! }
  type Partner { channels(limit: Int): ChannelConnection! }
  type Query {
    partner: Partner!
    "Bytes of the answers to the operation's replayed upstream requests."
    replay(operation: String!): Int!
  }
`;

const resolvers = {
  Query: {
    partner: () => ({}),
    replay: async (_root: unknown, { operation }: { operation: string }) => {
      const roundTrips = replays[operation];
      if (!roundTrips) throw new Error(`no recorded requests for ${operation}`);
      let bytes = 0;
      for (const calls of roundTrips) for (const size of await Promise.all(calls.map(replayed))) bytes += size;
      return bytes;
    },
  },
  Partner: {
    channels: async (_partner: unknown, { limit }: { limit?: number }) => {
      const nodes = page.partner_channels.slice(0, limit ?? 50);
      return { total: page.total, count: nodes.length, nodes };
    },
  },
  Channel: {
    hubStatus: (channel: ChannelRecord) => channel.hub_status?.toUpperCase() ?? 'UNKNOWN',
    hosting: (channel: ChannelRecord) =>
      ({ net_cloud_api: 'CLOUD', net_hosting: 'ON_PREMISE' })[channel.integration?.hosting_platform_type ?? ''] ?? 'UNKNOWN',
    phoneNumber: (channel: ChannelRecord) => channel.setup_info?.phone_number ?? null,
    displayName: (channel: ChannelRecord) => channel.setup_info?.phone_name ?? null,
    accountMode: (channel: ChannelRecord) => channel.account_mode ?? null,
  },
};

const apollo = new ApolloServer({ typeDefs, resolvers });
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
