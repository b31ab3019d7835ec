import type { ClientGrant } from '../../src/identity/actor.js';
import type { TestGateway } from './gateway.js';

/**
 * Test seam for client grants until verified tokens fill `Caller.grant`: a caller presenting `token` (one of the test
 * gateway's GATEWAY_TOKENS, so identification still accepts it) holds `grant` on every surface that identifies
 * callers through `Services.identifyCaller` (GraphQL in process and over HTTP, WebSocket operations, the media
 * routes). It wraps the test gateway's own function: nothing a request can send sets a grant.
 */
export function grantForToken(harness: TestGateway, token: string, grant: ClientGrant): void {
  const { services } = harness.gateway;
  const identify = services.identifyCaller;
  services.identifyCaller = async (headers) => {
    const caller = await identify(headers);
    return headers.authorization === `Bearer ${token}` ? { ...caller, grant } : caller;
  };
}

export const grantOf = (...clientIds: string[]): ClientGrant => ({ allClients: false, clientIds: new Set(clientIds) });
