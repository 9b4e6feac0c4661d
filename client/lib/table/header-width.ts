// Column widths that fit the translated header: a header may wrap between words but never inside one, so a
// column is at least as wide as its longest word (English and Russian titles are far longer than the Chinese
// widths the pages were laid out for). Widths are estimated from character classes, no DOM measuring.

/** Estimated width in px of text at the table header's 14 px semibold font. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x2e80)
      width += 15; // CJK, kana, hangul, full-width forms
    else if (/[A-Z\u0400-\u042F]/.test(ch))
      width += 10; // Latin and Cyrillic capitals
    else if (/[mwMWшщжыюмШЩЖЫЮМ]/.test(ch)) width += 12;
    else if (/[ilIjtf.,:;'|!()\s]/.test(ch)) width += 5;
    else width += 8.5;
  }
  return Math.ceil(width);
}

/** Cell padding (8 px a side in a middle-size table) plus the resize handle and a margin for rounding. */
const HEADER_CHROME = 16 + 8 + 4;
/** The sort arrows beside a sortable title. */
const SORTER_WIDTH = 22;

/** The narrowest width that shows the header's longest word whole. */
export function headerMinWidth(title: string, sortable = false): number {
  const longestWord = title.split(/\s+/).reduce((max, word) => Math.max(max, textWidth(word)), 0);
  return longestWord + HEADER_CHROME + (sortable ? SORTER_WIDTH : 0);
}

/** Width of a row of links (the action column): the labels side by side with the separating gaps. */
export function linksWidth(labels: readonly string[], gap = 4): number {
  return labels.reduce((sum, label) => sum + textWidth(label), 0) + gap * Math.max(0, labels.length - 1) + 16 + 2;
}
