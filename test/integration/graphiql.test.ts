import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

/** Every src and href of a page. */
const references = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]);

describe('GraphiQL from local assets at /graphiql', () => {
  let harness: TestGateway;
  let origin: string;
  beforeAll(async () => {
    harness = await startTestGateway();
    origin = new URL(harness.url).origin;
  });
  afterAll(async () => {
    await harness.close();
  });

  it('serves a page whose scripts and styles all come from the gateway itself, and they load', async () => {
    const page = await fetch(`${origin}/graphiql`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    const assets = references(html);
    expect(assets).toEqual([
      '/graphiql/assets/graphiql.min.css',
      '/graphiql/assets/react.production.min.js',
      '/graphiql/assets/react-dom.production.min.js',
      '/graphiql/assets/graphiql.min.js',
      '/graphiql/assets/start.js',
    ]);
    for (const asset of assets) {
      const answer = await fetch(`${origin}${asset}`);
      expect([asset, answer.status]).toEqual([asset, 200]);
      expect(answer.headers.get('content-type')).toContain(asset.endsWith('.css') ? 'text/css' : 'javascript');
      expect((await answer.text()).length).toBeGreaterThan(asset.endsWith('start.js') ? 50 : 1000);
    }
    expect((await fetch(`${origin}/graphiql/assets/package.json`)).status).toBe(404);
  });

  it('is named in the Sandbox landing page for when the Sandbox cannot be loaded (offline)', async () => {
    const landing = await fetch(harness.url, { headers: { accept: 'text/html' } });
    const html = await landing.text();
    expect(html).toContain('Apollo Sandbox cannot be loaded');
    expect(html).toContain('<a href="/graphiql">/graphiql</a>');
  });
});

describe('/graphiql with introspection off', () => {
  it('is not served, like the Sandbox', async () => {
    const harness = await startTestGateway({ INTROSPECTION: 'false' });
    try {
      expect((await fetch(`${new URL(harness.url).origin}/graphiql`)).status).toBe(404);
    } finally {
      await harness.close();
    }
  });
});
