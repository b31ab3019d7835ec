import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BenchContext } from '../support/context.js';
import { memoryOf, startGatewayProcess, type GatewayProcess } from '../support/gateway-process.js';
import { notAvailableSection, type Section } from '../support/report.js';
import { mb, verdict } from '../support/stats.js';

const CHANNEL = 'channel-001';
const MIME = 'application/pdf';
const SAMPLE_EVERY_MS = 10;
const TRANSFER_TIMEOUT_MS = 60_000;
/** Each transfer runs twice: RSS growth depends on when the collector runs, so one sample can mislead. */
const REPEATS = 2;

/** `bytes` of a repeating pattern, produced chunk by chunk so the bench itself never holds the file. */
function fileContent(bytes: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 'hubgraph-bench-');
  let left = bytes;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const size = Math.min(chunk.length, left);
      left -= size;
      this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
    },
  });
}

/** POST /media/:channelId as multipart (field `file`), streamed; resolves with the answer. */
async function upload(gateway: GatewayProcess, bytes: number): Promise<{ status: number; body: string }> {
  const boundary = `----hubgraph-bench-${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: ${MIME}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const outgoing = request(`${gateway.baseUrl}/media/${CHANNEL}`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + bytes + tail.length) },
      timeout: TRANSFER_TIMEOUT_MS,
    });
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('upload timed out')));
    outgoing.on('error', reject);
    outgoing.write(head);
    pipeline(fileContent(bytes), outgoing, { end: false })
      .then(() => outgoing.end(tail))
      .catch(reject);
  });
}

/** GET /media/:channelId/:mediaId, read to the end and dropped; resolves with status and byte count. */
function download(gateway: GatewayProcess, mediaId: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${gateway.baseUrl}/media/${CHANNEL}/${encodeURIComponent(mediaId)}`, { timeout: TRANSFER_TIMEOUT_MS });
    outgoing.on('response', (incoming) => {
      let bytes = 0;
      incoming.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, bytes }));
      incoming.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('download timed out')));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Peak RSS of the gateway process while `work` runs, by sampling and by the kernel's high-water mark. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; baseline: number; peak: number }> {
  const idle: number[] = [];
  for (let sample = 0; sample < 10; sample += 1) {
    idle.push(memoryOf(pid).rss);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const baseline = Math.min(...idle);
  let hwmReset = true;
  try {
    // "5" resets the process's peak RSS (VmHWM) to its current RSS (proc(5), clear_refs).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss);
  }, SAMPLE_EVERY_MS);
  try {
    const value = await work();
    const { rss, hwm } = memoryOf(pid);
    peak = Math.max(peak, rss, hwmReset ? hwm : 0);
    return { value, baseline, peak };
  } finally {
    clearInterval(sampler);
  }
}

/** A fresh gateway process with its upload and download paths loaded by a 1 MB round trip. */
async function freshGateway(context: BenchContext, name: string): Promise<{ gateway: GatewayProcess; failure: string | null }> {
  const gateway = await startGatewayProcess(context.simulator, { execArgv: context.gatewayExecArgv(name) });
  const warm = await upload(gateway, 1_000_000);
  if (warm.status === 404) return { gateway, failure: 'POST /media/:channelId answers 404 (streaming upload route not served)' };
  if (warm.status !== 200) return { gateway, failure: `1 MB upload answered HTTP ${warm.status}: ${warm.body.slice(0, 160)}` };
  const id = (JSON.parse(warm.body) as { id?: string }).id;
  if (!id) return { gateway, failure: `upload answered without an id: ${warm.body.slice(0, 160)}` };
  const back = await download(gateway, id);
  if (back.status !== 200 || back.bytes !== 1_000_000) return { gateway, failure: `1 MB download answered HTTP ${back.status} with ${back.bytes} bytes` };
  return { gateway, failure: null };
}

export async function streamingMemory(context: BenchContext): Promise<Section> {
  const bytes = context.options.streamBytes;
  const title = '6. Memory while streaming';
  const intro = [
    `A ${mb(bytes)} (${bytes.toLocaleString('en-US')} bytes; MB = 10^6 bytes throughout) document is uploaded (\`POST /media/${CHANNEL}\`, multipart \`file\`) ${REPEATS} times through one fresh default gateway process,`,
    `then downloaded (\`GET /media/${CHANNEL}/:id\`) ${REPEATS} times through another; each process first streams 1 MB both ways so its code paths are loaded.`,
    'RSS of the gateway process is sampled every 10 ms from /proc (plus its VmHWM high-water mark); growth = highest RSS during the transfers − idle RSS before the first.',
    'Target: peak RSS growth ≤ 64 MB for 100 MB.',
  ];
  try {
    memoryOf(process.pid);
  } catch {
    return notAvailableSection(title, intro, '/proc/<pid>/status is not readable on this system');
  }
  const rows: string[][] = [];
  let mediaId: string | undefined;
  /** `transfer` runs REPEATS times in a fresh gateway; null from it means every byte went through. */
  const measure = async (name: string, transfer: (gateway: GatewayProcess) => Promise<string | null>) => {
    const { gateway, failure: unusable } = await freshGateway(context, name.split(' ')[0]);
    try {
      if (unusable) return rows.push([name, `not available: ${unusable}`, '', '', '', '—']);
      let failure = null as string | null;
      const rates: string[] = [];
      const { baseline, peak } = await peakDuring(gateway.pid, async () => {
        for (let run = 0; run < REPEATS && !failure; run += 1) {
          const started = Date.now();
          failure = await transfer(gateway);
          rates.push(`${(bytes / 1_000 / (Date.now() - started)).toFixed(0)}`);
        }
      });
      if (failure) return rows.push([name, `not available: ${failure}`, '', '', '', '—']);
      const growth = peak - baseline;
      return rows.push([name, mb(baseline), mb(peak), mb(growth), `${rates.join(' / ')} MB/s`, `≤ 64 MB: ${verdict(growth <= 64_000_000)}`]);
    } finally {
      await gateway.stop();
    }
  };
  await measure(`upload ${mb(bytes)} × ${REPEATS}`, async (gateway) => {
    const answer = await upload(gateway, bytes);
    if (answer.status !== 200) return `HTTP ${answer.status}: ${answer.body.slice(0, 160)}`;
    mediaId = (JSON.parse(answer.body) as { id?: string }).id;
    return mediaId ? null : `answer without an id: ${answer.body.slice(0, 160)}`;
  });
  const uploaded = mediaId;
  if (uploaded) {
    await measure(`download ${mb(bytes)} × ${REPEATS}`, async (gateway) => {
      const answer = await download(gateway, uploaded);
      return answer.status === 200 && answer.bytes === bytes ? null : `HTTP ${answer.status}, ${answer.bytes} bytes received`;
    });
  } else {
    rows.push([`download ${mb(bytes)} × ${REPEATS}`, 'not available: the large upload failed, nothing to download', '', '', '', '—']);
  }
  return {
    title,
    intro,
    tables: [{ columns: ['transfer', 'idle RSS', 'peak RSS', 'peak growth', 'rate per run', 'target'], rows }],
    notes: [],
  };
}
