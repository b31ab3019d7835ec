import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { mediaSimState, SIM_MEDIA_CDN_HOST, SIM_MEDIA_LINK_TTL_MS, SIM_MEDIA_RETENTION_MS, type MediaSimState } from '../../simulator/media-routes.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';

const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const key = (channelId: string) => ({ 'svc-api-key': `sim-key-${channelId}` });
const DAY_MS = 24 * 60 * 60 * 1000;

/** The simulated upstream's own B3 rules, spoken to directly (the gateway tests cover the gateway). */
describe('simulator B3 media', () => {
  let simulator: Simulator;
  let media: MediaSimState;

  beforeAll(async () => {
    simulator = await startSimulator();
    media = mediaSimState(simulator.state);
  });
  afterAll(async () => {
    await simulator.close();
  });

  async function uploadCloud(bytes: Buffer): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'a.png');
    form.append('messaging_product', 'whatsapp');
    const response = await fetch(`${simulator.urls.cloud}/media`, { method: 'POST', headers: key(CLOUD), body: form });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  it('cloud: refuses an upload without messaging_product, a wrong key, and a MIME type outside the tables', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('x')], { type: 'image/png' }), 'a.png');
    expect((await fetch(`${simulator.urls.cloud}/media`, { method: 'POST', headers: key(CLOUD), body: form })).status).toBe(400);
    expect((await fetch(`${simulator.urls.cloud}/media`, { method: 'POST', headers: key(ONPREM), body: form })).status).toBe(400);
    expect((await fetch(`${simulator.urls.cloud}/media`, { method: 'POST', headers: { 'svc-api-key': 'nope' }, body: form })).status).toBe(401);
    const gif = new FormData();
    gif.append('file', new Blob([Buffer.from('GIF89a')], { type: 'image/gif' }), 'a.gif');
    gif.append('messaging_product', 'whatsapp');
    const refusedType = await fetch(`${simulator.urls.cloud}/media`, { method: 'POST', headers: key(CLOUD), body: gif });
    expect(refusedType.status).toBe(400);
  });

  it('on-premise: answers 413 for a body above the limit and stores nothing', async () => {
    const before = media.media.size;
    const answer = await fetch(`${simulator.urls.onPremise}/v1/media`, {
      method: 'POST',
      headers: { ...key(ONPREM), 'content-type': 'image/jpeg' },
      body: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    expect(answer.status).toBe(413);
    expect(media.media.size).toBe(before);
  });

  it('cloud: the record links to the fake CDN host with a signature valid 5 minutes', async () => {
    const id = await uploadCloud(Buffer.from('png bytes'));
    const record = (await (await fetch(`${simulator.urls.cloud}/${id}`, { headers: key(CLOUD) })).json()) as Record<string, string>;
    expect(record).toMatchObject({ messaging_product: 'whatsapp', id, mime_type: 'image/png', file_size: '9' });
    const url = new URL(record.url);
    expect(url.host).toBe(SIM_MEDIA_CDN_HOST);
    expect(Number(url.searchParams.get('expires')) - Date.now()).toBeLessThanOrEqual(SIM_MEDIA_LINK_TTL_MS);
    media.cdn.redirect = false;
    const ok = await fetch(`${simulator.urls.cloud}${url.pathname}${url.search}`, { headers: key(CLOUD) });
    expect(Buffer.from(await ok.arrayBuffer()).toString()).toBe('png bytes');
    const forged = new URLSearchParams(url.search);
    forged.set('expires', String(Date.now() + 60 * 60 * 1000));
    expect((await fetch(`${simulator.urls.cloud}${url.pathname}?${forged.toString()}`, { headers: key(CLOUD) })).status).toBe(403);
    media.cdn.redirect = true;
    media.failures.clear();
  });

  it('retention: cloud 30 days, on-premise 14 days', async () => {
    const id = await uploadCloud(Buffer.from('old'));
    media.media.get(id)!.uploadedAt = Date.now() - SIM_MEDIA_RETENTION_MS.cloud + 60_000;
    expect((await fetch(`${simulator.urls.cloud}/${id}`, { headers: key(CLOUD) })).status).toBe(200);
    media.media.get(id)!.uploadedAt = Date.now() - 30 * DAY_MS - 1;
    expect((await fetch(`${simulator.urls.cloud}/${id}`, { headers: key(CLOUD) })).status).toBe(404);

    const upload = await fetch(`${simulator.urls.onPremise}/v1/media`, {
      method: 'POST',
      headers: { ...key(ONPREM), 'content-type': 'image/png' },
      body: Buffer.from('on-prem'),
    });
    const {
      media: [stored],
    } = (await upload.json()) as { media: Array<{ id: string }> };
    media.media.get(stored.id)!.uploadedAt = Date.now() - 14 * DAY_MS - 1;
    expect((await fetch(`${simulator.urls.onPremise}/v1/media/${stored.id}`, { headers: key(ONPREM) })).status).toBe(404);
    media.failures.clear();
  });

  it('more than 5 failed media GETs within an hour block GET media for the number for an hour', async () => {
    const id = await uploadCloud(Buffer.from('fine'));
    for (let failure = 0; failure < 5; failure += 1) {
      expect((await fetch(`${simulator.urls.cloud}/99999${failure}`, { headers: key(CLOUD) })).status).toBe(404);
    }
    expect((await fetch(`${simulator.urls.cloud}/${id}`, { headers: key(CLOUD) })).status).toBe(200);
    expect((await fetch(`${simulator.urls.cloud}/999995`, { headers: key(CLOUD) })).status).toBe(404);
    const blocked = await fetch(`${simulator.urls.cloud}/${id}`, { headers: key(CLOUD) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Another number is not affected.
    expect((await fetch(`${simulator.urls.onPremise}/v1/media/unknown`, { headers: key(ONPREM) })).status).toBe(404);
    media.failures.clear();
    media.blockedUntil.clear();
  });

  it('deletes: cloud {success: true}, then the id is unknown', async () => {
    const id = await uploadCloud(Buffer.from('bye'));
    const deleted = await fetch(`${simulator.urls.cloud}/${id}`, { method: 'DELETE', headers: key(CLOUD) });
    expect(await deleted.json()).toEqual({ success: true });
    expect((await fetch(`${simulator.urls.cloud}/${id}`, { method: 'DELETE', headers: key(CLOUD) })).status).toBe(404);
  });
});

describe('simulator media store directory', () => {
  it('is removed, with the files uploaded into it, when the simulator closes', async () => {
    const simulator = await startSimulator();
    const { dir } = mediaSimState(simulator.state);
    const exitListeners = process.listenerCount('exit');
    const form = new FormData();
    form.append('file', new Blob([Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)])], { type: 'image/png' }), 'a.png');
    form.append('messaging_product', 'whatsapp');
    const uploaded = await fetch(`${simulator.urls.cloud}/media`, { method: 'POST', headers: key(CLOUD), body: form });
    expect(uploaded.status).toBe(200);
    expect(readdirSync(dir).length).toBeGreaterThan(0);

    await simulator.close();

    expect(existsSync(dir)).toBe(false);
    // Other simulators of this run may be open in parallel workers; this one's directory is gone.
    expect(readdirSync(tmpdir())).not.toContain(basename(dir));
    // Its exit hook went with it: simulators started one after another do not pile up listeners.
    expect(process.listenerCount('exit')).toBe(exitListeners - 1);
  });
});
