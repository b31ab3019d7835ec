import { describe, expect, it } from '@jest/globals';
import { BadUserInputErrors } from '../../src/errors.js';
import { buildBusinessProfileUpdate, knownVertical, profileForGraph } from '../../src/messaging/business-profile.js';
import { fieldOf, refusalOf } from '../support/refusals.js';

describe('business profile', () => {
  it('sends only the given fields; display names on-premise', () => {
    expect(buildBusinessProfileUpdate({ address: 'A' }, 'CLOUD', 'whatsapp')).toEqual({ messaging_product: 'whatsapp', address: 'A' });
    expect(buildBusinessProfileUpdate({ vertical: 'PROF_SERVICES' }, 'ON_PREMISE', 'whatsapp')).toEqual({ vertical: 'Professional Services' });
    expect(fieldOf(() => buildBusinessProfileUpdate({ vertical: 'NOT_A_BIZ' }, 'ON_PREMISE', 'whatsapp'))).toBe('input.vertical');
    expect(fieldOf(() => buildBusinessProfileUpdate({ vertical: 'UNDEFINED' }, 'CLOUD', 'whatsapp'))).toBe('input.vertical');
    expect(fieldOf(() => buildBusinessProfileUpdate({ address: null }, 'CLOUD', 'whatsapp'))).toBe('input.address');
  });

  it('maps on-premise display names to codes and keeps unknown values for the field error', () => {
    expect(profileForGraph({ vertical: 'Beauty, Spa and Salon' }, 'ON_PREMISE').vertical).toBe('BEAUTY');
    expect(profileForGraph({ vertical: 'Space Travel' }, 'ON_PREMISE').vertical).toBe('Space Travel');
    expect(profileForGraph({ vertical: 'Beauty, Spa and Salon' }, 'CLOUD').vertical).toBe('Beauty, Spa and Salon');
  });

  it('sends every given field on cloud, and checks each limit at its bound', () => {
    const full = {
      address: 'a'.repeat(256),
      description: 'd'.repeat(512),
      email: `${'e'.repeat(120)}@shop.io`,
      websites: ['https://shop.example.com', `http://${'w'.repeat(249)}`],
      profilePictureHandle: 'handle-1',
      vertical: 'RETAIL' as const,
    };
    expect(buildBusinessProfileUpdate(full, 'CLOUD', 'whatsapp')).toEqual({
      messaging_product: 'whatsapp',
      address: full.address,
      description: full.description,
      email: full.email,
      websites: full.websites,
      profile_picture_handle: 'handle-1',
      vertical: 'RETAIL',
    });
    expect(buildBusinessProfileUpdate({ description: 'd'.repeat(256), vertical: 'OTHER' }, 'ON_PREMISE', 'whatsapp')).toEqual({
      description: 'd'.repeat(256),
      vertical: 'Other',
    });
    const refused = (input: Parameters<typeof buildBusinessProfileUpdate>[0], hosting: 'CLOUD' | 'ON_PREMISE' = 'CLOUD') =>
      refusalOf(() => buildBusinessProfileUpdate(input, hosting, 'whatsapp'));
    expect(refused({ address: 'a'.repeat(257) })).toEqual(['input.address', 'address is limited to 256 characters']);
    expect(refused({ description: 'd'.repeat(513) })).toEqual(['input.description', 'description is limited to 512 characters on cloud channels']);
    expect(refused({ description: 'd'.repeat(257) }, 'ON_PREMISE')).toEqual([
      'input.description',
      'description is limited to 256 characters on on-premise channels',
    ]);
    const emailRefused = ['input.email', 'email must be a valid e-mail address of at most 128 characters'];
    expect(refused({ email: `${'e'.repeat(121)}@shop.io` })).toEqual(emailRefused);
    for (const email of ['shop.io', 'a@shop', 'a b@shop.io', 'a@shop.', 'a@@shop.io', '@shop.io', 'a@.shop.io']) {
      expect(refused({ email })).toEqual(emailRefused);
    }
    expect(refused({ websites: ['https://a.example.com', 'https://b.example.com', 'https://c.example.com'] })).toEqual([
      'input.websites',
      'at most 2 websites are allowed',
    ]);
    const websiteRefused = (index: number) => [`input.websites.${index}`, 'each website must start with http:// or https:// and have at most 256 characters'];
    expect(refused({ websites: ['https://ok.example.com', `http://${'w'.repeat(250)}`] })).toEqual(websiteRefused(1));
    // ' https://…' is a URL to the URL parser (it strips the space), but does not start with the scheme.
    for (const website of ['ftp://shop.example.com', 'shop.example.com', 'see https://shop.example.com', 'http://', ' https://shop.example.com']) {
      expect(refused({ websites: [website] })).toEqual(websiteRefused(0));
    }
    expect(refused({ profilePictureHandle: 'h' }, 'ON_PREMISE')).toEqual(['input.profilePictureHandle', 'profilePictureHandle exists on cloud channels only']);
    expect(refused({ vertical: 'NOT_A_BIZ' }, 'ON_PREMISE')).toEqual(['input.vertical', 'vertical NOT_A_BIZ has no on-premise equivalent']);
    expect(refused({ vertical: null })).toEqual(['input.vertical', 'vertical cannot be reset to empty once set']);
    expect(refused({})).toEqual(['input', 'give at least one field to change']);
    for (const field of ['address', 'description', 'email', 'websites', 'profilePictureHandle'] as const) {
      expect(refused({ [field]: null })).toEqual([`input.${field}`, `${field} must not be null: omit it to leave it unchanged`]);
    }
  });

  it('refuses every broken rule of one update at once', () => {
    let refusal: unknown;
    try {
      buildBusinessProfileUpdate({ address: 'a'.repeat(257), email: 'nope', websites: ['ftp://x', 'https://ok.example.com', 'y'] }, 'CLOUD', 'whatsapp');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(BadUserInputErrors);
    expect((refusal as BadUserInputErrors).problems.map((problem) => problem.field)).toEqual([
      'input.address',
      'input.email',
      'input.websites',
      'input.websites.0',
      'input.websites.2',
    ]);
  });

  it('reads verticals: a known enum value, or null; the profile unchanged without one', () => {
    expect(knownVertical('AUTO')).toBe('AUTO');
    expect(knownVertical('NOT_A_BIZ')).toBe('NOT_A_BIZ');
    expect(knownVertical('Automotive')).toBeNull();
    const profile = { address: 'x' };
    expect(profileForGraph(profile, 'ON_PREMISE')).toBe(profile);
  });
});
