import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A callback of Apollo's HTTP callback protocol for subscriptions, as the router's end receives it. */
export interface Callback {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    kind: string;
    action: string;
    id: string;
    verifier: string;
    payload?: unknown;
    errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  };
}

export interface CallbackReceiver {
  origin: string;
  received: Callback[];
  close(): Promise<void>;
}

/** The router's side of the protocol: records every callback and answers 204 as Apollo Router does. */
export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: Callback[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(text) as Callback['body'] });
      response.writeHead(204, { 'subscription-protocol': 'callback/1.0' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
