import { describe, expect, it } from '@jest/globals';
import { createLogger } from '../../src/observability/logger.js';
import { LogCapture } from '../support/log-capture.js';

describe('log redaction', () => {
  it('blanks tokens, API keys and secrets wherever the gateway logs them', () => {
    const capture = new LogCapture();
    const logger = createLogger('info', capture);
    logger.info({ authorization: 'Bearer t-top', token: 't-token', apiKey: 'k-top', caller: { token: 't-nested', api_key: 'k-nested' } }, 'one');
    logger.info({ headers: { authorization: 'Bearer t-headers', 'svc-api-key': 'k-headers', accept: 'application/json' } }, 'two');
    logger.info({ req: { headers: { authorization: 'Bearer t-req', cookie: 'c-req' } } }, 'three');
    logger.info({ err: { message: 'boom', options: { headers: { authorization: 'Bearer t-err', 'svc-api-key': 'k-err' } } } }, 'four');
    logger.info({ connectionParams: { authorization: 'Bearer t-ws' } }, 'five');
    logger.info({ config: { partnerToken: 't-config', gatewayTokens: ['t-gw'], keystoreSecret: 's-config', redisUrl: 'redis://:pw@host' } }, 'six');
    logger.flush();
    const text = capture.lines.join('\n');
    for (const secret of [
      't-top',
      't-token',
      'k-top',
      't-nested',
      'k-nested',
      't-headers',
      'k-headers',
      't-req',
      'c-req',
      't-err',
      'k-err',
      't-ws',
      't-config',
      't-gw',
      's-config',
      ':pw@',
    ]) {
      expect({ secret, leaked: text.includes(secret) }).toEqual({ secret, leaked: false });
    }
    // Only the secrets go: the rest of the record stays useful.
    expect(text).toContain('application/json');
    expect(text).toContain('boom');
    expect(capture.lines).toHaveLength(6);
  });
});
