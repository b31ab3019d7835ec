import { readFileSync } from 'node:fs';
import { startIdentityProvider, TEST_AUDIENCE, type TestPerson } from '../../test/support/identity-provider.js';
import type { BenchContext } from '../support/context.js';
import { startGatewayProcess, startSimulatorProcess } from '../support/gateway-process.js';
import { firstError, graphql } from '../support/http.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { median, ms, percentile, verdict } from '../support/stats.js';

const TITLE = '12b. Fair share per person: one app, many people';
const PEOPLE = 200;
/** Each person loads the inbox page this often, as an open inbox tab would. */
const EVERY_MS = 2_000;
/** Seconds of each phase, and rounds of the two phases (idle, beside the runaway), alternated. */
const PHASE_S = 8;
const ROUNDS = 3;
/** The runaway person's loop: requests back to back on this many connections. */
const RUNAWAY_LOOPS = 8;
const APP_TOKEN = 'inbox-app';
/** The inbox page as examples/inbox loads it: the channel list beside one channel's conversations (estimated cost 132). */
const INBOX_QUERY = readFileSync(new URL('../../../bench/inbox-page.graphql', import.meta.url), 'utf8');
const INBOX_VARIABLES = { channelId: 'channel-001' };
const LISTING = '{ partner { channels(limit: 10) { total nodes { id hubStatus } } } }';
/** Sequential requests per token per A/B round of the cached listing. */
const LISTING_REQUESTS = 300;
const LISTING_ROUNDS = 3;

const person = (index: number): TestPerson => ({ id: `person-${index}`, name: `Person ${index}`, scopes: 'hubgraph:read', clients: ['*'] });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Phase {
  samples: number[];
  rateLimited: number;
  failed: number;
}

/** Every person loads the inbox page every EVERY_MS, their starts spread over the interval, for `seconds`. */
async function people(url: string, tokens: string[], seconds: number): Promise<Phase> {
  const phase: Phase = { samples: [], rateLimited: 0, failed: 0 };
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * EVERY_MS) / tokens.length));
      while (Date.now() < until) {
        const startedAt = Date.now();
        const answer = await graphql(url, INBOX_QUERY, INBOX_VARIABLES, bearer(token));
        const error = firstError(answer.status, answer.result);
        if (error?.startsWith('RATE_LIMITED')) phase.rateLimited += 1;
        else if (error) phase.failed += 1;
        else phase.samples.push(answer.ms);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, EVERY_MS - (Date.now() - startedAt))));
      }
    }),
  );
  return phase;
}

/** One person's runaway tab: the same page back to back on RUNAWAY_LOOPS connections. */
async function runaway(url: string, token: string, seconds: number): Promise<{ served: number; refused: number; failed: number }> {
  const until = Date.now() + seconds * 1000;
  const counts = { served: 0, refused: 0, failed: 0 };
  await Promise.all(
    Array.from({ length: RUNAWAY_LOOPS }, async () => {
      while (Date.now() < until) {
        const answer = await graphql(url, INBOX_QUERY, INBOX_VARIABLES, bearer(token));
        const error = firstError(answer.status, answer.result);
        if (error?.startsWith('RATE_LIMITED')) counts.refused += 1;
        else if (error) counts.failed += 1;
        else counts.served += 1;
      }
    }),
  );
  return counts;
}

/** A cached listing, sequentially, alternately with a person's token and the app's gateway token. */
async function listingRound(url: string, tokens: { person: string; app: string }): Promise<{ person: number; app: number }> {
  const times = { person: [] as number[], app: [] as number[] };
  for (let request = 0; request < LISTING_REQUESTS; request += 1) {
    for (const who of ['person', 'app'] as const) {
      const answer = await graphql(url, LISTING, undefined, bearer(tokens[who]));
      if (firstError(answer.status, answer.result)) throw new Error(`the listing failed: ${firstError(answer.status, answer.result)}`);
      times[who].push(answer.ms);
    }
  }
  return { person: median(times.person), app: median(times.app) };
}

export async function peopleBehindOneApp(context: BenchContext): Promise<Section> {
  const intro = [
    `One gateway process (AUTH_ISSUER: a real oidc-provider in the bench process, test/support/identity-provider.ts; GATEWAY_TOKENS naming the app; otherwise the defaults) and the simulator in another.`,
    `${PEOPLE} people behind one app (one address), each with their own access token, load the inbox page (bench/inbox-page.graphql: examples/inbox's channel list and conversation list in one operation, estimated cost 132) every ${EVERY_MS / 1000} s, their starts spread over the interval;`,
    `in ${ROUNDS} rounds of ${PHASE_S} s idle then ${PHASE_S} s beside one more person's runaway tab (the same page back to back on ${RUNAWAY_LOOPS} connections).`,
    `Targets: no RATE_LIMITED for the ${PEOPLE}, the runaway refused alone, their p99 beside it within 1.5× of their idle p99 (median of the rounds' ratios).`,
    `And a cached listing (\`${LISTING}\`) sequentially, a person's token against the app's gateway token, alternated request by request, ${LISTING_ROUNDS} rounds of ${LISTING_REQUESTS} each: target ≤ 1.1×.`,
  ];
  const everyone = Array.from({ length: PEOPLE + 1 }, (_, index) => person(index));
  const idp = await startIdentityProvider(everyone);
  const upstream = await startSimulatorProcess(context.options.latencyMs).catch(async (error: unknown) => {
    await idp.close();
    throw error;
  });
  const gateway = await startGatewayProcess(upstream, {
    env: { AUTH_ISSUER: idp.issuer, AUTH_AUDIENCE: TEST_AUDIENCE, GATEWAY_TOKENS: APP_TOKEN },
    execArgv: context.gatewayExecArgv('fair-share-people'),
  }).catch(async (error: unknown) => {
    await upstream.stop();
    await idp.close();
    throw error;
  });
  try {
    const url = gateway.graphqlUrl;
    const tokens = await Promise.all(everyone.map((one) => idp.token(one)));
    const [runawayToken, ...peopleTokens] = tokens;
    const check = await graphql(url, INBOX_QUERY, INBOX_VARIABLES, bearer(peopleTokens[0]));
    const error = firstError(check.status, check.result);
    if (error) return notAvailableSection(TITLE, intro, `the inbox page failed: ${error}`);

    const rows: string[][] = [];
    const ratios: number[] = [];
    let rateLimited = 0;
    let failed = 0;
    const runawayTotals = { served: 0, refused: 0, failed: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      process.stderr.write(`bench:   people round ${round + 1}\n`);
      const idle = await people(url, peopleTokens, PHASE_S);
      const [beside, loop] = await Promise.all([people(url, peopleTokens, PHASE_S), runaway(url, runawayToken, PHASE_S)]);
      const ratio = percentile(beside.samples, 99) / percentile(idle.samples, 99);
      ratios.push(ratio);
      rateLimited += idle.rateLimited + beside.rateLimited;
      failed += idle.failed + beside.failed;
      runawayTotals.served += loop.served;
      runawayTotals.refused += loop.refused;
      runawayTotals.failed += loop.failed;
      rows.push([
        String(round + 1),
        `${idle.samples.length} / ${idle.rateLimited} / ${idle.failed}`,
        `${ms(percentile(idle.samples, 50))} / ${ms(percentile(idle.samples, 99))}`,
        `${beside.samples.length} / ${beside.rateLimited} / ${beside.failed}`,
        `${ms(percentile(beside.samples, 50))} / ${ms(percentile(beside.samples, 99))}`,
        `${ratio.toFixed(2)}×`,
        `${loop.served} served, ${loop.refused} RATE_LIMITED, ${loop.failed} failed`,
      ]);
    }
    const ratio = median(ratios);

    const listing: Array<{ person: number; app: number }> = [];
    for (let round = 0; round < LISTING_ROUNDS; round += 1) listing.push(await listingRound(url, { person: peopleTokens[1], app: APP_TOKEN }));
    const listingRatio = median(listing.map((round) => round.person / round.app));

    return {
      title: TITLE,
      intro,
      tables: [
        {
          columns: [
            'round',
            'idle: served / RATE_LIMITED / failed',
            'idle p50 / p99',
            'beside the runaway: served / RATE_LIMITED / failed',
            'beside p50 / p99',
            'p99 ratio',
            'the runaway',
          ],
          rows,
        },
        {
          columns: ['measure', 'figure', 'target'],
          rows: [
            [`RATE_LIMITED for the ${PEOPLE}`, `${rateLimited} (${failed} other failures)`, `0: ${verdict(rateLimited === 0 && failed === 0)}`],
            [
              'the runaway',
              `${runawayTotals.served} served (${(runawayTotals.served / (ROUNDS * PHASE_S)).toFixed(0)}/s), ${runawayTotals.refused} RATE_LIMITED, ${runawayTotals.failed} failed`,
              `refused: ${verdict(runawayTotals.refused > 0)}`,
            ],
            [
              "the others' p99 beside it / idle (median of rounds)",
              `${ratio.toFixed(2)}× (${ratios.map((one) => `${one.toFixed(2)}×`).join(', ')})`,
              `≤ 1.5×: ${verdict(ratio <= 1.5)}`,
            ],
            [
              "cached listing, a person's token / the gateway token (median of rounds)",
              `${listingRatio.toFixed(3)}× (${listing.map((round) => `${ms(round.person, 2)} / ${ms(round.app, 2)}`).join(', ')})`,
              `≤ 1.1×: ${verdict(listingRatio <= 1.1)}`,
            ],
          ],
        },
      ],
      notes: [
        "Each person's work is charged to the person (issuer + sub), not to the app or the address: a token is verified once and then found by its hash, before the request's body is read.",
        'The runaway is held at the door until its own budget refills (one answer per connection a second); the others never share its budget.',
      ],
    };
  } finally {
    await gateway.stop();
    await upstream.stop();
    await idp.close();
  }
}
