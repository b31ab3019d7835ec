import { describe, expect, it } from '@jest/globals';
import { APPEND_PROTOCOL, encodeItem, luaPrelude, readHash } from '../../src/events/log/append-protocol.js';

describe('the append protocol (redis-log.ts ↔ append.lua)', () => {
  it('gives every readable name its own short key, within an item, a record and a conversation', () => {
    for (const fields of [APPEND_PROTOCOL.item, APPEND_PROTOCOL.record, APPEND_PROTOCOL.conversation]) {
      const keys = Object.values(fields);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('sends an item under its short keys, leaving out what is null or undefined', () => {
    expect(JSON.parse(encodeItem({ operation: 'message', sentAtMs: 5, inbound: true, keysOnly: false, text: '', name: undefined, phone: null }))).toEqual({
      op: 'message',
      sa: 5,
      inb: true,
      ko: false,
      tx: '',
    });
  });

  it('reads a stored hash by readable name, leaving out the fields it lacks', () => {
    expect(readHash(APPEND_PROTOCOL.conversation, { la: '7', p: '491', x: 'foreign' })).toStrictEqual({ lastActivityMs: '7', phone: '491' });
  });

  it('names the protocol in the Lua prelude: the tables of names and the positions in KEYS and ARGV', () => {
    const prelude = luaPrelude();
    expect(prelude.startsWith('-- Generated from APPEND_PROTOCOL (src/events/log/append-protocol.ts)')).toBe(true);
    expect(prelude).toContain("local ITEM_NAME = { ['op'] = 'operation', ['id'] = 'messageId',");
    expect(prelude).toContain("['sa'] = 'sentAtMs'");
    expect(prelude).toContain("local RECORD = { direction = 'direction',");
    expect(prelude).toContain("statusPrefix = 's:'");
    expect(prelude).toContain("local CONVERSATION = { contact = 'c', lastActivityMs = 'la',");
    expect(prelude).toContain('local CHANNEL_KEY = { log = 1, sequence = 2, conversations = 3, watched = 4 }');
    expect(prelude).toContain("local ITEM_KEYS = { 'dedup', 'record', 'conversation', 'thread', 'resolvedAlias',");
    expect(prelude).toContain('local ITEM_KEYS_FROM = 4');
    expect(prelude).toContain('local KEYS_PER_ITEM = 10');
    expect(prelude).toContain(
      'local ARG = { retentionMs = 1, dedupTtlMs = 2, feedChannel = 3, sequenceTtlMs = 4, conversationTtlMs = 5, windowMs = 6, fromNotification = 7 }',
    );
    // One statement a line, and a line break before the script that follows it.
    expect(prelude.endsWith('\nlocal ITEMS_FROM = 7\n')).toBe(true);
  });
});
