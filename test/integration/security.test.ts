import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, jest } from '@jest/globals';
import { ACME, ROOM_FOR_REFUSALS, useTestGateway } from '../support/gateway.js';

/** Depth counts every level down to the leaf: `partner channels nodes` + 3 per level + `id`. */
function nestedChannelsQuery(levels: number): string {
  let selection = 'id';
  for (let level = 0; level < levels; level += 1) selection = `client { channels(limit: 1) { nodes { ${selection} } } }`;
  return `{ partner { channels(limit: 1) { nodes { ${selection} } } } }`;
}

describe('query limits, introspection, CSRF, CORS, request ids', () => {
  const harness = useTestGateway({
    MAX_QUERY_DEPTH: '7',
    MAX_QUERY_ALIASES: '3',
    MAX_QUERY_COST: '120',
    MAX_QUERY_TOKENS: '200',
    // The /graphql body limit grows with the inline media limit; keep it at its 1 MB floor here.
    MEDIA_INLINE_MAX_BYTES: '1024',
  });

  it.each([
    ['depth', nestedChannelsQuery(2), /depth/i],
    ['aliases', '{ a: partner { id } b: partner { id } c: partner { id } d: partner { id } }', /alias/i],
    [
      'cost',
      '{ partner { clients { nodes { id name status channels { nodes { id status hubStatus client { id name status } } } } } channels { nodes { id status hubStatus client { id name status channels { nodes { id status } } } } } } }',
      /cost/i,
    ],
    ['tokens', `{ partner { ${Array.from({ length: 250 }, () => 'id').join(' ')} } }`, /token/i],
  ])('refuses a query over the %s limit before anything is sent upstream', async (_limit, query, message) => {
    harness.simulator.recorder.clear();
    const { status, body } = await harness.graphql(query);
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    const refusal = body.errors?.find((error) => message.test(error.message));
    expect(refusal).toBeDefined();
    expect(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED']).toContain(refusal?.extensions?.code);
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('accepts queries within the limits', async () => {
    const { status, body } = await harness.graphql(nestedChannelsQuery(1));
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
  });

  it('serves introspection and the Sandbox landing page by default', async () => {
    const { body } = await harness.graphql<{ __schema: { queryType: { name: string } } }>('{ __schema { queryType { name } } }');
    expect(body.data?.__schema.queryType.name).toBe('Query');
    const page = await fetch(harness.url, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/sandbox/i);
  });

  it('prevents CSRF: simple requests without a preflight-forcing header are refused', async () => {
    const simpleGet = await fetch(`${harness.url}?query=${encodeURIComponent('{ __typename }')}`);
    expect(simpleGet.status).toBe(400);
    expect(await simpleGet.text()).toMatch(/CSRF/);
    const textPost = await fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(textPost.status).toBe(400);
    const preflighted = await fetch(`${harness.url}?query=${encodeURIComponent('{ __typename }')}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(preflighted.status).toBe(200);
  });

  it('sends no CORS headers unless CORS_ORIGINS allows the origin', async () => {
    const preflight = await fetch(harness.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a GraphQL body over the size limit with 413, sending nothing upstream', async () => {
    harness.simulator.recorder.clear();
    const response = await fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ partner { id } }', variables: { padding: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('keeps a caller request id, sends it upstream and logs it with the operation name', async () => {
    harness.simulator.recorder.clear();
    const response = await fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-abc-123' },
      body: JSON.stringify({ query: 'query PartnerName { partner { id clients(limit: 1) { total } } }' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-abc-123');
    const [a1] = harness.simulator.recorder.matching(/\/clients$/, 'GET');
    expect(a1?.headers['x-request-id']).toBe('req-abc-123');
    const line = harness.logs.entries().find((entry) => entry.msg === 'graphql operation' && entry.requestId === 'req-abc-123');
    expect(line).toMatchObject({ operation: 'PartnerName', type: 'query', outcome: 'success' });
    // JSON.parse keeps the last of duplicate keys; the printed line must name the operation once.
    const raw = harness.logs.lines.find((text) => text.includes('"graphql operation"') && text.includes('req-abc-123'));
    expect(raw?.match(/"operation":/g)).toHaveLength(1);
  });

  it('builds no per-request child logger for an operation that logs nothing but its operation line', async () => {
    const child = jest.spyOn(harness.gateway.services.logger, 'child');
    try {
      const { status } = await harness.graphql('query Quiet { partner { id } }');
      expect(status).toBe(200);
      expect(child).not.toHaveBeenCalled();
      expect(harness.logs.entries().some((entry) => entry.msg === 'graphql operation' && entry.operation === 'Quiet')).toBe(true);
    } finally {
      child.mockRestore();
    }
  });

  it('masks unexpected failures and logs them with the request id', async () => {
    // A listing answer of the wrong shape makes the mapping code fail with a TypeError.
    harness.simulator.faults.add({ path: '/clients$', method: 'GET', status: 200, body: { unexpected: true }, times: 1 });
    const response = await fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-internal-1' },
      body: JSON.stringify({ query: 'query Odd { partner { clients(limit: 4) { total nodes { id } } } }' }),
    });
    const body = (await response.json()) as { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
    expect(body.errors?.[0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    const logged = harness.logs.entries().find((entry) => entry.msg === 'unexpected error in a GraphQL operation');
    expect(logged).toMatchObject({ requestId: 'req-internal-1', operation: 'Odd' });
  });

  it('generates a request id when none (or a malformed one) is given', async () => {
    harness.simulator.recorder.clear();
    const response = await fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'bad id\twith spaces' },
      body: JSON.stringify({ query: '{ partner { clients(limit: 3) { total } } }' }),
    });
    const generated = response.headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    expect(harness.simulator.recorder.matching(/\/clients$/, 'GET')[0]?.headers['x-request-id']).toBe(generated);
  });
});

describe('hardened configuration', () => {
  const harness = useTestGateway({ INTROSPECTION: 'false', CORS_ORIGINS: 'https://app.example, https://admin.example' });

  it('turns introspection, the landing page and field suggestions off together', async () => {
    const { status, body } = await harness.graphql('{ __schema { queryType { name } } }');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/introspection/i);
    const page = await fetch(harness.url, { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toMatch(/sandbox/i);
    const typo = await harness.graphql('{ partner { clints { total } } }');
    expect(typo.body.errors?.[0]?.message).not.toMatch(/did you mean/i);
  });

  it('allows exactly the configured origins', async () => {
    const allowed = await fetch(harness.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://admin.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example');
    const other = await fetch(harness.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const post = await fetch(harness.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://app.example' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(post.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(post.headers.get('access-control-expose-headers')).toMatch(/x-request-id/);
  });
});

describe('the /graphql HTTP layer', () => {
  const harness = useTestGateway({ MEDIA_INLINE_MAX_BYTES: '1024', ...ROOM_FOR_REFUSALS });

  const post = (body: string | Uint8Array | ReadableStream<Uint8Array>, headers: Record<string, string> = {}, init: Record<string, unknown> = {}) =>
    fetch(harness.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, ...init });

  it('answers malformed JSON with 400 BAD_REQUEST, sending nothing upstream, and keeps serving', async () => {
    harness.simulator.recorder.clear();
    const response = await post('{"query": "{ partner { id } }"');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ message: 'The request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] });
    expect(harness.simulator.recorder.requests).toHaveLength(0);
    const { status, body } = await harness.graphql('{ partner { id } }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ partner: { id: ACME.id } });
  });

  it('reads gzip-encoded bodies and refuses unknown encodings and charsets with 415', async () => {
    const query = JSON.stringify({ query: '{ partner { id } }' });
    const gzipped = await post(gzipSync(query), { 'content-encoding': 'gzip' });
    expect(await gzipped.json()).toEqual({ data: { partner: { id: ACME.id } } });
    expect((await post(query, { 'content-encoding': 'compress' })).status).toBe(415);
    expect((await post(query, { 'content-type': 'application/json; charset=latin1' })).status).toBe(415);
    const corrupt = await post(Buffer.from('not gzip at all'), { 'content-encoding': 'gzip' });
    expect(corrupt.status).toBe(400);
  });

  it('refuses an oversized body without Content-Length (chunked) with 413 as it arrives, before the body ends', async () => {
    // One byte over the 1 MB limit, in chunks, and the body left open: the answer can only come from
    // the limit being crossed, and the gateway has read every byte sent, so its answer always arrives.
    const limit = 1024 * 1024;
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(harness.url, { method: 'POST', headers: { 'content-type': 'application/json' }, agent: false }, (response) => {
        response.resume();
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      for (let sent = 0; sent < limit; sent += 64 * 1024) request.write(' '.repeat(64 * 1024));
      request.write(' ');
    });
    expect(status).toBe(413);
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('serves /graphql with a trailing slash or a query string, and nothing below it', async () => {
    const slash = await fetch(`${harness.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await slash.json()).toEqual({ data: { __typename: 'Query' } });
    const get = await fetch(`${harness.url}?query=${encodeURIComponent('{ __typename }')}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(await get.json()).toEqual({ data: { __typename: 'Query' } });
    expect((await fetch(`${harness.url}/other`, { method: 'POST' })).status).toBe(404);
  });
});
