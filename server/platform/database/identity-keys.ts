/**
 * The one form in which account names, e-mail addresses and operator names are compared: Unicode
 * NFC, then lower case (Unicode's own case mapping, the same in every Node). Nothing else is
 * folded: full-width and half-width letters, hiragana and katakana, σ and ς, and letters with
 * and without their marks stay apart, because each of those can be another mailbox, and an
 * account found under another mailbox's name would have its codes and notices sent for it.
 *
 * The key is computed here and stored beside the value, and the database compares keys byte by
 * byte on both engines: no collation decides who is who.
 */
export function identityKey(value: string): string {
  return value.normalize('NFC').toLowerCase().normalize('NFC');
}
