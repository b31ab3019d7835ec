import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SIM_STALE_CONTACT } from '../../src/simulator/messaging-routes.js';
import { collect, connectWs, startReceivingGateway, SUBSCRIPTIONS, waitUntil, type WsConnection } from '../support/events.js';
import type { TestGateway } from '../support/gateway.js';

const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const SEND = `mutation ($channelId: ID!, $to: String!) { sendMessage(channelId: $channelId, input: { to: $to, text: { body: "Are you still there?" } }) { id } }`;
const MESSAGES = `subscription ($channelId: ID!) { messageReceived(channelId: $channelId) { id from contactName timestamp raw } }`;

type Item = Record<string, unknown>;

/** The simulator keeps the 24-hour window as the interface says, seen through real webhook deliveries to a gateway. */
describe('simulator: the 24-hour window', () => {
  let gateway: TestGateway;
  let connection: WsConnection;

  beforeAll(async () => {
    // The upstream's verdict is under test, not the gateway's own window guard (issue 20), so the guard lets every send through.
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
});
