import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { createLogger } from '../../src/observability/logger.js';
import { ACME } from './gateway.js';

/** A second subgraph that extends Channel with its own field and points at Client and Partner. */
export const NOTES_SDL = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key", "@cost", "@listSize"])

  type Channel @key(fields: "id") {
    id: ID!
    notes: [String!]! @listSize(assumedSize: 3) @cost(weight: 2)
  }
  type Client @key(fields: "id", resolvable: false) {
    id: ID!
  }
  type Partner @key(fields: "id", resolvable: false) {
    id: ID!
  }
  type Note {
    text: String!
    channel: Channel!
    client: Client!
    partner: Partner!
  }
  type Query {
    notes: [Note!]! @listSize(assumedSize: 4)
  }
`);

const NOTES = [
  { text: 'first', channel: 'channel-001', client: 'client-001' },
  { text: 'second', channel: 'channel-002', client: 'client-001' },
  { text: 'again', channel: 'channel-001', client: 'client-001' },
  { text: 'other client', channel: 'channel-005', client: 'client-002' },
];

const notesSubgraph = buildSubgraphSchema([
  {
    typeDefs: NOTES_SDL,
    resolvers: {
      Query: {
        notes: () => NOTES.map((note) => ({ text: note.text, channel: { id: note.channel }, client: { id: note.client }, partner: { id: ACME.id } })),
      },
      Channel: {
        __resolveReference: (reference: { id: string }) => reference,
        notes: (channel: { id: string }) => [`note about ${channel.id}`],
      },
    },
  },
]);

/** The notes subgraph on an ephemeral port: the second subgraph of the supergraph tests. */
export async function startNotesSubgraph(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new ApolloServer({ schema: notesSubgraph, logger: createLogger('silent') });
  const { url } = await startStandaloneServer(server, { listen: { port: 0, host: '127.0.0.1' } });
  return { url, stop: () => server.stop() };
}
