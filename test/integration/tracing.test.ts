import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { connectWs } from '../support/events.js';
import { startTestGateway, type TestGateway } from '../support/gateway.js';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number };
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: number | string } }>;
}

interface TraceExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: ExportedSpan[] }>;
  }>;
}

/** A minimal OTLP/HTTP (JSON) collector on a loopback port. */
async function startCollector(): Promise<{ url: string; exports: TraceExport[]; close(): Promise<void> }> {
  const exports: TraceExport[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as TraceExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const spansOf = (exports: TraceExport[]) =>
  exports.flatMap((batch) => batch.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
const attribute = (span: ExportedSpan, key: string) => span.attributes.find((item) => item.key === key)?.value;

describe('OpenTelemetry tracing', () => {
  let harness: TestGateway | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('is off by default: no traceparent goes upstream', async () => {
    harness = await startTestGateway();
    const { body } = await harness.graphql('{ partner { clients(limit: 1) { total } } }');
    expect(body.errors).toBeUndefined();
    const [a1] = harness.simulator.recorder.matching(/\/clients$/, 'GET');
    expect(a1?.headers.traceparent).toBeUndefined();
    expect(harness.gateway.services.tracing).toBeNull();
  });

  it('exports a request span with one child span per upstream call, linked by traceparent', async () => {
    const collector = await startCollector();
    try {
      harness = await startTestGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'hubgraph-test' });
      const { body } = await harness.graphql('query PartnerOverview { partner { clients(limit: 1) { total } channels(limit: 1) { total } } }');
      expect(body.errors).toBeUndefined();
      const upstreamRequests = harness.simulator.recorder.matching(/\/(clients|channels)$/, 'GET');
      expect(upstreamRequests).toHaveLength(2);

      await harness.close(); // shutdown flushes the batch to the collector
      harness = undefined;

      const spans = spansOf(collector.exports);
      const server = spans.find((span) => span.name === 'query PartnerOverview');
      expect(server).toBeDefined();
      expect(attribute(server!, 'graphql.operation.name')?.stringValue).toBe('PartnerOverview');
      const children = spans.filter((span) => span.parentSpanId === server!.spanId);
      expect(children.map((span) => span.name).sort()).toEqual(['partner A1', 'partner A4']);
      for (const child of children) expect(child.traceId).toBe(server!.traceId);
      expect(collector.exports[0].resourceSpans[0].resource.attributes).toContainEqual({
        key: 'service.name',
        value: { stringValue: 'hubgraph-test' },
      });

      // The upstream saw each attempt's own span as its parent.
      for (const request of upstreamRequests) {
        const [, traceId, spanId] = String(request.headers.traceparent).split('-');
        expect(traceId).toBe(server!.traceId);
        expect(children.map((span) => span.spanId)).toContain(spanId);
      }
    } finally {
      await collector.close();
    }
  });
  it('gives an operation over graphql-ws a server span of its own, parent of its upstream calls, failed when it has errors', async () => {
    const collector = await startCollector();
    try {
      harness = await startTestGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'hubgraph-test' });
      const connection = connectWs(harness.url);
      const run = (query: string) =>
        new Promise<{ errors?: readonly unknown[] }>((resolve, reject) => {
          let answer: { errors?: readonly unknown[] } = {};
          connection.client.subscribe({ query }, { next: (value) => (answer = value), error: reject, complete: () => resolve(answer) });
        });
      try {
        expect((await run('query OverTheSocket { partner { clients(limit: 1) { total } } }')).errors).toBeUndefined();
        harness.simulator.faults.add({ path: '/clients$', method: 'GET', status: 503, body: {}, times: 5 });
        expect((await run('query UpstreamDown { partner { clients(limit: 3) { total } } }')).errors).toHaveLength(1);
      } finally {
        await connection.dispose();
      }
      const [listing] = harness.simulator.recorder.matching(/\/clients$/, 'GET');

      await harness.close();
      harness = undefined;

      const spans = spansOf(collector.exports);
      const operation = spans.find((span) => span.name === 'query OverTheSocket');
      expect(operation).toMatchObject({ kind: 2 });
      expect(attribute(operation!, 'graphql.operation.type')?.stringValue).toBe('query');
      expect(attribute(operation!, 'network.protocol.name')?.stringValue).toBe('websocket');
      expect(operation!.parentSpanId ?? '').toBe('');
      const children = spans.filter((span) => span.parentSpanId === operation!.spanId);
      expect(children.map((span) => span.name)).toEqual(['partner A1']);
      expect(String(listing?.headers.traceparent).split('-')[1]).toBe(operation!.traceId);
      // OTLP's status code 2 is ERROR.
      expect(spans.find((span) => span.name === 'query UpstreamDown')?.status?.code).toBe(2);
    } finally {
      await collector.close();
    }
  });
});
