import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { webhookAuthorization } from '../../src/events/ingest/credentials.js';
import { startCallbackReceiver, type CallbackReceiver } from '../support/callback-receiver.js';
import { postNotification, waitUntil } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

const TOKEN = 'callback-test-gateway-token';
const CHANNEL = 'channel-001';
/** channel-015 belongs to the other seeded partner. */
const FOREIGN_CHANNEL = 'channel-015';
const MESSAGES = 'subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { channelId id text } }';

/** A subscription request as Apollo Router sends it to a subgraph in callback mode. */
async function subscribeWithCallback(gateway: TestGateway, callbackUrl: string, id: string, channelId: string, authorization: string | null) {
  const response = await fetch(gateway.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
    body: JSON.stringify({
      query: MESSAGES,
      variables: { channelId },
      extensions: { subscription: { callbackUrl, subscriptionId: id, verifier: `verifier-${id}`, heartbeatIntervalMs: 100 } },
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> },
  };
}

describe("subscriptions over Apollo's HTTP callback protocol", () => {
  let receiver: CallbackReceiver;
  let gateway: TestGateway;
  const callbacksOf = (id: string) => receiver.received.filter((callback) => callback.body.id === id);

  beforeAll(async () => {
    receiver = await startCallbackReceiver();
    gateway = await startTestGateway({ GATEWAY_TOKENS: TOKEN, SUBSCRIPTION_CALLBACK_ORIGINS: receiver.origin });
  });
  beforeEach(() => gateway.simulator.recorder.clear());
  afterAll(async () => {
    await gateway.close();
    await receiver.close();
  });

  it('checks, sends next per event with heartbeats between, and completes when the gateway stops', async () => {
    // Its own gateway, so stopping it (which completes open subscriptions) leaves the others alone.
    const own = await startTestGateway({ GATEWAY_TOKENS: TOKEN, SUBSCRIPTION_CALLBACK_ORIGINS: receiver.origin });
    try {
      const answer = await subscribeWithCallback(own, `${receiver.origin}/callback/sub-1`, 'sub-1', CHANNEL, `Bearer ${TOKEN}`);
      expect(answer).toEqual({ status: 200, body: { data: null } });
      // The check went out before the answer, with the protocol header.
      expect(callbacksOf('sub-1')[0]).toMatchObject({
        path: '/callback/sub-1',
        headers: { 'subscription-protocol': 'callback/1.0' },
        body: { kind: 'subscription', action: 'check', id: 'sub-1', verifier: 'verifier-sub-1' },
      });
      await waitUntil(() => own.gateway.services.events.subscriberCount('message', CHANNEL) === 1, 'the callback subscription to start');
      for (const id of ['wamid.callback-1', 'wamid.callback-2']) {
        const posted = await postNotification(
          own.url,
          CHANNEL,
          { messages: [{ from: '4915550001', id, type: 'text', text: { body: `event ${id}` } }] },
          webhookAuthorization(own.config.keystoreSecret, CHANNEL),
        );
        expect(posted.status).toBe(200);
      }
      const nexts = () => callbacksOf('sub-1').filter((callback) => callback.body.action === 'next');
      await waitUntil(() => nexts().length === 2, 'two next callbacks');
      expect(nexts().map((callback) => callback.body)).toEqual(
        ['wamid.callback-1', 'wamid.callback-2'].map((id) => ({
          kind: 'subscription',
          action: 'next',
          id: 'sub-1',
          verifier: 'verifier-sub-1',
          payload: { data: { messageReceived: { channelId: CHANNEL, id, text: `event ${id}` } } },
        })),
      );
      // Heartbeats are further checks, every heartbeatIntervalMs.
      await waitUntil(() => callbacksOf('sub-1').filter((callback) => callback.body.action === 'check').length >= 3, 'two heartbeats after the check');
    } finally {
      await own.close();
    }
    const last = callbacksOf('sub-1').at(-1);
    expect(last?.body).toEqual({ kind: 'subscription', action: 'complete', id: 'sub-1', verifier: 'verifier-sub-1' });
  });

  it('refuses a caller without the gateway token before calling back', async () => {
    for (const authorization of [null, 'Bearer wrong-token']) {
      const answer = await subscribeWithCallback(gateway, `${receiver.origin}/callback/sub-2`, 'sub-2', CHANNEL, authorization);
      expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect(callbacksOf('sub-2')).toEqual([]);
  });

  it("completes a subscription to another partner's channel with NOT_FOUND and no event stream", async () => {
    const answer = await subscribeWithCallback(gateway, `${receiver.origin}/callback/sub-3`, 'sub-3', FOREIGN_CHANNEL, `Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    await waitUntil(() => callbacksOf('sub-3').some((callback) => callback.body.action === 'complete'), 'the complete callback');
    const complete = callbacksOf('sub-3').find((callback) => callback.body.action === 'complete');
    expect(complete?.body.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })]);
    expect(callbacksOf('sub-3').some((callback) => callback.body.action === 'next')).toBe(false);
    expect(gateway.gateway.services.events.subscriberCount('message', FOREIGN_CHANNEL)).toBe(0);
  });

  it('refuses a callback URL outside SUBSCRIPTION_CALLBACK_ORIGINS, and the extension on a query, sending nothing', async () => {
    const elsewhere = await subscribeWithCallback(gateway, 'http://169.254.169.254/latest/meta-data', 'sub-4', CHANNEL, `Bearer ${TOKEN}`);
    expect(elsewhere.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'callbackUrl' });
    const query = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        query: '{ channel(id: "channel-001") { id } }',
        extensions: { subscription: { callbackUrl: `${receiver.origin}/callback/sub-5`, subscriptionId: 'sub-5', verifier: 'v' } },
      }),
    });
    expect(((await query.json()) as { errors?: Array<{ extensions?: unknown }> }).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(callbacksOf('sub-4')).toEqual([]);
    expect(callbacksOf('sub-5')).toEqual([]);
    expect(gateway.simulator.recorder.requests).toEqual([]);
  });
});
