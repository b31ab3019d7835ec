import { describe, expect, it } from '@jest/globals';
import { areaBRequests, closeWindowThroughUpstream, useTestGateway } from '../support/gateway.js';

const CLOUD = 'channel-001';
const KEYS = { [CLOUD]: `sim-key-${CLOUD}` };

const SEND = `mutation Send($channelId: ID!, $input: SendMessageInput!) {
  sendMessage(channelId: $channelId, input: $input) {
    id input waId
    sentBy { kind subject name }
    record { id channelId direction contact type status preview sentAt receivedAt at context { replyTo replyToFrom } sentBy { kind subject } }
    conversation { contact serviceWindow { state } }
  }
}`;
const WINDOW = `query Window($channelId: ID!, $contact: String!) {
  channel(id: $channelId) { serviceWindow(contact: $contact) { state } }
}`;

/** sendMessage's resolver in process: the operation runs on the gateway's Apollo server with no HTTP in front of it. */
describe('sendMessage (executeOperation)', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS) });
  const execute = (query: string, variables: Record<string, unknown>) => harness.execute(query, variables).then((answer) => answer.body);

  it('answers with the sent message, the record the send left and the conversation it belongs to', async () => {
    const result = await execute(SEND, { channelId: CLOUD, input: { to: '+4915100000301', text: { body: 'hello' } } });
    expect(result.errors).toBeUndefined();
    const sent = (result.data as { sendMessage: { id: string } }).sendMessage;
    expect(sent).toEqual({
      id: expect.stringMatching(/^wamid\./),
      input: '+4915100000301',
      waId: '4915100000301',
      // No gateway tokens: the caller is the gateway itself.
      sentBy: { kind: 'SERVICE', subject: 'gateway', name: null },
      record: {
        id: sent.id,
        channelId: CLOUD,
        direction: 'OUTBOUND',
        contact: '4915100000301',
        type: 'text',
        status: 'accepted',
        preview: 'hello',
        sentAt: expect.any(String),
        receivedAt: expect.any(String),
        at: expect.any(String),
        context: null,
        sentBy: { kind: 'SERVICE', subject: 'gateway' },
      },
      conversation: { contact: '4915100000301', serviceWindow: { state: 'UNKNOWN' } },
    });
    const record = (sent as unknown as { record: { sentAt: string; receivedAt: string; at: string } }).record;
    // The gateway's own send is sent when it is accepted.
    expect([record.sentAt, record.receivedAt]).toEqual([record.at, record.at]);

    const reply = await execute(SEND, { channelId: CLOUD, input: { to: '+4915100000301', replyTo: sent.id, text: { body: 'and more' } } });
    expect((reply.data as { sendMessage: { record: unknown } }).sendMessage.record).toMatchObject({ context: { replyTo: sent.id, replyToFrom: null } });
    expect(areaBRequests(harness).filter((request) => request.path.endsWith('/messages'))).toHaveLength(2);
  });

  it('refuses a text to a contact whose window the gateway holds closed, before anything goes upstream', async () => {
    await closeWindowThroughUpstream(harness, CLOUD, '4915100000302');
    const window = await execute(WINDOW, { channelId: CLOUD, contact: '4915100000302' });
    expect(window.data).toEqual({ channel: { serviceWindow: { state: 'CLOSED' } } });

    const result = await execute(SEND, { channelId: CLOUD, input: { to: '+4915100000302', text: { body: 'too late' } } });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'SERVICE_WINDOW_CLOSED', sent: false, lastInboundAt: null });
    expect(areaBRequests(harness).filter((request) => request.path.endsWith('/messages'))).toHaveLength(0);

    // A template may reopen the conversation: it goes through.
    const template = await execute(SEND, {
      channelId: CLOUD,
      input: { to: '+4915100000302', template: { name: 'order_update', languageCode: 'en' } },
    });
    expect(template.errors).toBeUndefined();
  });
});
