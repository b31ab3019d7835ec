import type Keyv from 'keyv';
import { numberDigits, type NumberRoutes } from './parse.js';

/** A channel as routing needs it: its id and its phone number as the upstream lists it (any format). */
export interface DirectoryChannel {
  id: string;
  phoneNumber: string | null | undefined;
}

/** The channels a channel's webhook URL may receive notifications for: its partner's channels on its business account. */
export interface ChannelNumbers {
  partnerId: string;
  /** Each channel's phone number as digits → its id (the channel itself included). */
  numbers: Record<string, string>;
  /** When the listing behind it was read (ms since the epoch). */
  readAtMs: number;
}

/** Reads the channels of the path channel's partner on its business account with the gateway's own credential; null when it has no such channel. */
export type DirectoryLookup = (channelId: string) => Promise<{ partnerId: string; channels: DirectoryChannel[] } | null>;

/** A receiver's lookups for one channel are at least this far apart while the answer lacks a number (a flood of unknown numbers costs one A4 read a minute). */
export const DIRECTORY_LOOKUP_MIN_INTERVAL_MS = 60_000;

/**
 * How long a notification waits for the channel listing (A4) its routing needs: the upstream re-delivers a
 * notification not answered within 5 seconds (the interface's webhook response rule), and the append after the
 * lookup may take up to twice REDIS_TIMEOUT_MS (at most 2 s each). Past it the receiver answers 503 (see
 * DirectoryLookupError) while the lookup goes on, so the re-delivery finds the listing kept.
 */
export const DIRECTORY_LOOKUP_BUDGET_MS = 2_000;

/**
 * The channels behind a notification's business numbers could not be known in time: the lookup failed, or is still
 * running past its budget (`pastBudget`). The receiver answers 503 naming this cause: acknowledging would route a
 * sibling's message without knowing its number, and an acknowledged notification is never delivered again.
 */
export class DirectoryLookupError extends Error {
  constructor(
    readonly pastBudget: boolean,
    options?: { cause?: unknown },
  ) {
    super(
      pastBudget
        ? `the channel listing of the notification's business numbers took longer than ${DIRECTORY_LOOKUP_BUDGET_MS} ms; it goes on for the re-delivery`
        : "the channel listing of the notification's business numbers could not be read",
      options,
    );
    this.name = 'DirectoryLookupError';
  }
}

/** What this process remembers of the channels it has seen a directory of, for noting a refusal when the store is what failed. */
const REMEMBERED_DIRECTORIES_MAX = 10_000;

/**
 * How long this process routes by a directory it read or wrote without reading the store again, while that directory
 * names every number a notification names: a store read (a Redis GET) per channel a second instead of one per
 * notification, which cost about as much gateway CPU as the rest of an acknowledgement (bench scenario 10). A number
 * it lacks is read from the store at once, where another instance may have put it; a number moved to another channel
 * of the account is seen up to this late.
 */
export const DIRECTORY_READ_REUSE_MS = 1_000;

/**
 * Which channel each business number of a cloud notification belongs to (docs/events.md, "One URL for a business
 * account"). Per path channel, the partner's channels on its business account by number, kept in the store (Redis
 * when configured, so every instance routes alike; in process otherwise) without expiry: written whenever a listing
 * is read for it, by a caller connecting a webhook to the gateway or subscribing through a sibling's URL, and by the
 * receiver itself with the gateway's own partner credential (PARTNER_TOKEN) when the channel has none yet or a
 * notification names a number it lacks, at most once a minute. Only a listing of the channel's own partner is ever
 * written, so a notification signed for one channel can only be routed to channels of the same partner.
 */
export class ChannelDirectory {
  private readonly lookedUpAt = new Map<string, number>();
  private readonly lookups = new Map<string, Promise<ChannelNumbers | null>>();
  private readonly remembered = new Map<string, string[]>();
  /** The last directory of each channel this process read or wrote, and until when it is routed by without a read. */
  private readonly lastRead = new Map<string, { entry: ChannelNumbers; reuseUntil: number }>();

  constructor(
    private readonly store: Keyv,
    private readonly lookup: DirectoryLookup | null,
    private readonly now: () => number = Date.now,
    private readonly lookupBudgetMs = DIRECTORY_LOOKUP_BUDGET_MS,
  ) {}

  private key(channelId: string): string {
    return `channel-directory:${channelId}`;
  }

  /** Keeps a fresh listing of the channel's partner's channels on its business account. */
  async record(channelId: string, partnerId: string, channels: DirectoryChannel[]): Promise<ChannelNumbers> {
    const numbers: Record<string, string> = {};
    for (const channel of channels) {
      const digits = numberDigits(channel.phoneNumber);
      if (digits !== '') numbers[digits] = channel.id;
    }
    const entry: ChannelNumbers = { partnerId, numbers, readAtMs: this.now() };
    await this.store.set(this.key(channelId), entry);
    this.remember(channelId, entry);
    return entry;
  }

  /** What is kept for the channel; null when nothing is. */
  async read(channelId: string): Promise<ChannelNumbers | null> {
    const entry = (await this.store.get<ChannelNumbers>(this.key(channelId))) ?? null;
    if (entry) this.remember(channelId, entry);
    return entry;
  }

  /**
   * The channel each number belongs to (null: no channel of the partner on the business account), looking the
   * listing up first when it is missing or lacks a number and the gateway has its own credential. An empty map when
   * nothing is known of the channel: its notifications then stay on it, unchecked. Rejects with a DirectoryLookupError
   * when the lookup fails or outlasts its budget (it then goes on and keeps what it reads), so the receiver answers 503
   * in time and the upstream re-delivers.
   */
  async routes(channelId: string, numbers: readonly string[]): Promise<NumberRoutes> {
    if (numbers.length === 0) return new Map();
    let known = this.reusable(channelId, numbers) ?? (await this.read(channelId));
    if (this.lookup && numbers.some((number) => !known?.numbers[number]) && this.mayLookUp(channelId, known)) {
      known = (await this.withinBudget(this.lookUp(channelId, this.lookup))) ?? known;
    }
    if (!known) return new Map();
    const { numbers: byNumber } = known;
    return new Map(numbers.map((number) => [number, byNumber[number] ?? null]));
  }

  /** Channels this process last saw in the channel's directory (itself included): a refusal of its notifications concerns them all. */
  channelsKnownFor(channelId: string): string[] {
    return this.remembered.get(channelId) ?? [channelId];
  }

  private mayLookUp(channelId: string, known: ChannelNumbers | null): boolean {
    const since = this.now() - DIRECTORY_LOOKUP_MIN_INTERVAL_MS;
    return (known === null || known.readAtMs <= since) && (this.lookedUpAt.get(channelId) ?? 0) <= since;
  }

  /** The lookup's answer, or a DirectoryLookupError when it fails or is not in within the budget. */
  private async withinBudget(lookup: Promise<ChannelNumbers | null>): Promise<ChannelNumbers | null> {
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new DirectoryLookupError(true)), this.lookupBudgetMs);
    });
    try {
      return await Promise.race([
        lookup.catch((error: unknown) => {
          throw new DirectoryLookupError(false, { cause: error });
        }),
        budget,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One lookup per channel at a time in this process; only one that answered counts against the interval. */
  private lookUp(channelId: string, lookup: DirectoryLookup): Promise<ChannelNumbers | null> {
    const running = this.lookups.get(channelId);
    if (running) return running;
    const work = (async () => {
      const found = await lookup(channelId);
      this.lookedUpAt.set(channelId, this.now());
      return found && this.record(channelId, found.partnerId, found.channels);
    })().finally(() => this.lookups.delete(channelId));
    // It may outlive the notification that started it (past the budget): a failure then concerns only those waiting on it.
    work.catch(() => undefined);
    this.lookups.set(channelId, work);
    return work;
  }

  /** The directory last read or written for the channel, while it may be reused and names every number. */
  private reusable(channelId: string, numbers: readonly string[]): ChannelNumbers | null {
    const last = this.lastRead.get(channelId);
    if (!last || last.reuseUntil <= this.now() || numbers.some((number) => !last.entry.numbers[number])) return null;
    return last.entry;
  }

  private remember(channelId: string, entry: ChannelNumbers): void {
    this.remembered.delete(channelId);
    this.remembered.set(channelId, [...new Set([channelId, ...Object.values(entry.numbers)])]);
    if (this.remembered.size > REMEMBERED_DIRECTORIES_MAX) this.remembered.delete(this.remembered.keys().next().value!);
    this.lastRead.delete(channelId);
    this.lastRead.set(channelId, { entry, reuseUntil: this.now() + DIRECTORY_READ_REUSE_MS });
    if (this.lastRead.size > REMEMBERED_DIRECTORIES_MAX) this.lastRead.delete(this.lastRead.keys().next().value!);
  }
}
