import type { ChannelRoute } from '../datasources/messaging-api.js';
import type { SendResponseDto } from '../datasources/types.js';
import { requiresTemplateNamespace } from '../datasources/hosting.js';
import { BadUserInputError, ErrorCode, HubgraphError, ServiceWindowClosedError } from '../errors.js';
import { isoOrNull, type ServiceWindowDto } from '../events/conversations/window.js';
import type { AcceptedSend } from '../events/types.js';
import type { SendMessageInput } from '../generated/graphql.js';
import type { Actor } from '../identity/actor.js';
import { buildSendMessageBody, recipientKeyOf, toSentMessage, withAccountNamespace, type SentMessageModel, type SentMessageResult } from './send-message.js';

export const IDEMPOTENCY_KEY_MAX = 256;

/** The messaging data source as a send uses it: the channel's route, then B1. */
export interface SendChannels {
  route(partnerId: string, channelId: string): Promise<ChannelRoute>;
  sendMessage(route: ChannelRoute, body: Record<string, unknown>): Promise<SendResponseDto>;
}

/** Runs a send at most once per idempotency key (messaging/idempotency.ts). */
export interface SendIdempotency {
  run<T>(scope: { partnerId: string; channelId: string; key: string }, request: unknown, send: () => Promise<T>): Promise<T>;
}

/** The service windows the gateway keeps from the channel's notifications. */
export interface ServiceWindows {
  serviceWindow(channelId: string, contact: string): Promise<ServiceWindowDto>;
  /** The upstream refused a send because the contact's window is closed. */
  closeWindow(channelId: string, contact: string): Promise<void>;
}

/** Where an accepted send is recorded, so its statuses and its conversation can find it. */
export interface SendRecorder {
  recordSend(channelId: string, send: AcceptedSend): Promise<void>;
}

/** The server version of each on-premise channel, as its send answers report it. */
export interface OnPremiseVersionStore {
  get(partnerId: string, channelId: string): Promise<string | null>;
  record(partnerId: string, channelId: string, version: unknown): Promise<void>;
}

/** What a send tells the log: the send itself, and every store failure it goes on without. */
export interface SendLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface SendDependencies {
  channels: SendChannels;
  idempotency: SendIdempotency;
  windows: ServiceWindows;
  recorder: SendRecorder;
  onPremiseVersions: OnPremiseVersionStore;
  logger: SendLog;
  settings: { messagingProduct: string; serviceWindowGuard: 'enforce' | 'off' };
}

export interface SendRequest {
  partnerId: string;
  channelId: string;
  input: SendMessageInput;
  /** Who sends: named on the record and the answer. */
  sentBy: Actor;
}

/**
 * SERVICE_WINDOW_GUARD: a free-form message to a contact whose window the gateway knows to be closed is
 * refused before anything is sent. UNKNOWN goes through (the upstream decides), and so does every send
 * while the store cannot be read: the guard saves a failed send, it must never block a good one.
 */
async function guardServiceWindow(deps: SendDependencies, channelId: string, contact: string, type: string): Promise<void> {
  if (type === 'template' || deps.settings.serviceWindowGuard === 'off') return;
  const window = await deps.windows.serviceWindow(channelId, contact).catch((error: unknown) => {
    deps.logger.warn({ err: error, channelId }, 'the service window could not be read; sending unguarded');
    return null;
  });
  if (window?.state === 'CLOSED') {
    throw new ServiceWindowClosedError({ lastInboundAt: isoOrNull(window.lastInboundMs), sent: false });
  }
}

/**
 * An on-premise send's body: a template without namespace gets the business account's when the channel's server is
 * known to be below 2.41 (its version from the last send answer); unknown, it goes as given.
 */
async function onPremiseBody(deps: SendDependencies, route: ChannelRoute, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (body.type !== 'template') return body;
  const version = await deps.onPremiseVersions.get(route.tenant.partnerId, route.channel.id).catch((error: unknown) => {
    deps.logger.warn({ err: error, channelId: route.channel.id }, 'the on-premise version could not be read');
    return null;
  });
  return withAccountNamespace(body, version !== null && requiresTemplateNamespace(version), route.channel.waba_account?.namespace);
}

/**
 * sendMessage: the input checked and built into the hosting's body, then (once per idempotency key, when one is
 * given) the window guard, the send and its record. A send the upstream accepted is answered as sent whatever
 * happens to its record or to the version it reported: a store failure after it is logged, never the answer.
 */
export async function sendMessage(deps: SendDependencies, { partnerId, channelId, input, sentBy }: SendRequest): Promise<SentMessageModel> {
  const idempotencyKey = input.idempotencyKey ?? undefined;
  if (idempotencyKey !== undefined && (idempotencyKey.trim() === '' || idempotencyKey.length > IDEMPOTENCY_KEY_MAX)) {
    throw new BadUserInputError(`idempotencyKey must have 1 to ${IDEMPOTENCY_KEY_MAX} characters`, 'input.idempotencyKey');
  }
  const route = await deps.channels.route(partnerId, channelId);
  const body = buildSendMessageBody(input, { hosting: route.hosting, messagingProduct: deps.settings.messagingProduct });
  const type = String(body.type);
  // The contact key the body sends to: digits for a phone number, else a business-scoped user id.
  const recipient = recipientKeyOf(body);
  const send = async (): Promise<SentMessageResult> => {
    await guardServiceWindow(deps, channelId, recipient, type);
    const sent = route.hosting === 'ON_PREMISE' ? await onPremiseBody(deps, route, body) : body;
    let answer;
    try {
      answer = await deps.channels.sendMessage(route, sent);
    } catch (error) {
      if (error instanceof ServiceWindowClosedError) {
        await deps.windows
          .closeWindow(channelId, recipient)
          .catch((failure: unknown) => deps.logger.warn({ err: failure, channelId }, 'the closed window could not be recorded'));
      }
      throw error;
    }
    if (route.hosting === 'ON_PREMISE') {
      await deps.onPremiseVersions
        .record(partnerId, channelId, answer.meta?.version)
        .catch((error: unknown) => deps.logger.warn({ err: error, channelId }, 'the on-premise version could not be recorded'));
    }
    const accepted = toSentMessage(String(body.to ?? body.recipient), answer);
    if (!accepted) {
      throw new HubgraphError('The upstream answered the send without a message id', ErrorCode.UpstreamError, {
        upstream: { endpoint: 'B1', status: 200 },
      });
    }
    const result = { ...accepted, sentBy };
    deps.logger.info({ channelId, type, messageId: result.id }, 'message sent');
    await deps.recorder
      .recordSend(channelId, {
        messageId: result.id,
        contact: result.waId ?? recipient,
        type,
        text: type === 'text' ? (input.text?.body ?? null) : null,
        body,
        sentBy,
      })
      .catch((error: unknown) => deps.logger.warn({ err: error, channelId, messageId: result.id }, 'the sent message could not be recorded'));
    return result;
  };
  const result = idempotencyKey === undefined ? await send() : await deps.idempotency.run({ partnerId, channelId, key: idempotencyKey }, body, send);
  // The channel and contact ride along (not stored with an idempotent result) so the answer can lead to the record and conversation.
  return { ...result, sentBy: result.sentBy ?? sentBy, channelId, contact: result.waId ?? recipient };
}
