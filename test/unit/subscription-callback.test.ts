import { describe, expect, it } from '@jest/globals';
import { callbackRefusal } from '../../src/http/subscription-callback.js';

/** Which requests of Apollo's HTTP subscription callback protocol the gateway refuses before calling anything back. */

const ALLOWED = new Set(['http://router.internal:4000']);
const SUBSCRIPTION = 'subscription Events { eventAdded(channelId: "c1") { id } }';

describe('callbackRefusal', () => {
  it('accepts a subscription calling back an allowed origin, by callbackUrl or callback_url', () => {
    expect(callbackRefusal({ callbackUrl: 'http://router.internal:4000/callback/1' }, SUBSCRIPTION, undefined, ALLOWED)).toBeNull();
    expect(callbackRefusal({ callback_url: 'http://router.internal:4000/callback/2' }, SUBSCRIPTION, 'Events', ALLOWED)).toBeNull();
  });

  it.each([
    ['another origin', { callbackUrl: 'http://attacker.example:4000/callback/1' }],
    ['another port of the allowed host', { callbackUrl: 'http://router.internal:4001/callback/1' }],
    ['no URL', {}],
    ['a URL that is not a string', { callbackUrl: 42 }],
    ['a URL that does not parse', { callbackUrl: 'router.internal/callback' }],
  ])('refuses %s as BAD_USER_INPUT on callbackUrl', (_case, extension) => {
    const refusal = callbackRefusal(extension, SUBSCRIPTION, undefined, ALLOWED);
    expect(refusal?.message).toBe('extensions.subscription.callbackUrl is not on an origin this gateway calls back (SUBSCRIPTION_CALLBACK_ORIGINS)');
    expect(refusal?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'callbackUrl' });
  });

  it.each([
    ['a query', '{ partner { id } }', undefined],
    ['a mutation', 'mutation { blockUsers(channelId: "c1", users: ["1"]) { blocked } }', undefined],
    ['a document whose named operation is not the subscription', `${SUBSCRIPTION} query Other { partner { id } }`, 'Other'],
    ['no query text', undefined, undefined],
    ['a query text that does not parse', 'subscription {', undefined],
  ])('refuses %s on extensions.subscription', (_case, query, operationName) => {
    const refusal = callbackRefusal({ callbackUrl: 'http://router.internal:4000/callback/1' }, query, operationName, ALLOWED);
    expect(refusal?.message).toBe('extensions.subscription is only for a subscription operation');
    expect(refusal?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'extensions.subscription' });
  });
});
