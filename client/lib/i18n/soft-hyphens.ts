// Long words wrap with a hyphen, never cut at an arbitrary letter. A narrow column (the side menu, a form's label
// column) must break a word longer than itself somewhere; CSS `hyphens: auto` would choose where, but Chromium on
// Linux and Windows ships no hyphenation dictionaries, so it breaks nowhere and `overflow-wrap` then cuts the word at
// any letter without a hyphen ("Einzelhandelsverkä / ufe"). Instead a soft hyphen (U+00AD) goes between the parts of
// a compound — where a German reader would hyphenate — and the browser breaks there, showing the hyphen, only when
// the word does not fit. Pure; the parts are what this shell's own German texts are made of.

export const SOFT_HYPHEN = '\u00ad';

/** The first parts of compounds, per language (lower case); the rest of a word after them is split again. */
const COMPOUND_PARTS: Readonly<Record<string, readonly string[]>> = {
  'de-DE': [
    'abrechnungs',
    'anfangs',
    'artikel',
    'bedarfs',
    'benutzer',
    'bestands',
    'demontage',
    'durchschnitts',
    'einkaufs',
    'einstellungs',
    'einzelhandels',
    'fremd',
    'fertigungs',
    'höchst',
    'inventur',
    'konto',
    'kunden',
    'lager',
    'lieferanten',
    'mindest',
    'mitglieds',
    'montage',
    'oberflächen',
    'plattform',
    'produktions',
    'sicherheits',
    'system',
    'umlagerungs',
    'verkaufs',
    'zahlungs',
  ],
};

/** Words shorter than this fit any column. */
const LONG_WORD = 12;
/** A part never leaves fewer letters than this on either side of the hyphen. */
const MIN_PART = 3;

function splitCompound(word: string, parts: readonly string[]): string {
  const lower = word.toLocaleLowerCase();
  const joints: number[] = [];
  let at = 0;
  for (;;) {
    let next = -1;
    for (const part of parts) {
      const end = at + part.length;
      if (end > next && lower.startsWith(part, at) && end >= MIN_PART && lower.length - end >= MIN_PART) next = end;
    }
    if (next === -1) break;
    joints.push(next);
    at = next;
  }
  if (joints.length === 0) return word;
  let out = '';
  let from = 0;
  for (const joint of joints) {
    out += word.slice(from, joint) + SOFT_HYPHEN;
    from = joint;
  }
  return out + word.slice(from);
}

/** `text` with soft hyphens between the parts of its long compound words in `language`; other text unchanged. */
export function softHyphens(text: string, language: string): string {
  const parts = COMPOUND_PARTS[language];
  if (!parts || text.length < LONG_WORD) return text;
  return text.replace(/[\p{L}]+/gu, (word) =>
    word.length >= LONG_WORD && !word.includes(SOFT_HYPHEN) ? splitCompound(word, parts) : word,
  );
}
