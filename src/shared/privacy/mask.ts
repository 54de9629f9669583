/**
 * Masked contact details (DESIGN.md departure 12): what another browser sees of the person
 * who placed an order. Enough to recognise one's own order ("j•••@e•••.com", "•••• 0199"),
 * not enough to contact or identify a stranger.
 */

/** The mask character run; one constant so screens and tests agree. */
export const MASK = '•••';

/** The first character (a whole code point, so "Ü" or an emoji is not cut in half). */
const firstCharacter = (text: string) => Array.from(text)[0] ?? '';

/** "jaan@example.com" -> "j•••@e•••.com": first character of the name and of the domain, and the top-level domain. */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  if (trimmed === '') return '';
  const at = trimmed.lastIndexOf('@');
  const local = at > 0 ? trimmed.slice(0, at) : '';
  const domain = at > 0 ? trimmed.slice(at + 1) : '';
  if (local === '' || domain === '') return MASK;
  const labels = domain.split('.');
  const topLevel = labels.length > 1 ? labels.at(-1) : '';
  const maskedDomain = `${firstCharacter(domain)}${MASK}${topLevel ? `.${topLevel}` : ''}`;
  return `${firstCharacter(local)}${MASK}@${maskedDomain}`;
}

/** Numbers this short would be given away by their last four digits. */
const MIN_DIGITS_TO_SHOW_ANY = 7;

/** "+372 5550 0199" -> "•••• 0199": the last four digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits === '') return phone.trim() === '' ? '' : '••••';
  if (digits.length < MIN_DIGITS_TO_SHOW_ANY) return '••••';
  return `•••• ${digits.slice(-4)}`;
}

/** "Tamm" -> "T.": the initial of a family name, or nothing when it has no letter. */
export function maskLastName(lastName: string): string {
  const initial = firstCharacter(lastName.trim());
  return /\p{L}/u.test(initial) ? `${initial}.` : '';
}
