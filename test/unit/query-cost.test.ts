import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  buildSchema as buildSchemaFromSdl,
  getNamedType,
  getOperationAST,
  isObjectType,
  isUnionType,
  parse,
  validate,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { actualQueryCost, estimateQueryCost, QueryCostError, refuseOverCost, spendQueryCost } from '../../src/http/query-cost.js';
import { loadConfig } from '../../src/config.js';
import { buildSchema } from '../../src/schema.js';
import { FairShare, ShareUsedUpError } from '../../src/store/fair-share.js';

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

  it("pays a list's own @cost once and then each item with what is selected in it", () => {
    expect(cost('{ partner { clients(limit: 6) { nodes { manageableChannels { client { id } } } } } }')).toBe(1 + 10 + 6 * (1 + 10 + 10 * (1 + 10)));
  });
});

/**
 * The rules on a schema of their own, where every case the gateway's schema does not have yet (an
 * interface, several slicing arguments, a page type reached with and without its size) is one field.
 */
const RULES = buildSchemaFromSdl(`
  directive @cost(weight: Int!) on FIELD_DEFINITION
  directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!], requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION

  type Query {
    shop: Shop
    items(limit: Int, first: Int, last: Int): [Item!] @listSize(slicingArguments: ["first", "last", "undeclared"])
    page(first: Int): ItemPage @listSize(slicingArguments: ["first"], sizedFields: ["nodes"])
    pageOfDefaultSize: ItemPage
    featured: [Item!] @cost(weight: 4)
    tags: [String!] @cost(weight: 7)
    thing: Thing
  }
  type Mutation { touch: Item }
  interface Node { id: ID! detail: Detail }
  type Item implements Node { id: ID! detail: Detail }
  type Shop implements Node { id: ID! detail: Detail @cost(weight: 5) }
  type Other { id: ID! detail: Detail @cost(weight: 9) }
  union Thing = Item | Shop | Other
  type Detail { x: Int }
  type ItemPage { nodes: [Item!]! }
`);

function ruleCost(query: string, variables?: Record<string, unknown>, on: GraphQLSchema = RULES): number {
  const document = parse(query);
  expect(validate(on, document)).toEqual([]);
  return estimateQueryCost(on, document, getOperationAST(document)!, variables);
}

function ruleActual(query: string, data: Record<string, unknown> | null): number {
  const document = parse(query);
  expect(validate(RULES, document)).toEqual([]);
  return actualQueryCost(RULES, document, getOperationAST(document)!, data);
}

describe('the cost rules', () => {
  it('sizes a list by the largest slicing argument given, ignoring other arguments and slicing arguments the field does not declare', () => {
    expect(ruleCost('{ items(limit: 20, first: 2) { id } }')).toBe(2);
    expect(ruleCost('{ items(first: 2, last: 5) { id } }')).toBe(5);
    expect(ruleCost('query ($n: Int) { items(last: $n) { id } }', { n: 3 })).toBe(3);
  });

  it('sizes a list whose slicing argument is null, negative or an unset variable as a list of unknown size (10)', () => {
    expect(ruleCost('{ items(first: null) { id } }')).toBe(10);
    expect(ruleCost('{ items(first: -1) { id } }')).toBe(10);
    expect(ruleCost('query ($n: Int) { items(first: $n) { id } }', {})).toBe(10);
    expect(ruleCost('{ items { id } }')).toBe(10);
  });

  it("sizes a list by a request's variable only when it is a finite number (JSON reads 1e400 as Infinity), else as of unknown size", () => {
    const listing = 'query ($n: Int) { items(first: $n) { id } }';
    expect(ruleCost(listing, { n: '5' })).toBe(10);
    expect(ruleCost(listing, JSON.parse('{ "n": 1e400 }') as Record<string, unknown>)).toBe(10);
  });

  it("pays a list of scalars' own @cost once", () => {
    expect(ruleCost('{ tags }')).toBe(7);
  });

  it('counts an inline fragment without a type condition as part of its parent', () => {
    expect(ruleCost('{ shop { ... { detail { x } } } }')).toBe(1 + 5);
    expect(ruleActual('{ shop { ... { detail { x } } } }', { shop: { detail: { x: 1 } } })).toBe(1 + 5);
  });

  it('counts a fragment on an interface for the types that implement it, nothing for the others', () => {
    expect(ruleCost('{ shop { ... on Node { detail { x } } } }')).toBe(1 + 5);
    expect(ruleCost('{ shop { ...OnNode } } fragment OnNode on Node { ... on Shop { detail { x } } }')).toBe(1 + 5);
    // Item 1, Shop 5; Other is no Node, whatever its own detail costs.
    expect(ruleCost('{ thing { ... on Node { detail { x } } } }')).toBe(1 + 5);
  });

  it("counts a union member's fragment for that member only", () => {
    expect(ruleCost('{ thing { ... on Item { detail { x } } } }')).toBe(1 + 1);
    expect(ruleCost('{ thing { ...ItemDetail } } fragment ItemDetail on Item { detail { x } }')).toBe(1 + 1);
  });

  it('prices each fragment on each type apart, and a fragment under a sized page by that page', () => {
    expect(ruleCost('{ shop { ...ShopDetail } thing { ...ItemId } } fragment ShopDetail on Shop { detail { x } } fragment ItemId on Item { id }')).toBe(
      1 + 5 + 1,
    );
    const page = 'fragment Rows on ItemPage { nodes { id } }';
    // A page of 3, then a page of unknown size (10), and the other way round.
    expect(ruleCost(`{ page(first: 3) { ...Rows } pageOfDefaultSize { ...Rows } } ${page}`)).toBe(1 + 3 + 1 + 10);
    expect(ruleCost(`{ pageOfDefaultSize { ...Rows } page(first: 3) { ...Rows } } ${page}`)).toBe(1 + 10 + 1 + 3);
  });

  it('ends on a fragment cycle, which validation refuses before any cost is computed', () => {
    const document = parse('{ shop { ...Loop } } fragment Loop on Shop { detail { x } ...Loop }');
    expect(estimateQueryCost(RULES, document, getOperationAST(document)!)).toBe(1 + 5);
    expect(actualQueryCost(RULES, document, getOperationAST(document)!, { shop: { detail: { x: 1 } } })).toBe(1 + 5);
  });

  it('costs what validation would refuse (an unknown field, fragment or type condition, an object without selection) nothing of its own', () => {
    const document = parse('{ nope { id } shop { ... on Nope { detail { x } } ...OnNope ...Missing } thing } fragment OnNope on Nope { id }');
    const operation = getOperationAST(document)!;
    expect(estimateQueryCost(RULES, document, operation)).toBe(1 + 1);
    expect(actualQueryCost(RULES, document, operation, { nope: { id: '1' }, shop: { detail: { x: 1 } }, thing: { __typename: 'Item' } })).toBe(1 + 1);
  });

  it('walks a fragment once per type however often it is spread, so fragments spread twice inside each other stay linear', () => {
    // Fragment k spreads fragment k+1 twice: 2^7 spreads of the last one, which selects the only field read on Shop.
    const chain = Array.from({ length: 7 }, (_, k) => `fragment F${k} on Shop { ...F${k + 1} ...F${k + 1} }`).join(' ');
    const document = parse(`{ shop { ...F0 } } ${chain} fragment F7 on Shop { detail { x } }`);
    expect(validate(RULES, document)).toEqual([]);
    const shop = RULES.getType('Shop') as GraphQLObjectType;
    const fieldReads = jest.spyOn(shop, 'getFields');
    try {
      expect(estimateQueryCost(RULES, document, getOperationAST(document)!)).toBe(1 + 2 ** 7 * 5);
      expect(fieldReads).toHaveBeenCalledTimes(1);
    } finally {
      fieldReads.mockRestore();
    }
  });

  it('costs nothing for an operation type the schema does not have', () => {
    const document = parse('subscription { shop { id } }');
    expect(estimateQueryCost(RULES, document, getOperationAST(document)!)).toBe(0);
    expect(actualQueryCost(RULES, document, getOperationAST(document)!, { shop: { id: '1' } })).toBe(0);
  });
});

describe('the actual cost of an answer', () => {
  it('costs nothing for an answer without data or a field left out by @include', () => {
    expect(ruleActual('{ shop { detail { x } } }', null)).toBe(0);
    expect(ruleActual('{ shop @include(if: false) { detail { x } } }', {})).toBe(0);
  });

  it("pays a list's own @cost once and each item returned 1", () => {
    expect(ruleActual('{ featured { id } }', { featured: [{ id: '1' }, { id: '2' }, { id: '3' }] })).toBe(4 + 3);
  });

  it('adds 10 for a mutation', () => {
    expect(ruleActual('mutation { touch { id } }', { touch: { id: '1' } })).toBe(10 + 1);
  });

  it('follows named fragments, on the type and on an interface it implements', () => {
    expect(ruleActual('{ shop { ...ShopDetail } } fragment ShopDetail on Shop { detail { x } }', { shop: { detail: { x: 1 } } })).toBe(1 + 5);
    expect(ruleActual('{ shop { ...NodeDetail } } fragment NodeDetail on Node { detail { x } }', { shop: { detail: { x: 1 } } })).toBe(1 + 5);
    expect(ruleActual('{ thing { __typename ... on Node { detail { x } } } }', { thing: { __typename: 'Shop', detail: { x: 1 } } })).toBe(1 + 5);
  });

  it("counts only what an object's own type selects, and an object whose __typename names no object type its weight only", () => {
    const item = { __typename: 'Item', detail: { x: 1 } };
    expect(ruleActual('{ thing { __typename ... on Shop { detail { x } } } }', { thing: item })).toBe(1);
    expect(ruleActual('{ thing { __typename ...ShopDetail } } fragment ShopDetail on Shop { detail { x } }', { thing: item })).toBe(1);
    expect(ruleActual('{ thing { __typename ... on Node { detail { x } } } }', { thing: { __typename: 'Node', detail: { x: 1 } } })).toBe(1);
  });

  it('costs an answer by the fields selected only, whatever their response keys (`undefined` is a legal alias)', () => {
    expect(ruleActual('{ undefined: shop { id } }', { undefined: { id: '1' } })).toBe(1);
  });

  it('costs a union member whose __typename was not selected its weight only: its fields cannot be told apart', () => {
    expect(ruleActual('{ thing { ... on Shop { detail { x } } } }', { thing: { detail: { x: 1 } } })).toBe(1);
    expect(ruleActual('{ thing { __typename ... on Shop { detail { x } } } }', { thing: { __typename: 'Shop', detail: { x: 1 } } })).toBe(1 + 5);
  });

  it('costs each answer of one operation by what that answer holds (the operation is read once, its answers each time)', () => {
    const document = parse('{ things: featured { id } thing { __typename ... on Node { detail { x } } } }');
    const operation = getOperationAST(document)!;
    const cost = (data: Record<string, unknown>) => actualQueryCost(RULES, document, operation, data);
    expect(cost({ things: [{ id: '1' }], thing: { __typename: 'Shop', detail: { x: 1 } } })).toBe(4 + 1 + 1 + 5);
    expect(cost({ things: [{ id: '1' }, { id: '2' }], thing: { __typename: 'Item', detail: { x: 1 } } })).toBe(4 + 2 + 1 + 1);
    expect(cost({ things: [], thing: { __typename: 'Other' } })).toBe(4 + 1);
    expect(cost({ things: null, thing: { __typename: 'Shop', detail: null } })).toBe(1);
  });

  it("reads an operation's fields once for all its answers, each type's selection at its first object, each field's @cost once for every operation", () => {
    // One field selected on Item: read once at the first item, not at each of the three.
    const document = parse('{ featured { detail { x } } }');
    const operation = getOperationAST(document)!;
    expect(validate(RULES, document)).toEqual([]);
    const query = RULES.getQueryType()!;
    const item = RULES.getType('Item') as GraphQLObjectType;
    const queryReads = jest.spyOn(query, 'getFields');
    const itemReads = jest.spyOn(item, 'getFields');
    const featured = query.getFields().featured;
    const featuredNode = featured.astNode;
    let directiveReads = 0;
    try {
      const answer = { featured: [{ detail: { x: 1 } }, { detail: null }, { detail: { x: 3 } }] };
      expect(actualQueryCost(RULES, document, operation, answer)).toBe(4 + 3 + 2);
      expect(itemReads).toHaveBeenCalledTimes(1);
      queryReads.mockClear();
      itemReads.mockClear();
      Object.defineProperty(featured, 'astNode', {
        configurable: true,
        get: () => {
          directiveReads += 1;
          return featuredNode;
        },
      });
      expect(actualQueryCost(RULES, document, operation, { featured: [] })).toBe(4);
      expect(queryReads).not.toHaveBeenCalled();
      const another = parse('{ featured { id } }');
      expect(actualQueryCost(RULES, another, getOperationAST(another)!, { featured: [{ id: '1' }] })).toBe(4 + 1);
      expect(directiveReads).toBe(0);
    } finally {
      Object.defineProperty(featured, 'astNode', { configurable: true, writable: true, value: featuredNode });
      queryReads.mockRestore();
      itemReads.mockRestore();
    }
  });

  it('reads the fragments of the document it is given with the operation', () => {
    const shopId = parse('{ shop { ...Part } } fragment Part on Shop { id }');
    const operation = getOperationAST(shopId)!;
    const shopDetail = { ...shopId, definitions: [operation, ...parse('fragment Part on Shop { detail { x } }').definitions] };
    const answer = { shop: { id: '1', detail: { x: 1 } } };
    expect(actualQueryCost(RULES, shopId, operation, answer)).toBe(1);
    expect(actualQueryCost(RULES, shopDetail, operation, answer)).toBe(1 + 5);
    expect(refuseOverCost(RULES, shopId, operation, undefined, 100, () => undefined)).toBe(1);
    expect(refuseOverCost(RULES, shopDetail, operation, undefined, 100, () => undefined)).toBe(1 + 5);
  });
});

describe("refusing and spending an operation's cost", () => {
  const document = parse('{ items(first: 50) { id } }');
  const operation = getOperationAST(document)!;

  it('refuses an operation over the limit with its estimate and the limit, before anything is sent', () => {
    const observed: number[] = [];
    let refusal: unknown;
    try {
      refuseOverCost(RULES, document, operation, undefined, 49, (value) => observed.push(value));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(QueryCostError);
    const error = refusal as QueryCostError;
    expect(error.message).toBe(
      "This operation's estimated cost is 50, over the limit of 49 (MAX_QUERY_COST): nothing was sent; ask for fewer items (smaller limit or first) or fewer nested lists",
    );
    expect(error.extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED', cost: { estimated: 50, max: 49 }, http: { status: 400 } });
    expect(error.max).toBe(49);
    expect(observed).toEqual([50]);
  });

  it('passes an operation at the limit and answers its estimate', () => {
    const observed: number[] = [];
    expect(refuseOverCost(RULES, document, operation, undefined, 50, (value) => observed.push(value))).toBe(50);
    expect(observed).toEqual([50]);
  });

  it('estimates an operation without variables once for every request of its document', () => {
    const fixed = parse('{ shop { detail { x } } }');
    const fixedOperation = getOperationAST(fixed)!;
    const queryReads = jest.spyOn(RULES.getQueryType()!, 'getFields');
    try {
      expect(refuseOverCost(RULES, fixed, fixedOperation, undefined, 100, () => undefined)).toBe(1 + 5);
      queryReads.mockClear();
      expect(refuseOverCost(RULES, fixed, fixedOperation, undefined, 100, () => undefined)).toBe(1 + 5);
      expect(queryReads).not.toHaveBeenCalled();
    } finally {
      queryReads.mockRestore();
    }
  });

  describe("from the caller's fair share", () => {
    beforeEach(() => {
      jest.useFakeTimers({ now: new Date('2026-11-25T12:00:00.200Z') });
    });
    afterEach(() => {
      jest.useRealTimers();
    });
    const share = () => new FairShare({ maxInFlight: 10, costPerSecond: 100, upstreamCallCost: 25 }, null);

    it('spends an accepted estimate', async () => {
      const fairShare = share();
      await expect(spendQueryCost(fairShare, 'caller', () => 60)).resolves.toBe(60);
      await expect(fairShare.spend('caller', 60)).rejects.toBeInstanceOf(ShareUsedUpError);
    });

    it('charges an operation refused for its cost the limit, and answers the refusal', async () => {
      const fairShare = share();
      const overCost = new QueryCostError(150, 100);
      await expect(
        spendQueryCost(fairShare, 'caller', () => {
          throw overCost;
        }),
      ).rejects.toBe(overCost);
      await expect(fairShare.spend('caller', 1)).rejects.toBeInstanceOf(ShareUsedUpError);
      await expect(fairShare.spend('another caller', 100)).resolves.toBeUndefined();
    });

    it('charges nothing when the estimate fails for another reason', async () => {
      const fairShare = share();
      const chargeRefused = jest.spyOn(fairShare, 'chargeRefused');
      const failure = new Error('unexpected');
      await expect(
        spendQueryCost(fairShare, 'caller', () => {
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(chargeRefused).not.toHaveBeenCalled();
      await expect(fairShare.spend('caller', 100)).resolves.toBeUndefined();
    });
  });
});
