import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { AccessTokens } from '../../src/identity/access-tokens.js';
import { identifyCaller } from '../../src/identity/caller.js';
import { collect, connectWs, waitUntil } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';
import { startIdentityProvider, testPeople, type TestIdentityProvider } from '../support/identity-provider.js';

const C1 = 'client-001';
const C1_CHANNEL = 'channel-001';
const VIEWER = '{ viewer { actor { kind subject } } }';
const HOLD = `subscription { messageReceived(channelId: "${C1_CHANNEL}") { id } }`;
/** The clock skew of this suite's verifier (the gateway allows 60 s): a token's WebSocket is closed at exp + 1 s. */
const SKEW_SECONDS = 1;

const { admin, agent } = testPeople(C1);
let idp: TestIdentityProvider;
let harness: TestGateway;
beforeAll(async () => {
  idp = await startIdentityProvider([admin, agent]);
  harness = await startTestGateway(idp.env);
  // Seam: the gateway's verifier, with a skew of 1 s instead of 60 so that an expiry is seen in seconds. Everything
  // else is the gateway's own: verification against the provider, the WebSocket endpoint, its timer and its refusals.
  const { config } = harness;
  if (!config.auth) throw new Error('the suite needs AUTH_ISSUER');
  const tokens = new AccessTokens(config.auth, { clockSkewSeconds: SKEW_SECONDS });
  harness.gateway.services.identifyCaller = (headers) => identifyCaller(config, headers, tokens);
});
afterAll(async () => {
  await harness.close();
  await idp.close();
});

const seconds = () => Math.floor(Date.now() / 1000);

describe("a WebSocket connection lives as long as its person's token", () => {
  it('is closed with 4403, naming the expiry, once exp + the clock skew has passed, ending its subscriptions', async () => {
    const exp = seconds() + 2;
    const connection = connectWs(harness.url, { authorization: `Bearer ${await idp.sign(agent, { exp })}` });
    try {
      const subscription = collect(connection, HOLD, {}, 'messageReceived');
      await waitUntil(() => harness.gateway.services.events.subscriberCount('message', C1_CHANNEL) === 1, 'the subscription');
      await waitUntil(() => connection.closeCode() !== null, 'the close at expiry');
      expect(Date.now()).toBeGreaterThanOrEqual((exp + SKEW_SECONDS) * 1000);
      expect(connection.closeCode()).toBe(4403);
      const expiredAt = new Date((exp + SKEW_SECONDS) * 1000).toISOString();
      expect(connection.closeReason()).toBe(`Access token expired at ${expiredAt}: reconnect with a fresh one`);
      expect(subscription.items).toEqual([]);
      await waitUntil(() => harness.gateway.services.events.subscriberCount('message', C1_CHANNEL) === 0, 'the subscription ended');
    } finally {
      await connection.dispose();
    }
  });

  it('a connection reopened with the expired token is refused at connect (4403); with a fresh one it is served', async () => {
    const expired = await idp.sign(agent, { exp: seconds() - SKEW_SECONDS - 1 });
    const refused = connectWs(harness.url, { authorization: `Bearer ${expired}` });
    try {
      await collect(refused, VIEWER, {}, 'viewer').ended();
      expect(refused.closeCode()).toBe(4403);
    } finally {
      await refused.dispose();
    }
    const renewed = connectWs(harness.url, { authorization: `Bearer ${await idp.token(agent)}` });
    try {
      expect(await collect(renewed, VIEWER, {}, 'viewer').atLeast(1)).toEqual([{ actor: { kind: 'PERSON', subject: agent.id } }]);
    } finally {
      await renewed.dispose();
    }
  });

  it('an operation started after the token expired is refused with UNAUTHENTICATED, even before the connection is closed', async () => {
    const exp = seconds() + 600;
    const connection = connectWs(harness.url, { authorization: `Bearer ${await idp.sign(agent, { exp })}` });
    try {
      // A subscription keeps the (lazy) connection open, as an inbox's does.
      collect(connection, HOLD, {}, 'messageReceived');
      expect(await collect(connection, VIEWER, {}, 'viewer').atLeast(1)).toHaveLength(1);
      harness.simulator.recorder.clear();
      // The clock moves past the expiry; the connection's timer (real time) has not fired yet.
      const realNow = Date.now.bind(Date);
      const shift = (exp + SKEW_SECONDS) * 1000 + 1 - realNow();
      const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + shift);
      const late = collect(connection, `{ channel(id: "${C1_CHANNEL}") { id } }`, {}, 'channel');
      try {
        await late.ended();
      } finally {
        clock.mockRestore();
      }
      expect(late.items).toEqual([]);
      // graphql-ws delivers a refusal before execution as one `error` message carrying the list.
      expect(late.errors).toEqual([
        [
          {
            message: `The access token of this connection expired at ${new Date((exp + SKEW_SECONDS) * 1000).toISOString()} (exp + clock skew): reconnect with a fresh one`,
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ],
      ]);
      expect(harness.simulator.recorder.requests).toEqual([]);
    } finally {
      await connection.dispose();
    }
  });

  it("a connection's operations run as the person it was identified as when it connected: the token is verified once", async () => {
    const identify = harness.gateway.services.identifyCaller;
    let identified = 0;
    harness.gateway.services.identifyCaller = (headers) => {
      identified += 1;
      return identify(headers);
    };
    const connection = connectWs(harness.url, { authorization: `Bearer ${await idp.sign(agent, { exp: seconds() + 600 })}` });
    try {
      // A subscription keeps the (lazy) connection open between the operations.
      collect(connection, HOLD, {}, 'messageReceived');
      for (let operation = 0; operation < 3; operation += 1) {
        expect(await collect(connection, VIEWER, {}, 'viewer').atLeast(1)).toEqual([{ actor: { kind: 'PERSON', subject: agent.id } }]);
      }
      expect(identified).toBe(1);
    } finally {
      harness.gateway.services.identifyCaller = identify;
      await connection.dispose();
    }
  });

  it('a connection without a token is refused at connect (4403)', async () => {
    const connection = connectWs(harness.url, {});
    try {
      await collect(connection, VIEWER, {}, 'viewer').ended();
      expect(connection.closeCode()).toBe(4403);
    } finally {
      await connection.dispose();
    }
  });

  it("a service's gateway token has no expiry: its connection is neither closed nor refused, however late", async () => {
    const service = await startTestGateway({ ...idp.env, GATEWAY_TOKENS: 'service-token' });
    const connection = connectWs(service.url, { authorization: 'Bearer service-token' });
    try {
      collect(connection, HOLD, {}, 'messageReceived');
      await waitUntil(() => service.gateway.services.events.subscriberCount('message', C1_CHANNEL) === 1, 'the subscription');
      const realNow = Date.now.bind(Date);
      const clock = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 30 * 86_400_000);
      try {
        expect(await collect(connection, VIEWER, {}, 'viewer').atLeast(1)).toEqual([{ actor: { kind: 'SERVICE', subject: 'gateway-token-1' } }]);
      } finally {
        clock.mockRestore();
      }
      expect(connection.closeCode()).toBeNull();
    } finally {
      await connection.dispose();
      await service.close();
    }
  });
});
