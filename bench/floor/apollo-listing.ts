import { readFileSync } from 'node:fs';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';

/**
 * The floor of scenario 3: the smallest Apollo Server that answers the cached listing query the
 * same way (same fields, enum mapping from the same upstream page, held in memory), with
 * Apollo's own standalone HTTP server and nothing else: no auth, cache, plugins or logs. What it
 * reaches is the most any Apollo-based gateway can reach for that query on this machine.
 */
interface ChannelRecord {
  id: string;
  hub_status?: string;
  account_mode?: string;
  setup_info?: { phone_number?: string; phone_name?: string };
  integration?: { hosting_platform_type?: string };
}

const page = JSON.parse(readFileSync(process.env.FLOOR_PAGE_FILE!, 'utf8')) as { total: number; partner_channels: ChannelRecord[] };

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
    hosting: (channel: ChannelRecord) =>
      ({ net_cloud_api: 'CLOUD', net_hosting: 'ON_PREMISE' })[channel.integration?.hosting_platform_type ?? ''] ?? 'UNKNOWN',
    phoneNumber: (channel: ChannelRecord) => channel.setup_info?.phone_number ?? null,
    displayName: (channel: ChannelRecord) => channel.setup_info?.phone_name ?? null,
    accountMode: (channel: ChannelRecord) => channel.account_mode ?? null,
  },
};

const server = new ApolloServer({ typeDefs, resolvers });
const { url } = await startStandaloneServer(server, { listen: { host: '127.0.0.1', port: Number(process.env.PORT) } });
process.stdout.write(`floor ready at ${url}\n`);
process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
