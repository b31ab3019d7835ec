import { afterEach, describe, expect, it } from '@jest/globals';
import { StoreUnavailableError } from '../../src/errors.js';
import { useTestGateway } from '../support/gateway.js';

describe('a write whose cache invalidation fails', () => {
  const harness = useTestGateway();
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  /** The shared store fails exactly when the write's invalidation runs (after the store guard let the write through). */
  function failInvalidations() {
    const { cache } = harness.gateway.services;
    const original = cache.invalidate.bind(cache);
    cache.invalidate = () => Promise.reject(new StoreUnavailableError());
    restore = () => {
      cache.invalidate = original;
    };
  }

  it("answers the write's data with an error saying other instances may be stale, never a retry invitation instead", async () => {
    failInvalidations();
    const payload = `stale-${Date.now()}`;
    const { status, body } = await harness.execute<{ updateClient: { id: string; partnerPayload: string } }>(
      `mutation { updateClient(clientId: "client-001", input: { partnerPayload: "${payload}" }) { id partnerPayload } }`,
    );
    expect(status).toBe(200);
    expect(body.data?.updateClient).toEqual({ id: 'client-001', partnerPayload: payload });
    expect(body.errors).toHaveLength(1);
    expect(body.errors?.[0]).toMatchObject({ extensions: { code: 'UPSTREAM_UNAVAILABLE', store: 'redis', staleCache: true } });
    expect(body.errors?.[0]?.message).toMatch(/other instances may answer with the data from before it/);
    // Sent once: the caller was not told to retry.
    expect(harness.simulator.recorder.matching(/\/clients\/client-001$/, 'PATCH')).toHaveLength(1);
  });

  it("keeps a failed write's own error (the invalidation's does not replace it)", async () => {
    failInvalidations();
    const { body } = await harness.execute('mutation { updateClient(clientId: "no-such-client", input: { partnerPayload: "x" }) { id } }');
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
