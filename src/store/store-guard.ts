import { OperationTypeNode } from 'graphql';
import { StoreUnavailableError } from '../errors.js';
import type { RedisConnection } from './redis.js';

/** What the guard asks of the process's services: the Redis connection when one is configured, and whether every store answers. */
export interface StoreHealth {
  redis: RedisConnection | null;
  ready(): Promise<boolean>;
}

/**
 * While Redis is lost, mutations are refused before anything is sent upstream: each one needs
 * the shared store after its write (cache invalidation, key store, idempotency keys), and a write
 * whose invalidation is lost would leave other instances serving stale data once Redis is back.
 * A PING (bounded by REDIS_TIMEOUT_MS) rather than the connection state, so a Redis that hangs
 * with its connection open is caught too. Reads go on, uncached (see ResponseCache).
 */
export async function refuseWriteWhileStoreStalled(services: StoreHealth, operation: OperationTypeNode): Promise<void> {
  // Without Redis there is no shared store to lose.
  if (services.redis && operation === OperationTypeNode.MUTATION && !(await services.ready())) throw new StoreUnavailableError();
}

/** A store call bounded in time, any failure of it a StoreUnavailableError. */
export async function strict<T>(connection: RedisConnection, command: Promise<T>): Promise<T> {
  try {
    return await connection.withTimeout(command);
  } catch {
    throw new StoreUnavailableError();
  }
}
