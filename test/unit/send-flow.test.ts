import { describe, expect, it } from '@jest/globals';
import Keyv from 'keyv';
import type { ChannelRoute } from '../../src/datasources/messaging-api.js';
import { ErrorCode, HubgraphError, NothingSentError, ServiceWindowClosedError, UpstreamUnavailableError } from '../../src/errors.js';
import type { ServiceWindowDto } from '../../src/events/conversations/window.js';
import type { AcceptedSend } from '../../src/events/types.js';
import type { SendMessageInput } from '../../src/generated/graphql.js';
import { serviceActor, type Actor } from '../../src/identity/actor.js';
import { IdempotentSends, memorySendLock } from '../../src/messaging/idempotency.js';
import { sendMessage, type SendDependencies } from '../../src/messaging/send-flow.js';
import type { SendResponseDto } from '../../src/datasources/types.js';

const PARTNER = 'partner-1';
const CHANNEL = 'channel-001';
const CONTACT = '5511987654321';
/** The wa_id the upstream answers with differs from the number as sent (a Brazilian number without its ninth digit). */
const WA_ID = '551187654321';
const TEXT: SendMessageInput = { to: `+${CONTACT}`, text: { body: 'hello' } };
/** Who sends in these tests: a person signed in through the identity provider. */
const SENDER: Actor = { kind: 'PERSON', subject: 'user-7', name: 'Ada Agent' };
const TEMPLATE: SendMessageInput = { to: `+${CONTACT}`, template: { name: 'order_update', languageCode: 'en' } };
const ACCEPTED: SendResponseDto = { contacts: [{ input: `+${CONTACT}`, wa_id: WA_ID }], messages: [{ id: 'wamid.1' }] };

const OPEN: ServiceWindowDto = { state: 'OPEN', closesAtMs: Date.UTC(2026, 0, 2), lastInboundMs: Date.UTC(2026, 0, 1) };
const CLOSED: ServiceWindowDto = { state: 'CLOSED', closesAtMs: null, lastInboundMs: Date.UTC(2025, 11, 1, 9, 30) };
const UNKNOWN: ServiceWindowDto = { state: 'UNKNOWN', closesAtMs: null, lastInboundMs: null };

interface Setup {
  hosting?: ChannelRoute['hosting'];
  guard?: 'enforce' | 'off';
  /** The window the store holds, or the failure reading it. */
  window?: ServiceWindowDto | Error;
  /** The upstream's answer to each send, in turn (an Error is thrown). */
  answers?: Array<SendResponseDto | Error>;
  /** The version the store holds for the channel, or the failure reading it. */
  onPremiseVersion?: string | null | Error;
  /** The business account's template namespace; null: the channel's record carries no business account. */
  accountNamespace?: string | null;
  recordFails?: boolean;
  closeWindowFails?: boolean;
  versionRecordFails?: boolean;
}

/** The flow over fakes of each of its dependencies, with what each was asked to do. */
function harness(setup: Setup = {}) {
  const sent: Array<Record<string, unknown>> = [];
  const records: AcceptedSend[] = [];
  const closedWindows: string[] = [];
  const versionsRecorded: unknown[] = [];
  const warnings: string[] = [];
  /** The fields of each warning, in the same order. */
  const warningFields: Array<Record<string, unknown>> = [];
  const infos: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const answers = [...(setup.answers ?? [ACCEPTED])];
  const hosting = setup.hosting ?? 'CLOUD';
  const route: ChannelRoute = {
    channel: {
      partnerId: PARTNER,
      id: CHANNEL,
      client_id: 'client-1',
      hub_status: 'done',
      ...(setup.accountNamespace === null ? {} : { waba_account: { namespace: setup.accountNamespace ?? 'ns_account' } }),
    },
    hosting,
    http: {} as ChannelRoute['http'],
    messagesPrefix: hosting === 'CLOUD' ? '' : 'v1/',
    configPrefix: 'v1/',
    headers: { 'svc-api-key': 'key' },
    tenant: { partnerId: PARTNER, credentialFingerprint: 'fp' },
  };
  const deps: SendDependencies = {
    channels: {
      route: async (partnerId, channelId) => {
        expect([partnerId, channelId]).toEqual([PARTNER, CHANNEL]);
        return route;
      },
      sendMessage: async (_route, body) => {
        sent.push(body);
        const answer = answers.shift() ?? ACCEPTED;
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
    idempotency: new IdempotentSends(new Keyv(), memorySendLock(), { pendingMs: 5_000 }),
    windows: {
      serviceWindow: async () => {
        const window = setup.window ?? UNKNOWN;
        if (window instanceof Error) throw window;
        return window;
      },
      closeWindow: async (channelId, contact) => {
        if (setup.closeWindowFails) throw new Error('store lost');
        closedWindows.push(`${channelId}:${contact}`);
      },
    },
    recorder: {
      recordSend: async (_channelId, send) => {
        if (setup.recordFails) throw new Error('store lost');
        records.push(send);
      },
    },
    onPremiseVersions: {
      get: async () => {
        if (setup.onPremiseVersion instanceof Error) throw setup.onPremiseVersion;
        return setup.onPremiseVersion ?? null;
      },
      record: async (_partnerId, _channelId, version) => {
        if (setup.versionRecordFails) throw new Error('store lost');
        versionsRecorded.push(version);
      },
    },
    logger: {
      info: (fields, message) => infos.push({ fields, message }),
      warn: (fields, message) => {
        warnings.push(message);
        warningFields.push(fields);
      },
    },
    settings: { messagingProduct: 'whatsapp', serviceWindowGuard: setup.guard ?? 'enforce' },
  };
  const send = (input: SendMessageInput = TEXT, sentBy: Actor = SENDER) => sendMessage(deps, { partnerId: PARTNER, channelId: CHANNEL, input, sentBy });
  return { send, sent, records, closedWindows, versionsRecorded, warnings, warningFields, infos };
}

/** The error a call rejects with (fails the test when it resolves). */
async function refusal(call: Promise<unknown>): Promise<HubgraphError> {
  const error = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(HubgraphError);
  return error as HubgraphError;
}

describe('sendMessage flow', () => {
  it('sends the built body, records the accepted send and answers with the channel and contact', async () => {
    const flow = harness({ window: OPEN });
    await expect(flow.send()).resolves.toEqual({ id: 'wamid.1', input: `+${CONTACT}`, waId: WA_ID, sentBy: SENDER, channelId: CHANNEL, contact: WA_ID });
    expect(flow.sent).toEqual([{ messaging_product: 'whatsapp', recipient_type: 'individual', to: `+${CONTACT}`, type: 'text', text: { body: 'hello' } }]);
    expect(flow.records).toEqual([{ messageId: 'wamid.1', contact: WA_ID, type: 'text', text: 'hello', body: flow.sent[0], sentBy: SENDER }]);
    expect(flow.warnings).toEqual([]);
    expect(flow.infos).toEqual([{ fields: { channelId: CHANNEL, type: 'text', messageId: 'wamid.1' }, message: 'message sent' }]);
    // A cloud answer reports no server version to keep.
    expect(flow.versionsRecorded).toHaveLength(0);
  });

  it('refuses a free-form message to a closed window before sending, naming the last inbound message', async () => {
    const flow = harness({ window: CLOSED });
    const error = await refusal(flow.send());
    expect(error).toBeInstanceOf(ServiceWindowClosedError);
    expect(error.extensions).toMatchObject({ code: ErrorCode.ServiceWindowClosed, lastInboundAt: '2025-12-01T09:30:00.000Z', sent: false });
    expect(flow.sent).toEqual([]);
    expect(flow.records).toEqual([]);
  });

  it('lets a template, a guard turned off, an UNKNOWN window and an unreadable window through', async () => {
    for (const [setup, input] of [
      [{ window: CLOSED }, TEMPLATE],
      [{ window: CLOSED, guard: 'off' }, TEXT],
      [{ window: UNKNOWN }, TEXT],
      [{ window: new Error('store lost') }, TEXT],
    ] as Array<[Setup, SendMessageInput]>) {
      const flow = harness(setup);
      await expect(flow.send(input)).resolves.toMatchObject({ id: 'wamid.1' });
      expect(flow.sent).toHaveLength(1);
      expect(flow.records).toHaveLength(1);
    }
    const storeLost = new Error('store lost');
    const unreadable = harness({ window: storeLost });
    await unreadable.send();
    expect(unreadable.warnings).toEqual(['the service window could not be read; sending unguarded']);
    expect(unreadable.warningFields).toEqual([{ err: storeLost, channelId: CHANNEL }]);
  });

  it('notes the window closed when the upstream refuses the send for it, and records no send', async () => {
    const upstreamRefusal = new ServiceWindowClosedError({ upstream: { endpoint: 'B1', status: 400 } });
    const flow = harness({ window: UNKNOWN, answers: [upstreamRefusal] });
    await expect(flow.send()).rejects.toBe(upstreamRefusal);
    expect(flow.closedWindows).toEqual([`${CHANNEL}:${CONTACT}`]);
    expect(flow.records).toEqual([]);
  });

  it("answers the upstream's refusal for a closed window even when the closed window cannot be noted", async () => {
    const upstreamRefusal = new ServiceWindowClosedError({ upstream: { endpoint: 'B1', status: 400 } });
    const flow = harness({ window: UNKNOWN, answers: [upstreamRefusal], closeWindowFails: true });
    await expect(flow.send()).rejects.toBe(upstreamRefusal);
    expect(flow.warnings).toEqual(['the closed window could not be recorded']);
  });

  it('replays the first answer for a repeated idempotency key without sending or recording again', async () => {
    const flow = harness({ answers: [ACCEPTED, { messages: [{ id: 'wamid.2' }] }] });
    const input = { ...TEXT, idempotencyKey: 'order-42' };
    const first = await flow.send(input);
    // Whoever repeats it, the send is the first caller's.
    await expect(flow.send(input, serviceActor('gateway-token-2'))).resolves.toEqual(first);
    expect(first.sentBy).toEqual(SENDER);
    expect(flow.sent).toHaveLength(1);
    expect(flow.records).toHaveLength(1);
    // A send without a key is sent again.
    await expect(flow.send(TEXT)).resolves.toMatchObject({ id: 'wamid.2' });
  });

  it('keeps the key of a send that may have left: a repeat reports the unknown outcome instead of sending again', async () => {
    const timedOut = new UpstreamUnavailableError('The request to B1 timed out after it was sent', { endpoint: 'B1', outcome: 'UNKNOWN' });
    const flow = harness({ answers: [timedOut, ACCEPTED] });
    const input = { ...TEXT, idempotencyKey: 'order-42' };
    await expect(flow.send(input)).rejects.toBe(timedOut);
    const repeat = await refusal(flow.send(input));
    expect(repeat.extensions).toMatchObject({ code: ErrorCode.UpstreamUnavailable, outcome: 'UNKNOWN' });
    expect(flow.sent).toHaveLength(1);
    expect(flow.records).toEqual([]);
  });

  it('frees the key of a send that was not sent: a repeat sends it', async () => {
    const notSent = new NothingSentError('B1', 'invalid header');
    const flow = harness({ answers: [notSent, ACCEPTED] });
    const input = { ...TEXT, idempotencyKey: 'order-42' };
    await expect(flow.send(input)).rejects.toBe(notSent);
    expect(flow.records).toEqual([]);
    // Only the upstream's closed-window refusal says anything of the window.
    expect(flow.closedWindows).toEqual([]);
    await expect(flow.send(input)).resolves.toMatchObject({ id: 'wamid.1' });
    expect(flow.sent).toHaveLength(2);
    expect(flow.records).toHaveLength(1);
  });

  it('answers a sent message as sent when its record cannot be written', async () => {
    const flow = harness({ recordFails: true });
    await expect(flow.send()).resolves.toMatchObject({ id: 'wamid.1' });
    expect(flow.warnings).toEqual(['the sent message could not be recorded']);
    expect(flow.warningFields[0]).toMatchObject({ channelId: CHANNEL, messageId: 'wamid.1' });
  });

  it('reports an answer without a message id as UPSTREAM_ERROR and records nothing', async () => {
    const flow = harness({ answers: [{ messages: [] }] });
    const error = await refusal(flow.send());
    expect(error.message).toBe('The upstream answered the send without a message id');
    expect(error.extensions).toMatchObject({ code: ErrorCode.UpstreamError, upstream: { endpoint: 'B1', status: 200 } });
    expect(flow.records).toEqual([]);
  });

  it("on-premise: a template to a server below 2.41 gets the account's namespace, the record keeps the body as built, and the answer's version is kept", async () => {
    const flow = harness({ hosting: 'ON_PREMISE', onPremiseVersion: '2.39.1', answers: [{ messages: [{ id: 'wamid.op' }], meta: { version: '2.53.0' } }] });
    // On-premise answers have no contacts: the input is the number as sent.
    await expect(flow.send(TEMPLATE)).resolves.toMatchObject({ id: 'wamid.op', input: `+${CONTACT}`, waId: null, contact: CONTACT });
    expect(flow.sent[0].template).toMatchObject({ name: 'order_update', namespace: 'ns_account' });
    expect(flow.records[0].body).not.toHaveProperty('template.namespace');
    expect(flow.versionsRecorded).toEqual(['2.53.0']);

    const current = harness({ hosting: 'ON_PREMISE', onPremiseVersion: '2.41.0' });
    await current.send(TEMPLATE);
    expect(current.sent[0]).not.toHaveProperty('template.namespace');
  });

  it('on-premise: a template goes as given when the version cannot be read or the channel names no business account', async () => {
    const storeLost = new Error('store lost');
    const unreadable = harness({ hosting: 'ON_PREMISE', onPremiseVersion: storeLost });
    await expect(unreadable.send(TEMPLATE)).resolves.toMatchObject({ id: 'wamid.1' });
    expect(unreadable.sent[0]).not.toHaveProperty('template.namespace');
    expect(unreadable.warnings).toEqual(['the on-premise version could not be read']);
    expect(unreadable.warningFields).toEqual([{ err: storeLost, channelId: CHANNEL }]);

    const noAccount = harness({ hosting: 'ON_PREMISE', onPremiseVersion: '2.39.1', accountNamespace: null });
    await expect(noAccount.send(TEMPLATE)).resolves.toMatchObject({ id: 'wamid.1' });
    expect(noAccount.sent[0]).not.toHaveProperty('template.namespace');
  });

  it('on-premise: reads the server version for a template only', async () => {
    const flow = harness({ hosting: 'ON_PREMISE', onPremiseVersion: new Error('store lost') });
    await expect(flow.send(TEXT)).resolves.toMatchObject({ id: 'wamid.1' });
    expect(flow.warnings).toEqual([]);
  });

  it('on-premise: a send is answered as sent when the version it reported cannot be kept', async () => {
    const flow = harness({ hosting: 'ON_PREMISE', versionRecordFails: true, answers: [{ messages: [{ id: 'wamid.op' }], meta: { version: '2.53.0' } }] });
    await expect(flow.send(TEXT)).resolves.toMatchObject({ id: 'wamid.op' });
    expect(flow.records).toHaveLength(1);
    expect(flow.warnings).toEqual(['the on-premise version could not be recorded']);
  });

  it('cloud: a template is sent as given, whatever version the store holds (namespaces are an on-premise matter)', async () => {
    const flow = harness({ hosting: 'CLOUD', onPremiseVersion: '2.39.1' });
    await flow.send(TEMPLATE);
    expect(flow.sent[0]).not.toHaveProperty('template.namespace');
  });

  it('answers a send to a business-scoped user id with the id as its input when the answer names no contact', async () => {
    const flow = harness({ answers: [{ messages: [{ id: 'wamid.u' }] }] });
    await expect(flow.send({ to: 'US.13491208655302741918', text: { body: 'hi' } })).resolves.toMatchObject({
      id: 'wamid.u',
      input: 'US.13491208655302741918',
      waId: null,
    });
  });

  it('refuses a blank or over-long idempotency key before anything is sent', async () => {
    for (const idempotencyKey of [' ', 'k'.repeat(257)]) {
      const flow = harness();
      const error = await refusal(flow.send({ ...TEXT, idempotencyKey }));
      expect(error.message).toBe('idempotencyKey must have 1 to 256 characters');
      expect(error.extensions).toMatchObject({ code: ErrorCode.BadUserInput, field: 'input.idempotencyKey' });
      expect(flow.sent).toEqual([]);
    }
    await expect(harness().send({ ...TEXT, idempotencyKey: 'k'.repeat(256) })).resolves.toMatchObject({ id: 'wamid.1' });
  });
});
