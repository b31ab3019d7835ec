import { describe, expect, it } from '@jest/globals';
import { getOperationAST, parse, validate } from 'graphql';
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

/** The query issue 28 measured: 15 aliases of a 1,000-channel listing. */
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

describe('query cost from @cost and @listSize', () => {
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
