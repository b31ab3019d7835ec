import { request as httpRequest } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { graphqlBodyLimit } from '../../src/http/media-route.js';
import { WEBHOOK_BODY_SHAPE } from '../../src/http/webhook-route.js';
import { cloudNotification, postNotification } from '../support/events.js';
import { ROOM_FOR_REFUSALS, useTestGateway } from '../support/gateway.js';

/**
 * Bodies bounded by their structure before they are parsed (MAX_BODY_VALUES, MAX_BODY_DEPTH on
 * /graphql, the webhook receiver's own bounds), through real HTTP.
 */

const CHANNEL = 'channel-001';
const LISTING = 'query Listing($ids: [ID!]) { partner { clients(filter: { ids: $ids }) { total } } }';

type Answer = { errors?: Array<{ message: string; extensions?: Record<string, unknown> }>; data?: unknown };

async function post(url: string, body: string): Promise<{ status: number; body: Answer }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** A status item as the upstream's reference shows one (ids made up), about 380 bytes and 16 values. */
function statusItem(index: number) {
  return {
    id: `wamid.HBgNNTUxNjk5MjMxODIyMhUCABEYEjgx${String(index).padStart(10, '0')}QA=`,
    status: 'delivered',
    timestamp: String(1_750_857_384 + index),
    recipient_id: '5516992318222',
    conversation: { id: `a75d17ad06104c51166f9483${String(index).padStart(8, '0')}`, expiration_timestamp: '1750943820', origin: { type: 'service' } },
    pricing: { billable: true, pricing_model: 'CBP', category: 'service' },
  };
}

describe('bodies bounded by their shape, before parsing', () => {
  const harness = useTestGateway({ MAX_BODY_VALUES: '10000', MAX_BODY_DEPTH: '64', ...ROOM_FOR_REFUSALS });

  it('refuses 390,000 small variables (6.2 MB) with 413 before parsing them, sending nothing, and serves the next request', async () => {
    const items = Array.from({ length: 390_000 }, (_, index) => `client-${String(index).padStart(6, '0')}`);
    const body = JSON.stringify({ query: LISTING, variables: { ids: items } });
    expect(body.length).toBeGreaterThan(6_000_000);
    const refused = await post(harness.url, body);
    expect(refused.status).toBe(413);
    expect(refused.body.errors?.[0]).toEqual({ message: 'The request body holds more than 10000 JSON values', extensions: { code: 'BAD_REQUEST' } });
    expect(harness.simulator.recorder.requests).toHaveLength(0);
    const served = await post(harness.url, JSON.stringify({ query: '{ partner { id } }' }));
    expect(served.body.errors).toBeUndefined();
  });

  it('accepts a body at the values limit and refuses one value more', async () => {
    // {query, variables: {ids: [...]}}: 4 values besides the ids.
    const at = await post(harness.url, JSON.stringify({ query: LISTING, variables: { ids: Array.from({ length: 9_996 }, () => 'c1') } }));
    expect(at.status).not.toBe(413);
    const over = await post(harness.url, JSON.stringify({ query: LISTING, variables: { ids: Array.from({ length: 9_997 }, () => 'c1') } }));
    expect(over.status).toBe(413);
  });

  it('stops reading a chunked body as soon as its values pass the limit, before the body ends', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(harness.url, { method: 'POST', headers: { 'content-type': 'application/json' }, agent: false }, (response) => {
        response.resume();
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      // 10,001 values, well under the byte limit, and the body left open.
      request.write(`{"query":"{ partner { id } }","variables":{"ids":[${'1,'.repeat(10_000)}`);
    });
    expect(status).toBe(413);
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('refuses a body by its Content-Length before reading any of it', async () => {
    const limit = graphqlBodyLimit(harness.config.media.inlineMaxBytes);
    // Only the headers are sent: an answer can only come from the declared length, never from bytes read.
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        harness.url,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(limit + 1) }, agent: false },
        (response) => {
          response.resume();
          request.destroy();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
    expect(harness.simulator.recorder.requests).toHaveLength(0);
  });

  it('webhook: accepts a 3 MB batch of statuses (the largest payload the upstream documents) and refuses structure past its bounds', async () => {
    const credential = webhookAuthorization(harness.config.keystoreSecret, CHANNEL);
    const statuses = Array.from({ length: 9_500 }, (_, index) => statusItem(index));
    const batch = JSON.stringify(cloudNotification([{ statuses }]));
    expect(batch.length).toBeGreaterThan(3_000_000);
    expect(batch.length).toBeLessThanOrEqual(3 * 1024 * 1024);
    const accepted = await postNotification(harness.url, CHANNEL, batch, credential);
    expect(accepted).toEqual({ status: 200, body: { received: true } });

    const deep = `{"entry":${'['.repeat(WEBHOOK_BODY_SHAPE.maxDepth)}${']'.repeat(WEBHOOK_BODY_SHAPE.maxDepth)}}`;
    expect(await postNotification(harness.url, CHANNEL, deep, credential)).toEqual({
      status: 413,
      body: { error: `the notification is too large: The request body nests JSON deeper than ${WEBHOOK_BODY_SHAPE.maxDepth} levels` },
    });
    const flood = `{"entry":[${'0,'.repeat(WEBHOOK_BODY_SHAPE.maxValues)}0]}`;
    expect(await postNotification(harness.url, CHANNEL, flood, credential)).toEqual({
      status: 413,
      body: { error: `the notification is too large: The request body holds more than ${WEBHOOK_BODY_SHAPE.maxValues} JSON values` },
    });
  });
});
