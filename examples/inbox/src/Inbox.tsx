import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { GATEWAY_URL, SIMULATOR_URL } from './apollo';
import { authorizationHeader } from './auth';
import { errorHint, errorWithCode } from './errors';
import { MessageContent } from './MessageContent';
import { graphql } from './gql';
import { navigate } from './route';
import { useMay } from './viewer';
import type { ConversationSummaryFragment, GroupStatusesSubscription, SendMessageInput, ThreadMessagesFragment } from './gql/graphql';

const CHANNELS = graphql(`
  query InboxChannels {
    partner {
      id
      channels(limit: 50) {
        nodes {
          id
          displayName
          phoneNumber
          hosting
        }
      }
    }
  }
`);

// One fragment for a list entry, selected by the list, the subscription and the send's answer alike: each of them
// writes the same fields into the same cache entries (Conversation:<id>, MessageRecord:<id>), so every view of a
// conversation shows its latest state whichever answer brought it.
graphql(`
  fragment ConversationSummary on Conversation {
    id
    contact
    contactName
    contactPhone
    contactUsername
    lastActivityAt
    serviceWindow {
      state
      closesAt
      lastInboundAt
    }
    lastMessage {
      id
      direction
      preview
      status
    }
  }
`);

graphql(`
  fragment ThreadMessages on Conversation {
    id
    messages(first: 20) {
      nodes {
        id
        direction
        type
        text
        content {
          ...MessageContentFields
        }
        preview
        sentAt
        receivedAt
        context {
          replyTo
          replyToFrom
        }
        status
        error
        editedAt
        revokedAt
        reactions {
          emoji
          from
          at
        }
      }
      hasMore
    }
  }
`);

const CONVERSATIONS = graphql(`
  query ConversationList($channelId: ID!) {
    channel(id: $channelId) {
      id
      conversations(first: 20) {
        nodes {
          ...ConversationSummary
        }
        hasMore
      }
    }
  }
`);

const THREAD = graphql(`
  query ConversationThread($channelId: ID!, $contact: String!) {
    channel(id: $channelId) {
      id
      conversation(contact: $contact) {
        ...ConversationSummary
        ...ThreadMessages
      }
    }
  }
`);

// Statuses of what the business sent to groups: a group is no one-to-one conversation, so only this shows them.
const STATUS_CHANGED = graphql(`
  subscription GroupStatuses($channelId: ID!) {
    messageStatusChanged(channelId: $channelId) {
      cursor
      messageId
      status
      recipientId
      recipientType
      participant
      receivedAt
    }
  }
`);

const CONVERSATION_UPDATED = graphql(`
  subscription ConversationUpdated($channelId: ID!) {
    conversationUpdated(channelId: $channelId) {
      ...ConversationSummary
    }
  }
`);

// The answer leads to the message's record and to its conversation, thread included: the cache shows the reply, its
// status and the window at once, with no refetch and no manual cache update.
const SEND = graphql(`
  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {
    sendMessage(channelId: $channelId, input: $input) {
      id
      record {
        id
        status
      }
      conversation {
        ...ConversationSummary
        ...ThreadMessages
      }
    }
  }
`);

/**
 * Approved on every simulated business account; a real one sends a template its account has approved. Its body takes
 * two parameters, the contact's name and the order number, sent typed.
 */
const TEMPLATE = { name: 'order_shipped', languageCode: 'en_US' };

/** The reply buttons the composer offers under a question: the contact answers with a tap (InteractiveReplyContent). */
const YES_NO = [
  { id: 'yes', title: 'Yes' },
  { id: 'no', title: 'No' },
];

/** Keeps the channel's cached conversations current: one event per message in or out, new status or window verdict. */
function useConversationUpdates(channelId: string, openContact: string | null) {
  // A refused subscription (WEBHOOK_NOT_CONNECTED: the channel's notifications do not reach this gateway) ends with
  // its error and nothing more: the caller shows it, or the inbox would wait in silence.
  const { error } = useSubscription(CONVERSATION_UPDATED, {
    variables: { channelId },
    onData: ({ client, data }) => {
      const updated = data.data?.conversationUpdated;
      if (!updated) return;
      // The event itself lands in Conversation:<id>. A new conversation, or one with new activity, goes to the top
      // of the list (most recent activity first, as the gateway orders it).
      client.cache.updateQuery({ query: CONVERSATIONS, variables: { channelId } }, (list) => {
        if (!list?.channel) return list;
        const page = list.channel.conversations;
        const nodes = [updated, ...page.nodes.filter((node) => node.id !== updated.id)];
        return { ...list, channel: { ...list.channel, conversations: { ...page, nodes } } };
      });
      // The open thread reads its newest page again: the event names the latest message, not every one it changed.
      if (updated.contact === openContact) void client.refetchQueries({ include: [THREAD] });
    },
  });
  return error;
}

/** OPEN with the time left until it closes (as of this render), CLOSED (templates only) or UNKNOWN (the upstream decides). */
function WindowBadge({ serviceWindow }: { serviceWindow: ConversationSummaryFragment['serviceWindow'] }) {
  const className = `badge badge-${serviceWindow.state.toLowerCase()}`;
  if (serviceWindow.state !== 'OPEN' || !serviceWindow.closesAt)
    return (
      <span className={className} data-testid="window">
        {serviceWindow.state}
      </span>
    );
  const minutes = Math.max(0, Math.floor((Date.parse(serviceWindow.closesAt) - Date.now()) / 60_000));
  return (
    <span className={className} data-testid="window">
      OPEN, {Math.floor(minutes / 60)} h {minutes % 60} min left
    </span>
  );
}

/** A message's time of day, or its date when it is not from today. */
function Time({ at, title, testId }: { at: string; title?: string; testId?: string }) {
  const date = new Date(at);
  const today = date.toDateString() === new Date().toDateString();
  return (
    <time dateTime={at} title={title} data-testid={testId}>
      {today ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : date.toLocaleDateString()}
    </time>
  );
}

/** An outbound message's status as a chat shows it; the word stays for screen readers (and the tests). */
const TICKS: Record<string, string> = { accepted: '🕓', sent: '✓', delivered: '✓✓', read: '✓✓', failed: '!' };

function StatusTicks({ status }: { status: string }) {
  return (
    <span className={`status-${status}`} data-testid="status" title={status}>
      <span className="ticks" aria-hidden="true">
        {TICKS[status] ?? status}
      </span>
      <span className="sr-only">{status}</span>
    </span>
  );
}

/** Uploads an image through the streaming route (POST /media/:channelId, multipart field `file`); answers its media id. */
async function uploadImage(channelId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`${new URL(GATEWAY_URL).origin}/media/${encodeURIComponent(channelId)}`, {
    method: 'POST',
    headers: await authorizationHeader(),
    body: form,
  });
  const body = (await response.json()) as { id?: string; error?: { message: string } };
  if (!response.ok || !body.id) throw new Error(body.error?.message ?? `upload failed (${response.status})`);
  return body.id;
}

/** The cloud's error for a free-form message outside the 24-hour window, carried by its `failed` status. */
const WINDOW_CLOSED_ERROR = 131047;

/** A failed message's upstream error code, from `MessageRecord.error` ({code, title, details} as notified). */
function errorCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

function Composer({ channelId, conversation, failedForWindow }: { channelId: string; conversation: ConversationSummaryFragment; failedForWindow: boolean }) {
  const [text, setText] = useState('');
  const [orderNumber, setOrderNumber] = useState('');
  const [send, { error, loading }] = useMutation(SEND);
  const [problem, setProblem] = useState<string | null>(null);
  // A refusal by the gateway's guard (nothing was sent) or by the upstream at once (on-premise 470), with when the
  // contact last wrote. Kept until another contact is shown (the Composer is keyed by contact).
  const [refusal, setRefusal] = useState<{ lastInboundAt?: unknown } | null>(null);
  // Only a template reaches the contact until they write again when the gateway knows the window closed (kept current
  // by conversationUpdated), a send was just refused for it, or the newest message failed for it (cloud 131047,
  // reported by a status after the send was accepted).
  const closed = conversation.serviceWindow.state === 'CLOSED' || refusal !== null || failedForWindow;

  const deliver = async (input: Omit<SendMessageInput, 'to'>) => {
    setProblem(null);
    const result = await send({ variables: { channelId, input: { to: conversation.contact, ...input } } });
    const refused = errorWithCode(result.error, 'SERVICE_WINDOW_CLOSED');
    if (refused) setRefusal({ lastInboundAt: refused.extensions?.lastInboundAt });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    await deliver({ text: { body: text } });
    setText('');
  };

  const askYesNo = async () => {
    if (!text.trim()) return;
    await deliver({ buttons: { body: text, buttons: YES_NO } });
    setText('');
  };

  const sendTemplate = async () => {
    const name = conversation.contactName ?? conversation.contact;
    await deliver({ template: { ...TEMPLATE, body: [{ text: name }, { text: orderNumber.trim() || '—' }] } });
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    try {
      await deliver({ image: { id: await uploadImage(channelId, file), caption: file.name } });
    } catch (failure) {
      setProblem((failure as Error).message);
    }
  };

  if (closed) {
    const lastInboundAt = refusal?.lastInboundAt ?? conversation.serviceWindow.lastInboundAt;
    return (
      <div className="composer">
        <p role="alert" className="notice" data-testid="template-offer">
          The 24-hour window is closed{typeof lastInboundAt === 'string' ? ` (last message ${new Date(lastInboundAt).toLocaleString()})` : ''}: only a template
          reaches {conversation.contactName ?? conversation.contact}.{' '}
          <input
            type="text"
            aria-label="Order number"
            placeholder="Order number"
            value={orderNumber}
            onChange={(event) => setOrderNumber(event.target.value)}
          />
          <button type="button" disabled={loading} onClick={() => void sendTemplate()}>
            Send template {TEMPLATE.name}
          </button>
          {error && !refusal && <span role="alert">{error.message}</span>}
        </p>
      </div>
    );
  }
  return (
    <form className="composer" onSubmit={(event) => void submit(event)}>
      {error && (
        <p role="alert" className="alert">
          {error.message}
        </p>
      )}
      {problem && (
        <p role="alert" className="alert">
          {problem}
        </p>
      )}
      <input type="text" aria-label="Reply" placeholder="Type a reply" value={text} onChange={(event) => setText(event.target.value)} disabled={loading} />
      <button type="submit" className="primary" disabled={loading}>
        Send
      </button>
      <button type="button" disabled={loading} onClick={() => void askYesNo()} title="Send the text with Yes and No buttons">
        Ask Yes / No
      </button>
      <input aria-label="Image" type="file" accept="image/jpeg,image/png" onChange={(event) => void sendImage(event.target.files?.[0])} />
    </form>
  );
}

type ThreadMessage = ThreadMessagesFragment['messages']['nodes'][number];

/** A username with one @ before it: the platform's `profile.username` may already start with one (`@lena.k`). */
function atUsername(username: string): string {
  return `@${username.replace(/^@+/, '')}`;
}

/** How the contact is reached: a phone number, or, for a user who hides it behind a username, the user id. */
function ContactKey({ conversation }: { conversation: ConversationSummaryFragment }) {
  const key = conversation.contactPhone ? `+${conversation.contactPhone}` : `${conversation.contact} (no phone number)`;
  return (
    <span className="contact-key" data-testid="contact-key">
      {conversation.contactUsername ? `${atUsername(conversation.contactUsername)} · ` : ''}
      {key}
    </span>
  );
}

/** The message a reply answers, as its bubble shows it: its preview line, or that it is not on this page. */
function Quote({ replyTo, quoted }: { replyTo: string; quoted: ThreadMessage | undefined }) {
  return (
    <blockquote className="quote" data-testid="quote" cite={replyTo}>
      {quoted ? (quoted.preview ?? `[${quoted.type ?? 'message'}]`) : 'An earlier message'}
    </blockquote>
  );
}

/**
 * One message: the message it answers, its content, when it was sent (the notification's own time: a late delivery
 * shows when it was written; when it arrived is in the title), status, "edited", and the contacts' reactions on it; a
 * deleted one says so and shows nothing of what it said.
 */
function Bubble({ channelId, message, quoted }: { channelId: string; message: ThreadMessage; quoted: ThreadMessage | undefined }) {
  const system = message.content?.__typename === 'SystemContent';
  const className = [
    'bubble',
    system ? 'system' : message.direction === 'OUTBOUND' ? 'out' : 'in',
    message.revokedAt && 'revoked',
    message.reactions.length > 0 && 'has-reactions',
  ];
  return (
    <li className={className.filter(Boolean).join(' ')} data-testid="message">
      {message.context?.replyTo && <Quote replyTo={message.context.replyTo} quoted={quoted} />}
      {message.revokedAt ? (
        <div className="text">🚫 This message was deleted</div>
      ) : (
        <MessageContent channelId={channelId} content={message.content} fallback={message.text ?? `[${message.type ?? 'message'}]`} />
      )}
      {errorCode(message.error) === WINDOW_CLOSED_ERROR && <div className="note">Not delivered: the 24-hour window had closed</div>}
      <div className="meta">
        {message.editedAt && !message.revokedAt && (
          <span className="edited" title={`edited ${new Date(message.editedAt).toLocaleString()}`}>
            edited
          </span>
        )}
        <Time
          at={message.sentAt}
          title={`sent ${new Date(message.sentAt).toLocaleString()}, received ${new Date(message.receivedAt).toLocaleString()}`}
          testId="sent-at"
        />
        {message.direction === 'OUTBOUND' && <StatusTicks status={message.status} />}
      </div>
      {message.reactions.length > 0 && (
        <div className="reactions" data-testid="reactions">
          {message.reactions.map((reaction) => (
            <span key={reaction.from} className="reaction" title={`${reaction.from}, ${new Date(reaction.at).toLocaleString()}`}>
              {reaction.emoji}
            </span>
          ))}
        </div>
      )}
    </li>
  );
}

function Thread({ channelId, contact }: { channelId: string; contact: string }) {
  const maySend = useMay('hubgraph:send');
  // Each conversationUpdated refetches this query; with deduplication a refetch asked while one is in flight would
  // share that earlier answer, which may predate the change (a `read` status arriving right after `delivered`).
  const { data, error, loading } = useQuery(THREAD, { variables: { channelId, contact }, context: { queryDeduplication: false } });
  const conversation = data?.channel?.conversation;
  if (!conversation)
    return (
      <section className="thread">
        {loading ? (
          <p className="placeholder">Loading…</p>
        ) : (
          <p role="alert" className="alert">
            {error?.message ?? `Nothing is held for ${contact}`}
          </p>
        )}
      </section>
    );
  const newest = conversation.messages.nodes[0];
  // The API answers newest first; a chat shows the newest at the bottom.
  const messages = [...conversation.messages.nodes].reverse();
  const byId = new Map(messages.map((message) => [message.id, message]));
  return (
    <section className="thread" aria-label={`Thread with ${contact}`}>
      <header>
        <h2>{conversation.contactName ?? contact}</h2>
        <ContactKey conversation={conversation} />
        <WindowBadge serviceWindow={conversation.serviceWindow} />
      </header>
      <ol className="messages" data-testid="thread">
        {messages.map((message) => (
          <Bubble key={message.id} channelId={channelId} message={message} quoted={message.context?.replyTo ? byId.get(message.context.replyTo) : undefined} />
        ))}
      </ol>
      {maySend ? (
        <Composer key={contact} channelId={channelId} conversation={conversation} failedForWindow={errorCode(newest?.error) === WINDOW_CLOSED_ERROR} />
      ) : (
        <p className="placeholder" data-testid="read-only">
          You may read this conversation; replying needs the hubgraph:send scope.
        </p>
      )}
    </section>
  );
}

/** What makes a first message arrive: a contact writing, which the simulator can play (its control route or live events). */
function EmptyInbox({ channelId }: { channelId: string }) {
  const simulator = SIMULATOR_URL ?? 'http://127.0.0.1:<simulator port>';
  const body = JSON.stringify({ channelId, from: '4915112345678', name: 'Ada Lovelace', text: 'Hello!' });
  return (
    <section className="thread empty" data-testid="empty-state">
      <p>
        <strong>No conversation yet.</strong> A conversation appears here as soon as a contact writes to this channel.
      </p>
      <p>On the embedded simulator, make a contact write{SIMULATOR_URL ? '' : ' (the simulator URL is in the gateway’s start-up line)'}:</p>
      <pre data-testid="inbound-command">{`curl -s -X POST ${simulator}/_control/inbound -H 'content-type: application/json' -d '${body}'`}</pre>
      <p>
        or start the example as <code>SIMULATOR_LIVE_EVENTS_MS=5000 npm run example</code>: a message reaches every channel every 5 seconds.
      </p>
    </section>
  );
}

/** A subscription refused or broken: say so, with what to do about it when the gateway tells (extensions.hint). */
function SubscriptionError({ error }: { error: unknown }) {
  const hint = errorHint(error);
  return (
    <div role="alert" className="alert" data-testid="subscription-error">
      Live updates are off: {(error as Error).message}
      {hint && <span className="hint">{hint}</span>}
    </div>
  );
}

type GroupStatus = NonNullable<GroupStatusesSubscription['messageStatusChanged']>;

/**
 * The latest status of each group message per member, newest first: statuses of messages to a group
 * (`recipientType: GROUP`) name the group and the member, and belong to no conversation of the list.
 */
function GroupStatuses({ channelId }: { channelId: string }) {
  const [statuses, setStatuses] = useState<GroupStatus[]>([]);
  useSubscription(STATUS_CHANGED, {
    variables: { channelId },
    onData: ({ data }) => {
      const status = data.data?.messageStatusChanged;
      if (status?.recipientType !== 'GROUP') return;
      setStatuses((held) => [status, ...held.filter((other) => other.messageId !== status.messageId || other.participant !== status.participant)].slice(0, 10));
    },
  });
  if (statuses.length === 0) return null;
  return (
    <section className="group-statuses" aria-label="Group messages">
      <h2>Group messages</h2>
      <ul>
        {statuses.map((status) => (
          <li key={`${status.messageId} ${status.participant ?? ''}`} data-testid="group-status">
            Group {status.recipientId}: {status.participant ?? 'a member'} {status.status}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChannelInbox({ channelId, contact }: { channelId: string; contact: string | null }) {
  const { data, error, loading } = useQuery(CONVERSATIONS, { variables: { channelId } });
  const subscriptionError = useConversationUpdates(channelId, contact);
  const conversations = data?.channel?.conversations.nodes ?? [];
  const empty = !loading && !error && conversations.length === 0;
  return (
    <>
      {subscriptionError && <SubscriptionError error={subscriptionError} />}
      <GroupStatuses channelId={channelId} />
      <div className="inbox">
        <aside className="conversations">
          {error && (
            <p role="alert" className="alert">
              {error.message}
            </p>
          )}
          {empty && <p className="empty">No conversation yet.</p>}
          <ul aria-label="Conversations">
            {conversations.map((conversation) => (
              <li key={conversation.id} className="conversation" data-testid="conversation">
                <button onClick={() => navigate({ page: 'inbox', channelId, contact: conversation.contact })} aria-pressed={conversation.contact === contact}>
                  <span className="name">{conversation.contactName ?? conversation.contact}</span>
                  <Time at={conversation.lastActivityAt} />
                  <span className="preview">{conversation.lastMessage?.preview ?? ''}</span>
                  <WindowBadge serviceWindow={conversation.serviceWindow} />
                </button>
              </li>
            ))}
          </ul>
        </aside>
        {contact ? (
          <Thread key={contact} channelId={channelId} contact={contact} />
        ) : empty && !subscriptionError ? (
          <EmptyInbox channelId={channelId} />
        ) : (
          <section className="thread">
            <p className="placeholder">Choose a conversation</p>
          </section>
        )}
      </div>
    </>
  );
}

/** The inbox of the channel and conversation the URL names (route.ts), so either can be bookmarked or shared. */
export function Inbox({ channelId, contact }: { channelId: string | null; contact: string | null }) {
  const { data, error } = useQuery(CHANNELS);
  const channels = data?.partner?.channels?.nodes ?? [];
  return (
    <main className="page">
      <div className="toolbar">
        <h1>Inbox</h1>
        <select
          aria-label="Channel"
          value={channelId ?? ''}
          onChange={(event) => navigate({ page: 'inbox', channelId: event.target.value || null, contact: null })}
        >
          <option value="">Choose a channel</option>
          {channels.map((channel) => (
            <option key={channel.id} value={channel.id}>
              {channel.displayName ?? channel.phoneNumber ?? channel.id} ({channel.hosting})
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p role="alert" className="alert">
          {error.message}
        </p>
      )}
      {channelId && <ChannelInbox key={channelId} channelId={channelId} contact={contact} />}
    </main>
  );
}
