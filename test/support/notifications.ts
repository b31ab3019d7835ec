import { readdirSync, readFileSync } from 'node:fs';

/** Which hosting's notification shape a fixture has (test/fixtures/notifications/README.md). */
export type Hosting = 'cloud' | 'on-premise';

const FIXTURES = new URL('../fixtures/notifications/', import.meta.url);

/** The names (without .json) of one hosting's fixtures. */
export function notificationNames(hosting: Hosting): string[] {
  return readdirSync(new URL(`${hosting}/`, FIXTURES))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
}

/** The business number of the reference's samples (cloud `metadata.display_phone_number`, an echo's `from`). */
export const FIXTURE_BUSINESS_NUMBER = '15550783881';

/** The number of seeded channel-001 as notifications name it. */
export const CHANNEL_001_NUMBER = '49305550000';

/** One whole notification as the upstream posts it, freshly parsed (tests may change their copy). */
export function loadNotification(hosting: Hosting, name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`${hosting}/${name}.json`, FIXTURES), 'utf8')) as Record<string, unknown>;
}

/**
 * The cloud notification with every change's metadata naming `businessNumber`, as the upstream sends it for the
 * number it serves: the gateway assigns a change to the channel of the number its metadata names.
 */
export function addressedTo<T>(notification: T, businessNumber: string): T {
  const entries = (notification as { entry?: Array<{ changes?: Array<{ value?: { metadata?: Record<string, unknown> } }> }> }).entry ?? [];
  for (const change of entries.flatMap((entry) => entry.changes ?? [])) {
    if (change.value?.metadata) change.value.metadata.display_phone_number = businessNumber;
  }
  return notification;
}

type Json = Record<string, unknown>;

/** The container of a notification's arrays: the first change's `value` on cloud, the root on-premise. */
export function notificationValue(hosting: Hosting, notification: Json): Json {
  if (hosting === 'on-premise') return notification;
  const [entry] = notification.entry as Json[];
  const [change] = entry.changes as Json[];
  return change.value as Json;
}

/** The first item of a notification's `messages` (or cloud `message_echoes`), read straight from the fixture. */
export function firstMessageItem(hosting: Hosting, name: string): Json {
  const value = notificationValue(hosting, loadNotification(hosting, name));
  const items = (value.messages ?? value.message_echoes) as Json[] | undefined;
  if (!items?.[0]) throw new Error(`${hosting}/${name}.json has no messages[] or message_echoes[] item`);
  return items[0];
}
