import { BadUserInputError, InputChecks } from '../errors.js';
import type { BusinessProfileDto } from '../datasources/types.js';
import type { BusinessProfileInput, BusinessVertical } from '../generated/graphql.js';
import { characterCount, compact, isHttpUrl, type MessagingHosting } from './send-message.js';

const LIMITS = { websites: 2, website: 256, email: 128, address: 256 } as const;
const DESCRIPTION_MAX: Record<MessagingHosting, number> = { CLOUD: 512, ON_PREMISE: 256 };
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** On-premise verticals are display names (spec §2.7); UNDEFINED and NOT_A_BIZ have none. */
export const ONPREMISE_VERTICALS: Readonly<Record<string, BusinessVertical>> = {
  Automotive: 'AUTO',
  'Beauty, Spa and Salon': 'BEAUTY',
  'Clothing and Apparel': 'APPAREL',
  Education: 'EDU',
  Entertainment: 'ENTERTAIN',
  'Event Planning and Service': 'EVENT_PLAN',
  'Finance and Banking': 'FINANCE',
  'Food and Grocery': 'GROCERY',
  'Public Service': 'GOVT',
  'Hotel and Lodging': 'HOTEL',
  'Medical and Health': 'HEALTH',
  'Non-profit': 'NONPROFIT',
  'Professional Services': 'PROF_SERVICES',
  'Shopping and Retail': 'RETAIL',
  'Travel and Transportation': 'TRAVEL',
  Restaurant: 'RESTAURANT',
  Other: 'OTHER',
};

const ONPREMISE_DISPLAY_NAMES = Object.fromEntries(Object.entries(ONPREMISE_VERTICALS).map(([name, code]) => [code, name])) as Partial<
  Record<BusinessVertical, string>
>;

const VERTICALS = new Set<string>([
  'UNDEFINED',
  'OTHER',
  'AUTO',
  'BEAUTY',
  'APPAREL',
  'EDU',
  'ENTERTAIN',
  'EVENT_PLAN',
  'FINANCE',
  'GROCERY',
  'GOVT',
  'HOTEL',
  'HEALTH',
  'NONPROFIT',
  'PROF_SERVICES',
  'RETAIL',
  'TRAVEL',
  'RESTAURANT',
  'NOT_A_BIZ',
]);

/** A vertical value of the enum, or null for an unknown upstream value. */
export function knownVertical(value: string): BusinessVertical | null {
  return VERTICALS.has(value) ? (value as BusinessVertical) : null;
}

/** The profile as the graph reads it: on-premise display names become enum codes (unknown ones stay raw). */
export function profileForGraph(profile: BusinessProfileDto, hosting: MessagingHosting): BusinessProfileDto {
  if (hosting === 'CLOUD' || !profile.vertical) return profile;
  return { ...profile, vertical: ONPREMISE_VERTICALS[profile.vertical] ?? profile.vertical };
}

function noNull<T>(value: T | null | undefined, field: string): T | undefined {
  if (value === null) {
    throw new BadUserInputError(`${field} must not be null: omit it to leave it unchanged`, `input.${field}`);
  }
  return value;
}

/**
 * The B4 update body with only the given fields (+ messaging_product on cloud), after the
 * profile rules of spec §2.7 and §8.
 */
export function buildBusinessProfileUpdate(input: BusinessProfileInput, hosting: MessagingHosting, messagingProduct: string) {
  const rules = new InputChecks();
  const address = rules.check(() => noNull(input.address, 'address'));
  const description = rules.check(() => noNull(input.description, 'description'));
  const email = rules.check(() => noNull(input.email, 'email'));
  const websites = rules.check(() => noNull(input.websites, 'websites'));
  const handle = rules.check(() => noNull(input.profilePictureHandle, 'profilePictureHandle'));
  const vertical = rules.check(() => {
    if (input.vertical === null || input.vertical === 'UNDEFINED') {
      throw new BadUserInputError('vertical cannot be reset to empty once set', 'input.vertical');
    }
    return input.vertical;
  });
  rules.check(() => {
    if ([input.address, input.description, input.email, input.websites, input.profilePictureHandle, input.vertical].every((value) => value === undefined)) {
      throw new BadUserInputError('give at least one field to change', 'input');
    }
  });
  rules.check(() => {
    if (address !== undefined && characterCount(address) > LIMITS.address) {
      throw new BadUserInputError(`address is limited to ${LIMITS.address} characters`, 'input.address');
    }
  });
  rules.check(() => {
    if (description !== undefined && characterCount(description) > DESCRIPTION_MAX[hosting]) {
      throw new BadUserInputError(
        `description is limited to ${DESCRIPTION_MAX[hosting]} characters on ${hosting === 'CLOUD' ? 'cloud' : 'on-premise'} channels`,
        'input.description',
      );
    }
  });
  rules.check(() => {
    if (email !== undefined && (characterCount(email) > LIMITS.email || !EMAIL.test(email))) {
      throw new BadUserInputError(`email must be a valid e-mail address of at most ${LIMITS.email} characters`, 'input.email');
    }
  });
  if (websites !== undefined) {
    rules.check(() => {
      if (websites.length > LIMITS.websites) throw new BadUserInputError(`at most ${LIMITS.websites} websites are allowed`, 'input.websites');
    });
    websites.forEach((website, index) =>
      rules.check(() => {
        if (characterCount(website) > LIMITS.website || !/^https?:\/\//.test(website) || !isHttpUrl(website)) {
          throw new BadUserInputError(
            `each website must start with http:// or https:// and have at most ${LIMITS.website} characters`,
            `input.websites.${index}`,
          );
        }
      }),
    );
  }
  rules.check(() => {
    if (handle !== undefined && hosting !== 'CLOUD') {
      throw new BadUserInputError('profilePictureHandle exists on cloud channels only', 'input.profilePictureHandle');
    }
  });
  const upstreamVertical = rules.check(() => {
    if (vertical === undefined) return undefined;
    const mapped = hosting === 'CLOUD' ? vertical : ONPREMISE_DISPLAY_NAMES[vertical];
    if (mapped === undefined) throw new BadUserInputError(`vertical ${vertical} has no on-premise equivalent`, 'input.vertical');
    return mapped;
  });
  rules.done();
  return {
    ...(hosting === 'CLOUD' && { messaging_product: messagingProduct }),
    ...compact({ address, description, email, vertical: upstreamVertical, websites, profile_picture_handle: handle }),
  };
}
