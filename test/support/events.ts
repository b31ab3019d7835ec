import { expect } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** How long a poll waits by default: well inside Jest's 20 s test timeout, so the poll's own message is what fails. */
export const WAIT_DEADLINE_MS = 10_000;

/**
 * Polls a condition every few milliseconds until it holds; past the deadline it fails naming
 * `what` it waited for (by default the condition's own source), where a hang would otherwise end
 * in Jest's anonymous test timeout.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  what = `\`${condition.toString()}\``,
  { deadlineMs = WAIT_DEADLINE_MS, pauseMs = 5 }: { deadlineMs?: number; pauseMs?: number } = {},
): Promise<void> {
  const giveUpAt = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() >= giveUpAt) throw new Error(`Waited ${deadlineMs} ms for ${what}; it did not happen`);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

export interface WsConnection {
  client: Client;
  /** Close code of the socket once it closed (4403: rejected by onConnect, or its token expired). */
  closeCode(): number | null;
  /** The reason the server gave with its close code. */
  closeReason(): string | null;
  dispose(): Promise<void>;
}

export function connectWs(httpUrl: string, connectionParams: Record<string, unknown> = {}): WsConnection {
  let closeCode: number | null = null;
  let closeReason: string | null = null;
  const client = createClient({
    url: httpUrl.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
    on: {
      closed: (event) => {
        closeCode = (event as { code?: number }).code ?? null;
        closeReason = (event as { reason?: string }).reason ?? null;
      },
    },
  });
  return {
    client,
    closeCode: () => closeCode,
    closeReason: () => closeReason,
    async dispose() {
      await client.dispose();
    },
  };
}

export interface Collected<T> {
  items: T[];
  errors: unknown[];
  completed: boolean;
  /** Resolves when at least `count` items arrived. */
  atLeast(count: number): Promise<T[]>;
  /** Resolves when the subscription failed or completed. */
  ended(): Promise<void>;
  unsubscribe(): void;
}

/** Subscribes and collects every `data[field]` the server sends. */
export function collect<T = Record<string, unknown>>(connection: WsConnection, query: string, variables: Record<string, unknown>, field: string): Collected<T> {
  const result: Collected<T> = {
    items: [],
    errors: [],
    completed: false,
    atLeast: (count) =>
      waitUntil(() => result.items.length >= count || result.errors.length > 0, `${count} item(s) of ${field}`).then(() => {
        if (result.items.length < count) throw new Error(`subscription failed: ${JSON.stringify(result.errors)}`);
        return result.items;
      }),
    ended: () => waitUntil(() => result.completed || result.errors.length > 0, `the end of the ${field} subscription`),
    unsubscribe: () => undefined,
  };
  result.unsubscribe = connection.client.subscribe<Record<string, T>>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) result.errors.push(...value.errors);
        const item = value.data?.[field];
        if (item !== undefined) result.items.push(item);
      },
      error: (error) => {
        result.errors.push(error);
      },
      complete: () => {
        result.completed = true;
      },
    },
  );
  return result;
}

export const SUBSCRIPTIONS = {
  messages: `subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { channelId id from timestamp type text raw } }`,
  statuses: `subscription ($channelId: ID!) { messageStatusChanged(channelId: $channelId) { channelId messageId status recipientId timestamp errors { channelId code title details raw } raw } }`,
  errors: `subscription ($channelId: ID!) { channelError(channelId: $channelId) { channelId code title details raw } }`,
};

/** POSTs a notification to a gateway's receiver as the upstream does. */
/** Posts a notification and expects the receiver to acknowledge it (200, `{ received: true }`). */
export async function postAcknowledged(gatewayUrl: string, channelId: string, body: unknown, authorization: string | undefined): Promise<void> {
  expect(await postNotification(gatewayUrl, channelId, body, authorization)).toEqual({ status: 200, body: { received: true } });
}

export async function postNotification(
  gatewayUrl: string,
  channelId: string,
  body: unknown,
  authorization: string | undefined,
  contentType = 'application/json',
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${new URL(gatewayUrl).origin}/webhooks/${encodeURIComponent(channelId)}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(authorization && { authorization }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Non-JSON answers are asserted as text.
  }
  return { status: response.status, body: parsed };
}

/** A cloud notification: one entry per list of changes, one change per value. */
export function cloudNotification(...entries: Array<Array<Record<string, unknown>>>) {
  return {
    object: 'chat_business_account',
    entry: entries.map((values, index) => ({
      id: `waba-${index + 1}`,
      changes: values.map((value) => ({
        field: 'messages',
        value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '49305550000', phone_number_id: 'pn-1' }, ...value },
      })),
    })),
  };
}
