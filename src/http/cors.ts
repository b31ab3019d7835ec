import cors from 'cors';
import type { Config } from '../config.js';

/** Any port of the local machine: what a front-end dev server (Vite, Next) runs on beside `npm start`. */
const LOCAL_DEV_ORIGINS = [/^http:\/\/localhost(:\d+)?$/, /^http:\/\/127\.0\.0\.1(:\d+)?$/];

/**
 * `*`: any origin; a list: those origins; unset on the embedded simulator: the local machine's origins, so a
 * front-end on another port works at once; otherwise no CORS headers, so browsers keep other origins out (and
 * no middleware at all: it would only look at every request to add nothing).
 */
export function corsMiddleware({ corsOrigins: origins, embeddedSimulator }: Pick<Config, 'corsOrigins' | 'embeddedSimulator'>) {
  if (origins.length === 0 && !embeddedSimulator) return null;
  return cors({
    origin: origins.length === 0 ? LOCAL_DEV_ORIGINS : origins.includes('*') ? true : origins,
    methods: ['GET', 'POST', 'OPTIONS'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });
}
