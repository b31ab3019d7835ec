import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config.js';
import type { Logger } from '../observability/logger.js';
import type { Services } from '../services.js';
import { graphiqlRouter } from './graphiql.js';
import { mediaRouter } from './media-route.js';
import { opsRoutes } from './ops-routes.js';
import { releaseUnreadBody, requestIdOf, sendJson } from './request.js';

function requestIdMiddleware(request: Request, response: Response, next: NextFunction) {
  const requestId = requestIdOf(request);
  response.locals.requestId = requestId;
  response.setHeader('x-request-id', requestId);
  next();
}

/** Every route but the two hot paths (/graphql and /webhooks, on node:http): operations, media, GraphiQL. */
export function expressApp(options: {
  config: Config;
  services: Services;
  schema: GraphQLSchema;
  logger: Logger;
  cors: RequestHandler | null;
  draining: () => boolean;
}): Express {
  const { config, services, schema, logger, cors } = options;
  const app = express();
  app.disable('x-powered-by');
  app.use(requestIdMiddleware);
  if (cors) app.use(cors);
  app.use(opsRoutes(services, { metricsToken: config.metricsToken, draining: options.draining }));
  app.use('/media', mediaRouter(services, schema));
  // Like the Sandbox, only where introspection is on: GraphiQL needs the schema.
  if (config.introspection) app.use(graphiqlRouter());
  // One JSON error shape on every route: unknown routes and Express's own failures (a malformed URL
  // such as /media/%E0%A4%A/x, a body it could not read) never answer its HTML page, a stack or a path.
  app.use((request: Request, response: Response) => {
    releaseUnreadBody(request, response);
    sendJson(response, 404, { error: { code: 'NOT_FOUND', message: 'No such route' } });
  });
  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    const status = Number((error as { status?: unknown } | null)?.status);
    const refused = status >= 400 && status < 500;
    if (!refused) logger.error({ err: error, requestId: response.locals.requestId as string }, 'unexpected error on an HTTP route');
    releaseUnreadBody(request, response);
    sendJson(
      response,
      refused ? status : 500,
      refused
        ? { error: { code: 'BAD_USER_INPUT', message: 'The request could not be read (malformed URL, header or body)' } }
        : { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal server error' } },
    );
  });
  return app;
}
