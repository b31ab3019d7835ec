import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import type { BenchContext } from '../support/context.js';
import { firstError, graphql, send } from '../support/http.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { median, ms, percentile, rate, verdict } from '../support/stats.js';
import { CONVERSATIONS_QUERY } from './conversations.js';
import { CHANNEL, ID_MARK, measureIngest, notification, withRedisLogGateway, type IngestMeasurement } from './webhooks.js';

/** The cloud notifications of test/fixtures/notifications (written from the platform's public webhook reference). */
const FIXTURES = new URL('../../../test/fixtures/notifications/cloud/', import.meta.url);
/**
 * Pairs of text-only and mixed load, each pair in the other order than the one before (text, mix; mix, text; …), so a
 * drift of the host's speed hits both alike; each pair gives one ratio, and the ratio reported is their median.
 */
const PAIRS = 6;
const SEEDED_CONTACTS = 2_000;
const PAGE = 50;

type Json = Record<string, unknown>;

/** The inbox page a client built on the typed content reads: window badge, preview line and the content's kind per conversation. */
const INBOX_QUERY = `query ($channelId: ID!, $first: Int) {
  channel(id: $channelId) {
    conversations(first: $first) {
      nodes { contact serviceWindow { state } lastMessage { preview content { __typename } } }
    }
  }
}`;

/** The items of a cloud notification (its first change's value). */
const valueOf = (notification: Json): Json => ((notification.entry as Json[])[0].changes as Json[])[0].value as Json;

/**
 * A fixture as a body template: every item id (messages, echoes, statuses) ends in ID_MARK and preference timestamps
 * become it, so each request is a new notification and no deduplication makes the mix cheaper than it is.
 */
function template(name: string, notification: Json): string {
  const value = valueOf(notification);
  for (const key of ['messages', 'message_echoes', 'statuses'] as const) {
    for (const item of (value[key] as Json[] | undefined) ?? []) item.id = `wamid.bench-mix-${name}-${ID_MARK}`;
  }
  for (const item of (value.user_preferences as Json[] | undefined) ?? []) item.timestamp = ID_MARK;
  return JSON.stringify(notification).replaceAll(`"${ID_MARK}"`, ID_MARK);
}

/** The reference samples' business number, and CHANNEL's as notifications name it: the gateway routes by that number. */
const FIXTURE_BUSINESS_NUMBER = '"15550783881"';
const CHANNEL_DIGITS = '49305550000';
const CHANNEL_NUMBER = `"${CHANNEL_DIGITS}"`;

const loadFixtures = (): Array<[string, Json]> =>
  readdirSync(FIXTURES)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => [
      file.slice(0, -'.json'.length),
      JSON.parse(readFileSync(new URL(file, FIXTURES), 'utf8').replaceAll(FIXTURE_BUSINESS_NUMBER, CHANNEL_NUMBER)) as Json,
    ]);

/**
 * The fixtures a conversation's last message can be: a user's message with a phone number. Left out: statuses,
 * echoes, preferences, user-id-only senders, number changes, and reactions/edits/revokes (they change another message).
 */
const seedable = (notification: Json): boolean => {
  const message = (valueOf(notification).messages as Json[] | undefined)?.[0];
  return message !== undefined && typeof message.from === 'string' && !['system', 'reaction', 'edit', 'revoke'].includes(message.type as string);
};

/** The fixture with its sender made `contact` (messages' from, contacts' wa_id) and its message id unique. */
function seeded(notification: Json, contact: string, id: string): string {
  const copy = structuredClone(notification);
  const value = valueOf(copy);
  for (const entry of (value.contacts as Json[] | undefined) ?? []) entry.wa_id = contact;
  for (const message of value.messages as Json[]) Object.assign(message, { from: contact, id, timestamp: String(Math.floor(Date.now() / 1000)) });
  return JSON.stringify(copy);
}

/** Sequential p50 of one query after 3 warm-up runs; a wrong answer ends it with the problem instead. */
async function timeQuery(url: string, iterations: number, query: string, check: (data: Json) => string | null): Promise<number[] | string> {
  const samples: number[] = [];
  for (let index = 0; index < iterations + 3; index += 1) {
    const answer = await graphql<Json>(url, query, { channelId: CHANNEL, first: PAGE });
    const problem = firstError(answer.status, answer.result) ?? (answer.result.data ? check(answer.result.data) : 'no data');
    if (problem) return problem;
    if (index >= 3) samples.push(answer.ms);
  }
  return samples;
}

/** A full page whose nodes each have a last message (and, for the inbox query, its content's kind). */
const fullPage =
  (typed: boolean) =>
  (data: Json): string | null => {
    const nodes = ((data.channel as Json | null)?.conversations as { nodes: Json[] } | undefined)?.nodes;
    if (!nodes) return 'no channel';
    if (nodes.length !== PAGE) return `${nodes.length} conversations`;
    const wrong = nodes.find((node) => !node.lastMessage || (typed && !((node.lastMessage as Json).content as Json | null)?.__typename));
    return wrong ? `conversation ${JSON.stringify(wrong)}` : null;
  };

/** Scenario 10: real traffic, every kind of notification mixed, against text only; and the inbox page built on typed content. */
export async function realTraffic(context: BenchContext): Promise<Section> {
  const { durationSeconds, iterations } = context.options;
  const title = '10. Real traffic: every kind of notification';
  const fixtures = loadFixtures();
  const intro = [
    `A gateway process on Redis as in scenario 7. Mix: the ${fixtures.length} cloud notifications of test/fixtures/notifications/cloud/ (every content kind, context, referral, a user-id-only sender, an echo, a preference change, a status with pricing; written from the platform's public webhook reference), one after the other, each with fresh ids.`,
    `Acknowledgement: scenario 7's load (autocannon, 32 connections, ${durationSeconds} s after a 1 s warm-up) with text-only notifications and with the mix, in ${PAIRS} pairs of one round each, every pair in the other order than the one before; p99 from the unrounded times of the 2xx answers; the ratio is the median of the pairs' mix/text ratios. Gateway CPU and Redis script time per notification are compared the same way: they depend on the load around the run far less than a p99 does.`,
    `Inbox page: ${SEEDED_CONTACTS.toLocaleString('en-US')} contacts each write one message of a mixed kind (the fixtures with a phone-number sender that are no reaction, edit, revoke or number change), then \`conversations(first: ${PAGE}) { nodes { contact serviceWindow { state } lastMessage { preview content { __typename } } } }\` against scenario 9's \`conversations(first: ${PAGE})\` selection, ${iterations} times each one after the other (after 3 warm-up runs).`,
    "Targets (issue 27): the mix acknowledged with a p99 within 1.1× of text only on the same run; the inbox page p50 within 1.2× of scenario 9's page.",
  ];
  const run = `${Date.now()}`;
  // One bench client reads the page back to back: the per-caller cost budget (fair share) would refuse it, and is not what this measures.
  const env = { CACHE_TTL_LISTING_MS: String(10 * 60 * 1000), MAX_COST_PER_SECOND_PER_CALLER: String(100_000_000) };
  return withRedisLogGateway(context, 'real-traffic', env, async (target) => {
    const { receiver, headers, gateway } = target;
    const mix = fixtures.map(([name, body]) => template(`${run}-${name}`, body).split(ID_MARK));
    for (const [index, pieces] of mix.entries()) {
      const probe = await send(receiver, { method: 'POST', headers, body: pieces.join('0') });
      if (probe.status !== 200)
        return notAvailableSection(title, intro, `${fixtures[index][0]}.json: the receiver answered HTTP ${probe.status} (is Redis at ${target.redisUrl}?)`);
    }
    // Named by its business number as the mix (and every real notification) is: the gateway routes both alike.
    const [textHead, textTail] = notification(`wamid.bench-text-${run}-${ID_MARK}`, CHANNEL_DIGITS).split(ID_MARK);
    const textBody = (n: number) => `${textHead}${n}${textTail}`;
    // Offset past the probes' id 0; request n takes the fixture after request n - 1's.
    const mixBody = (n: number) => mix[n % mix.length].join(String(n + 1));

    const text: IngestMeasurement[] = [];
    const mixed: IngestMeasurement[] = [];
    for (let pair = 0; pair < PAIRS; pair += 1) {
      if (pair % 2 === 0) {
        text.push(await measureIngest(target, durationSeconds, textBody));
        mixed.push(await measureIngest(target, durationSeconds, mixBody));
      } else {
        mixed.push(await measureIngest(target, durationSeconds, mixBody));
        text.push(await measureIngest(target, durationSeconds, textBody));
      }
    }
    const p99 = (measured: IngestMeasurement) => percentile(measured.acks, 99);
    /** The median over the pairs of mix / text of one figure. */
    const pairedRatio = (figure: (measured: IngestMeasurement) => number) => median(mixed.map((one, pair) => figure(one) / figure(text[pair])));
    const textP99 = median(text.map(p99));
    const mixP99 = median(mixed.map(p99));
    const ackRatio = pairedRatio(p99);
    const roundCells = (measured: IngestMeasurement[]) => measured.map((one) => ms(p99(one), 2)).join(', ');
    const nonOk = [...text, ...mixed].reduce((sum, one) => sum + one.result.non2xx + one.result.errors + one.result.timeouts, 0);

    const seedFixtures = fixtures.filter(([, body]) => seedable(body));
    for (let index = 0; index < SEEDED_CONTACTS; index += 1) {
      const [, body] = seedFixtures[index % seedFixtures.length];
      const answer = await send(receiver, {
        method: 'POST',
        headers,
        body: seeded(body, `4916${String(index).padStart(9, '0')}`, `wamid.bench-seed-${run}-${index}`),
      });
      if (answer.status !== 200) return notAvailableSection(title, intro, `seeding the conversations: HTTP ${answer.status}`);
    }
    const today = await timeQuery(gateway.graphqlUrl, iterations, CONVERSATIONS_QUERY, fullPage(false));
    const inbox = await timeQuery(gateway.graphqlUrl, iterations, INBOX_QUERY, fullPage(true));
    const readRow = (label: string, samples: number[] | string) =>
      typeof samples === 'string' ? [label, `not available: ${samples}`, ''] : [label, ms(percentile(samples, 50), 2), ms(percentile(samples, 99), 2)];
    const pageRatio = typeof today === 'string' || typeof inbox === 'string' ? null : percentile(inbox, 50) / percentile(today, 50);

    return {
      title,
      intro,
      tables: [
        {
          columns: ['metric', 'measured', 'target'],
          rows: [
            ['text only: acknowledgement p99 per pair (unrounded)', roundCells(text), '—'],
            ['mix of every kind: acknowledgement p99 per pair (unrounded)', roundCells(mixed), '—'],
            ['acknowledgement p99 mix / text per pair', mixed.map((one, pair) => `${(p99(one) / p99(text[pair])).toFixed(2)}×`).join(', '), '—'],
            [
              "acknowledgement p99: median of the pairs' ratios (medians of rounds: mix, text)",
              `${ackRatio.toFixed(2)}× (${ms(mixP99, 2)}, ${ms(textP99, 2)})`,
              `≤ 1.1×: ${verdict(ackRatio <= 1.1)}`,
            ],
            [
              'notifications acknowledged/s, median of rounds: mix / text',
              `${rate(median(mixed.map((one) => one.result.requests.average)))} / ${rate(median(text.map((one) => one.result.requests.average)))}`,
              '—',
            ],
            [
              "gateway CPU per notification, median of rounds: mix / text (median of the pairs' ratios)",
              `${ms(median(mixed.map((one) => one.cpuPerNotificationMs)), 3)} / ${ms(median(text.map((one) => one.cpuPerNotificationMs)), 3)} (${pairedRatio((one) => one.cpuPerNotificationMs).toFixed(2)}×)`,
              '—',
            ],
            [
              "Redis time per append script, median of rounds: mix / text (median of the pairs' ratios)",
              `${median(mixed.map((one) => one.scriptUsecPerCall)).toFixed(1)} µs / ${median(text.map((one) => one.scriptUsecPerCall)).toFixed(1)} µs (${pairedRatio((one) => one.scriptUsecPerCall).toFixed(2)}×)`,
              '—',
            ],
            ['non-2xx answers or errors, all rounds', String(nonOk), '0'],
          ],
        },
        {
          columns: ['read (sequential)', 'p50', 'p99'],
          rows: [
            readRow(`scenario 9's conversations(first: ${PAGE})`, today),
            readRow(`inbox page: conversations(first: ${PAGE}) with lastMessage { preview content { __typename } }`, inbox),
            [
              'inbox page p50 / scenario 9 p50',
              pageRatio === null ? 'not available' : `${pageRatio.toFixed(2)}×`,
              pageRatio === null ? '' : `≤ 1.2×: ${verdict(pageRatio <= 1.2)}`,
            ],
          ],
        },
      ],
      notes: [
        `Load average (1/5/15 min) on ${os.cpus().length} cores when the scenario ended: ${os
          .loadavg()
          .map((value) => value.toFixed(2))
          .join(' / ')}.`,
        `The mix's bodies are ${Math.min(...mix.map((pieces) => pieces.join('0').length))}–${Math.max(...mix.map((pieces) => pieces.join('0').length))} bytes against ${textBody(0).length} for the text notification.`,
      ],
    };
  });
}
