import { Agent, createServer, request } from 'node:http';

/**
 * The floor of scenario 2: a process that only passes a request on to the upstream and its JSON
 * answer back (parsed and re-serialised, as any gateway must), with bare node:http and a
 * keep-alive agent. What it adds to a direct call is what one more process between the caller
 * and the upstream costs on this machine, before any GraphQL, HTTP client library or cache.
 */
const target = new URL(process.env.PASS_THROUGH_TARGET!);
const agent = new Agent({ keepAlive: true });

const server = createServer((incoming, outgoing) => {
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      path: incoming.url,
      method: incoming.method,
      headers: { authorization: incoming.headers.authorization ?? '' },
      agent,
    },
    (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = JSON.stringify({ data: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
        outgoing.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' }).end(body);
      });
    },
  );
  upstream.on('error', () => outgoing.writeHead(502).end());
  upstream.end();
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('pass-through ready\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
