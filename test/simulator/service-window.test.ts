import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messagingState, SIM_STALE_CONTACT } from '../../simulator/messaging-routes.js';
import { collect, connectWs, SUBSCRIPTIONS, waitUntil, type WsConnection } from '../support/events.js';
import { startReceivingGateway, type TestGateway } from '../support/gateway.js';

const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const HOUR_S = 60 * 60;
const SEND = `mutation ($channelId: ID!, $to: String!) { sendMessage(channelId: $channelId, input: { to: $to, text: { body: "Are you still there?" } }) { id } }`;
const MESSAGES = `subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { id from contactName timestamp raw } }`;

type Item = Record<string, unknown>;

/** The simulator keeps the 24-hour window as the interface says, seen through real webhook deliveries to a gateway. */
describe('simulator: the 24-hour window, profile names and message times in notifications', () => {
  let gateway: TestGateway;
  let connection: WsConnection;

  beforeAll(async () => {
    // The upstream's verdict is under test, not the gateway's own window guard (SERVICE_WINDOW_GUARD), so the guard lets every send through.
    gateway = await startReceivingGateway([CLOUD, ONPREM], {
      CHANNEL_API_KEYS: JSON.stringify({ [CLOUD]: `sim-key-${CLOUD}`, [ONPREM]: `sim-key-${ONPREM}` }),
      SERVICE_WINDOW_GUARD: 'off',
    });
    connection = connectWs(gateway.url);
  });

  afterAll(async () => {
    await connection.dispose();
    await gateway.close();
  });

  const subscribe = async (kind: 'message' | 'status', channelId: string) => {
    const count = () => gateway.gateway.services.events.subscriberCount(kind, channelId);
    await waitUntil(() => count() === 0, `no ${kind} subscriber left on ${channelId}`);
    const subscription =
      kind === 'message'
        ? collect<Item>(connection, MESSAGES, { channelId }, 'messageReceived')
        : collect<Item>(connection, SUBSCRIPTIONS.statuses, { channelId }, 'messageStatusChanged');
    await waitUntil(() => count() === 1, `one ${kind} subscriber on ${channelId}`);
    return subscription;
  };

  const inbound = async (body: Record<string, unknown>) => {
    const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello?', ...body }),
    });
    expect(response.status).toBe(202);
    return (await response.json()) as { messageId: string; timestamp: number };
  };

  /** What the simulator delivered (answered 200) that mentions `id`. */
  const deliveredWith = (id: string) =>
    gateway.simulator.webhookDelivery.attempts
      .filter((attempt) => attempt.status === 200 && JSON.stringify(attempt.body).includes(id))
      .map((attempt) => attempt.body);

  it('cloud: a free-form send to a contact who wrote 25 h ago answers with a message id; the webhook then receives one failed status with 131047', async () => {
    const statuses = await subscribe('status', CLOUD);
    const { body } = await gateway.graphql<{ sendMessage: { id: string } }>(SEND, { channelId: CLOUD, to: SIM_STALE_CONTACT });
    expect(body.errors).toBeUndefined();
    const id = body.data!.sendMessage.id;
    expect(id).toMatch(/^wamid\./);

    const [failed] = await statuses.atLeast(1);
    const error = {
      code: 131047,
      title: 'Re-engagement message',
      message: 'Re-engagement message',
      error_data: { details: expect.stringContaining('more than 24 hours have passed') },
    };
    expect(failed).toEqual({
      channelId: CLOUD,
      messageId: id,
      status: 'failed',
      recipientId: SIM_STALE_CONTACT,
      timestamp: expect.any(String),
      errors: [{ channelId: CLOUD, code: 131047, title: 'Re-engagement message', details: expect.stringContaining('24 hours'), raw: error }],
      raw: expect.objectContaining({ id, status: 'failed' }),
    });
    // The cloud envelope, and the failure is the send's only status: no sent or delivered before or after it.
    expect(deliveredWith(id)).toEqual([
      expect.objectContaining({
        entry: [
          expect.objectContaining({
            changes: [
              {
                field: 'messages',
                value: expect.objectContaining({
                  statuses: [{ id, status: 'failed', timestamp: expect.stringMatching(/^\d+$/), recipient_id: SIM_STALE_CONTACT, errors: [error] }],
                }),
              },
            ],
          }),
        ],
      }),
    ]);
    expect(statuses.items).toHaveLength(1);
    statuses.unsubscribe();
  });

  it('on-premise: the same send is refused at once with 470 (SERVICE_WINDOW_CLOSED)', async () => {
    const { body } = await gateway.graphql(SEND, { channelId: ONPREM, to: SIM_STALE_CONTACT });
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_WINDOW_CLOSED', upstream: { endpoint: 'B1', status: 400, code: 470 } });
  });

  it.each([
    ['cloud', CLOUD, 'Ada Lovelace', 'Ada Lovelace'],
    ['on-premise', ONPREM, undefined, 'Mia Schneider'],
  ])('%s inbound notifications carry the profile name (given, or the simulated contact’s own)', async (_hosting, channelId, name, expected) => {
    const messages = await subscribe('message', channelId);
    const { messageId } = await inbound({ channelId, from: '4915112345678', ...(name && { name }) });
    const [message] = await messages.atLeast(1);
    expect(message).toMatchObject({ id: messageId, from: '4915112345678', contactName: expected });
    const [notification] = deliveredWith(messageId);
    const contacts =
      channelId === CLOUD ? (notification as { entry: Array<{ changes: Array<{ value: Item }> }> }).entry[0].changes[0].value.contacts : notification.contacts;
    expect(contacts).toEqual([{ profile: { name: expected }, wa_id: '4915112345678' }]);
    messages.unsubscribe();
  });

  it('an inbound injected at now−25 h carries that time, and the window runs from it; one written now opens it', async () => {
    const contact = '4915100000250';
    const messages = await subscribe('message', CLOUD);
    const lastInbound = () => messagingState(gateway.simulator.state).lastInbound.get(CLOUD)?.get(contact);

    const now = Math.floor(Date.now() / 1000);
    const old = await inbound({ channelId: CLOUD, from: contact, hoursAgo: 25 });
    expect(Math.abs(old.timestamp - (now - 25 * HOUR_S))).toBeLessThanOrEqual(2);
    const [late] = await messages.atLeast(1);
    expect(late).toMatchObject({ id: old.messageId, timestamp: new Date(old.timestamp * 1000).toISOString(), raw: { timestamp: String(old.timestamp) } });
    expect(lastInbound()).toBe(old.timestamp * 1000);

    const fresh = await inbound({ channelId: CLOUD, from: contact, timestamp: now });
    expect(fresh.timestamp).toBe(now);
    await messages.atLeast(2);
    expect(messages.items[1]).toMatchObject({ id: fresh.messageId, timestamp: new Date(now * 1000).toISOString() });
    expect(lastInbound()).toBe(now * 1000);

    // A message written earlier than the latest (re-delivered late) leaves the window where it is.
    await inbound({ channelId: CLOUD, from: contact, hoursAgo: 30 });
    await messages.atLeast(3);
    expect(lastInbound()).toBe(now * 1000);
    messages.unsubscribe();
  });
});
