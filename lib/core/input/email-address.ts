// The shape every form asks of a contact address (release contact, newsroom and press-contact
// addresses): something@something.tld with a top-level part of two or more characters. Pure:
// the browser's form rules use it too. Whether the domain is real is a separate, server-side
// check (lib/domains/mail/domain-plausibility.ts).

const ADDRESS_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function hasAddressShape(address: string): boolean {
  return ADDRESS_SHAPE.test(address);
}
