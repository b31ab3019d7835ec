import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request as AutocannonRequest, type Result } from 'autocannon';
import { graphqlBody, JSON_HEADERS } from '../support/http.js';

/*
 * The hostile patterns of bench scenario 12 (fair-share.ts). Each runs in a process of its own
 * (this file as a script) at the lowest CPU priority, so that building and sending 10 MB bodies
 * never holds the event loop that times the well-behaved caller, nor takes the cores the gateway
 * needs to answer it: a remote attacker's load costs the gateway only what it does to the gateway.
 */

export const bearer = (token: string) => ({ ...JSON_HEADERS, authorization: `Bearer ${token}` });

export const HEAVY_TENANTS = ['heavy-tenant-1', 'heavy-tenant-2', 'heavy-tenant-3', 'heavy-tenant-4'];
export const HOSTILE = 'hostile-caller';
export const DISTINCT_READERS = ['distinct-reader-1', 'distinct-reader-2'];

const CHANNEL_FIELDS = 'id hubStatus hosting phoneNumber displayName';
/** Four 1,000-channel listings and one of 940: 1 + 4 × 1,011 + 951 = 4,996, just under the default MAX_QUERY_COST of 5,000. */
export const HEAVY_QUERY = `{ partner { ${[1000, 1000, 1000, 1000, 940]
  .map((limit, index) => `a${index}: channels(limit: ${limit}) { total nodes { ${CHANNEL_FIELDS} } }`)
  .join(' ')} } }`;
/** 15 aliases of the 1,000-channel listing: 15,166, refused before execution. */
export const OVER_COST_QUERY = `{ partner { ${Array.from({ length: 15 }, (_, index) => `a${index}: channels(limit: 1000) { nodes { id } }`).join(' ')} } }`;
const IDS_QUERY = 'query ($ids: [ID!]) { partner { clients(filter: { ids: $ids }) { total } } }';

export type Statuses = Record<string, number>;

/** A hostile pattern: the load it puts on the gateway for `seconds`, and what the gateway answered it. */
export interface Pattern {
  /** Short, for the probe's and the memory table's rows. */
  name: string;
  label: string;
  /** Accepted work may cost the well-behaved caller 2× its p99, refused input 1.5×. */
  accepted: boolean;
  /** Fills the in-process store: memory is read again once its entries are past their TTL and swept. */
  growsStore?: boolean;
  run(url: string, seconds: number): Promise<Statuses>;
}

function statusesOf(result: Result): Statuses {
  const statuses: Statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  if (result.errors > 0) statuses['connection errors'] = result.errors;
  return statuses;
}

/** autocannon from `tokens` in turn, one per request (several callers spread over the connections). */
async function load(
  url: string,
  seconds: number,
  connections: number,
  tokens: readonly string[],
  body: string | ((index: number) => string),
): Promise<Statuses> {
  let sent = 0;
  const requests = [
    {
      setupRequest: (request: AutocannonRequest) => {
        sent += 1;
        return { ...request, headers: bearer(tokens[sent % tokens.length]), body: typeof body === 'string' ? body : body(sent) };
      },
    },
  ];
  return statusesOf(await autocannon({ url, method: 'POST', requests, connections, duration: seconds }));
}

/**
 * POSTs `body` in 64 KiB slices from exactly `workers` connections, each request on a new one until it
 * is answered or cut, for `seconds`: chunked, or with its Content-Length declared up front; writing
 * stops once it is answered. autocannon is not used for these: when the gateway closes a connection it
 * is still writing a body to, it opens another without closing the first, and its 10 connections grew
 * to hundreds within 10 s, a flood of connections rather than of large bodies.
 */
async function largeBodies(url: string, seconds: number, workers: number, body: Buffer, framing: 'chunked' | 'content-length'): Promise<Statuses> {
  const statuses: Statuses = {};
  const count = (status: string) => (statuses[status] = (statuses[status] ?? 0) + 1);
  const slice = 64 * 1024;
  const until = Date.now() + seconds * 1000;
  const length = framing === 'chunked' ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) };
  const one = () =>
    new Promise<void>((resolve) => {
      const request = httpRequest(url, { method: 'POST', headers: { ...bearer(HOSTILE), ...length }, agent: false });
      let answered = false;
      request.on('response', (response) => {
        answered = true;
        count(String(response.statusCode));
        response.resume();
        response.on('end', () => request.destroy());
      });
      request.on('close', () => {
        if (!answered) count('cut without an answer');
        resolve();
      });
      request.on('error', () => undefined);
      let written = 0;
      const write = () => {
        while (!answered && !request.destroyed && written < body.length) {
          const next = body.subarray(written, written + slice);
          written += next.length;
          if (!request.write(next)) return void request.once('drain', write);
        }
        if (!answered && !request.destroyed) request.end();
      };
      write();
    });
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < until) await one();
    }),
  );
  return statuses;
}

/** 10 MB of base64-like text: one JSON value, so only the byte limit (about 7 MB) refuses it. */
const overSizeBody = () => Buffer.from(`{"query":"{ partner { id } }","variables":{"blob":"${'A'.repeat(10_000_000)}"}}`);

export const PATTERNS: Pattern[] = [
  {
    name: 'accepted heavy queries',
    label: `accepted heavy queries: ${HEAVY_TENANTS.length} tenants over 20 connections, each query 5 listings (4,996, just under MAX_QUERY_COST)`,
    accepted: true,
    run: (url, seconds) => load(url, seconds, 20, HEAVY_TENANTS, graphqlBody(HEAVY_QUERY)),
  },
  {
    name: 'refused over-cost queries',
    label: 'refused over-cost queries: 15 aliases of channels(limit: 1000) (15,166), 20 connections',
    accepted: false,
    run: (url, seconds) => load(url, seconds, 20, [HOSTILE], graphqlBody(OVER_COST_QUERY)),
  },
  {
    name: 'refused: 390,000 values',
    label: 'refused structure: variables of 390,000 small values (6.6 MB), 10 connections',
    accepted: false,
    run: (url, seconds) =>
      largeBodies(
        url,
        seconds,
        10,
        Buffer.from(graphqlBody(IDS_QUERY, { ids: Array.from({ length: 390_000 }, (_, index) => `c${String(index).padStart(6, '0')}`) })),
        'content-length',
      ),
  },
  {
    name: 'refused: 5,000 levels',
    label: 'refused structure: variables nested 5,000 levels deep, 10 connections',
    accepted: false,
    run: (url, seconds) => load(url, seconds, 10, [HOSTILE], `{"query":"{ partner { id } }","variables":{"v":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}}`),
  },
  {
    name: 'refused: 10 MB by Content-Length',
    label: 'refused size by Content-Length: 10 MB bodies, 10 connections',
    accepted: false,
    run: (url, seconds) => largeBodies(url, seconds, 10, overSizeBody(), 'content-length'),
  },
  {
    name: 'refused: 10 MB chunked',
    label: 'refused size, chunked: 10 MB bodies without Content-Length, 10 connections',
    accepted: false,
    run: (url, seconds) => largeBodies(url, seconds, 10, overSizeBody(), 'chunked'),
  },
  {
    name: 'distinct-key reads',
    label: `distinct-key reads: ${DISTINCT_READERS.length} callers over 32 connections, every read a listing page not cached yet (half in variables, half written inline as distinct documents)`,
    accepted: true,
    growsStore: true,
    run: (url, seconds) =>
      load(url, seconds, 32, DISTINCT_READERS, (index) => {
        // 14,000 distinct pages of the partner's 14 channels: limit 1..1000 × offset 0..13; `total` only, so each costs 11.
        const limit = 1 + (index % 1000);
        const offset = Math.floor(index / 1000) % 14;
        return index % 2 === 0
          ? graphqlBody('query ($limit: Int, $offset: Int) { partner { channels(limit: $limit, offset: $offset) { total } } }', { limit, offset })
          : graphqlBody(`{ partner { channels(limit: ${limit}, offset: ${offset}) { total } } }`);
      }),
  },
];

const SCRIPT = fileURLToPath(import.meta.url);

/** Runs pattern `index` against `url` for `seconds` in a child process; resolves with what the gateway answered it. */
export function runPatternApart(index: number, url: string, seconds: number): Promise<Statuses> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCRIPT, String(index), url, String(seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as Statuses);
      else reject(new Error(`hostile pattern ${index} exited with ${code}`));
    });
  });
}

if (process.argv[1] === SCRIPT) {
  // The lowest CPU priority: on the gateway's cores, the load generator takes only what the gateway leaves.
  setPriority(19);
  const [index, url, seconds] = process.argv.slice(2);
  const statuses = await PATTERNS[Number(index)].run(url, Number(seconds));
  process.stdout.write(JSON.stringify(statuses));
}
