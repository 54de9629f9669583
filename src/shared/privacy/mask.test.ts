import { describe, expect, it } from 'vitest';
import { maskEmail, maskLastName, maskPhone } from './mask.ts';

describe('maskEmail', () => {
  it.each([
    ['jaan@example.com', 'j•••@e•••.com'],
    ['Ann.Smith@Mail.Example.co.uk', 'A•••@M•••.uk'],
    ['  mari@example.ee  ', 'm•••@e•••.ee'],
    ['Ülle@näide.ee', 'Ü•••@n•••.ee'],
    ['x@localhost', 'x•••@l•••'],
    // The last @ separates the domain.
    ['"a@b"@example.org', '"•••@e•••.org'],
    ['not-an-email', '•••'],
    ['@example.com', '•••'],
    ['someone@', '•••'],
    ['', ''],
  ])('%s -> %s', (email, expected) => {
    expect(maskEmail(email)).toBe(expected);
  });
});

describe('maskPhone', () => {
  it.each([
    ['+372 5550 0199', '•••• 0199'],
    ['5550199', '•••• 0199'],
    ['(555) 123-4567', '•••• 4567'],
    // Too short to show any digit without giving most of it away.
    ['123456', '••••'],
    ['112', '••••'],
    ['n/a', '••••'],
    ['', ''],
  ])('%s -> %s', (phone, expected) => {
    expect(maskPhone(phone)).toBe(expected);
  });
});

describe('maskLastName', () => {
  it.each([
    ['Tamm', 'T.'],
    ['  smith ', 's.'],
    ['Õunapuu', 'Õ.'],
    ['de la Cruz', 'd.'],
    // The placeholder a spec client's single-word name gets (checkout) has no letter.
    ['-', ''],
    ['', ''],
  ])('%s -> %s', (lastName, expected) => {
    expect(maskLastName(lastName)).toBe(expected);
  });
});
