import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Gateway } from '../../src/http/server.js';
import { startEmbeddedGateway } from '../support/embedded-gateway.js';
import { SIM_STALE_CONTACT } from '../../src/simulator/messaging-routes.js';
import { waitUntil } from '../support/events.js';

const run = promisify(execFile);
const EXAMPLE = path.resolve('examples/inbox');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Set SCREENSHOTS=docs/screenshots to refresh the pictures in the docs. */
const SCREENSHOTS = process.env.SCREENSHOTS;
const CLOUD_CHANNEL = 'channel-001';
const ON_PREMISE_CHANNEL = 'channel-003';
const CONTACT = '4915100000077';

/** The example app, built against this gateway and served as static files from another port (a real cross-origin set-up). */
async function serveExample(gatewayUrl: string): Promise<{ server: Server; url: string; outDir: string }> {
  const vite = path.join(EXAMPLE, 'node_modules/vite/bin/vite.js');
  if (!existsSync(vite)) throw new Error('The example app is not installed: run `npm --prefix examples/inbox ci` first (CI does)');
  const outDir = await mkdtemp(path.join(tmpdir(), 'hubgraph-inbox-'));
  await run(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: EXAMPLE,
    env: { ...process.env, VITE_HUBGRAPH_URL: gatewayUrl },
  });
  const server = createServer((request, response) => {
    const file = request.url?.startsWith('/assets/') ? request.url.split('?')[0] : '/index.html';
    readFile(path.join(outDir, path.normalize(file).replace(/^(\.\.[/\\])+/, ''))).then(
      (body) => response.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, outDir };
}

describe('the inbox example in a real browser (Chromium) against the embedded simulator', () => {
  let gateway: Gateway;
  let app: Awaited<ReturnType<typeof serveExample>>;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    gateway = await startEmbeddedGateway();
    app = await serveExample(gateway.url);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
  }, 120_000);

  // Each test starts from a fresh page, so none depends on another having run.
  beforeEach(async () => {
    await page?.close();
    page = await browser.newPage();
    await page.goto(app.url);
  });

  /** Opens the inbox on a channel; its two subscriptions are open when this resolves. */
  async function openInbox(channelId: string) {
    await waitUntil(async () => ((await gateway.services.metrics.openSubscriptions.get()).values[0]?.value ?? 0) === 0);
    await page.getByRole('button', { name: 'Inbox' }).click();
    await page.getByLabel('Channel').selectOption(channelId);
    await waitUntil(async () => ((await gateway.services.metrics.openSubscriptions.get()).values[0]?.value ?? 0) === 2);
  }

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => app?.server.close(resolve));
    if (app) await rm(app.outDir, { recursive: true, force: true });
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

  it('shows an inbound message live, and a reply’s status turns delivered without a reload', async () => {
    // The contact writes through the simulator once the channel's subscriptions are open.
    await openInbox(CLOUD_CHANNEL);
    const inbound = await fetch(`${gateway.simulator!.baseUrl()}/_control/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channelId: CLOUD_CHANNEL, from: CONTACT, text: 'Is my order on its way?' }),
    });
    expect(inbound.status).toBe(202);
    await page.getByRole('button', { name: new RegExp(`^${CONTACT}`) }).click();
    const thread = page.getByTestId('thread');
    await thread.getByText('Is my order on its way?').waitFor();

    await page.getByLabel('Reply').fill('Yes, it ships today');
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = thread.locator('li', { hasText: 'Yes, it ships today' });
    await reply.waitFor();
    await reply
      .getByTestId('status')
      .filter({ hasText: /delivered|read/ })
      .waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'inbox.png'), fullPage: true });
  });

  it('offers a template to a contact whose 24-hour window is closed', async () => {
    // On-premise refuses the send at once; the cloud accepts it and reports the closed window later, by a failed status.
    await openInbox(ON_PREMISE_CHANNEL);
    await page.getByLabel('Contact').fill(SIM_STALE_CONTACT);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByLabel('Reply').fill('Hello again');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('window-closed').waitFor();
    await page.getByRole('button', { name: /Send template/ }).click();
    await page.getByTestId('thread').getByText('[template order_update]').waitFor();
  });
});
