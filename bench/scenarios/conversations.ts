import { performance } from 'node:perf_hooks';
import type { BenchContext } from '../support/context.js';
import { firstError, graphql, send } from '../support/http.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { ms, percentile, rate } from '../support/stats.js';
import {
  BENCH_REDIS_URL,
  CHANNEL,
  ID_MARK,
  inboundNotification,
  ingestRows,
  measureIngest,
  notification,
  withRedisLogGateway,
  type InboundSample,
} from './webhooks.js';

const CONVERSATIONS = 10_000;
const CONTACTS_PER_NOTIFICATION = 100;
export const PAGE = 50;
const HOUR_MS = 60 * 60 * 1000;

/** The i-th seeded contact's wa_id (distinct digits, outside the simulator's own numbers). */
const contactOf = (index: number): string => `4917${String(index).padStart(9, '0')}`;

/**
 * When the i-th contact wrote: odd contacts within the last 3 hours (window OPEN), even ones
 * 25–28 hours ago (CLOSED), a second apart, so the most recent activity is the open half.
 */
const wroteAt = (index: number, now: number): number => now - (index % 2 === 0 ? 25 * HOUR_MS : 0) - index * 1000;

/** The inbox list as scenario 9 reads it (also scenario 10's reference for the page with typed content). */
export const CONVERSATIONS_QUERY = `query ($channelId: ID!, $first: Int, $after: String, $filter: ConversationFilter) {
  channel(id: $channelId) {
    conversations(first: $first, after: $after, filter: $filter) {
      nodes { contact contactName serviceWindow { state closesAt } lastMessage { id text status } }
      endCursor
      hasMore
    }
  }
}`;

interface ConversationsPage {
  channel: {
    conversations: {
      nodes: Array<{ contact: string; contactName: string | null; serviceWindow: { state: string }; lastMessage: { id: string } | null }>;
      endCursor: string | null;
      hasMore: boolean;
    };
  } | null;
}

export interface QueryCase {
  label: string;
  query: string;
  variables: Record<string, unknown>;
  /** Why the answer is wrong, or null: a timing counts only for a right answer. */
  check: (data: ConversationsPage) => string | null;
}

/** A full page of conversations, all in `state` when given, each with its name and last message. */
export const fullPage =
  (state: string | null) =>
  (data: ConversationsPage): string | null => {
    const page = data.channel?.conversations;
    if (!page) return 'no channel';
    if (page.nodes.length !== PAGE || !page.hasMore) return `${page.nodes.length} conversations, hasMore ${page.hasMore}`;
    const wrong = page.nodes.find((node) => (state !== null && node.serviceWindow.state !== state) || !node.contactName || !node.lastMessage);
    return wrong ? `conversation ${wrong.contact}: ${JSON.stringify(wrong)}` : null;
  };

/** Sequential timings of one query after 3 warm-up runs; the first wrong answer ends them. */
export async function timeQuery(url: string, iterations: number, item: QueryCase): Promise<number[] | string> {
  const samples: number[] = [];
  for (let index = 0; index < iterations + 3; index += 1) {
    const answer = await graphql<ConversationsPage>(url, item.query, item.variables);
    const problem = firstError(answer.status, answer.result) ?? (answer.result.data ? item.check(answer.result.data) : 'no data');
    if (problem) return problem;
    if (index >= 3) samples.push(answer.ms);
  }
  return samples;
}

/** Scenario 9: 10,000 conversations on one channel, the inbox list read from them, and the receiver's acknowledgements beside them. */
export async function conversationsAtScale(context: BenchContext): Promise<Section> {
  const { durationSeconds, iterations } = context.options;
  const title = '9. Conversations: 10,000 on one channel';
  const intro = [
    `A gateway process on Redis as in scenario 7 (${BENCH_REDIS_URL}, a namespace of its own; channel listing cached for the whole scenario, so no timing includes an upstream call).`,
    `Seeded through the receiver: ${CONVERSATIONS.toLocaleString('en-US')} contacts write one message each (notifications of ${CONTACTS_PER_NOTIFICATION} messages with the senders' profile names, POSTed to \`/webhooks/${CHANNEL}\` with the channel's credential);`,
    'odd contacts wrote within the last 3 hours (window OPEN), even ones 25–28 hours ago (CLOSED), so the open half is the most recent.',
    `Reads: \`channel(id) { conversations(first: ${PAGE}) { nodes { contact contactName serviceWindow { state closesAt } lastMessage { id text status } } endCursor hasMore } }\`, ${iterations} times one after the other (after 3 warm-up runs) per row.`,
    `Acknowledgements: scenario 7's load (autocannon, 32 connections, ${durationSeconds} s after a 1 s warm-up, one message per notification) beside the ${CONVERSATIONS.toLocaleString('en-US')} conversations, once from scenario 7's single contact and once from each seeded contact in turn.`,
    'Target (issue 20): conversation tracking adds at most 20 % to the acknowledgement p99 of the durable-events scenario without it. Tracking cannot be turned off, so that comparison is an A/B of two builds, written below the tables.',
  ];
  const run = `${Date.now()}`;
  return withRedisLogGateway(context, 'conversations', { CACHE_TTL_LISTING_MS: String(10 * 60 * 1000) }, async (target) => {
    const { receiver, headers, gateway } = target;
    const seedStarted = performance.now();
    const now = Date.now();
    for (let offset = 0; offset < CONVERSATIONS; offset += CONTACTS_PER_NOTIFICATION) {
      const messages = Array.from({ length: CONTACTS_PER_NOTIFICATION }, (_, step): InboundSample => ({
        id: `wamid.bench-conv-seed-${run}-${offset + step}`,
        from: contactOf(offset + step),
        name: `Contact ${offset + step}`,
        atMs: wroteAt(offset + step, now),
      }));
      const answer = await send(receiver, { method: 'POST', headers, body: inboundNotification(messages) });
      if (answer.status !== 200) return notAvailableSection(title, intro, `seeding the conversations: HTTP ${answer.status} (is Redis at ${BENCH_REDIS_URL}?)`);
    }
    const seedMs = performance.now() - seedStarted;

    const variables = { channelId: CHANNEL, first: PAGE };
    const firstPage = await graphql<ConversationsPage>(gateway.graphqlUrl, CONVERSATIONS_QUERY, variables);
    const pageError = firstError(firstPage.status, firstPage.result);
    if (pageError) return notAvailableSection(title, intro, `conversations(first: ${PAGE}): ${pageError}`);
    const after = firstPage.result.data?.channel?.conversations.endCursor;
    const cases: QueryCase[] = [
      {
        label: '`{ channel(id) { id } }` (reference: resolving the channel alone)',
        query: `{ channel(id: "${CHANNEL}") { id } }`,
        variables: {},
        check: () => null,
      },
      { label: `conversations(first: ${PAGE})`, query: CONVERSATIONS_QUERY, variables, check: fullPage(null) },
      {
        label: `conversations(first: ${PAGE}, after: <first page's endCursor>)`,
        query: CONVERSATIONS_QUERY,
        variables: { ...variables, after },
        check: fullPage(null),
      },
      {
        label: `conversations(first: ${PAGE}, filter: {window: OPEN})`,
        query: CONVERSATIONS_QUERY,
        variables: { ...variables, filter: { window: 'OPEN' } },
        check: fullPage('OPEN'),
      },
      {
        label: `conversations(first: ${PAGE}, filter: {window: CLOSED}) (worst case: ${(CONVERSATIONS / 2).toLocaleString('en-US')} open ones read and stepped over first)`,
        query: CONVERSATIONS_QUERY,
        variables: { ...variables, filter: { window: 'CLOSED' } },
        check: fullPage('CLOSED'),
      },
    ];
    const readRows: string[][] = [];
    for (const item of cases) {
      const samples = await timeQuery(gateway.graphqlUrl, iterations, item);
      readRows.push(
        typeof samples === 'string'
          ? [item.label, `not available: ${samples}`, '']
          : [item.label, ms(percentile(samples, 50), 2), ms(percentile(samples, 99), 2)],
      );
    }

    const [singleHead, singleTail] = notification(`wamid.bench-conv-one-${run}-${ID_MARK}`, '').split(ID_MARK);
    const single = await measureIngest(target, durationSeconds, (n) => `${singleHead}${n}${singleTail}`);
    const rotating = await measureIngest(target, durationSeconds, (n) =>
      inboundNotification([
        { id: `wamid.bench-conv-each-${run}-${n}`, from: contactOf(n % CONVERSATIONS), name: `Contact ${n % CONVERSATIONS}`, atMs: Date.now() },
      ]),
    );
    const ackRows = (label: string, measured: Awaited<ReturnType<typeof measureIngest>>) => [
      [`${label}: notifications acknowledged/s (32 conn.)`, rate(measured.result.requests.average), '—'],
      ...ingestRows(measured).map(([metric, value, target]) => [`${label}: ${metric}`, value, target]),
    ];
    return {
      title,
      intro,
      tables: [
        { columns: ['read (sequential)', 'p50', 'p99'], rows: readRows },
        {
          columns: ['metric', 'measured', 'target'],
          rows: [
            [
              `seeding ${CONVERSATIONS.toLocaleString('en-US')} conversations (${CONVERSATIONS / CONTACTS_PER_NOTIFICATION} notifications, one at a time)`,
              ms(seedMs, 0),
              '—',
            ],
            ...ackRows("one contact (scenario 7's body)", single),
            ...ackRows(`each of the ${CONVERSATIONS.toLocaleString('en-US')} contacts in turn`, rotating),
          ],
        },
      ],
      notes: [
        "Each conversation read is one script-free pass over Redis: the channel's `watched` mark, the sorted set by last activity, then a hash per conversation and, for `lastMessage`, a record per node (all of a page in parallel). A window filter reads 200 conversations at a time until a page's worth matched, so its cost grows with the non-matching conversations ahead of the page (the CLOSED row).",
        "The Redis time per script is the server's own (INFO commandstats, every client's EVALSHA during the run): on a Redis shared with other test runs it can include theirs.",
      ],
    };
  });
}
