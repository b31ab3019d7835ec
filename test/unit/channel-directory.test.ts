import { describe, expect, it, jest } from '@jest/globals';
import Keyv from 'keyv';
import { readFileSync } from 'node:fs';
import {
  ChannelDirectory,
  DirectoryLookupError,
  DIRECTORY_LOOKUP_MIN_INTERVAL_MS,
  DIRECTORY_READ_REUSE_MS,
  type DirectoryLookup,
} from '../../src/events/ingest/channel-directory.js';
import { readNotification } from '../../src/events/ingest/parse.js';

const PATH = 'channel-005';
const SIBLING = 'channel-007';
const ACCOUNT = [
  { id: PATH, phoneNumber: '+49 30 5550004' },
  { id: SIBLING, phoneNumber: '+49 (30) 555-0006' },
];

const change = (displayPhoneNumber: string, messageId: string) => ({
  field: 'messages',
  value: {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: displayPhoneNumber, phone_number_id: `pn-${displayPhoneNumber}` },
    contacts: [{ wa_id: '4915112345678', profile: { name: 'Ada' } }],
    messages: [{ id: messageId, from: '4915112345678', timestamp: '1749416383', type: 'text', text: { body: 'hi' } }],
  },
});
const notification = (...changes: Array<ReturnType<typeof change>>) => ({ object: 'chat_business_account', entry: [{ id: 'waba-2', changes }] });

describe('routing a cloud notification by its metadata (parse)', () => {
  it('names each business number once, as digits, and none for on-premise', () => {
    expect(readNotification(PATH, notification(change('+49 30 5550004', 'a'), change('49305550004', 'b'), change('+49 30 555-0006', 'c'))).numbers).toEqual([
      '49305550004',
      '49305550006',
    ]);
    expect(readNotification(PATH, { messages: [{ id: 'x' }] }).numbers).toEqual([]);
    expect(readNotification(PATH, 'not an object').numbers).toEqual([]);
    expect(readNotification(PATH, {}).numbers).toEqual([]);
  });

  it('names no number for a change whose value names none (a template notification, a display number without digits), and routes it nowhere', () => {
    const template = JSON.parse(readFileSync(new URL('../fixtures/notifications/templates/status-approved.json', import.meta.url), 'utf8')) as unknown;
    const reading = readNotification(PATH, template);
    expect(reading.numbers).toEqual([]);
    const parsed = reading.events(new Map([['49305550006', SIBLING]]));
    expect(parsed.events.map((event) => [event.kind, event.payload.channelId])).toEqual([['template', PATH]]);
    expect(parsed.routing).toEqual([]);
    expect(readNotification(PATH, notification(change('+', 'no-digits'))).numbers).toEqual([]);
  });

  it('gives each change to the channel of its number, keeps an unknown number on the path channel as an other event, and leaves unchecked numbers where they came', () => {
    const routes = new Map<string, string | null>([
      ['49305550004', PATH],
      ['49305550006', SIBLING],
      ['15550783881', null],
    ]);
    const parsed = readNotification(
      PATH,
      notification(change('49305550004', 'own'), change('+49 30 555 0006', 'routed'), change('+1 555-078-3881', 'stray')),
    ).events(routes);
    expect(parsed.events.map((event) => [event.kind, event.payload.channelId, event.dedupKey])).toEqual([
      ['message', PATH, `message:${PATH}:own`],
      ['message', SIBLING, `message:${SIBLING}:routed`],
      ['other', PATH, expect.stringMatching(new RegExp(`^other:${PATH}:`))],
    ]);
    expect(parsed.events[2].payload).toMatchObject({ field: 'messages', reason: expect.stringContaining('unknown business number 15550783881') });
    expect(parsed.problems).toEqual([
      { path: 'entry[0].changes[2].value', reason: 'unknown business number 15550783881: no channel of the partner on this business account' },
    ]);
    expect(parsed.routing).toEqual(['own', 'routed', 'unknown_number']);
    // Each change kept whole is its own event: two strays of one unknown number have different keys.
    const strays = readNotification(PATH, notification(change('15550783881', 'first'), change('15550783881', 'second'))).events(routes).events;
    expect(strays.map((event) => event.kind)).toEqual(['other', 'other']);
    expect(strays[1].dedupKey).not.toBe(strays[0].dedupKey);

    const unchecked = readNotification(PATH, notification(change('49305550006', 'unchecked'))).events(new Map());
    expect(unchecked.events.map((event) => event.payload.channelId)).toEqual([PATH]);
    expect(unchecked.routing).toEqual(['unverified']);
  });
});

describe('ChannelDirectory', () => {
  const lookupOf = (answer: Awaited<ReturnType<DirectoryLookup>>) => jest.fn<DirectoryLookup>(async () => answer);

  it('matches a display number in any format with the channel numbers as digits, after one lookup kept in the store', async () => {
    const store = new Keyv();
    const lookup = lookupOf({ partnerId: 'partner-acme', channels: ACCOUNT });
    const directory = new ChannelDirectory(store, lookup);
    expect(await directory.routes(PATH, ['49305550004', '49305550006'])).toEqual(
      new Map([
        ['49305550004', PATH],
        ['49305550006', SIBLING],
      ]),
    );
    expect(await directory.routes(PATH, ['49305550006'])).toEqual(new Map([['49305550006', SIBLING]]));
    expect(lookup).toHaveBeenCalledTimes(1);
    // Another instance on the same store routes alike without a lookup of its own.
    const other = new ChannelDirectory(store, null);
    expect(await other.routes(PATH, ['49305550006'])).toEqual(new Map([['49305550006', SIBLING]]));
    expect(other.channelsKnownFor(PATH)).toEqual([PATH, SIBLING]);
  });

  it('looks up again for a number it lacks at most once a minute, and answers null for a number that is no channel', async () => {
    let now = 1_000_000;
    const lookup = lookupOf({ partnerId: 'partner-acme', channels: ACCOUNT });
    const directory = new ChannelDirectory(new Keyv(), lookup, () => now);
    await directory.routes(PATH, ['49305550004']);
    expect(await directory.routes(PATH, ['15550783881'])).toEqual(new Map([['15550783881', null]]));
    expect(lookup).toHaveBeenCalledTimes(1);
    now += DIRECTORY_LOOKUP_MIN_INTERVAL_MS;
    lookup.mockResolvedValueOnce({ partnerId: 'partner-acme', channels: [...ACCOUNT, { id: 'channel-new', phoneNumber: '+1 555 078 3881' }] });
    expect(await directory.routes(PATH, ['15550783881'])).toEqual(new Map([['15550783881', 'channel-new']]));
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('rejects when the lookup fails (the receiver answers 503), and does not count a failed lookup against the interval', async () => {
    const lookup = jest.fn<DirectoryLookup>(async () => {
      throw new Error('A4 unavailable');
    });
    const directory = new ChannelDirectory(new Keyv(), lookup);
    const failed = await directory.routes(PATH, ['49305550006']).catch((error: unknown) => error);
    // The receiver names the cause from it: the listing could not be read (not past its budget), the upstream's error kept.
    expect(failed).toBeInstanceOf(DirectoryLookupError);
    expect(failed).toMatchObject({ pastBudget: false, cause: new Error('A4 unavailable') });
    lookup.mockResolvedValueOnce({ partnerId: 'partner-acme', channels: ACCOUNT });
    expect(await directory.routes(PATH, ['49305550006'])).toEqual(new Map([['49305550006', SIBLING]]));
  });

  it('a lookup past its budget rejects at the budget and goes on: one lookup, whose listing the next notification is routed by', async () => {
    let answer: (value: Awaited<ReturnType<DirectoryLookup>>) => void = () => undefined;
    const lookup = jest.fn<DirectoryLookup>(() => new Promise((resolve) => (answer = resolve)));
    const directory = new ChannelDirectory(new Keyv(), lookup, Date.now, 20);
    const started = Date.now();
    await expect(directory.routes(PATH, ['49305550006'])).rejects.toMatchObject({ name: 'DirectoryLookupError', pastBudget: true });
    expect(Date.now() - started).toBeLessThan(1_000);
    // A re-delivery while it runs waits on the same lookup, within its own budget.
    await expect(directory.routes(PATH, ['49305550006'])).rejects.toMatchObject({ pastBudget: true });
    answer({ partnerId: 'partner-acme', channels: ACCOUNT });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await directory.routes(PATH, ['49305550006'])).toEqual(new Map([['49305550006', SIBLING]]));
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('reads the store once per DIRECTORY_READ_REUSE_MS for a channel while what it read names every number, not once per notification', async () => {
    let now = 1_000_000;
    const store = new Keyv();
    await new ChannelDirectory(store, null).record(PATH, 'partner-acme', ACCOUNT);
    const reads = jest.spyOn(store, 'get');
    const directory = new ChannelDirectory(store, null, () => now);
    for (let notification = 0; notification < 3; notification += 1) {
      expect(await directory.routes(PATH, ['49305550006'])).toEqual(new Map([['49305550006', SIBLING]]));
    }
    expect(reads).toHaveBeenCalledTimes(1);
    now += DIRECTORY_READ_REUSE_MS;
    await directory.routes(PATH, ['49305550006']);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('reads the store at once for a number what it read lacks: another instance may have recorded it', async () => {
    const store = new Keyv();
    const directory = new ChannelDirectory(store, null);
    await directory.record(PATH, 'partner-acme', ACCOUNT);
    expect(await directory.routes(PATH, ['49305550006'])).toEqual(new Map([['49305550006', SIBLING]]));
    await new ChannelDirectory(store, null).record(PATH, 'partner-acme', [...ACCOUNT, { id: 'channel-new', phoneNumber: '+1 555 078 3881' }]);
    expect(await directory.routes(PATH, ['15550783881'])).toEqual(new Map([['15550783881', 'channel-new']]));
  });

  it('without a credential of its own routes by what callers recorded, and leaves the numbers unchecked when nothing is', async () => {
    const directory = new ChannelDirectory(new Keyv(), null);
    expect(await directory.routes(PATH, ['49305550006'])).toEqual(new Map());
    await directory.record(PATH, 'partner-acme', ACCOUNT);
    expect(await directory.routes(PATH, ['49305550006', '15550783881'])).toEqual(
      new Map([
        ['49305550006', SIBLING],
        ['15550783881', null],
      ]),
    );
  });
});
