/**
 * The protocol between redis-log.ts and append.lua, named once: readable names → the short keys sent and stored.
 * The keys are short because they are sent with every item and stored in every record and conversation; they are the
 * ones data already in Redis carries, so they never change (a new field takes a new key). The script does not spell
 * them: redis-log.ts puts `luaPrelude()` before it, and the script reads `m.contact`, `RECORD.sentAtMs`, …
 * (docs/events.md, "The append protocol").
 */
export const APPEND_PROTOCOL = {
  /** What one item of the script does: a JSON object per item, sent beside its event's JSON. */
  item: {
    /** message | status | error | echo | preference | other | template, or sent | closed | linked (see append.lua). */
    operation: 'op',
    /** The message id; for a reaction, edit or revoke, the message it changes. */
    messageId: 'id',
    /** A status event's status. */
    status: 'st',
    /** The contact of the message record. */
    recordContact: 'rc',
    type: 'ty',
    text: 'tx',
    /** The conversation change's contact key (absent: the item changes no conversation). */
    contact: 'c',
    /** The event's own time, ms. */
    atMs: 'at',
    /** Its place in time order, ms (the time refined within its second). */
    orderMs: 'ord',
    /** A user's message: it moves the last inbound time (the 24-hour window). */
    inbound: 'inb',
    /** The contact's profile name. */
    name: 'n',
    /** The upstream said the window is closed. */
    closesWindow: 'cl',
    /** The contact's wa_id, user id and username. */
    phone: 'ph',
    userId: 'u',
    username: 'un',
    /** The contact key a number change moves the conversation to. */
    movedTo: 'mv',
    /** A send's request body as JSON. */
    body: 'b',
    /** The UTF-8 bytes of the event's JSON before its item: the script cuts the record's body out of the event. */
    itemOffset: 'bo',
    /** reaction | edit | revoke: the item changes the message `messageId` names (only when held). */
    changeKind: 'tk',
    /** A reaction's reacting contact and emoji ('' removes it). */
    reactionFrom: 'rf',
    reactionEmoji: 're',
    /** What the caller resolved a user id named alone to, as its alias held it ('' when to itself). */
    resolvedAlias: 'ex',
    /** When that alias named a user id: what that user id's own alias held ('' none). */
    furtherAlias: 'ey',
    /** The item only tells the contact's keys: it starts no conversation and moves no time. */
    keysOnly: 'ko',
    /** A user id the item links to its contact. */
    linkedUserId: 'lk',
    /** What the linked user id's alias held when read ('' none; absent when not read: one naming no user id will do). */
    linkedAlias: 'lx',
    /** The key whose conversation merges into the contact's (and then names it too). */
    mergedKey: 'ls',
    /** When the record's message was sent (the item's own time; absent for a send: the script's now). */
    sentAtMs: 'sa',
    /** The sender's profile name for the record when `name` does not carry it. */
    contactName: 'cn',
    /** Who sent a send: its Actor as JSON. */
    sentBy: 'sb',
  },
  /** A message record, the hash `<ns>:events:{<channel>}:message:<id>`. */
  record: {
    direction: 'direction',
    contact: 'contact',
    type: 'type',
    /** When the gateway first wrote the record, ms. */
    atMs: 'at',
    status: 'status',
    text: 'text',
    /** Its place in the thread, ms. */
    threadMs: 'ts',
    sentAtMs: 'sa',
    /** API or BUSINESS_APP. */
    origin: 'o',
    sentBy: 'sb',
    contactName: 'cn',
    /** What its content is read from: a send's request body, or the item of a message, echo or latest edit. */
    body: 'b',
    /** The earlier bodies of an edited message, a JSON array. */
    history: 'h',
    editedAtMs: 'ea',
    revokedAtMs: 'ra',
    /** Prefix of one field per status event (`s:<entry id>` → the event's JSON). */
    statusPrefix: 's:',
    /** Prefix of one field per reacting contact (`r:<contact>` → `{"e": emoji, "at": ms}`). */
    reactionPrefix: 'r:',
  },
  /** A conversation, the hash `<ns>:events:{<channel>}:conversation:<contact>`. */
  conversation: {
    contact: 'c',
    lastActivityMs: 'la',
    lastInboundMs: 'li',
    /** The last message's place in the thread, ms. */
    lastMessageMs: 'lt',
    lastMessageId: 'lm',
    closedMs: 'cl',
    phone: 'p',
    userId: 'u',
    username: 'un',
    movedTo: 'mv',
    name: 'n',
  },
  /** The keys of one item, in the order they follow each other in KEYS (after the channel's four). */
  itemKeys: [
    'dedup',
    'record',
    'conversation',
    'thread',
    /** The alias of the user id an item naming only a user id was resolved from. */
    'resolvedAlias',
    /** The alias of the user id the item links. */
    'linkedAlias',
    /** The conversation, thread and alias of the key whose conversation merges. */
    'mergedConversation',
    'mergedThread',
    'mergedAlias',
    /** The alias of the user id the first alias named, when the caller followed it. */
    'furtherAlias',
  ],
  /** The channel's keys, KEYS[1..4]. */
  channelKeys: ['log', 'sequence', 'conversations', 'watched'],
  /** The script's arguments before the items (two values per item follow: its fields as JSON, its event's JSON). */
  args: ['retentionMs', 'dedupTtlMs', 'feedChannel', 'sequenceTtlMs', 'conversationTtlMs', 'windowMs', 'fromNotification'],
} as const;

type ItemFields = typeof APPEND_PROTOCOL.item;

/** What one item does, by readable name (see APPEND_PROTOCOL.item); only `operation` is always there (null: not there either). */
export type ItemMeta = { operation: string } & Partial<Record<Exclude<keyof ItemFields, 'operation'>, string | number | boolean | null>>;

/** The item as the script receives it: its fields under their short keys, those without a value (null or undefined) left out. */
export function encodeItem(meta: ItemMeta): string {
  const short: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(meta)) if (value != null) short[APPEND_PROTOCOL.item[name as keyof ItemFields]] = value;
  return JSON.stringify(short);
}

export type ItemKey = (typeof APPEND_PROTOCOL.itemKeys)[number];

const luaString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const luaTable = (entries: Array<[string, string | number]>) =>
  `{ ${entries.map(([name, value]) => `${name} = ${typeof value === 'number' ? value : luaString(value)}`).join(', ')} }`;
const positions = (names: readonly string[]) => luaTable(names.map((name, index) => [name, index + 1]));

/**
 * The Lua put before append.lua: `ITEM_NAME` (an item's short key → its readable name: the script renames the fields an
 * item carries, fewer than all), `RECORD` and `CONVERSATION` (readable name → stored field), `CHANNEL_KEY` and `ARG`
 * (readable name → position in KEYS and ARGV), `ITEM_KEYS` (an item's keys' names in order), `ITEM_KEYS_FROM` and
 * `ITEMS_FROM` (the KEYS and ARGV positions before the first item's), `KEYS_PER_ITEM`.
 */
export function luaPrelude(): string {
  const { item, record, conversation, itemKeys, channelKeys, args } = APPEND_PROTOCOL;
  return [
    '-- Generated from APPEND_PROTOCOL (src/events/log/append-protocol.ts) when the script is loaded.',
    `local ITEM_NAME = { ${Object.entries(item)
      .map(([name, key]) => `[${luaString(key)}] = ${luaString(name)}`)
      .join(', ')} }`,
    `local RECORD = ${luaTable(Object.entries(record))}`,
    `local CONVERSATION = ${luaTable(Object.entries(conversation))}`,
    `local CHANNEL_KEY = ${positions(channelKeys)}`,
    `local ITEM_KEYS = { ${itemKeys.map(luaString).join(', ')} }`,
    `local ITEM_KEYS_FROM = ${channelKeys.length}`,
    `local KEYS_PER_ITEM = ${itemKeys.length}`,
    `local ARG = ${positions(args)}`,
    `local ITEMS_FROM = ${args.length}`,
    '',
  ].join('\n');
}

/** A stored hash (record or conversation) by readable name: the value of each field `fields` names, undefined when absent. */
export function readHash<Fields extends Record<string, string>>(fields: Fields, stored: Record<string, string>): Partial<Record<keyof Fields, string>> {
  const readable: Partial<Record<keyof Fields, string>> = {};
  for (const name of Object.keys(fields) as Array<keyof Fields>) if (stored[fields[name]] !== undefined) readable[name] = stored[fields[name]];
  return readable;
}
