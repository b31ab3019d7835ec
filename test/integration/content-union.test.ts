import { describe, expect, it } from '@jest/globals';
import { getNamedType, isObjectType, isUnionType, parse, visit, type GraphQLObjectType } from 'graphql';
import { buildSchema } from '../../src/schema.js';
import { useTestGateway } from '../support/gateway.js';

const CHANNEL = 'channel-001';
const CONTACT = '15550001234';

/**
 * What an inbox selects of one member: every field that is not deprecated, an object field with its own fields
 * (one level, what a bubble shows), a union field left out. Read from the served schema, so a member added later
 * is selected too and the test speaks for it.
 */
function memberSelection(type: GraphQLObjectType, depth = 1): string {
  return Object.values(type.getFields())
    .filter((field) => !field.deprecationReason && field.args.every((argument) => !argument.type.toString().endsWith('!')))
    .map((field) => {
      const named = getNamedType(field.type);
      if (isUnionType(named)) return '';
      if (isObjectType(named)) return depth > 0 ? `${field.name} { ${memberSelection(named, depth - 1)} }` : '';
      return field.name;
    })
    .filter(Boolean)
    .join(' ');
}

function everyMember(): string {
  const union = buildSchema().getType('MessageContent');
  if (!isUnionType(union)) throw new Error('MessageContent is not a union');
  return union
    .getTypes()
    .map((member) => `... on ${member.name} { ${memberSelection(member)} }`)
    .join(' ');
}

describe('the MessageContent union, selected whole without aliases', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify({ [CHANNEL]: `sim-key-${CHANNEL}` }) });

  it('passes validation and the default depth, alias and cost limits in a conversation’s last message and its thread', async () => {
    const members = everyMember();
    const query = `query Inbox($channelId: ID!, $contact: String!) {
      channel(id: $channelId) {
        conversation(contact: $contact) {
          lastMessage { id content { __typename ${members} } }
          messages(first: 50) { nodes { id content { __typename ${members} } } }
        }
      }
    }`;
    const aliases: string[] = [];
    visit(parse(query), { Field: (field) => void (field.alias && aliases.push(field.alias.value)) });
    expect(aliases).toEqual([]);
    const sent = await harness.graphql<{ sendMessage: { id: string } }>(
      `mutation ($channelId: ID!, $to: String!) {
        sendMessage(channelId: $channelId, input: { to: $to, template: { name: "order_shipped", languageCode: "en_US", bodyParameters: ["Ada", "#42"] } }) { id }
      }`,
      { channelId: CHANNEL, to: CONTACT },
    );
    expect(sent.body.errors).toBeUndefined();

    const answer = await harness.graphql<{
      channel: { conversation: { lastMessage: { content: Record<string, unknown> }; messages: { nodes: Array<{ content: Record<string, unknown> }> } } };
    }>(query, { channelId: CHANNEL, contact: CONTACT });

    expect(answer.body.errors).toBeUndefined();
    expect(answer.status).toBe(200);
    const { lastMessage, messages } = answer.body.data!.channel.conversation;
    expect(lastMessage.content).toEqual(expect.objectContaining({ __typename: 'TemplateContent', templateName: 'order_shipped', language: 'en_US' }));
    expect(messages.nodes[0].content).toEqual(lastMessage.content);
  });
});
