import { useEffect, useState } from 'react';
import { GATEWAY_URL } from './apollo';
import { authorizationHeader } from './auth';
import { graphql } from './gql';
import type { MessageContentFieldsFragment } from './gql/graphql';

// What a message carries, one selection per member of the MessageContent union. Members that share a field name with
// another type (kind, text, name, body) take an alias: one response key cannot hold two different types.
graphql(`
  fragment MessageContentFields on MessageContent {
    __typename
    ... on TextContent {
      body
    }
    ... on MediaContent {
      kind
      mediaId
      link
      mimeType
      caption
      fileName
      voice
      animated
    }
    ... on LocationContent {
      latitude
      longitude
      name
      address
      url
    }
    ... on ContactsContent {
      contacts {
        formattedName
        phones {
          phone
          waId
          type
        }
        emails {
          email
        }
        organization {
          company
          title
        }
      }
    }
    ... on InteractiveReplyContent {
      replyKind
      replyId
      title
      description
    }
    ... on ButtonReplyContent {
      text
      payload
    }
    ... on ReactionContent {
      messageId
      emoji
      removed
    }
    ... on OrderContent {
      catalogId
      orderText
      items {
        productRetailerId
        quantity
        itemPrice
        currency
      }
    }
    ... on SystemContent {
      systemType
      systemBody
      newWaId
    }
    ... on TemplateContent {
      templateName
      language
      parameters
    }
    ... on InteractiveContent {
      interactiveKind
      header
      bodyText
      footer
      options {
        id
        title
        description
      }
    }
    ... on UnsupportedContent {
      errors {
        code
        title
      }
    }
  }
`);

/**
 * A media file of the channel as a URL the page can show: fetched through the gateway's media route with the app's
 * credentials (an <img src> cannot send an Authorization header), held as a blob URL while shown.
 */
function useMediaUrl(channelId: string, mediaId: string | null | undefined): { url?: string; failed?: string } {
  const [state, setState] = useState<{ url?: string; failed?: string }>({});
  useEffect(() => {
    if (!mediaId) return;
    let url: string | undefined;
    let cancelled = false;
    authorizationHeader()
      .then((headers) => fetch(`${new URL(GATEWAY_URL).origin}/media/${encodeURIComponent(channelId)}/${encodeURIComponent(mediaId)}`, { headers }))
      .then(async (response) => {
        if (!response.ok) throw new Error(`the media route answered ${response.status}`);
        const blob = await response.blob();
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      })
      .catch((error: Error) => !cancelled && setState({ failed: error.message }));
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [channelId, mediaId]);
  return state;
}

type Media = Extract<MessageContentFieldsFragment, { __typename: 'MediaContent' }>;

function MediaView({ channelId, media }: { channelId: string; media: Media }) {
  const fetched = useMediaUrl(channelId, media.mediaId);
  // The gateway's own sends by link carry the link itself, which the browser loads directly.
  const url = media.link ?? fetched.url;
  const label = media.fileName ?? media.caption ?? media.kind.toLowerCase();
  let view;
  if (!url) view = <span className="media-placeholder">{fetched.failed ? `${label}: not available (${fetched.failed})` : `Loading ${label}…`}</span>;
  else if (media.kind === 'IMAGE' || media.kind === 'STICKER')
    view = <img className={media.kind === 'STICKER' ? 'sticker' : 'thumbnail'} src={url} alt={media.caption ?? label} data-testid="media-image" />;
  else if (media.kind === 'AUDIO')
    view = (
      <span className="voice">
        {media.voice ? '🎤 Voice message' : '🎵 Audio'}
        <audio controls src={url} data-testid="media-audio" />
      </span>
    );
  else if (media.kind === 'VIDEO') view = <video className="thumbnail" controls src={url} data-testid="media-video" />;
  else
    view = (
      <a className="document" href={url} download={media.fileName ?? 'document'}>
        📄 {media.fileName ?? 'Document'}
      </a>
    );
  return (
    <>
      {view}
      {media.caption && <div className="caption">{media.caption}</div>}
    </>
  );
}

const REPLY_KINDS = { BUTTON: 'Button reply', LIST: 'List choice', FLOW: 'Form sent' } as const;

/** One message's content as an inbox shows it; `fallback` (the record's text or type) when it carries none. */
export function MessageContent({
  channelId,
  content,
  fallback,
}: {
  channelId: string;
  content: MessageContentFieldsFragment | null | undefined;
  fallback: string;
}) {
  switch (content?.__typename) {
    case 'TextContent':
      return <div className="text">{content.body}</div>;
    case 'MediaContent':
      return <MediaView channelId={channelId} media={content} />;
    case 'LocationContent': {
      const map = `https://www.openstreetmap.org/?mlat=${content.latitude}&mlon=${content.longitude}#map=16/${content.latitude}/${content.longitude}`;
      return (
        <div className="location" data-testid="location">
          <div>📍 {content.name ?? 'Location'}</div>
          {content.address && <div className="muted">{content.address}</div>}
          <a href={content.url ?? map} target="_blank" rel="noreferrer">
            {content.latitude.toFixed(5)}, {content.longitude.toFixed(5)}
          </a>
        </div>
      );
    }
    case 'ContactsContent':
      return (
        <div className="cards">
          {content.contacts.map((card, index) => (
            <div key={index} className="card" data-testid="contact-card">
              <div className="card-name">👤 {card.formattedName}</div>
              {card.organization?.company && <div className="muted">{[card.organization.title, card.organization.company].filter(Boolean).join(', ')}</div>}
              {card.phones.map((phone, at) => (
                <div key={at}>
                  {phone.phone ?? phone.waId} {phone.type && <span className="muted">{phone.type.toLowerCase()}</span>}
                </div>
              ))}
              {card.emails.map((email, at) => (
                <div key={at}>{email.email}</div>
              ))}
            </div>
          ))}
        </div>
      );
    case 'InteractiveReplyContent':
      return (
        <div className="reply" data-testid="reply">
          <span className="reply-kind">↩ {REPLY_KINDS[content.replyKind]}</span>
          <span className="reply-title">{content.title ?? content.replyId ?? 'Form completed'}</span>
          {content.description && <span className="muted">{content.description}</span>}
        </div>
      );
    case 'ButtonReplyContent':
      return (
        <div className="reply" data-testid="reply">
          <span className="reply-kind">↩ Button reply</span>
          <span className="reply-title">{content.text}</span>
        </div>
      );
    case 'ReactionContent':
      return <div className="text">{content.removed ? 'Reaction removed' : `Reacted ${content.emoji}`}</div>;
    case 'OrderContent':
      return (
        <div className="order">
          <div>🛒 Order of {content.items.reduce((sum, item) => sum + (item.quantity ?? 1), 0)} item(s)</div>
          <ul>
            {content.items.map((item) => (
              <li key={item.productRetailerId}>
                {item.quantity ?? 1} × {item.productRetailerId}
                {item.itemPrice != null && ` — ${item.itemPrice} ${item.currency ?? ''}`}
              </li>
            ))}
          </ul>
          {content.orderText && <div>{content.orderText}</div>}
        </div>
      );
    case 'SystemContent':
      return <div className="system">{content.systemBody ?? (content.newWaId ? `Changed number to ${content.newWaId}` : content.systemType)}</div>;
    case 'TemplateContent':
      return (
        <div className="template" data-testid="template">
          📋 Template <strong>{content.templateName}</strong> <span className="muted">({content.language})</span>
          {content.parameters.length > 0 && <div className="muted">{content.parameters.join(' · ')}</div>}
        </div>
      );
    case 'InteractiveContent':
      // As the bubble shows it: header, text, footer, then the buttons or rows the contact can tap.
      return (
        <div className="interactive" data-testid="interactive">
          {content.header && <strong>{content.header}</strong>}
          {content.bodyText && <div className="text">{content.bodyText}</div>}
          {content.footer && <div className="muted">{content.footer}</div>}
          <div className="options">
            {content.options.map((option, index) => (
              <span key={option.id ?? index} className="option" data-testid="option" title={option.description ?? undefined}>
                {option.title}
              </span>
            ))}
          </div>
        </div>
      );
    case 'UnsupportedContent':
      return <div className="muted">Unsupported message{content.errors[0]?.title ? `: ${content.errors[0].title}` : ''}</div>;
    default:
      return <div className="text">{fallback}</div>;
  }
}
