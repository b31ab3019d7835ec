import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { EXAMPLE_AUDIENCE, EXAMPLE_CLIENT_ID, EXAMPLE_PEOPLE, startExampleIdentityProvider } from '../../scripts/example-identity.mjs';
import { startEmbeddedGateway, type EmbeddedGateway } from '../support/embedded-gateway.js';
import { launchChromium, serveExample, type ExampleApp } from './example-app.js';

/** The agent's client (client-001) holds channels 001–004; channel-005 is client-002's. */
const AGENT_CHANNELS = ['channel-001', 'channel-002', 'channel-003', 'channel-004'];
const OTHER_CLIENT_CHANNEL = 'channel-005';
const CONTACT = '4915100000097';

/** A third person the test adds to the example's two: reads, may not send. */
const READER = { password: 'reader-pass', name: 'Rita Reader', clients: ['client-001'], scopes: ['hubgraph:read'] };

describe('the inbox example signed in through the development identity provider (npm run example)', () => {
  let identity: Awaited<ReturnType<typeof startExampleIdentityProvider>>;
  let gateway: EmbeddedGateway;
  let app: ExampleApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await serveExample();
    identity = await startExampleIdentityProvider({ redirectUris: [app.url], people: { ...EXAMPLE_PEOPLE, reader: READER } });
    gateway = await startEmbeddedGateway({ AUTH_ISSUER: identity.issuer, AUTH_AUDIENCE: EXAMPLE_AUDIENCE });
    await app.build({
      VITE_HUBGRAPH_URL: gateway.url,
      VITE_SIMULATOR_URL: gateway.simulator.baseUrl(),
      VITE_OIDC_ISSUER: identity.issuer,
      VITE_OIDC_CLIENT_ID: EXAMPLE_CLIENT_ID,
    });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await gateway?.stop();
    await identity?.close();
  });

  /** A fresh browser (no cookie of the provider, no stored user) at `hash`, signed in through the provider's own pages. */
  async function signInAs(login: string, password: string, hash = ''): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.url}${hash}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.origin === new URL(identity.issuer).origin);
    await page.getByLabel('Login').fill(login);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.origin === new URL(app.url).origin);
    return page;
  }

  /** The channels the inbox offers, once it has listed them (channel-001 is both people's). */
  async function channelOptions(page: Page): Promise<string[]> {
    await page.getByLabel('Channel').locator('option[value="channel-001"]').waitFor({ state: 'attached' });
    return page
      .getByLabel('Channel')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value).filter(Boolean));
  }

  const inbound = async (channelId: string, from: string, name: string, text: string) => {
    const response = await fetch(`${gateway.simulator.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId, from, name, text }),
    });
    expect(response.status).toBe(202);
  };

  it('refuses a caller without a token: the app has nothing to show before sign-in', async () => {
    const response = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ partner { id } }' }),
    });
    expect(response.status).toBe(401);
    const page = await (await browser.newContext()).newPage();
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByTestId('client').count()).toBe(0);
    await page.context().close();
  });

  it('says so when the password is wrong, on the provider’s page', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Login').fill('agent');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Unknown login or wrong password');
    await page.context().close();
  });

  it('signs the admin in on a deep link: the conversation opens, the admin is named, every client shows, sign-out ends it', async () => {
    await inbound('channel-001', CONTACT, 'Dora Deep', 'Open me by link');
    const page = await signInAs('admin', EXAMPLE_PEOPLE.admin.password, `#/channel/channel-001/conversation/${CONTACT}`);
    await page.getByTestId('thread').getByText('Open me by link').waitFor();
    expect(new URL(page.url()).hash).toBe(`#/channel/channel-001/conversation/${CONTACT}`);
    expect(await page.getByTestId('viewer').textContent()).toBe('Ada Admin');
    await page.getByLabel('Reply').waitFor();
    const channels = await channelOptions(page);
    expect(channels).toContain(OTHER_CLIENT_CHANNEL);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: /sign me out/i }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('signs the agent in: only their client’s channels, a reply goes out, another client’s channel is not found', async () => {
    await inbound('channel-002', CONTACT, 'Abe Agent-Side', 'Can you help me?');
    const page = await signInAs('agent', EXAMPLE_PEOPLE.agent.password, `#/channel/channel-002/conversation/${CONTACT}`);
    expect(await page.getByTestId('viewer').textContent()).toBe('Alan Agent');
    const channels = await channelOptions(page);
    expect(channels.sort()).toEqual(AGENT_CHANNELS);

    await page.getByTestId('thread').getByText('Can you help me?').waitFor();
    await page.getByLabel('Reply').fill('Of course, one moment');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .getByTestId('thread')
      .locator('li.out', { hasText: 'Of course, one moment' })
      .getByTestId('status')
      .filter({ hasText: /sent|delivered|read/ })
      .waitFor();

    await page.goto(`${app.url}#/channel/${OTHER_CLIENT_CHANNEL}`);
    await page
      .getByRole('alert')
      .filter({ hasText: /not found/i })
      .first()
      .waitFor();
    expect(await page.getByTestId('conversation').count()).toBe(0);
    await page.context().close();
  });

  it('hides the composer from a person who may read but not send', async () => {
    await inbound('channel-001', CONTACT, 'Dora Deep', 'Anyone there?');
    const page = await signInAs('reader', READER.password, `#/channel/channel-001/conversation/${CONTACT}`);
    await page.getByTestId('thread').getByText('Anyone there?').waitFor();
    expect(await page.getByTestId('viewer').textContent()).toBe('Rita Reader');
    expect(await page.getByLabel('Reply').count()).toBe(0);
    expect(await page.getByTestId('read-only').textContent()).toBe('You may read this conversation; replying needs the hubgraph:send scope.');
    await page.context().close();
  });
});
