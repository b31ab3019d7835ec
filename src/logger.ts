import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Paths pino blanks out wherever they appear in a log object. */
export const REDACTED_PATHS = [
  'authorization',
  'apiKey',
  'api_key',
  'token',
  '*.authorization',
  '*.apiKey',
  '*.api_key',
  '*.token',
  'headers.authorization',
  'headers["svc-api-key"]',
  '*.headers.authorization',
  '*.headers["svc-api-key"]',
  'req.headers.authorization',
  'req.headers["svc-api-key"]',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { service: 'hubgraph' } };
  return destination ? pino(options, destination) : pino(options);
}
