import { describe, expect, it } from '@jest/globals';
import { getNamedType, getOperationAST, isObjectType, isUnionType, parse, validate, type GraphQLObjectType } from 'graphql';
import { actualQueryCost, estimateQueryCost } from '../../src/http/query-cost.js';
import { loadConfig } from '../../src/config.js';
import { buildSchema } from '../../src/schema.js';

const schema = buildSchema();
const DEFAULT_MAX = loadConfig({}).queryLimits.maxCost;

function cost(query: string, variables?: Record<string, unknown>): number {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  return estimateQueryCost(schema, document, getOperationAST(document)!, variables);
}

function actual(query: string, data: Record<string, unknown>): number {
  const document = parse(query);
  expect(validate(schema, document)).toEqual([]);
  return actualQueryCost(schema, document, getOperationAST(document)!, data);
}

/** An expensive query made of cheap parts: 15 aliases of a 1,000-channel listing. */
const FIFTEEN_LISTINGS = `{ ${Array.from({ length: 15 }, (_, index) => `a${index}: partner { channels(limit: 1000) { total nodes { id status } } }`).join(' ')} }`;

/** A front-end inbox page: 50 conversations with their last message and window, 100 events of every kind. */
const INBOX_PAGE = `query Inbox($channelId: ID!) {
  channel(id: $channelId) {
    id
    conversations(first: 50) {
      nodes {
        id contact contactName lastActivityAt
        serviceWindow { state closesAt lastInboundAt }
        lastMessage { id direction type at status statuses { status timestamp errors { code title } } }
      }
      endCursor hasMore
    }
    events(first: 100) {
      nodes {
        ... on InboundMessage { cursor id from type text timestamp contactName }
        ... on MessageStatusEvent { cursor messageId status recipientId timestamp errors { code title details } }
        ... on ChannelErrorEvent { cursor code title details }
      }
      endCursor hasMore
    }
  }
}`;

/** Every field of an object type, object fields with their own fields (two levels), arguments left out. */
function everyField(type: GraphQLObjectType, depth = 2): string {
  return Object.values(type.getFields())
    .filter((field) => field.args.every((argument) => argument.type.toString().endsWith('!') === false))
    .map((field) => {
      const named = getNamedType(field.type);
      if (isObjectType(named)) return depth > 0 ? `${field.name} { ${everyField(named, depth - 1)} }` : '';
      if (isUnionType(named)) return '';
      return field.name;
    })
    .filter(Boolean)
    .join(' ');
}

/** A selection of every member of the MessageContent union with all their fields. */
function everyContentMember(): string {
  const union = schema.getType('MessageContent');
  if (!isUnionType(union)) throw new Error('MessageContent is not a union');
  return (
    union
      .getTypes()
      // Aliased by member: members share field names of different types (body, kind, name, text).
      .map(
        (member) =>
          `... on ${member.name} { ${everyField(member).replace(/(^|\s|\{ )([a-z]\w*)(?= \{|\s|$)/g, (_, before: string, name: string) => `${before}${member.name}_${name}: ${name}`)} }`,
      )
      .join(' ')
  );
}

describe('query cost from @cost and @listSize', () => {
  it('passes the real-traffic inbox page: 50 conversations with their last message (preview, every content member) and window, 100 events with every content member', () => {
    const content = everyContentMember();
    const inbox = `query ($channelId: ID!) { channel(id: $channelId) {
      conversations(first: 50) { nodes { id contact serviceWindow { state closesAt } lastMessage { id preview content { __typename ${content} } } } }
    } }`;
    const events = `query ($channelId: ID!) { channel(id: $channelId) { events(first: 100) { nodes {
      ... on InboundMessage { id preview content { __typename ${content} } }
    } } } }`;
    expect(cost(inbox, { channelId: 'c' })).toBeLessThanOrEqual(DEFAULT_MAX);
    expect(cost(events, { channelId: 'c' })).toBeLessThanOrEqual(DEFAULT_MAX);
  });

  it('refuses 15 listings of 1,000 channels at the default limit, and passes one', () => {
    expect(cost(FIFTEEN_LISTINGS)).toBe(15 * (1 + 10 + 1000));
    expect(cost(FIFTEEN_LISTINGS)).toBeGreaterThan(DEFAULT_MAX);
    expect(cost('{ partner { channels(limit: 1000) { nodes { id status } } } }')).toBeLessThanOrEqual(DEFAULT_MAX);
  });

  it('passes an inbox page at the default limit', () => {
    // channel 10; conversations page 1 + 50 × (conversation 1, window 1, last message 1 + 4 statuses × (1 + 1 error));
    // events page 1 + 100 × the costliest member (a status with its one error: 2).
    expect(cost(INBOX_PAGE, { channelId: 'c' })).toBe(10 + 1 + 50 * (1 + 1 + 1 + 4 * 2) + 1 + 100 * 2);
    expect(cost(INBOX_PAGE, { channelId: 'c' })).toBeLessThanOrEqual(DEFAULT_MAX);
  });

  it('sizes a list by its slicing argument, from a variable too, else by its assumed size', () => {
    const listing = 'query ($n: Int) { partner { channels(limit: $n) { nodes { id client { id } } } } }';
    expect(cost(listing, { n: 5 })).toBe(1 + 10 + 5 * (1 + 10));
    expect(cost(listing, { n: 1000 })).toBe(1 + 10 + 1000 * (1 + 10));
    // Without limit: the listing's assumed size, the upstream's default page (not stated by the spec), 100.
    expect(cost(listing, {})).toBe(1 + 10 + 100 * (1 + 10));
    expect(cost('{ partner { channels(limit: 0) { nodes { id } } } }')).toBe(1 + 10);
    expect(cost('query ($first: Int) { channel(id: "c") { events(first: $first) { nodes { ... on InboundMessage { id } } } } }', { first: 7 })).toBe(
      10 + 1 + 7 * 1,
    );
  });

  it("takes an omitted slicing argument's schema default (events first = 50)", () => {
    expect(cost('{ channel(id: "c") { events { nodes { ... on InboundMessage { id } } } } }')).toBe(10 + 1 + 50);
  });

  it("pays a list's own @cost once (the one call that fetches it), its items 1 each", () => {
    expect(cost('{ partner { clients(limit: 6) { nodes { manageableChannels { id } } } } }')).toBe(1 + 10 + 6 * (1 + 10 + 10 * 1));
  });

  it('counts a scalar nothing, an object 1 or its @cost weight', () => {
    expect(cost('{ partner { id } }')).toBe(1);
    expect(cost('{ channel(id: "c") { id } }')).toBe(10);
    expect(cost('{ channel(id: "c") { businessProfile { websites } } }')).toBe(10 + 10);
  });

  it('counts a fragment wherever it is spread, each time, multiplied by the lists around it', () => {
    const fragment = 'fragment Row on Channel { id client { id } }';
    expect(cost(`{ partner { channels(limit: 3) { nodes { ...Row ...Row } } } } ${fragment}`)).toBe(1 + 10 + 3 * (1 + 10 + 10));
    expect(cost(`{ partner { channels(limit: 3) { nodes { ... on Channel { id client { id } } } } } }`)).toBe(1 + 10 + 3 * (1 + 10));
  });

  it('costs a selection on a union as its costliest member, not the sum of its fragments', () => {
    const events = (members: string) => cost(`{ channel(id: "c") { events(first: 10) { nodes { ${members} } } } }`);
    const status = '... on MessageStatusEvent { errors { code } }';
    const inbound = '... on InboundMessage { id }';
    expect(events(status)).toBe(10 + 1 + 10 * (1 + 1));
    expect(events(`${status} ${inbound}`)).toBe(events(status));
  });

  it('adds 10 for a mutation, nothing for introspection and __typename', () => {
    expect(cost('mutation { setWebhook(channelId: "c", input: { url: "https://h" }) { url } }')).toBe(10 + 1);
    expect(cost('{ __typename __schema { types { name fields { name } } } }')).toBe(0);
  });

  it('costs an answer by what it holds: the objects returned, lists by their actual length', () => {
    const query = '{ partner { channels(limit: 1000) { nodes { id client { id } } } } }';
    const nodes = [
      { id: '1', client: { id: 'a' } },
      { id: '2', client: null },
    ];
    expect(actual(query, { partner: { channels: { nodes } } })).toBe(1 + 10 + 2 * 1 + 10);
    expect(actual(query, { partner: null })).toBe(0);
    expect(
      actual('{ channel(id: "c") { events(first: 5) { nodes { __typename ... on MessageStatusEvent { errors { code } } } } } }', {
        channel: { events: { nodes: [{ __typename: 'MessageStatusEvent', errors: [{ code: 1 }, { code: 2 }] }, { __typename: 'InboundMessage' }] } },
      }),
    ).toBe(10 + 1 + (1 + 2) + 1);
  });
});
