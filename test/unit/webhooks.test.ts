import { describe, expect, it } from '@jest/globals';
import {
  HTTPS_REQUIRED,
  isLoopbackHost,
  isLoopbackHttpUrl,
  redactedHeaders,
  validateWebhookConfig,
  wabaWebhookAnswer,
  webhookAnswer,
} from '../../src/messaging/webhooks.js';
import { fieldOf, refusalOf } from '../support/refusals.js';

describe('webhook rules', () => {
  it('checks cloud URLs for underscores and explicit ports, also the default port written out', () => {
    expect(fieldOf(() => validateWebhookConfig({ url: 'https://hooks.example.com:443/x' }, 'CLOUD'))).toBe('input.url');
    expect(fieldOf(() => validateWebhookConfig({ url: 'ftp://hooks.example.com/x' }, 'ON_PREMISE'))).toBe('input.url');
    expect(validateWebhookConfig({ url: 'https://a_b.example.com/x' }, 'ON_PREMISE')).toEqual({ url: 'https://a_b.example.com/x', headers: {} });
    expect(fieldOf(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Forward-Host': 'api_v2.example.com' } }, 'CLOUD'))).toBe(
      'input.headers.X-Forward-Host',
    );
    expect(fieldOf(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Forward-Host': 'api.example.com:8443' } }, 'CLOUD'))).toBe(
      'input.headers.X-Forward-Host',
    );
    const jwt =
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
    expect(validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Token': jwt } }, 'CLOUD').headers).toEqual({ 'X-Token': jwt });
    // Underscores in the path are fine; only (sub)domains are restricted.
    expect(validateWebhookConfig({ url: 'https://hooks.example.com/a_b', headers: { Authorization: 'Basic x_y' } }, 'CLOUD').url).toBe(
      'https://hooks.example.com/a_b',
    );
  });

  it('takes a trimmed https URL only, plain http to a loopback host only when allowed, and names the field given', () => {
    expect(validateWebhookConfig({ url: '  HTTPS://hooks.example.com/x ' }, 'CLOUD')).toEqual({ url: 'HTTPS://hooks.example.com/x', headers: {} });
    const loopback = 'http://127.0.0.1:4000/webhooks/channel-001';
    expect(validateWebhookConfig({ url: loopback }, 'ON_PREMISE', 'input', { allowLoopbackHttp: true }).url).toBe(loopback);
    expect(() => validateWebhookConfig({ url: loopback }, 'ON_PREMISE')).toThrow(`url must be an https:// URL: ${HTTPS_REQUIRED}`);
    expect(fieldOf(() => validateWebhookConfig({ url: 'http://hooks.example.com/x' }, 'ON_PREMISE', 'webhook', { allowLoopbackHttp: true }))).toBe(
      'webhook.url',
    );
    expect(() => validateWebhookConfig({ url: 'https://' }, 'ON_PREMISE')).toThrow('url is not a valid URL');
    expect(fieldOf(() => validateWebhookConfig({ url: 'https://' }, 'ON_PREMISE', 'webhook'))).toBe('webhook.url');
  });

  it('lets a loopback URL keep its port on cloud only when allowed (the embedded simulator); any other host keeps the rule', () => {
    const options = { allowLoopbackHttp: true, allowLoopbackPort: true };
    for (const url of [
      'http://localhost:4000/webhooks/channel-001',
      'http://127.0.0.1:41400/webhooks/channel-001',
      'https://[::1]:8443/webhooks/channel-001',
    ]) {
      expect(validateWebhookConfig({ url }, 'CLOUD', 'input', options).url).toBe(url);
      expect(refusalOf(() => validateWebhookConfig({ url }, 'CLOUD', 'input', { allowLoopbackHttp: true }))).toEqual([
        'input.url',
        'url must not name an explicit port on cloud channels',
      ]);
    }
    expect(() => validateWebhookConfig({ url: 'https://hooks.example.com:8443/x' }, 'CLOUD', 'input', options)).toThrow('explicit port');
    expect(() => validateWebhookConfig({ url: 'https://localhost.example.com:8443/x' }, 'CLOUD', 'input', options)).toThrow('explicit port');
  });

  it('reads the port of a cloud URL from its authority only, after any user info and before its path, query or fragment', () => {
    expect(validateWebhookConfig({ url: 'https://user:pw@hooks.example.com/x' }, 'CLOUD').url).toBe('https://user:pw@hooks.example.com/x');
    expect(validateWebhookConfig({ url: 'https://hooks.example.com?at=10:30' }, 'CLOUD').url).toBe('https://hooks.example.com?at=10:30');
    expect(validateWebhookConfig({ url: 'https://hooks.example.com#t=1:2' }, 'CLOUD').url).toBe('https://hooks.example.com#t=1:2');
    expect(() => validateWebhookConfig({ url: 'https://user@hooks.example.com:8443/x' }, 'CLOUD')).toThrow(
      'url must not name an explicit port on cloud channels',
    );
    expect(() => validateWebhookConfig({ url: 'https://hooks.example.com:/x' }, 'CLOUD')).toThrow('explicit port');
    expect(() => validateWebhookConfig({ url: 'https://a_b.example.com/x' }, 'CLOUD')).toThrow(
      'url must not contain an underscore in its (sub)domain on cloud channels',
    );
  });

  it('finds an explicit port however the URL spells its path, and no port in an IPv6 host', () => {
    // URL takes a backslash as a path separator in https URLs: the port before it is still explicit.
    const port = 'url must not name an explicit port on cloud channels';
    expect(() => validateWebhookConfig({ url: 'https://hooks.example.com:8443\\x' }, 'CLOUD')).toThrow(port);
    expect(() => validateWebhookConfig({ url: 'https://hooks.example.com:443\\x' }, 'CLOUD')).toThrow(port);
    expect(validateWebhookConfig({ url: 'https://[2001:db8::1]/x' }, 'CLOUD').url).toBe('https://[2001:db8::1]/x');
    expect(() => validateWebhookConfig({ url: 'https://[2001:db8::1]:443/x' }, 'CLOUD')).toThrow(port);
    // URL also skips any number of slashes or backslashes after the scheme and drops tabs and line breaks.
    for (const url of [
      'https:///hooks.example.com:443/x',
      'https://\\hooks.example.com:443/x',
      'https://hooks.example.com:443\t/x',
      'https://hooks.example.com:44\n3/x',
    ]) {
      expect(refusalOf(() => validateWebhookConfig({ url }, 'CLOUD'))).toEqual(['input.url', port]);
    }
    expect(validateWebhookConfig({ url: 'https:///hooks.example.com/x' }, 'CLOUD').url).toBe('https:///hooks.example.com/x');
  });

  it('wants https:// at the start of the url, not anywhere in it', () => {
    expect(refusalOf(() => validateWebhookConfig({ url: 'ftp://hooks.example.com/https://x' }, 'ON_PREMISE'))).toEqual([
      'input.url',
      `url must be an https:// URL: ${HTTPS_REQUIRED}`,
    ]);
  });

  it('checks header names and values, and the hosts named in cloud header values', () => {
    const headersField = (headers: unknown, hosting: 'CLOUD' | 'ON_PREMISE' = 'ON_PREMISE') =>
      fieldOf(() => validateWebhookConfig({ url: 'https://h.example.com', headers }, hosting));
    expect(validateWebhookConfig({ url: 'https://h.example.com', headers: null }, 'CLOUD').headers).toEqual({});
    expect(headersField('X-A: b')).toBe('input.headers');
    expect(headersField(['X-A'])).toBe('input.headers');
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: 7 }, 'CLOUD')).toThrow(
      'headers must be a JSON object of header names to string values',
    );
    expect(headersField({ 'Bad Name': 'x' })).toBe('input.headers.Bad Name');
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'Bad Name': 'x' } }, 'CLOUD')).toThrow(
      '"Bad Name" is not a valid header name',
    );
    expect(headersField({ 'X-Count': 3 })).toBe('input.headers.X-Count');
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Count': 3 } }, 'CLOUD')).toThrow('header X-Count must be a string');
    expect(headersField({ 'X-Split': 'a\r\nInjected: 1' })).toBe('input.headers.X-Split');
    expect(headersField({ 'X-Nul': 'a\u0000' })).toBe('input.headers.X-Nul');
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: { 'X-Split': 'a\nb' } }, 'CLOUD')).toThrow(
      'header X-Split must be printable text on one line (no CR, LF or other control characters)',
    );
    const printable = { "X-Ok!#$%&'*+.^_`|~": 'tab\there, café' };
    expect(validateWebhookConfig({ url: 'https://h.example.com', headers: printable }, 'CLOUD').headers).toEqual(printable);
    // A URL inside a longer value is checked on cloud, not on-premise.
    const embedded = { Link: '<https://a_b.example.com/x>; rel=next' };
    expect(() => validateWebhookConfig({ url: 'https://h.example.com', headers: embedded }, 'CLOUD')).toThrow(
      'header Link: the host in its value must not contain an underscore in its (sub)domain on cloud channels',
    );
    expect(headersField(embedded, 'CLOUD')).toBe('input.headers.Link');
    expect(validateWebhookConfig({ url: 'https://h.example.com', headers: embedded }, 'ON_PREMISE').headers).toEqual(embedded);
    expect(headersField({ Callback: 'see http://cb.example.com:8080/x, then' }, 'CLOUD')).toBe('input.headers.Callback');
    expect(headersField({ 'X-Host': ' cb.example.com:8080 ' }, 'CLOUD')).toBe('input.headers.X-Host');
    expect(headersField({ 'X-Host': 'cb.example.com/path' }, 'CLOUD')).toBeUndefined();
    // A bare host is checked trimmed, as a header value is sent: leading blanks make it neither invalid nor unchecked.
    expect(headersField({ 'X-Host': '  cb.example.com' }, 'CLOUD')).toBeUndefined();
    expect(headersField({ 'X-Host': ' cb_x.example.com' }, 'CLOUD')).toBe('input.headers.X-Host');
  });

  it('knows loopback hosts and loopback http URLs', () => {
    for (const host of ['localhost', '[::1]', '127.0.0.1', '127.12.0.255']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.1', '127.0.0.1.example.com', 'a127.0.0.1', '127.0.0', 'localhost.example.com']) expect(isLoopbackHost(host)).toBe(false);
    expect(isLoopbackHttpUrl('http://localhost:4000/x')).toBe(true);
    expect(isLoopbackHttpUrl('https://localhost:4000/x')).toBe(false);
    expect(isLoopbackHttpUrl('http://example.com/x')).toBe(false);
    expect(isLoopbackHttpUrl('not a url')).toBe(false);
  });

  it('redacts credential headers in answers, keeping the scheme of an Authorization', () => {
    expect(
      redactedHeaders({
        Authorization: ' Bearer abc.def ',
        'Proxy-Authorization': 'Basic dXNlcjpwdw==',
        Cookie: 'session=1',
        'X-Api-Key': 'k-1',
        'X-Token': 't-1',
        'Client-Secret': 's-1',
        Accept: 'application/json',
      }),
    ).toEqual({
      Authorization: 'Bearer [redacted]',
      'Proxy-Authorization': 'Basic [redacted]',
      Cookie: '[redacted]',
      'X-Api-Key': '[redacted]',
      'X-Token': '[redacted]',
      'Client-Secret': '[redacted]',
      Accept: 'application/json',
    });
    expect(redactedHeaders({ 'X-Cookie-Jar': 'kept', 'X-Authorization-Hint': 'kept' })).toEqual({ 'X-Cookie-Jar': 'kept', 'X-Authorization-Hint': 'kept' });
    // Only (Proxy-)Authorization keeps its scheme; another credential name naming Authorization hides the whole value.
    expect(redactedHeaders({ 'X-Authorization-Token': 'Bearer t-1' })).toEqual({ 'X-Authorization-Token': '[redacted]' });
    expect(redactedHeaders(null)).toEqual({});
    expect(redactedHeaders(undefined)).toEqual({});
  });

  it('answers a webhook write with what the upstream stored, else what was sent', () => {
    const sent = { url: 'https://sent.example.com', headers: { Authorization: 'Basic abc', Accept: 'x' } };
    expect(webhookAnswer({ url: 'https://stored.example.com', headers: { 'X-Api-Key': 'k' } }, sent)).toEqual({
      url: 'https://stored.example.com',
      headers: { 'X-Api-Key': '[redacted]' },
    });
    expect(webhookAnswer({ url: null, headers: null }, sent)).toEqual({
      url: 'https://sent.example.com',
      headers: { Authorization: 'Basic [redacted]', Accept: 'x' },
    });
    expect(webhookAnswer({}, sent)).toEqual({ url: 'https://sent.example.com', headers: { Authorization: 'Basic [redacted]', Accept: 'x' } });
  });
  it("keeps a loopback URL's port on cloud only when allowed (the embedded simulator), and refuses a malformed URL either way", () => {
    const options = { allowLoopbackHttp: true, allowLoopbackPort: true };
    const loopback = 'http://127.0.0.1:4000/webhooks/channel-001';
    expect(validateWebhookConfig({ url: loopback }, 'CLOUD', 'input', options).url).toBe(loopback);
    expect(validateWebhookConfig({ url: 'https://localhost:8443/x' }, 'CLOUD', 'input', options).url).toBe('https://localhost:8443/x');
    expect(refusalOf(() => validateWebhookConfig({ url: 'https://localhost:8443/x' }, 'CLOUD'))?.[0]).toBe('input.url');
    expect(refusalOf(() => validateWebhookConfig({ url: 'https://hooks.example.com:8443/x' }, 'CLOUD', 'input', options))?.[0]).toBe('input.url');
    expect(refusalOf(() => validateWebhookConfig({ url: 'https://[::1/x' }, 'CLOUD', 'input', options))).toEqual(['input.url', 'url is not a valid URL']);
  });

  it('answers a business-account webhook write with what was sent, credentials redacted, and the latest time it takes effect', () => {
    const sent = { url: 'https://hooks.example.com/x', headers: { Authorization: 'Bearer abc', 'X-Route': 'eu' } };
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    expect(wabaWebhookAnswer(sent, undefined, now)).toEqual({
      wabaId: null,
      numbers: null,
      url: 'https://hooks.example.com/x',
      headers: { Authorization: 'Bearer [redacted]', 'X-Route': 'eu' },
      message: null,
      activatesAt: '2026-11-28T12:00:20.000Z',
    });
    expect(wabaWebhookAnswer(sent, 'applied within 20 seconds', now).message).toBe('applied within 20 seconds');
  });
});
