/** Contact keys: which value names which contact (a wa_id, else a business-scoped user id), for notifications and arguments alike. */
import { BadUserInputError } from '../../errors.js';

/**
 * The wa_id a phone number in any format stands for (`+49 (151) 123-45` → `4915112345`, `(+49) 151 12345678` →
 * `4915112345678`: a leading +, also inside an opening bracket, blanks, dots, dashes, brackets); null when it is not one.
 */
export function waIdOf(recipient: string): string | null {
  const trimmed = recipient.trim();
  if (!/^\(?\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return /^\d{1,32}$/.test(digits) ? digits : null;
}

/** A business-scoped user id: a country code, a dot and letters or digits (`US.13491208655302741918`), or a parent id `CC.ENT.…`. */
const USER_ID = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,100}$/;

/** The business-scoped user id a value stands for (surrounding blanks dropped); null when it is none. */
export function userIdOf(value: string): string | null {
  const trimmed = value.trim();
  return USER_ID.test(trimmed) ? trimmed : null;
}

export const isUserId = (contact: string): boolean => USER_ID.test(contact);

/**
 * A contact as the store keys it: a phone number in any format as its wa_id (digits), else a
 * business-scoped user id; null when the value is neither (a masked number, a name). Notifications
 * and arguments go through the same rule, so every conversation kept can be asked for.
 */
export const contactKeyOf = (value: string): string | null => waIdOf(value) ?? userIdOf(value);

/** The contact key an argument stands for; BAD_USER_INPUT naming `field` when it is neither a phone number nor a business-scoped user id. */
export function checkContactKey(value: string, field: string): string {
  const key = value.length <= 128 ? contactKeyOf(value) : null;
  if (key === null) {
    throw new BadUserInputError(
      `${field} must be a contact key: a phone number in any format (digits, with spaces, dashes, brackets or a leading + allowed) or a business-scoped user id such as US.13491208655302741918`,
      field,
    );
  }
  return key;
}
