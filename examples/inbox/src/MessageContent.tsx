import { graphql } from './gql';

// What a message carries, one selection per member of the MessageContent union. Members that share a field name with
// another type (kind, text, name, body) take an alias: one response key cannot hold two different types.
graphql(`
  fragment MessageContentFields on MessageContent {
    __typename
    ... on TextContent {
      body
    }
    ... on MediaContent {
      mediaKind: kind
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
      placeName: name
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
      replyKind: kind
      replyId
      title
      description
    }
    ... on ButtonReplyContent {
      buttonText: text
      payload
    }
    ... on ReactionContent {
      messageId
      emoji
      removed
    }
    ... on OrderContent {
      catalogId
      orderText: text
      items {
        productRetailerId
        quantity
        itemPrice
        currency
      }
    }
    ... on SystemContent {
      systemType
      systemBody: body
      newWaId
    }
    ... on TemplateContent {
      templateName: name
      language
    }
    ... on UnsupportedContent {
      errors {
        code
        title
      }
    }
  }
`);
