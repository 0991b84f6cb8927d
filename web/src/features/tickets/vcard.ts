/** What a contact card shows of a vCard. */
export interface VcardContact {
  name: string;
  phones: string[];
}

/** A message may carry many cards (a shared contact list); a body is not allowed to make the bubble endless. */
const MAX_CARDS = 50;
const MAX_PHONES = 10;

/** vCard escapes: `\n`, `\,`, `\;`, `\\`. */
const unescapeValue = (value: string) => value.replace(/\\([nN,;\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** `Family;Given;Additional;Prefix;Suffix` → "Prefix Given Additional Family Suffix". */
function structuredName(value: string): string {
  const [family = '', given = '', additional = '', prefix = '', suffix = ''] = value.split(/(?<!\\);/).map(unescapeValue);
  return [prefix, given, additional, family, suffix]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

function parseCard(card: string): VcardContact {
  // Folded lines (RFC 6350 §3.2) continue with a space or a tab.
  const lines = card.replace(/\r\n?/g, '\n').replace(/\n[ \t]/g, '').split('\n');
  let formatted = '';
  let structured = '';
  const phones: string[] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    // `item1.TEL;type=CELL;waid=5511…` → TEL
    const property = (line.slice(0, colon).split(';')[0] ?? '').split('.').pop()!.toUpperCase();
    const value = line.slice(colon + 1);
    if (property === 'FN' && !formatted) formatted = unescapeValue(value).trim();
    else if (property === 'N' && !structured) structured = structuredName(value);
    else if (property === 'TEL' && phones.length < MAX_PHONES) {
      const phone = unescapeValue(value).replace(/^tel:/i, '').trim();
      if (phone) phones.push(phone);
    }
  }
  return { name: formatted || structured, phones };
}

/** Every vCard in a message body (BEGIN:VCARD … END:VCARD), as plain text to show; cards with neither name nor phone are left out. */
export function parseVcards(body: string): VcardContact[] {
  const cards = body.match(/BEGIN:VCARD[\s\S]*?END:VCARD/gi) ?? [];
  return cards
    .slice(0, MAX_CARDS)
    .map(parseCard)
    .filter((contact) => contact.name || contact.phones.length > 0);
}

/** A tel: link for a phone as written on a card: only its digits and a leading plus. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}
