import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

const run = promisify(execFile);
const EXAMPLE = path.resolve('examples/inbox');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the build emits; a browser applies a stylesheet only when it is served as text/css. */
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export interface ExampleApp {
  /** Where the app is served (its sign-in redirect URI too). */
  url: string;
  /** Builds the app with these VITE_* variables (the gateway's URL …); until then every page is 404. */
  build(env: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

/**
 * The example app served as static files from a port of its own (a real cross-origin set-up). It listens before it is
 * built: an identity provider needs its URL (the redirect URI) before the build can name the provider.
 */
export async function serveExample(): Promise<ExampleApp> {
  const vite = path.join(EXAMPLE, 'node_modules/vite/bin/vite.js');
  if (!existsSync(vite)) throw new Error('The example app is not installed: run `npm --prefix examples/inbox ci` first (CI does)');
  const outDir = await mkdtemp(path.join(tmpdir(), 'hubgraph-inbox-'));
  const server = createServer((request, response) => {
    const file = request.url?.startsWith('/assets/') ? request.url.split('?')[0] : '/index.html';
    readFile(path.join(outDir, path.normalize(file).replace(/^(\.\.[/\\])+/, ''))).then(
      (body) => response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async build(env) {
      await run(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
        cwd: EXAMPLE,
        env: { ...process.env, ...env },
      });
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium as CI has it (/usr/bin/chromium). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
