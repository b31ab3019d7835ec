import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { startEmbeddedGateway, type EmbeddedGateway } from '../support/embedded-gateway.js';
import { waitUntil } from '../support/events.js';
import { launchChromium, serveExample, type ExampleApp } from './example-app.js';

/** Set SCREENSHOTS=docs/screenshots to refresh the pictures in the docs. */
const SCREENSHOTS = process.env.SCREENSHOTS;
const CLOUD_CHANNEL = 'channel-001';
const ON_PREMISE_CHANNEL = 'channel-003';
const CONTACT = '4915100000077';
const CLOSED_CONTACT = '4915100000078';
const BUTTONS_CONTACT = '4915100000079';
/** A cloud channel no other test writes to, so it starts without conversations. */
const EMPTY_CHANNEL = 'channel-002';
/** A cloud channel whose webhook a test points away from the gateway. */
const DISCONNECTED_CHANNEL = 'channel-004';

/** The two properties of an <img> the test reads (test/ is compiled without the DOM's types). */
interface ImageElement {
  complete: boolean;
  naturalWidth: number;
}

describe('the inbox example in a real browser (Chromium) against the embedded simulator', () => {
  let gateway: EmbeddedGateway;
  let app: ExampleApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    gateway = await startEmbeddedGateway();
    app = await serveExample();
    await app.build({ VITE_HUBGRAPH_URL: gateway.url, VITE_SIMULATOR_URL: gateway.simulator.baseUrl() });
    browser = await launchChromium();
  }, 120_000);

  // Each test starts from a fresh page, so none depends on another having run.
  beforeEach(async () => {
    await page?.close();
    page = await browser.newPage();
    await page.goto(app.url);
  });

  /** Opens the inbox on a channel; its subscriptions (conversationUpdated, and the group statuses') are open when this resolves. */
  async function openInbox(channelId: string) {
    await waitUntil(async () => ((await gateway.services.metrics.openSubscriptions.get()).values[0]?.value ?? 0) === 0);
    await page.getByRole('button', { name: 'Inbox' }).click();
    await page.getByLabel('Channel').selectOption(channelId);
    await waitUntil(async () => ((await gateway.services.metrics.openSubscriptions.get()).values[0]?.value ?? 0) === 2);
  }

  /** A simulator control route; answers its JSON body (none for 204). */
  async function control(route: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await fetch(`${gateway.simulator.baseUrl()}/_control/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
    return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
  }

  /** Any kind of item from a contact (image, button reply, reaction …), in the hosting's real shape. */
  const deliver = (item: Record<string, unknown>) => control('inbound', item) as Promise<{ messageId: string }>;

  /** The contact writes to the channel through the simulator (now, or `hoursAgo`). */
  const inbound = (channelId: string, from: string, name: string, text: string, hoursAgo?: number) =>
    control('inbound', { channelId, from, name, text, hoursAgo });

  /** A GraphQL operation over HTTP, as the app's own requests go. */
  async function graphql(query: string, variables: Record<string, unknown>) {
    const response = await fetch(gateway.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    return {
      status: response.status,
      body: (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string; extensions: Record<string, unknown> }[] },
    };
  }

  /** The list entry of one contact, by the profile name its inbound message carried. */
  const conversationOf = (name: string) => page.getByTestId('conversation').filter({ hasText: name });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await gateway?.stop();
  });

  it('renders the dashboard: clients, their channels with hub status, and a client’s usage for last month', async () => {
    await page.getByTestId('client').first().waitFor();
    expect(await page.getByTestId('client').count()).toBeGreaterThan(1);
    expect(await page.getByTestId('hub-status').first().textContent()).toMatch(/^[A-Z_]+$/);
    await page.getByTestId('client').first().getByRole('button').click();
    await expect(page.getByTestId('usage').textContent()).resolves.toMatch(/Last month: \d+ conversations/);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'dashboard.png'), fullPage: true });
  });

  it('says how to make a message arrive on a channel without conversations, and the command it shows does', async () => {
    await openInbox(EMPTY_CHANNEL);
    const command = await page.getByTestId('inbound-command').textContent();
    // The curl line as printed: its URL and its JSON body, sent as curl would send them.
    const [, url, body] = /^curl -s -X POST (\S+) -H 'content-type: application\/json' -d '(.+)'$/.exec(command ?? '') ?? [];
    expect(url).toBe(`${gateway.simulator.baseUrl()}/_control/inbound`);
    expect(await page.getByTestId('empty-state').textContent()).toContain('SIMULATOR_LIVE_EVENTS_MS=5000 npm run example');
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(202);
    await conversationOf((JSON.parse(body) as { name: string }).name).waitFor();
    expect(await page.getByTestId('empty-state').count()).toBe(0);
  });

  it('shows why live updates are off when the subscription is refused, with the hint the error carries', async () => {
    const { body } = await graphql(
      'mutation ($channelId: ID!) { setWebhook(channelId: $channelId, input: { url: "https://hooks.example.com/elsewhere" }) { url } }',
      {
        channelId: DISCONNECTED_CHANNEL,
      },
    );
    expect(body.errors).toBeUndefined();
    await page.getByRole('button', { name: 'Inbox' }).click();
    await page.getByLabel('Channel').selectOption(DISCONNECTED_CHANNEL);
    const alert = page.getByTestId('subscription-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      `Live updates are off: Channel ${DISCONNECTED_CHANNEL}'s notifications go to another URL, so no event of it reaches this gateway` +
        `Point its webhook at this gateway with the mutation connectWebhookToGateway(channelId: "${DISCONNECTED_CHANNEL}")`,
    );
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'inbox-subscription-error.png'), fullPage: true });
  });

  it('lists a conversation live, opens it, a reply’s status turns delivered without a reload, and the contact’s answer appears live', async () => {
    await openInbox(CLOUD_CHANNEL);
    await inbound(CLOUD_CHANNEL, CONTACT, 'Ada Lovelace', 'Is my order on its way?');
    const entry = conversationOf('Ada Lovelace');
    await entry
      .getByTestId('window')
      .filter({ hasText: /^OPEN, 23 h \d+ min left$/ })
      .waitFor();
    await entry.getByRole('button').click();
    const thread = page.getByTestId('thread');
    await thread.getByText('Is my order on its way?').waitFor();

    await page.getByLabel('Reply').fill('Yes, it ships today');
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = thread.locator('li.out', { hasText: 'Yes, it ships today' });
    await reply.waitFor();
    await reply
      .getByTestId('status')
      .filter({ hasText: /delivered|read/ })
      .waitFor();

    const preview = entry.locator('.preview');
    await preview.filter({ hasText: 'Yes, it ships today' }).waitFor();
    await inbound(CLOUD_CHANNEL, CONTACT, 'Ada Lovelace', 'Great, thank you!');
    await thread.locator('li.in', { hasText: 'Great, thank you!' }).waitFor();
    // The list's preview follows the newest message live, and a later status of the reply does not take it back.
    await preview.filter({ hasText: 'Great, thank you!' }).waitFor();
    await reply.getByTestId('status').filter({ hasText: 'read' }).waitFor();
    expect(await preview.textContent()).toBe('Great, thank you!');
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'inbox.png'), fullPage: true });
  });

  it('shows an image with its caption through the media route, and a button and a list answer as answers', async () => {
    await openInbox(CLOUD_CHANNEL);
    const from = '4915100000091';
    await deliver({ channelId: CLOUD_CHANNEL, from, name: 'Ivy Image', kind: 'image', caption: 'Our new shop window' });
    const entry = conversationOf('Ivy Image');
    await entry.getByText('Our new shop window').waitFor();
    await entry.getByRole('button').click();
    const thread = page.getByTestId('thread');
    const image = thread.getByTestId('media-image');
    await image.waitFor();
    // The file itself arrived through GET /media/:channelId/:mediaId and decoded as an image.
    await waitUntil(() =>
      image.evaluate((element) => {
        const img = element as unknown as ImageElement;
        return img.complete && img.naturalWidth > 0;
      }),
    );
    expect(await image.getAttribute('alt')).toBe('Our new shop window');
    await thread.locator('li.in', { hasText: 'Our new shop window' }).waitFor();

    await deliver({ channelId: CLOUD_CHANNEL, from, kind: 'button_reply', replyId: 'track-order', title: 'Track my order' });
    await deliver({ channelId: CLOUD_CHANNEL, from, kind: 'list_reply', replyId: 'size-m', title: 'Size M', description: 'Fits 38–40' });
    await deliver({ channelId: CLOUD_CHANNEL, from, kind: 'template_button', text: 'Yes, deliver tomorrow', payload: 'CONFIRM' });
    const answers = thread.getByTestId('reply');
    await answers.nth(2).waitFor();
    expect(await answers.allTextContents()).toEqual(['↩ Button replyTrack my order', '↩ List choiceSize MFits 38–40', '↩ Button replyYes, deliver tomorrow']);
  });

  it('hangs a reaction on the message it names, marks an edit, and shows a place, a card and a voice note', async () => {
    await openInbox(CLOUD_CHANNEL);
    const from = '4915100000092';
    const { messageId } = await deliver({ channelId: CLOUD_CHANNEL, from, name: 'Rex Reacts', text: 'Can I pick it up at the store?' });
    const entry = conversationOf('Rex Reacts');
    await entry.getByRole('button').click();
    const thread = page.getByTestId('thread');
    const question = thread.getByTestId('message').filter({ hasText: 'Can I pick it up at the store?' });
    await question.waitFor();

    await deliver({ channelId: CLOUD_CHANNEL, from, kind: 'reaction', messageId, emoji: '👍' });
    await question.getByTestId('reactions').filter({ hasText: '👍' }).waitFor();
    await deliver({ channelId: CLOUD_CHANNEL, from, kind: 'edit', messageId, text: 'Can I pick it up at the store today?' });
    const edited = thread.getByTestId('message').filter({ hasText: 'Can I pick it up at the store today?' });
    await edited.getByText('edited').waitFor();
    expect(await edited.getByTestId('reactions').textContent()).toBe('👍');

    await deliver({
      channelId: CLOUD_CHANNEL,
      from,
      kind: 'location',
      latitude: 52.520008,
      longitude: 13.404954,
      locationName: 'Alexanderplatz',
      address: 'Berlin',
    });
    await deliver({
      channelId: CLOUD_CHANNEL,
      from,
      kind: 'contacts',
      contacts: [{ name: { formatted_name: 'Grace Hopper', first_name: 'Grace' }, phones: [{ phone: '+1 555 0100', type: 'WORK' }], org: { company: 'Navy' } }],
    });
    await deliver({ channelId: CLOUD_CHANNEL, from, kind: 'voice' });
    await thread.getByTestId('location').filter({ hasText: 'Alexanderplatz' }).waitFor();
    expect(await thread.getByTestId('contact-card').textContent()).toContain('Grace Hopper');
    await thread.getByTestId('media-audio').waitFor();
    // The reaction and the edit changed the message they named: no thread entry of their own.
    expect(await thread.getByTestId('message').count()).toBe(4);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'inbox-content.png'), fullPage: true });
  });

  it('shows when each message was sent, the message a reply answers, a deleted message as deleted, and a group status without a conversation', async () => {
    await openInbox(CLOUD_CHANNEL);
    const from = '4915100000093';
    // Written three hours ago, delivered now (the upstream re-delivers late): the bubble shows when it was written.
    const question = (await deliver({ channelId: CLOUD_CHANNEL, from, name: 'Tia Thread', text: 'Do you ship to Vienna?', hoursAgo: 3 })) as {
      messageId: string;
      timestamp: number;
    };
    const entry = conversationOf('Tia Thread');
    await entry.getByRole('button').click();
    const thread = page.getByTestId('thread');
    const asked = thread.getByTestId('message').filter({ hasText: 'Do you ship to Vienna?' });
    await asked.waitFor();
    expect(await asked.getByTestId('sent-at').getAttribute('datetime')).toBe(new Date(question.timestamp * 1000).toISOString());

    // Every notification names the contact's profile: the list shows the latest one.
    const name = 'Tia Thread';
    await deliver({ channelId: CLOUD_CHANNEL, from, name, text: 'And to Graz?', replyTo: question.messageId });
    const reply = thread.getByTestId('message').filter({ hasText: 'And to Graz?' });
    await reply.waitFor();
    expect(await reply.getByTestId('quote').textContent()).toBe('Do you ship to Vienna?');

    const { messageId: mistake } = await deliver({ channelId: CLOUD_CHANNEL, from, name, text: 'my card number is 4111' });
    await thread.getByTestId('message').filter({ hasText: 'my card number is 4111' }).waitFor();
    await deliver({ channelId: CLOUD_CHANNEL, from, name, kind: 'revoke', messageId: mistake });
    await thread.getByTestId('message').filter({ hasText: 'This message was deleted' }).waitFor();
    expect(await thread.textContent()).not.toContain('4111');
    await entry.locator('.preview').filter({ hasText: 'This message was deleted' }).waitFor();

    const group = '120363025246125487';
    await control('group-status', { channelId: CLOUD_CHANNEL, groupId: group, participant: '4915100000094', status: 'read' });
    await page
      .getByTestId('group-status')
      .filter({ hasText: `Group ${group}: 4915100000094 read` })
      .waitFor();
    expect(await page.getByTestId('conversation').filter({ hasText: group }).count()).toBe(0);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'inbox-thread.png'), fullPage: true });
  });

  it('lists a contact known only by a user id and shows it has no phone number', async () => {
    await openInbox(CLOUD_CHANNEL);
    const userId = 'US.13491208655302741918';
    await deliver({ channelId: CLOUD_CHANNEL, userId, username: 'ada.codes', name: 'Ada Username', text: 'Hi, I write without a number' });
    const entry = conversationOf('Ada Username');
    await entry.getByText('Hi, I write without a number').waitFor();
    await entry.getByRole('button').click();
    await page.getByTestId('thread').getByText('Hi, I write without a number').waitFor();
    expect(await page.getByTestId('contact-key').textContent()).toBe(`@ada.codes · ${userId} (no phone number)`);
  });

  it('asks with reply buttons: the thread shows the question and its buttons, the list previews them', async () => {
    await openInbox(CLOUD_CHANNEL);
    await inbound(CLOUD_CHANNEL, BUTTONS_CONTACT, 'Cy Quick', 'Can you deliver tomorrow?');
    const entry = conversationOf('Cy Quick');
    await entry.getByRole('button').click();
    const thread = page.getByTestId('thread');
    await thread.getByText('Can you deliver tomorrow?').waitFor();

    await page.getByLabel('Reply').fill('Shall we deliver between 9 and 12?');
    await page.getByRole('button', { name: 'Ask Yes / No' }).click();
    const asked = thread.locator('li.out', { hasText: 'Shall we deliver between 9 and 12?' }).getByTestId('interactive');
    await asked.waitFor();
    expect(await asked.getByTestId('option').allTextContents()).toEqual(['Yes', 'No']);
    await entry.locator('.preview').filter({ hasText: '🔘 Yes / No' }).waitFor();
  });

  it('shows a username the platform gives with its @ (as live traffic does) with one @', async () => {
    await openInbox(CLOUD_CHANNEL);
    const userId = 'DE.1650555123456789';
    await deliver({ channelId: CLOUD_CHANNEL, userId, username: '@lena.k', name: 'Lena Krause', text: 'Hallo, ist mein Paket unterwegs?' });
    await conversationOf('Lena Krause').getByRole('button').click();
    await page.getByTestId('thread').getByText('Hallo, ist mein Paket unterwegs?').waitFor();
    expect(await page.getByTestId('contact-key').textContent()).toBe(`@lena.k · ${userId} (no phone number)`);
  });

  it('gives a channel and a conversation a URL: a deep link opens them, back and forward walk through what was opened', async () => {
    await inbound(CLOUD_CHANNEL, '4915100000095', 'Dee Link', 'Found you by a link');
    await inbound(CLOUD_CHANNEL, '4915100000096', 'Ben Back', 'I came second');
    await page.goto(`${app.url}#/channel/${CLOUD_CHANNEL}/conversation/4915100000095`);
    const thread = page.getByTestId('thread');
    await thread.getByText('Found you by a link').waitFor();
    expect(await page.getByLabel('Channel').inputValue()).toBe(CLOUD_CHANNEL);

    await conversationOf('Ben Back').getByRole('button').click();
    await thread.getByText('I came second').waitFor();
    expect(new URL(page.url()).hash).toBe(`#/channel/${CLOUD_CHANNEL}/conversation/4915100000096`);
    await page.goBack();
    await thread.getByText('Found you by a link').waitFor();
    await page.goForward();
    await thread.getByText('I came second').waitFor();
    await page.reload();
    await thread.getByText('I came second').waitFor();

    await page.getByLabel('Channel').selectOption(ON_PREMISE_CHANNEL);
    await waitUntil(async () => new URL(page.url()).hash === `#/channel/${ON_PREMISE_CHANNEL}`);
    expect(await thread.count()).toBe(0);
    await page.getByRole('button', { name: 'Dashboard' }).click();
    await page.getByTestId('client').first().waitFor();
    await page.goBack();
    expect(await page.getByLabel('Channel').inputValue()).toBe(ON_PREMISE_CHANNEL);
  });

  it('offers a template to a contact whose 24-hour window is closed: the guard refuses free text', async () => {
    await openInbox(CLOUD_CHANNEL);
    const { timestamp } = await inbound(CLOUD_CHANNEL, CLOSED_CONTACT, 'Bo Late', 'Are you still open?', 25);
    const entry = conversationOf('Bo Late');
    await entry.getByTestId('window').filter({ hasText: 'CLOSED' }).waitFor();

    // What the composer spares its user: the gateway refuses a free-form send before anything reaches the upstream.
    const refused = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation ($channelId: ID!, $to: String!) { sendMessage(channelId: $channelId, input: { to: $to, text: { body: "Hello?" } }) { id } }',
        variables: { channelId: CLOUD_CHANNEL, to: CLOSED_CONTACT },
      }),
    });
    const { errors } = (await refused.json()) as { errors: { extensions: { code: string; lastInboundAt: string } }[] };
    expect(errors.map(({ extensions }) => [extensions.code, Date.parse(extensions.lastInboundAt)])).toEqual([
      ['SERVICE_WINDOW_CLOSED', (timestamp as number) * 1000],
    ]);

    await entry.getByRole('button').click();
    await page.getByTestId('template-offer').waitFor();
    expect(await page.getByLabel('Reply').count()).toBe(0);
    await page.getByLabel('Order number').fill('#42');
    await page.getByRole('button', { name: 'Send template order_shipped' }).click();
    const template = page.getByTestId('thread').locator('li.out', { hasText: 'Template order_shipped' });
    await template
      .getByTestId('status')
      .filter({ hasText: /delivered|read/ })
      .waitFor();
    // The template's body parameters as sent, typed: the contact's name and the order number.
    await template.getByTestId('template').filter({ hasText: 'Bo Late · #42' }).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'inbox-closed-window.png'), fullPage: true });
  });

  it.each([
    ['cloud', CLOUD_CHANNEL, 'accepts the send and reports it failed (131047)', 'failed'],
    ['on-premise', ON_PREMISE_CHANNEL, 'refuses the send at once (470)', null],
  ])('switches to the template offer when the upstream finds the window closed: %s (%s) %s', async (_hosting, channelId, _how, replyStatus) => {
    const contact = channelId === CLOUD_CHANNEL ? '4915100000081' : '4915100000082';
    await openInbox(channelId);
    await inbound(channelId, contact, 'Cy Upstream', 'Hello there');
    const entry = conversationOf('Cy Upstream');
    await entry.getByTestId('window').filter({ hasText: /^OPEN/ }).waitFor();
    await entry.getByRole('button').click();
    await page.getByTestId('thread').getByText('Hello there').waitFor();
    // The simulator alone now holds the contact's last message as 25 hours old: the gateway still sees the window
    // open, lets the free-form send through, and the upstream decides.
    await control('messaging/engage', { channelId, waId: contact, hoursAgo: 25 });
    await page.getByLabel('Reply').fill('Still there?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('template-offer').waitFor();
    await entry.getByTestId('window').filter({ hasText: 'CLOSED' }).waitFor();
    const reply = page.getByTestId('thread').locator('li.out', { hasText: 'Still there?' });
    if (replyStatus) await reply.getByTestId('status').filter({ hasText: replyStatus }).waitFor();
    else expect(await reply.count()).toBe(0);
  });
});
