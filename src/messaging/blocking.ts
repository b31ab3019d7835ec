import { BadUserInputError } from '../errors.js';
import { isUserId } from '../events/conversations/contact-keys.js';
import { characterCount } from './send-message.js';

/** B5: reasons are "below 60 characters"; the blocklist page limit lies in 1..200. */
export const REASON_LIMIT = 60;
export const BLOCKLIST_MAX = 200;
export const BLOCKLIST_DEFAULT = 100;

/**
 * The number to block or report, as a contact key normalised by the argument check (id-arguments.ts):
 * its digits. A business-scoped user id is refused: blocking and reporting are on-premise, where
 * contacts are phone numbers only.
 */
export function checkPhoneNumber(phoneNumber: string): string {
  if (isUserId(phoneNumber)) {
    throw new BadUserInputError(
      'phoneNumber must be a phone number: blocking and reporting exist on on-premise channels, whose contacts have no user id',
      'phoneNumber',
    );
  }
  return phoneNumber;
}

export function checkReason(reason: string | null | undefined): string | undefined {
  if (reason === null || reason === undefined) return undefined;
  if (characterCount(reason) >= REASON_LIMIT) {
    throw new BadUserInputError(`reason must be below ${REASON_LIMIT} characters`, 'reason');
  }
  return reason;
}

export function checkBlocklistPage(limit: number | null | undefined, offset: number | null | undefined): { limit: number; offset: number } {
  const page = { limit: limit ?? BLOCKLIST_DEFAULT, offset: offset ?? 0 };
  if (!Number.isInteger(page.limit) || page.limit < 1 || page.limit > BLOCKLIST_MAX) {
    throw new BadUserInputError(`limit must lie between 1 and ${BLOCKLIST_MAX}`, 'limit');
  }
  if (!Number.isInteger(page.offset) || page.offset < 0) throw new BadUserInputError('offset must be 0 or more', 'offset');
  return page;
}
