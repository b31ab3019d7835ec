import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mediaSimState, SIM_MEDIA_CDN_HOST, type MediaSimState } from '../../simulator/media-routes.js';
import { startTestGateway, type TestGateway, useTestGateway } from '../support/gateway.js';

const CLOUD = 'channel-001';
const ONPREM = 'channel-003';
const KEYS: Record<string, string> = { [CLOUD]: `sim-key-${CLOUD}`, [ONPREM]: `sim-key-${ONPREM}` };
const AUTH = { authorization: 'Bearer media-test-token' };

// A 1×1 8-bit RGBA PNG header (signature, IHDR) followed by filler: the gateway reads the header (B3: PNG must be 8-bit RGB/RGBA).
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(4000, 7)]);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PNG head: signature and IHDR of a 1×1 image with the given bit depth and colour type, then filler. */
function png(bitDepth: number, colourType: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), length, Buffer.from('IHDR'), ihdr, Buffer.alloc(4), Buffer.alloc(200, 7)]);
}

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One HTTP request whose body comes from an iterable (chunked unless content-length is given). */
function send(url: string, method: string, headers: Record<string, string>, body?: Iterable<Buffer> | AsyncIterable<Buffer>): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    // A fresh connection each time: a refused upload leaves its connection unusable for the next request.
    const request = httpRequest(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    if (!body) {
      request.end();
      return;
    }
    void (async () => {
      try {
        for await (const chunk of body) {
          if (request.destroyed) return;
          if (!request.write(chunk)) await new Promise((done) => request.once('drain', done));
        }
        request.end();
      } catch (error) {
        request.destroy(error as Error);
      }
    })();
  });
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const BOUNDARY = 'test-boundary-7d1c';

function partHead(mimeType: string, fileName = 'photo.png'): Buffer {
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${mimeType}\r\n\r\n`);
}
const partTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

function* multipart(mimeType: string, file: Buffer, fileName?: string): Generator<Buffer> {
  yield partHead(mimeType, fileName);
  yield file;
  yield partTail;
}

describe('B3 media through the gateway', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), MEDIA_INLINE_MAX_BYTES: String(64 * 1024) });
  let media: MediaSimState;
  let base: string;

  beforeAll(() => {
    media = mediaSimState(harness.simulator.state);
    base = harness.url.replace(/\/graphql$/, '');
  });
  beforeEach(() => {
    media.uploads.length = 0;
    media.failures.clear();
    media.blockedUntil.clear();
    media.cdn.redirect = true;
    media.cdn.gzip = true;
  });

  const mediaRequests = () => harness.simulator.recorder.requests.filter((request) => /^\/(cloud|onprem)\//.test(request.path));

  const UPLOAD = `mutation($channelId: ID!, $input: UploadMediaInput!) {
    uploadMedia(channelId: $channelId, input: $input) { id mimeType sha256 fileSize downloadUrl }
  }`;

  describe('uploadMedia (inline)', () => {
    it('cloud: multipart with file (its type) and messaging_product', async () => {
      const { body } = await harness.graphql<{ uploadMedia: Record<string, unknown> }>(UPLOAD, {
        channelId: CLOUD,
        input: { fileName: 'photo.png', mimeType: 'image/png', base64: PNG.toString('base64') },
      });
      expect(body.errors).toBeUndefined();
      const id = String(body.data?.uploadMedia.id);
      expect(body.data?.uploadMedia).toEqual({
        id,
        mimeType: 'image/png',
        sha256: sha(PNG),
        fileSize: PNG.length,
        downloadUrl: `${harness.config.publicUrl}/media/${CLOUD}/${id}`,
      });
      const [post] = harness.simulator.recorder.matching('/cloud/media', 'POST');
      expect(post?.headers['svc-api-key']).toBe(KEYS[CLOUD]);
      expect(String(post?.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
      expect(media.uploads).toHaveLength(1);
      expect(media.uploads[0]).toMatchObject({
        fields: { messaging_product: 'whatsapp' },
        file: { field: 'file', fileName: 'photo.png', mimeType: 'image/png', size: PNG.length, sha256: sha(PNG) },
        status: 200,
        mediaId: id,
      });
      expect(readFileSync(media.media.get(id)!.file).equals(PNG)).toBe(true);
    });

    it('on-premise: the bare bytes with their Content-Type to /v1/media', async () => {
      const { body } = await harness.graphql<{ uploadMedia: { id: string } }>(UPLOAD, {
        channelId: ONPREM,
        input: { fileName: 'photo.png', mimeType: 'image/png', base64: PNG.toString('base64') },
      });
      expect(body.errors).toBeUndefined();
      const [post] = harness.simulator.recorder.matching('/onprem/v1/media', 'POST');
      expect(post?.headers['svc-api-key']).toBe(KEYS[ONPREM]);
      expect(post?.headers['content-type']).toBe('image/png');
      expect(post?.headers['content-length']).toBe(String(PNG.length));
      expect(media.uploads[0]).toMatchObject({ fields: {}, file: { mimeType: 'image/png', size: PNG.length, sha256: sha(PNG) } });
      expect(body.data?.uploadMedia.id).toBe(media.uploads[0]?.mediaId);
    });

    it.each([
      ['a MIME type cloud does not take', CLOUD, { mimeType: 'application/zip' }, 'input.mimeType'],
      ['a MIME type outside the named kind', CLOUD, { mimeType: 'image/png', type: 'VIDEO' }, 'input.mimeType'],
      ['audio/ogg with a codec other than opus', CLOUD, { mimeType: 'audio/ogg; codecs=vorbis' }, 'input.mimeType'],
      ['video/3gp on-premise (it takes video/3gpp)', ONPREM, { mimeType: 'video/3gp', type: 'VIDEO' }, 'input.mimeType'],
      ['an invalid MIME type', ONPREM, { mimeType: 'not a type' }, 'input.mimeType'],
      ['invalid base64', CLOUD, { base64: 'abc$' }, 'input.base64'],
      ['more than MEDIA_INLINE_MAX_BYTES', CLOUD, { base64: Buffer.alloc(64 * 1024 + 1).toString('base64') }, 'input.base64'],
    ])('refuses %s with BAD_USER_INPUT, nothing sent', async (_name, channelId, override, field) => {
      const input = { fileName: 'f', mimeType: 'image/png', base64: PNG.toString('base64'), ...override };
      const { body } = await harness.graphql(UPLOAD, { channelId, input });
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
      expect(mediaRequests()).toEqual([]);
    });

    it('on-premise takes any valid MIME type for documents', async () => {
      const { body } = await harness.graphql(UPLOAD, {
        channelId: ONPREM,
        input: { fileName: 'a.zip', mimeType: 'application/zip', base64: PNG.toString('base64') },
      });
      expect(body.errors).toBeUndefined();
      expect(harness.simulator.recorder.matching('/onprem/v1/media', 'POST')[0]?.headers['content-type']).toBe('application/zip');
    });
  });

  describe('POST /media/:channelId (streamed)', () => {
    it('requires the caller credential like /graphql', async () => {
      const gated = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), GATEWAY_TOKENS: 'gw-token' }, {}, harness.simulator);
      try {
        const gatedBase = gated.url.replace(/\/graphql$/, '');
        const refused = await send(`${gatedBase}/media/${CLOUD}`, 'POST', { 'content-type': multipartType }, multipart('image/png', PNG));
        expect(refused.status).toBe(401);
        expect(JSON.parse(refused.body.toString())).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
        const download = await send(`${gatedBase}/media/${CLOUD}/123`, 'GET', {});
        expect(download.status).toBe(401);
        expect(mediaRequests()).toEqual([]);
      } finally {
        await gated.close();
      }
    });

    it('cloud: pipes the part into a multipart upload', async () => {
      const answer = await send(`${base}/media/${CLOUD}`, 'POST', { ...AUTH, 'content-type': multipartType }, multipart('image/png', PNG));
      expect(answer.status).toBe(200);
      const { id } = JSON.parse(answer.body.toString()) as { id: string };
      const [post] = harness.simulator.recorder.matching('/cloud/media', 'POST');
      expect(post?.headers['svc-api-key']).toBe(KEYS[CLOUD]);
      expect(post?.headers['transfer-encoding']).toBe('chunked');
      expect(media.uploads[0]).toMatchObject({
        fields: { messaging_product: 'whatsapp' },
        file: { field: 'file', fileName: 'photo.png', mimeType: 'image/png', size: PNG.length, sha256: sha(PNG) },
        mediaId: id,
      });
    });

    it('on-premise: pipes the part as the body with its Content-Type', async () => {
      const answer = await send(
        `${base}/media/${ONPREM}?type=document`,
        'POST',
        { ...AUTH, 'content-type': multipartType },
        multipart('application/pdf', PNG, 'a.pdf'),
      );
      expect(answer.status).toBe(200);
      const [post] = harness.simulator.recorder.matching('/onprem/v1/media', 'POST');
      expect(post?.headers['content-type']).toBe('application/pdf');
      expect(post?.headers['svc-api-key']).toBe(KEYS[ONPREM]);
      expect(media.uploads[0]?.file).toMatchObject({ mimeType: 'application/pdf', size: PNG.length, sha256: sha(PNG) });
    });

    it('takes the file itself as the body: its Content-Type, Content-Length passed on', async () => {
      const onprem = await send(
        `${base}/media/${ONPREM}?fileName=photo.png`,
        'POST',
        { ...AUTH, 'content-type': 'image/png', 'content-length': String(PNG.length) },
        [PNG],
      );
      expect(onprem.status).toBe(200);
      const [binary] = harness.simulator.recorder.matching('/onprem/v1/media', 'POST');
      expect(binary?.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': String(PNG.length) });
      expect(media.uploads[0]?.file).toMatchObject({ size: PNG.length, sha256: sha(PNG) });

      const cloud = await send(
        `${base}/media/${CLOUD}?fileName=photo.png`,
        'POST',
        { ...AUTH, 'content-type': 'image/png', 'content-length': String(PNG.length) },
        [PNG],
      );
      expect(cloud.status).toBe(200);
      const [form] = harness.simulator.recorder.matching('/cloud/media', 'POST');
      expect(Number(form?.headers['content-length'])).toBeGreaterThan(PNG.length);
      expect(media.uploads[1]).toMatchObject({
        fields: { messaging_product: 'whatsapp' },
        file: { fileName: 'photo.png', mimeType: 'image/png', size: PNG.length, sha256: sha(PNG) },
      });
    });

    it("reads the file part's MIME parameters: ogg audio declared with another codec than opus is refused, opus goes through", async () => {
      const before = mediaRequests().length;
      const vorbis = await send(
        `${base}/media/${CLOUD}`,
        'POST',
        { ...AUTH, 'content-type': multipartType },
        multipart('audio/ogg; codecs=vorbis', PNG, 'a.ogg'),
      );
      expect(vorbis.status).toBe(400);
      expect(JSON.parse(vorbis.body.toString())).toMatchObject({
        error: { code: 'BAD_USER_INPUT', message: expect.stringContaining('audio/ogg') },
      });
      expect(mediaRequests()).toHaveLength(before);
      const opus = await send(`${base}/media/${CLOUD}`, 'POST', { ...AUTH, 'content-type': multipartType }, multipart('audio/ogg; codecs=opus', PNG, 'a.ogg'));
      expect(opus.status).toBe(200);
    });

    it('refuses a MIME type with 400 and a declared oversize with 413, nothing sent', async () => {
      const badType = await send(`${base}/media/${CLOUD}`, 'POST', { ...AUTH, 'content-type': multipartType }, multipart('application/zip', PNG));
      expect(badType.status).toBe(400);
      expect(JSON.parse(badType.body.toString())).toMatchObject({ error: { code: 'BAD_USER_INPUT', field: 'file' } });

      const image = Buffer.alloc(5 * 1024 * 1024 + 20 * 1024);
      const length = partHead('image/png').length + image.length + partTail.length;
      const tooLarge = await send(
        `${base}/media/${CLOUD}`,
        'POST',
        { ...AUTH, 'content-type': multipartType, 'content-length': String(length) },
        multipart('image/png', image),
      );
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body.toString())).toMatchObject({ error: { code: 'BAD_USER_INPUT' } });

      const huge = await send(`${base}/media/${ONPREM}`, 'POST', { ...AUTH, 'content-type': multipartType, 'content-length': String(65 * 1024 * 1024) }, []);
      expect(huge.status).toBe(413);
      expect(mediaRequests()).toEqual([]);
    });

    it('aborts a chunked upload that crosses its limit: the upstream never gets a complete file', async () => {
      async function* oversized() {
        yield partHead('image/png');
        for (let sent = 0; sent < 6 * 1024 * 1024; sent += 64 * 1024) yield Buffer.alloc(64 * 1024, 1);
        yield partTail;
      }
      const answer = await send(`${base}/media/${ONPREM}`, 'POST', { ...AUTH, 'content-type': multipartType }, oversized());
      expect(answer.status).toBe(413);
      expect(media.uploads.every((upload) => upload.status !== 200 && upload.mediaId === null)).toBe(true);
      expect([...media.media.values()].filter((item) => item.channelId === ONPREM && item.size > 5 * 1024 * 1024)).toEqual([]);
    });

    it('streams a 100 MB document without holding it: memory grows far less than the file', async () => {
      const size = 100 * 1024 * 1024;
      const chunk = Buffer.alloc(256 * 1024, 3);
      const hash = createHash('sha256');
      for (let sent = 0; sent < size; sent += chunk.length) hash.update(chunk);
      // Retained memory only: garbage collected before each sample, so pending garbage does not count.
      gc();
      const before = process.memoryUsage();
      let peak = 0;
      let chunks = 0;
      const samples: number[] = [];
      const sample = () => {
        gc();
        const now = process.memoryUsage();
        peak = Math.max(peak, now.heapUsed + now.arrayBuffers - (before.heapUsed + before.arrayBuffers));
        samples.push(now.heapUsed + now.arrayBuffers - (before.heapUsed + before.arrayBuffers));
      };
      async function* body() {
        yield partHead('application/pdf', 'big.pdf');
        for (let sent = 0; sent < size; sent += chunk.length) {
          chunks += 1;
          if (chunks % 32 === 0) sample();
          yield chunk;
        }
        yield partTail;
      }
      const answer = await send(`${base}/media/${CLOUD}`, 'POST', { ...AUTH, 'content-type': multipartType }, body());
      expect(answer.status).toBe(200);
      const upload = media.uploads[0];
      expect(upload.file).toMatchObject({ size, sha256: hash.digest('hex'), mimeType: 'application/pdf' });
      expect(upload.chunks).toBeGreaterThan(100);
      // Holding the file would retain about half of it at the median sample and nearly all of it at
      // the last; in-flight buffers between the four streams (client, gateway in and out, simulator)
      // come and go, a few MB (more on a loaded machine).
      const median = [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
      expect(samples.length).toBeGreaterThan(10);
      expect(median).toBeLessThan(size / 4);
      expect(peak).toBeLessThan(size / 2);
      // 100 MB through two hops takes seconds on a busy two-core machine: more than the suite-wide 20 s there.
    }, 60_000);
  });

  describe('download and metadata', () => {
    async function uploaded(channelId: string, bytes = PNG): Promise<string> {
      const { body } = await harness.graphql<{ uploadMedia: { id: string } }>(UPLOAD, {
        channelId,
        input: { fileName: 'photo.png', mimeType: 'image/png', base64: bytes.toString('base64') },
      });
      harness.simulator.recorder.clear();
      return body.data!.uploadMedia.id;
    }

    const MEDIA = `query($channelId: ID!, $id: ID!) { channel(id: $channelId) { media(id: $id) { id mimeType sha256 fileSize downloadUrl } } }`;

    it('cloud: Channel.media reads the record and never shows its url', async () => {
      const id = await uploaded(CLOUD);
      const { body } = await harness.graphql<{ channel: { media: Record<string, unknown> } }>(MEDIA, { channelId: CLOUD, id });
      expect(body.errors).toBeUndefined();
      expect(body.data?.channel.media).toEqual({
        id,
        mimeType: 'image/png',
        sha256: sha(PNG),
        fileSize: PNG.length,
        downloadUrl: `${harness.config.publicUrl}/media/${CLOUD}/${id}`,
      });
      expect(JSON.stringify(body)).not.toContain(SIM_MEDIA_CDN_HOST);
      const [get] = harness.simulator.recorder.matching(`/cloud/${id}`, 'GET');
      expect(get?.headers['svc-api-key']).toBe(KEYS[CLOUD]);
    });

    it('on-premise: Channel.media from the GET headers, body left unread', async () => {
      const id = await uploaded(ONPREM);
      const { body } = await harness.graphql<{ channel: { media: Record<string, unknown> } }>(MEDIA, { channelId: ONPREM, id });
      expect(body.errors).toBeUndefined();
      expect(body.data?.channel.media).toMatchObject({ id, mimeType: 'image/png', fileSize: PNG.length, sha256: null });
      expect(harness.simulator.recorder.matching(`/onprem/v1/media/${id}`, 'GET')).toHaveLength(1);
    });

    it('unknown media: null', async () => {
      const { body } = await harness.graphql<{ channel: { media: null } }>(MEDIA, { channelId: CLOUD, id: '999999999' });
      expect(body.errors).toBeUndefined();
      expect(body.data?.channel.media).toBeNull();
    });

    it('cloud download: record url path+query on the cloud root, key sent, 308 followed, gzip decompressed', async () => {
      const id = await uploaded(CLOUD);
      const answer = await send(`${base}/media/${CLOUD}/${id}`, 'GET', AUTH);
      expect(answer.status).toBe(200);
      expect(answer.body.equals(PNG)).toBe(true);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.headers['content-encoding']).toBeUndefined();
      const text = JSON.stringify(answer.headers) + answer.body.toString('latin1');
      expect(text).not.toMatch(/signature|expires=/);
      const hops = harness.simulator.recorder.matching(new RegExp(`^/cloud/cdn/${id}`), 'GET');
      expect(hops.map((hop) => hop.path)).toEqual([`/cloud/cdn/${id}`, `/cloud/cdn/${id}/file`]);
      expect(Object.keys(hops[0].query).sort()).toEqual(['expires', 'signature']);
      expect(hops.every((hop) => hop.headers['svc-api-key'] === KEYS[CLOUD])).toBe(true);
      expect(String(hops[1]?.headers['accept-encoding'])).toContain('gzip');
    });

    it('cloud download without redirect or gzip; Content-Length passed on', async () => {
      media.cdn.redirect = false;
      media.cdn.gzip = false;
      const id = await uploaded(CLOUD);
      const answer = await send(`${base}/media/${CLOUD}/${id}`, 'GET', AUTH);
      expect(answer.body.equals(PNG)).toBe(true);
      expect(answer.headers['content-length']).toBe(String(PNG.length));
    });

    it('on-premise download: GET /v1/media/{id}', async () => {
      const id = await uploaded(ONPREM);
      const answer = await send(`${base}/media/${ONPREM}/${id}`, 'GET', AUTH);
      expect(answer.status).toBe(200);
      expect(answer.body.equals(PNG)).toBe(true);
      const [get] = harness.simulator.recorder.matching(`/onprem/v1/media/${id}`, 'GET');
      expect(get?.headers['svc-api-key']).toBe(KEYS[ONPREM]);
    });

    it('never retries a failed media GET, lets a sixth one go out after five, and refuses with MEDIA_BLOCKED once the upstream blocks', async () => {
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const answer = await send(`${base}/media/${ONPREM}/missing-${attempt}`, 'GET', AUTH);
        expect(answer.status).toBe(404);
        expect(harness.simulator.recorder.matching(`/onprem/v1/media/missing-${attempt}`, 'GET')).toHaveLength(1);
      }
      // More than 5 failures within the hour: the upstream has blocked the number, and so does the gateway.
      expect(media.blockedUntil.has(ONPREM)).toBe(true);
      harness.simulator.recorder.clear();
      const blocked = await send(`${base}/media/${ONPREM}/missing-7`, 'GET', AUTH);
      expect(blocked.status).toBe(429);
      expect(JSON.parse(blocked.body.toString())).toMatchObject({ error: { code: 'MEDIA_BLOCKED' } });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
      const { body } = await harness.graphql(MEDIA, { channelId: ONPREM, id: 'another' });
      expect(body.errors?.[0]?.extensions?.code).toBe('MEDIA_BLOCKED');
      expect(mediaRequests()).toEqual([]);
      expect(media.failures.get(ONPREM)).toHaveLength(6);
      // Other channels are not affected.
      const { body: cloud } = await harness.graphql(MEDIA, { channelId: CLOUD, id: '999999998' });
      expect(cloud.errors).toBeUndefined();
      await harness.gateway.services.store.delete(`media-failures:${ONPREM}`);
      await harness.gateway.services.store.delete(`media-failures:${CLOUD}`);
    });

    it('does not retry a media GET answered 5xx or 429 either', async () => {
      const id = await uploaded(CLOUD);
      harness.simulator.faults.add({ path: `^/cloud/${id}$`, method: 'GET', status: 503, times: 3 });
      const { body } = await harness.graphql(MEDIA, { channelId: CLOUD, id });
      expect(body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(harness.simulator.recorder.matching(`/cloud/${id}`, 'GET')).toHaveLength(1);
      harness.simulator.faults.clear();
      harness.simulator.faults.add({ path: `^/cloud/cdn/${id}$`, method: 'GET', status: 429, retryAfter: 7, times: 3 });
      const answer = await send(`${base}/media/${CLOUD}/${id}`, 'GET', AUTH);
      expect(answer.status).toBe(429);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ error: { code: 'RATE_LIMITED', retryAfterSeconds: 7 } });
      expect(harness.simulator.recorder.matching(`/cloud/cdn/${id}`, 'GET')).toHaveLength(1);
      harness.simulator.faults.clear();
      await harness.gateway.services.store.delete(`media-failures:${CLOUD}`);
    });
  });

  describe('deleteMedia', () => {
    const DELETE = `mutation($channelId: ID!, $mediaId: ID!) { deleteMedia(channelId: $channelId, mediaId: $mediaId) }`;

    it.each([
      [CLOUD, (id: string) => `/cloud/${id}`],
      [ONPREM, (id: string) => `/onprem/v1/media/${id}`],
    ])('%s: DELETE on its path, once', async (channelId, path) => {
      const { body: up } = await harness.graphql<{ uploadMedia: { id: string } }>(UPLOAD, {
        channelId,
        input: { fileName: 'photo.png', mimeType: 'image/png', base64: PNG.toString('base64') },
      });
      const id = up.data!.uploadMedia.id;
      const { body } = await harness.graphql<{ deleteMedia: boolean }>(DELETE, { channelId, mediaId: id });
      expect(body.errors).toBeUndefined();
      expect(body.data?.deleteMedia).toBe(true);
      const deletes = harness.simulator.recorder.matching(path(id), 'DELETE');
      expect(deletes).toHaveLength(1);
      expect(deletes[0]?.headers['svc-api-key']).toBe(KEYS[channelId]);
      expect(media.media.has(id)).toBe(false);
    });

    it('refuses a media id that is not one path segment', async () => {
      const { body } = await harness.graphql(DELETE, { channelId: CLOUD, mediaId: '../messages' });
      expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'mediaId' });
      expect(mediaRequests()).toEqual([]);
    });
  });

  describe('content rules and the on-premise profile photo', () => {
    const SET_PHOTO = `mutation ($channelId: ID!, $input: UploadMediaInput!) { setProfilePhoto(channelId: $channelId, input: $input) }`;
    const DELETE_PHOTO = `mutation ($channelId: ID!) { deleteProfilePhoto(channelId: $channelId) }`;
    const inline = (bytes: Buffer, mimeType = 'image/png') => ({ fileName: 'photo.png', mimeType, base64: bytes.toString('base64') });

    /** The single error of a refusal, with its code and field. */
    function expectRefused(body: { errors?: Array<{ extensions?: Record<string, unknown> }> }, code: string, field?: string) {
      expect(body.errors).toHaveLength(1);
      expect(body.errors?.[0]?.extensions?.code).toBe(code);
      if (field) expect(body.errors?.[0]?.extensions?.field).toBe(field);
    }

    it('on-premise refuses byte-stream (application/octet-stream) sending before anything is sent', async () => {
      const { body } = await harness.graphql(UPLOAD, { channelId: ONPREM, input: inline(Buffer.from('%PDF-1.4 data'), 'application/octet-stream') });
      expectRefused(body, 'BAD_USER_INPUT', 'input.mimeType');
      expect(body.errors?.[0]?.message).toContain('byte-stream');
      expect(mediaRequests()).toEqual([]);
      const document = await harness.graphql(UPLOAD, {
        channelId: ONPREM,
        input: { ...inline(Buffer.from('%PDF-1.4 data'), 'application/x-custom'), type: 'DOCUMENT' },
      });
      expect(document.body.errors).toBeUndefined();
    });

    it.each([
      ['16-bit RGBA', png(16, 6)],
      ['8-bit palette', png(8, 3)],
      ['8-bit greyscale', png(8, 0)],
    ])('inline: a %s PNG is refused from its header on both hostings', async (_name, bytes) => {
      for (const channelId of [CLOUD, ONPREM]) {
        const { body } = await harness.graphql(UPLOAD, { channelId, input: inline(bytes) });
        expectRefused(body, 'BAD_USER_INPUT', 'input.base64');
        expect(body.errors?.[0]?.message).toContain('8-bit RGB or RGBA');
      }
      expect(mediaRequests()).toEqual([]);
    });

    it('inline: 8-bit RGB and RGBA PNGs are uploaded', async () => {
      for (const bytes of [png(8, 2), png(8, 6)]) {
        const { body } = await harness.graphql(UPLOAD, { channelId: CLOUD, input: inline(bytes) });
        expect(body.errors).toBeUndefined();
      }
    });

    it('streaming route: a 16-bit PNG is refused with 400 naming the file, nothing sent; an 8-bit one is uploaded', async () => {
      const post = (bytes: Buffer) => {
        const form = new FormData();
        form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
        return fetch(`${base}/media/${CLOUD}`, { method: 'POST', body: form });
      };
      const refused = await post(png(16, 2));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'BAD_USER_INPUT', field: 'file', message: expect.stringContaining('8-bit RGB or RGBA') } });
      expect(mediaRequests()).toEqual([]);
      const accepted = await post(png(8, 2));
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toEqual({ id: expect.any(String) });
    });

    it('setProfilePhoto sends the image bytes to /v1/settings/profile/photo on-premise; deleteProfilePhoto removes it', async () => {
      const photo = png(8, 6);
      const set = await harness.graphql(SET_PHOTO, { channelId: ONPREM, input: inline(photo) });
      expect(set.body).toEqual({ data: { setProfilePhoto: true } });
      const [request] = mediaRequests();
      expect(request).toMatchObject({
        method: 'POST',
        path: '/onprem/v1/settings/profile/photo',
        headers: { 'content-type': 'image/png', 'svc-api-key': KEYS[ONPREM] },
      });
      const stored = await fetch(`${harness.simulator.baseUrl()}/onprem/v1/settings/profile/photo`, { headers: { 'svc-api-key': KEYS[ONPREM] } });
      expect(stored.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await stored.arrayBuffer()).equals(photo)).toBe(true);

      const removed = await harness.graphql(DELETE_PHOTO, { channelId: ONPREM });
      expect(removed.body).toEqual({ data: { deleteProfilePhoto: true } });
      expect(mediaRequests().at(-1)).toMatchObject({ method: 'DELETE', path: '/onprem/v1/settings/profile/photo' });
      const gone = await fetch(`${harness.simulator.baseUrl()}/onprem/v1/settings/profile/photo`, { headers: { 'svc-api-key': KEYS[ONPREM] } });
      expect(gone.status).toBe(404);
    });

    it('the profile photo is on-premise only (cloud sets profilePictureHandle) and follows the image rules', async () => {
      expectRefused((await harness.graphql(SET_PHOTO, { channelId: CLOUD, input: inline(png(8, 6)) })).body, 'UNSUPPORTED_FOR_HOSTING');
      expectRefused((await harness.graphql(DELETE_PHOTO, { channelId: CLOUD })).body, 'UNSUPPORTED_FOR_HOSTING');
      expectRefused((await harness.graphql(SET_PHOTO, { channelId: ONPREM, input: inline(png(16, 6)) })).body, 'BAD_USER_INPUT', 'input.base64');
      expectRefused(
        (await harness.graphql(SET_PHOTO, { channelId: ONPREM, input: inline(Buffer.from('GIF89a...'), 'image/gif') })).body,
        'BAD_USER_INPUT',
        'input.mimeType',
      );
      expectRefused(
        (await harness.graphql(SET_PHOTO, { channelId: ONPREM, input: { ...inline(png(8, 6)), type: 'VIDEO' } })).body,
        'BAD_USER_INPUT',
        'input.type',
      );
      expect(mediaRequests()).toEqual([]);
    });
  });
});

describe('redirects that leave the upstream origin', () => {
  const seen: Array<{ server: string; path: string; headers: IncomingHttpHeaders }> = [];
  let other: Server;
  let root: Server;
  let harness: TestGateway;

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    other = createServer((request, response) => {
      seen.push({ server: 'other', path: request.url ?? '', headers: request.headers });
      response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    });
    const otherUrl = await listen(other);
    root = createServer((request, response) => {
      seen.push({ server: 'root', path: request.url ?? '', headers: request.headers });
      response.writeHead(308, { location: `${otherUrl}/elsewhere` }).end();
    });
    const rootUrl = await listen(root);
    harness = await startTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), ONPREM_API_URL: `${rootUrl}/onprem` });
  });
  afterAll(async () => {
    await harness.close();
    await Promise.all([other, root].map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('follows the 308 but does not send the key to the other origin', async () => {
    const answer = await send(`${harness.url.replace(/\/graphql$/, '')}/media/${ONPREM}/abc`, 'GET', AUTH);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(PNG)).toBe(true);
    expect(seen.map(({ server, path }) => [server, path])).toEqual([
      ['root', '/onprem/v1/media/abc'],
      ['other', '/elsewhere'],
    ]);
    expect(seen[0]?.headers['svc-api-key']).toBe(KEYS[ONPREM]);
    expect(seen[1]?.headers['svc-api-key']).toBeUndefined();
  });
});

describe('uploadMedia at the default MEDIA_INLINE_MAX_BYTES (5 MB): the per-kind limits still apply', () => {
  const harness = useTestGateway({ CHANNEL_API_KEYS: JSON.stringify(KEYS), MEDIA_INLINE_MAX_BYTES: undefined });

  const UPLOAD = `mutation($channelId: ID!, $input: UploadMediaInput!) { uploadMedia(channelId: $channelId, input: $input) { id fileSize } }`;
  /** A static (VP8, not VP8X) WebP of `size` bytes. */
  const staticWebp = (size: number) => Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(size - 16, 1)]);
  /** A PNG of `size` bytes: signature and IHDR chunk (33 bytes) of the shared PNG, then filler. */
  const pngOf = (size: number) => Buffer.concat([PNG.subarray(0, 33), Buffer.alloc(size - 33, 7)]);
  const upload = (channelId: string, mimeType: string, type: string, file: Buffer) =>
    harness.graphql<{ uploadMedia: { id: string; fileSize: number } }>(UPLOAD, {
      channelId,
      input: { fileName: 'file', mimeType, type, base64: file.toString('base64') },
    });
  const uploadsSent = () => harness.simulator.recorder.requests.filter((request) => /\/media$/.test(request.path));

  it.each([
    ['a static sticker over 100 KB on cloud', CLOUD, 'image/webp', 'STICKER', staticWebp(150 * 1024), 'sticker files are limited to 100 KB'],
    ['a static sticker over 100 KB on-premise', ONPREM, 'image/webp', 'STICKER', staticWebp(100 * 1024 + 1), 'sticker files are limited to 100 KB'],
    ['an image over 5 MB', CLOUD, 'image/png', 'IMAGE', pngOf(5 * 1024 * 1024 + 1), 'limited to 5 MB'],
  ])('refuses %s with BAD_USER_INPUT, nothing sent', async (_case, channelId, mimeType, type, file, message) => {
    harness.simulator.recorder.clear();
    const { body } = await upload(channelId, mimeType, type, file);
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.base64' });
    expect(body.errors?.[0]?.message).toContain(message);
    expect(uploadsSent()).toEqual([]);
  });

  it('takes a static sticker of exactly 100 KB and an image of exactly 5 MB', async () => {
    for (const [mimeType, type, file] of [
      ['image/webp', 'STICKER', staticWebp(100 * 1024)],
      ['image/png', 'IMAGE', pngOf(5 * 1024 * 1024)],
    ] as const) {
      const { body } = await upload(CLOUD, mimeType, type, file);
      expect(body.errors).toBeUndefined();
      expect(body.data?.uploadMedia.fileSize).toBe(file.length);
    }
  });
});
