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
const TRANSFER_TIMEOUT_MS = 120_000;

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
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: ${MIME}\r\n\r\n`,
  );
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

export async function streamingMemory(context: BenchContext): Promise<Section> {
  const bytes = context.options.streamBytes;
  const title = '6. Memory while streaming';
  const intro = [
    `A fresh default gateway process streams a ${mb(bytes)} (${bytes.toLocaleString('en-US')} bytes; MB = 10^6 bytes throughout) document upload (\`POST /media/${CHANNEL}\`, multipart \`file\`) and then its download (\`GET /media/${CHANNEL}/:id\`).`,
    'RSS of the gateway process is sampled every 10 ms from /proc (plus its VmHWM high-water mark, reset before each transfer); growth = peak − idle RSS before the transfer.',
    'A 1 MB upload and download run first so code paths are loaded. Target: peak RSS growth ≤ 64 MB for 100 MB.',
  ];
  try {
    memoryOf(process.pid);
  } catch {
    return notAvailableSection(title, intro, '/proc/<pid>/status is not readable on this system');
  }
  const gateway = await startGatewayProcess(context.simulator, { execArgv: context.gatewayExecArgv('streaming') });
  try {
    const warm = await upload(gateway, 1_000_000);
    if (warm.status === 404) return notAvailableSection(title, intro, 'POST /media/:channelId answers 404 (streaming upload route not served)');
    if (warm.status !== 200) return notAvailableSection(title, intro, `1 MB upload answered HTTP ${warm.status}: ${warm.body.slice(0, 160)}`);
    const warmId = (JSON.parse(warm.body) as { id?: string }).id;
    if (!warmId) return notAvailableSection(title, intro, `upload answered without an id: ${warm.body.slice(0, 160)}`);
    const warmDownload = await download(gateway, warmId);
    const downloadWorks = warmDownload.status === 200 && warmDownload.bytes === 1_000_000;

    const started = Date.now();
    const up = await peakDuring(gateway.pid, () => upload(gateway, bytes));
    const uploadSeconds = (Date.now() - started) / 1000;
    const rows: string[][] = [];
    const row = (name: string, baseline: number, peak: number, seconds: number) => {
      const growth = peak - baseline;
      rows.push([name, mb(baseline), mb(peak), mb(growth), `${(bytes / 1_000_000 / seconds).toFixed(0)} MB/s`, `≤ 64 MB: ${verdict(growth <= 64_000_000)}`]);
    };
    if (up.value.status !== 200) {
      rows.push([`upload ${mb(bytes)}`, `not available: HTTP ${up.value.status}: ${up.value.body.slice(0, 160)}`, '', '', '', '—']);
    } else {
      row(`upload ${mb(bytes)}`, up.baseline, up.peak, uploadSeconds);
    }
    const mediaId = up.value.status === 200 ? (JSON.parse(up.value.body) as { id?: string }).id : undefined;
    if (!downloadWorks) {
      rows.push([`download`, `not available: 1 MB download answered HTTP ${warmDownload.status} with ${warmDownload.bytes} bytes`, '', '', '', '—']);
    } else if (!mediaId) {
      rows.push([`download`, 'not available: the large upload failed, nothing to download', '', '', '', '—']);
    } else {
      const downloadStarted = Date.now();
      const down = await peakDuring(gateway.pid, () => download(gateway, mediaId));
      const seconds = (Date.now() - downloadStarted) / 1000;
      if (down.value.status !== 200 || down.value.bytes !== bytes) {
        rows.push([`download ${mb(bytes)}`, `not available: HTTP ${down.value.status}, ${down.value.bytes} bytes received`, '', '', '', '—']);
      } else {
        row(`download ${mb(bytes)}`, down.baseline, down.peak, seconds);
      }
    }
    return {
      title,
      intro,
      tables: [{ columns: ['transfer', 'idle RSS', 'peak RSS', 'peak growth', 'rate', 'target'], rows }],
      notes: [],
    };
  } finally {
    await gateway.stop();
  }
}
