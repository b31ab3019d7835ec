import { Router } from 'express';
import type { Services } from '../services.js';
import { presentsBearerToken } from '../identity/caller.js';

/**
 * What operators and their tools read: `/healthz` (the process answers), `/readyz` (send it traffic) and
 * `/metrics` (Prometheus, behind METRICS_TOKEN when it is set).
 */
export function opsRoutes(services: Services, options: { metricsToken: string | null; draining: () => boolean }): Router {
  const router = Router();
  router.get('/healthz', (_request, response) => {
    response.json({ status: 'ok' });
  });
  // Not ready while shutting down (the load balancer stops sending) or while a store does not answer.
  router.get('/readyz', async (_request, response) => {
    const storesUp = await services.ready();
    const draining = options.draining();
    const ready = storesUp && !draining;
    response.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'unavailable',
      store: { kind: services.redis ? 'redis' : 'memory', up: storesUp },
      ...(draining && { draining: true }),
    });
  });
  const { metricsToken } = options;
  router.get('/metrics', async (request, response) => {
    if (metricsToken && !presentsBearerToken(request.headers.authorization, [metricsToken])) {
      response
        .status(401)
        .set('www-authenticate', 'Bearer realm="metrics"')
        .json({ error: { code: 'UNAUTHENTICATED', message: 'METRICS_TOKEN is set: scrape with Authorization: Bearer <token>' } });
      return;
    }
    response.type(services.metrics.registry.contentType).send(await services.metrics.text());
  });
  return router;
}
