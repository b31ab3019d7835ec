import { CLOUD_ONLY_KINDS, type InboundInput, type InboundKind } from './inbound-traffic.js';
import type { SimHosting } from './state.js';

/** The simulated contacts that write to every channel; the last one has a username and shows no phone number. */
export const SIM_CONTACTS: ReadonlyArray<{ waId?: string; userId?: string; username?: string; name: string }> = [
  { waId: '4915112345678', name: 'Mia Schneider' },
  { waId: '447700900123', name: 'Oliver Smith' },
  { waId: '31612345678', name: 'Sanne de Vries' },
  { userId: 'DE.1650555123456789', username: '@lena.k', name: 'Lena Krause' },
];

/**
 * A contact whose number change the live traffic announces (so no conversation of the others moves). On cloud the new
 * number comes with a new business-scoped user id, named beside it with the one before, as the platform sends it since
 * its 2026 changelog (docs/decisions.md, the new user id of a number change).
 */
const NUMBER_CHANGER = { waId: '4917612345000', newWaId: '4917612345001', userId: 'DE.1761234500001', newUserId: 'DE.1761234500002', name: 'Jonas Weber' };

const LIVE_TEXTS = ['Hi, is my order on its way?', 'Can I change my appointment?', 'Thanks for the quick help!', 'What are your opening hours?'];

/** The profile name a simulated contact writes under unless a test names it. */
export const nameOf = (contactKey: string): string =>
  SIM_CONTACTS.find((contact) => contact.waId === contactKey || contact.userId === contactKey)?.name ?? `Contact ${contactKey.slice(-4)}`;

/** Every kind but text, in the order the live traffic brings them. */
const OTHER_KINDS: readonly InboundKind[] = [
  'image',
  'voice',
  'location',
  'button_reply',
  'reaction',
  'document',
  'list_reply',
  'contacts',
  'sticker',
  'template_button',
  'edit',
  'video',
  'order',
  'audio',
  'flow_reply',
  'revoke',
  'echo',
  'system',
  'preference',
  'unsupported',
];

/**
 * The live traffic's fixed cycle: two texts before each other kind, so two thirds are text and one cycle (60 ticks)
 * brings every kind. Fixed rather than random, so a test (or a demo) knows what tick n brings.
 */
export const LIVE_CYCLE: readonly InboundKind[] = OTHER_KINDS.flatMap((kind) => ['text', 'text', kind] as InboundKind[]);

/** Who writes an item: phone number and/or user id, username, profile name. */
type LiveSender = Pick<InboundInput, 'from' | 'userId' | 'username' | 'name'>;

/** The last live text a user wrote on a channel: reactions, edits and revokes name it. */
export interface LiveLastMessage {
  id: string;
  sender: LiveSender;
}

const senderOf = (contact: (typeof SIM_CONTACTS)[number]): LiveSender => ({
  ...(contact.waId !== undefined && { from: contact.waId }),
  ...(contact.userId !== undefined && { userId: contact.userId, username: contact.username }),
  name: contact.name,
});

/**
 * What tick `tick` brings to a channel. Contacts take turns (the username contact only on cloud); kinds the hosting
 * does not have, and changes to a message before there is one, become texts. An edit or revoke comes from the
 * writer of the message it names. (The cycle brings preference changes on the turn of a contact with a phone number,
 * which they need: the unit test holds it to that.)
 */
export function liveInput(tick: number, channelId: string, hosting: SimHosting, last: LiveLastMessage | undefined): InboundInput {
  const contacts = hosting === 'cloud' ? SIM_CONTACTS : SIM_CONTACTS.filter((contact) => contact.waId !== undefined);
  let kind = LIVE_CYCLE[tick % LIVE_CYCLE.length];
  if (hosting === 'onPremise' && CLOUD_ONLY_KINDS.has(kind)) kind = 'text';
  if ((kind === 'reaction' || kind === 'edit' || kind === 'revoke') && !last) kind = 'text';
  const sender: LiveSender = (kind === 'edit' || kind === 'revoke') && last ? last.sender : senderOf(contacts[tick % contacts.length]);
  const base = { channelId, ...sender };
  const text = LIVE_TEXTS[tick % LIVE_TEXTS.length];
  switch (kind) {
    case 'text':
      return { ...base, kind, text };
    case 'image':
      return { ...base, kind, caption: 'Photo of the delivery' };
    case 'reaction':
      return { ...base, kind, messageId: last!.id, emoji: '👍' };
    case 'edit':
      return { ...base, kind, messageId: last!.id, text: `${text} (edited)` };
    case 'revoke':
      return { ...base, kind, messageId: last!.id };
    case 'echo':
      return { ...base, kind, text: 'Thanks, we are on it! (sent from the phone app)' };
    case 'system': {
      const { waId, newWaId, userId, newUserId, name } = NUMBER_CHANGER;
      // On-premise numbers have no user ids.
      return { channelId, kind, from: waId, name, newWaId, ...(hosting === 'cloud' && { userId, newUserId }) };
    }
    default:
      return { ...base, kind };
  }
}
