import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACME, metricValue, useTestGateway } from '../support/gateway.js';

const A1 = `^/api/v2/partners/${ACME.id}/clients$`;
const A4 = `^/api/v2/partners/${ACME.id}/channels$`;
const A7 = `^/api/v2/partners/${ACME.id}/clients/client-001$`;

const TWO_ROOTS = '{ client(id: "client-001") { id name } channel(id: "channel-001") { id } }';
const UPDATE_CLIENT = 'mutation { updateClient(clientId: "client-001", input: { partnerPayload: "p" }) { id } }';

describe('upstream faults: bounded read retries, field-level failure, writes sent once', () => {
  // Caching off so every query reaches the simulator; a short timeout for the slow-upstream case.
  const harness = useTestGateway({ UPSTREAM_RETRIES: '1', UPSTREAM_TIMEOUT_MS: '1500', CACHE_TTL_LISTING_MS: '0', CIRCUIT_BREAKER_THRESHOLD: '50' });

  it('a read failing after its retries fails its own field only: partial data with an error', async () => {
    harness.simulator.faults.add({ path: A4, method: 'GET', status: 503 });
    const { status, body } = await harness.graphql<{ client: { id: string; name: string } | null; channel: unknown }>(TWO_ROOTS);
    expect(status).toBe(200);
    expect(body.data?.client?.id).toBe('client-001');
    expect(body.data?.channel).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({ path: ['channel'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    // One attempt and UPSTREAM_RETRIES=1 retry, no more.
    expect(harness.simulator.recorder.matching(new RegExp(A4), 'GET')).toHaveLength(2);
  });

  it('retries a read after a connection reset and then succeeds', async () => {
    const retriesBefore = await metricValue(harness, 'hubgraph_upstream_retries_total{upstream="partner",endpoint="A1"}');
    harness.simulator.faults.add({ path: A1, method: 'GET', dropConnection: true, times: 1 });
    const { body } = await harness.graphql<{ client: { id: string } | null }>('{ client(id: "client-002") { id } }');
    expect(body.errors).toBeUndefined();
    expect(body.data?.client?.id).toBe('client-002');
    expect(harness.simulator.recorder.matching(new RegExp(A1), 'GET')).toHaveLength(2);
    expect(await metricValue(harness, 'hubgraph_upstream_retries_total{upstream="partner",endpoint="A1"}')).toBe(retriesBefore + 1);
  });

  it('a slow upstream times out per attempt and fails the field as UPSTREAM_UNAVAILABLE', async () => {
    harness.simulator.faults.add({ path: A4, method: 'GET', delayMs: 4000, times: 2 });
    const { body } = await harness.graphql<{ client: { id: string } | null; channel: unknown }>(TWO_ROOTS);
    expect(body.data?.client?.id).toBe('client-001');
    expect(body.data?.channel).toBeNull();
    expect(body.errors?.[0]).toMatchObject({ path: ['channel'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    expect(body.errors?.[0]?.message).toMatch(/timed out/);
  });

  it('never retries a write, whether it failed with 5xx or a dropped connection', async () => {
    harness.simulator.faults.add({ path: A7, method: 'PATCH', status: 503, times: 5 });
    const failed = await harness.graphql(UPDATE_CLIENT);
    expect(failed.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(harness.simulator.recorder.matching(new RegExp(A7), 'PATCH')).toHaveLength(1);

    harness.simulator.faults.clear();
    harness.simulator.recorder.clear();
    harness.simulator.faults.add({ path: A7, method: 'PATCH', dropConnection: true, times: 5 });
    const reset = await harness.graphql(UPDATE_CLIENT);
    expect(reset.body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', outcome: 'UNKNOWN' });
    expect(harness.simulator.recorder.matching(new RegExp(A7), 'PATCH')).toHaveLength(1);
  });
});

describe('circuit breaker per upstream root', () => {
  const harness = useTestGateway({
    UPSTREAM_RETRIES: '0',
    CACHE_TTL_LISTING_MS: '0',
    CIRCUIT_BREAKER_THRESHOLD: '3',
    CIRCUIT_BREAKER_COOLDOWN_MS: '300',
  });

  it('opens after N consecutive failures, refuses without sending, and recovers by itself', async () => {
    const { simulator, gateway } = harness;
    simulator.faults.add({ path: A1, method: 'GET', status: 500 });
    for (const id of ['client-001', 'client-002', 'client-003']) {
      const { body } = await harness.graphql(`{ client(id: "${id}") { id } }`);
      expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    }
    expect(simulator.recorder.matching(new RegExp(A1), 'GET')).toHaveLength(3);
    expect(gateway.services.breakers.partner.worst).toBe('open');

    const refused = await harness.graphql('{ client(id: "client-004") { id } }');
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', circuit: 'open' });
    expect(refused.body.errors?.[0]?.message).toMatch(/circuit open/);
    expect(simulator.recorder.matching(new RegExp(A1), 'GET')).toHaveLength(3);
    // Other roots keep their own breaker.
    expect(gateway.services.breakers.cloud.worst).toBe('closed');
    expect(await metricValue(harness, 'hubgraph_circuit_state{upstream="partner"}')).toBe(2);
    expect(await metricValue(harness, 'hubgraph_circuit_rejections_total{upstream="partner"}')).toBe(1);

    // The upstream recovers; after the cool-down one trial call goes through and closes the circuit.
    simulator.faults.clear();
    let recovered = false;
    for (let attempt = 0; attempt < 100 && !recovered; attempt += 1) {
      await sleep(50);
      const { body } = await harness.graphql('{ client(id: "client-005") { id } }');
      recovered = body.errors === undefined;
    }
    expect(recovered).toBe(true);
    expect(gateway.services.breakers.partner.worst).toBe('closed');
    const after = await harness.graphql('{ client(id: "client-006") { id } }');
    expect(after.body.errors).toBeUndefined();
  });

  it('a failed trial call opens the circuit again', async () => {
    const { simulator, gateway } = harness;
    simulator.faults.add({ path: A4, method: 'GET', status: 502 });
    for (let attempt = 0; attempt < 3; attempt += 1) await harness.graphql('{ channel(id: "channel-001") { id } }');
    expect(gateway.services.breakers.partner.worst).toBe('open');
    simulator.recorder.clear();
    let trialSent = false;
    for (let attempt = 0; attempt < 100 && !trialSent; attempt += 1) {
      await sleep(50);
      await harness.graphql('{ channel(id: "channel-002") { id } }');
      trialSent = simulator.recorder.matching(new RegExp(A4), 'GET').length > 0;
    }
    expect(trialSent).toBe(true);
    expect(simulator.recorder.matching(new RegExp(A4), 'GET')).toHaveLength(1);
    expect(gateway.services.breakers.partner.worst).toBe('open');
    simulator.faults.clear();
  });
});

describe('circuits by what fails: one per credential, endpoint family and kind of call', () => {
  const CLOUD = 'channel-001';
  const harness = useTestGateway({
    UPSTREAM_RETRIES: '0',
    CACHE_TTL_MESSAGING_MS: '0',
    CIRCUIT_BREAKER_THRESHOLD: '2',
    CIRCUIT_BREAKER_COOLDOWN_MS: '60000',
    CHANNEL_API_KEYS: JSON.stringify({ [CLOUD]: `sim-key-${CLOUD}` }),
  });

  it("failing business-profile reads open their own circuit, and the channel's sends still go out", async () => {
    const { simulator, gateway } = harness;
    simulator.faults.add({ path: '^/cloud/chat_business_profile$', method: 'GET', status: 500 });
    const profile = `{ channel(id: "${CLOUD}") { businessProfile { websites } } }`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { body } = await harness.graphql(profile);
      expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    }
    expect(gateway.services.breakers.cloud.worst).toBe('open');
    const refused = await harness.graphql(profile);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', circuit: 'open' });
    expect(simulator.recorder.matching('/cloud/chat_business_profile', 'GET')).toHaveLength(2);

    const sent = await harness.graphql(
      'mutation Send($channelId: ID!, $input: SendMessageInput!) { sendMessage(channelId: $channelId, input: $input) { id } }',
      { channelId: CLOUD, input: { to: '+4915112345678', text: { body: 'sending is healthy' } } },
    );
    expect(sent.body.errors).toBeUndefined();
    expect(simulator.recorder.matching('/cloud/messages', 'POST')).toHaveLength(1);
  });
});
