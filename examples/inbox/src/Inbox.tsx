import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { GATEWAY_URL, authorization } from './apollo';
import { errorWithCode } from './errors';
import { graphql } from './gql';
import type { SendMessageInput } from './gql/graphql';

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

const MESSAGES = graphql(`
  subscription InboxMessages($channelId: ID!) {
    messageReceived(channelId: $channelId) {
      id
      from
      timestamp
      type
      text
    }
  }
`);

const STATUSES = graphql(`
  subscription InboxStatuses($channelId: ID!) {
    messageStatusChanged(channelId: $channelId) {
      messageId
      status
    }
  }
`);

const SEND = graphql(`
  mutation InboxSend($channelId: ID!, $input: SendMessageInput!) {
    sendMessage(channelId: $channelId, input: $input) {
      id
      waId
    }
  }
`);

interface Line {
  id: string;
  direction: 'in' | 'out';
  text: string;
  status?: string;
}

/** The live thread per contact of one channel: inbound messages as they arrive, replies with their delivery status. */
function useThreads(channelId: string) {
  const [threads, setThreads] = useState<Record<string, Line[]>>({});
  const append = (contact: string, line: Line) => setThreads((all) => ({ ...all, [contact]: [...(all[contact] ?? []), line] }));
  useSubscription(MESSAGES, {
    variables: { channelId },
    onData: ({ data }) => {
      const message = data.data?.messageReceived;
      if (message) append(message.from, { id: message.id, direction: 'in', text: message.text ?? `[${message.type}]` });
    },
  });
  useSubscription(STATUSES, {
    variables: { channelId },
    onData: ({ data }) => {
      const change = data.data?.messageStatusChanged;
      if (!change) return;
      setThreads((all) =>
        Object.fromEntries(Object.entries(all).map(([contact, lines]) => [contact, lines.map((line) => (line.id === change.messageId ? { ...line, status: change.status } : line))])),
      );
    },
  });
  return { threads, append };
}

/** Uploads an image through the streaming route (POST /media/:channelId, multipart field `file`); answers its media id. */
async function uploadImage(channelId: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`${new URL(GATEWAY_URL).origin}/media/${encodeURIComponent(channelId)}`, { method: 'POST', headers: authorization, body: form });
  const body = (await response.json()) as { id?: string; error?: { message: string } };
  if (!response.ok || !body.id) throw new Error(body.error?.message ?? `upload failed (${response.status})`);
  return body.id;
}

function Composer({ channelId, contact, onSent }: { channelId: string; contact: string; onSent: (line: Line) => void }) {
  const [text, setText] = useState('');
  const [send, { error, loading }] = useMutation(SEND);
  const [problem, setProblem] = useState<string | null>(null);
  // A free-form message outside the 24-hour window is refused (SERVICE_WINDOW_CLOSED): only a template can be sent.
  const windowClosed = errorWithCode(error, 'SERVICE_WINDOW_CLOSED') !== undefined;

  const deliver = async (input: SendMessageInput, shown: string) => {
    setProblem(null);
    const result = await send({ variables: { channelId, input } });
    const sent = result.data?.sendMessage;
    if (sent) onSent({ id: sent.id, direction: 'out', text: shown, status: 'accepted' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    await deliver({ to: contact, text: { body: text } }, text);
    setText('');
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    try {
      const id = await uploadImage(channelId, file);
      await deliver({ to: contact, image: { id, caption: file.name } }, `[image ${file.name}]`);
    } catch (failure) {
      setProblem((failure as Error).message);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      {windowClosed ? (
        <p role="alert" data-testid="window-closed">
          The 24-hour window is closed: only a template can be sent.{' '}
          <button type="button" onClick={() => void deliver({ to: contact, template: { name: 'order_update', languageCode: 'en' } }, '[template order_update]')}>
            Send template order_update
          </button>
        </p>
      ) : (
        error && <p role="alert">{error.message}</p>
      )}
      {problem && <p role="alert">{problem}</p>}
      <input aria-label="Reply" value={text} onChange={(event) => setText(event.target.value)} disabled={loading} />
      <button type="submit" disabled={loading}>
        Send
      </button>
      <input aria-label="Image" type="file" accept="image/jpeg,image/png" onChange={(event) => void sendImage(event.target.files?.[0])} />
    </form>
  );
}

function ChannelInbox({ channelId }: { channelId: string }) {
  const { threads, append } = useThreads(channelId);
  const [contact, setContact] = useState<string | null>(null);
  const [newContact, setNewContact] = useState('');
  const contacts = Object.keys(threads);
  return (
    <div className="inbox">
      <aside>
        <ul aria-label="Conversations">
          {contacts.map((waId) => (
            <li key={waId}>
              <button onClick={() => setContact(waId)} aria-pressed={waId === contact}>
                {waId} ({threads[waId].length})
              </button>
            </li>
          ))}
        </ul>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (newContact.trim()) setContact(newContact.trim());
          }}
        >
          <input aria-label="Contact" placeholder="wa_id or phone number" value={newContact} onChange={(event) => setNewContact(event.target.value)} />
          <button type="submit">Open</button>
        </form>
      </aside>
      {contact && (
        <section aria-label={`Thread with ${contact}`}>
          <ol data-testid="thread">
            {(threads[contact] ?? []).map((line) => (
              <li key={line.id} className={line.direction}>
                {line.text} {line.status && <small data-testid="status">{line.status}</small>}
              </li>
            ))}
          </ol>
          <Composer channelId={channelId} contact={contact} onSent={(line) => append(contact, line)} />
        </section>
      )}
    </div>
  );
}

export function Inbox() {
  const { data, error } = useQuery(CHANNELS);
  const [channelId, setChannelId] = useState<string>('');
  const channels = data?.partner?.channels?.nodes ?? [];
  return (
    <main>
      <h1>Inbox</h1>
      {error && <p role="alert">{error.message}</p>}
      <select aria-label="Channel" value={channelId} onChange={(event) => setChannelId(event.target.value)}>
        <option value="">Choose a channel</option>
        {channels.map((channel) => (
          <option key={channel.id} value={channel.id}>
            {channel.displayName ?? channel.phoneNumber ?? channel.id} ({channel.hosting})
          </option>
        ))}
      </select>
      {channelId && <ChannelInbox key={channelId} channelId={channelId} />}
    </main>
  );
}
