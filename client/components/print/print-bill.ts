// The print sheet of every bill, and printing it through a hidden iframe holding only the sheet, so the page around
// it (menus, tabs) never reaches the printer and the user's page keeps its state. Every value is escaped: bill text
// comes from users.
// A4: company and title, the head fields in a grid, the line table (its header repeated on every page, a line never
// split across pages, numbers right-aligned), totals, signatures, and "page n of m" at each page's foot.
// 80 mm / 58 mm roll (till receipt): narrow, no borders, each line as its name then `quantity unit × price = amount`,
// totals (收款 / 找零 are among them for retail) as label … value, a thank-you line at the foot.
// No word or code is ever split across lines (`Barc/ode`, `1000/007`): text breaks only where the language allows
// (spaces; between CJK characters), codes and numbers not at all, and a value that does not fit beside its label
// moves under it whole.
import { fetchSystemConfigData } from '../../lib/backend/calls';
import { currentLanguage, t } from '../../lib/i18n/i18n';
import type { PrintColumn, PrintableBill, PrintField, PrintLayout } from './printable-bill';

/** The logo printed beside the company name: the system's own (系统配置 stores none). */
export const PRINT_LOGO_PATH = '/favicon.svg';

export const escapeHtml = (text: unknown) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A CSS string literal of `text` (safe inside <style>: quotes, backslashes and `<` escaped). */
const cssString = (text: string) => `"${text.replace(/[\\"<>\n]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;

/** `第 {page} 页 / 共 {pages} 页` as CSS `content`: the translated words around the page counters. */
function pageNumberContent(): string {
  // Without parameters t() leaves the {page} and {pages} placeholders in place.
  return t('print.page')
    .split(/(\{page\}|\{pages\})/)
    .filter((part) => part !== '')
    .map((part) => (part === '{page}' ? 'counter(page)' : part === '{pages}' ? 'counter(pages)' : cssString(part)))
    .join(' ');
}

/** After a label: the full-width colon in Chinese and Japanese, a colon and a space elsewhere. */
const labelColon = () => cssString(/^(zh|ja)/.test(currentLanguage()) ? '：' : ': ');

const fieldList = (list: PrintField[], className: string) =>
  list.length === 0
    ? ''
    : `<div class="${className}">${list
        .map(
          (f) =>
            `<div class="field"><span class="label">${escapeHtml(f.label)}</span><span class="value">${escapeHtml(f.value)}</span></div>`,
        )
        .join('')}</div>`;

const heading = (bill: PrintableBill) => {
  const logo = bill.logo ? `<img class="logo" src="${escapeHtml(bill.logo)}" alt="">` : '';
  const company =
    bill.company || logo ? `<div class="company">${logo}<span>${escapeHtml(bill.company ?? '')}</span></div>` : '';
  const contact = [
    bill.address
      ? `<span class="contact-item">${escapeHtml(t('print.address'))}<span class="colon"></span>${escapeHtml(bill.address)}</span>`
      : '',
    bill.phone
      ? `<span class="contact-item">${escapeHtml(t('print.phone'))}<span class="colon"></span><span class="code">${escapeHtml(bill.phone)}</span></span>`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `${company}${contact ? `<div class="contact">${contact}</div>` : ''}<h1>${escapeHtml(bill.title)}</h1>`;
};

const STYLE_A4 =
  () => `@page { size: A4 portrait; margin: 12mm 12mm 16mm; @bottom-center { content: ${pageNumberContent()}; font-size: 9pt; color: #555; } }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font: 10.5pt/1.5 "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", sans-serif; color: #000; }
${commonStyle()}
.company { text-align: center; font-size: 12pt; } .company .logo { height: 1.6em; vertical-align: middle; margin-right: 6px; }
.contact { text-align: center; font-size: 9pt; } .contact .contact-item { margin: 0 8px; }
h1 { text-align: center; font-size: 16pt; letter-spacing: 2px; margin: 2px 0 8px; }
.head { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 2px 16px; margin-bottom: 6px; }
.field { display: flex; flex-wrap: wrap; column-gap: 4px; min-width: 0; } .field .label { white-space: nowrap; color: #333; }
table { width: 100%; border-collapse: collapse; font-size: 9.5pt; }
thead { display: table-header-group; } tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1px solid #000; padding: 3px 4px; vertical-align: top; }
th { background: #f2f2f2; font-weight: 600; text-align: center; }
td.right { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; } td.left { text-align: left; }
.totals { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 2px 24px; margin-top: 6px; break-inside: avoid; }
.totals .value { font-variant-numeric: tabular-nums; font-weight: 600; }
.signatures { display: flex; flex-wrap: wrap; gap: 8px 32px; margin-top: 18px; break-inside: avoid; }
.signatures .field { flex: 1 1 0; min-width: 30%; } .signatures .value { flex: 1; border-bottom: 1px solid #000; min-height: 1.5em; }
@media screen { html { background: #e9e9e9; } body { width: 186mm; min-height: 269mm; margin: 12px auto; padding: 12mm; background: #fff; box-shadow: 0 1px 6px rgba(0,0,0,.2); } }`;

const RECEIPT_MARGIN_MM = 3;

/** Shared by every layout: words and codes stay whole (no overflow-wrap: anywhere, no hyphenation). */
const commonStyle = () => `* { overflow-wrap: normal; word-break: normal; hyphens: manual; }
.code, td.code, .totals .value { white-space: nowrap; }
.field .label::after, .contact .colon::after { content: ${labelColon()}; }`;

// The page length here is only the fallback: fitReceiptPage sets it to the content's length before printing.
const STYLE_RECEIPT = (paperMm: number) => {
  const width = paperMm - RECEIPT_MARGIN_MM * 2;
  const small = paperMm < 70;
  return `@page { size: ${paperMm}mm 297mm; margin: ${RECEIPT_MARGIN_MM}mm; }
body { margin: 0; width: ${width}mm; font: ${small ? '8pt' : '9pt'}/1.45 "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", sans-serif; color: #000; }
${commonStyle()}
.company { text-align: center; font-weight: 600; font-size: ${small ? '9pt' : '10.5pt'}; } .company .logo { height: 1.4em; vertical-align: middle; margin-right: 4px; }
.contact { text-align: center; } .contact .contact-item { display: inline-block; }
h1 { text-align: center; font-size: ${small ? '9pt' : '10.5pt'}; margin: 0 0 4px; }
.rule { border: 0; border-top: 1px dashed #000; margin: 4px 0; }
.head .field, .totals .field, .signatures .field { display: flex; flex-wrap: wrap; justify-content: space-between; column-gap: 8px; }
.head .field .value, .totals .field .value, .signatures .field .value { margin-left: auto; text-align: right; }
.line { break-inside: avoid; margin: 2px 0; }
.line .calc { display: flex; flex-wrap: wrap; justify-content: space-between; column-gap: 8px; font-variant-numeric: tabular-nums; }
.line .calc > span { white-space: nowrap; } .line .amount { margin-left: auto; text-align: right; }
.totals .value { font-variant-numeric: tabular-nums; font-weight: 600; }
.thanks { text-align: center; margin-top: 6px; }
@media screen { html { background: #e9e9e9; } body { margin: 12px auto; padding: ${RECEIPT_MARGIN_MM}mm; background: #fff; box-shadow: 0 1px 6px rgba(0,0,0,.2); } }`;
};

const RECEIPT_PAPER_MM: Record<Exclude<PrintLayout, 'a4'>, number> = { receipt80: 80, receipt58: 58 };

/** Which column plays which part in a receipt line: the column's own `receipt`, else the usual bill keys. */
function receiptColumns(columns: PrintColumn[]) {
  const find = (part: NonNullable<PrintColumn['receipt']>, keys: string[]) =>
    columns.find((c) => c.receipt === part) ?? columns.find((c) => c.receipt === undefined && keys.includes(c.key));
  return {
    name: find('name', ['name', 'materialName']) ?? columns[0],
    quantity: find('quantity', ['operNumber', 'quantity']),
    unit: find('unit', ['unit', 'unitName']),
    price: find('price', ['unitPrice', 'price']),
    amount: find('amount', ['allPrice', 'amount']),
  };
}

function a4Sheet(bill: PrintableBill): string {
  const head = bill.columns.map((c) => `<th>${escapeHtml(c.title)}</th>`).join('');
  const rows = bill.rows
    .map(
      (row) =>
        `<tr>${bill.columns.map((c) => `<td class="${c.align ?? 'left'}${c.code ? ' code' : ''}">${escapeHtml(row[c.key])}</td>`).join('')}</tr>`,
    )
    .join('');
  return `${heading(bill)}${fieldList(bill.head, 'head')}
<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>
${fieldList(bill.totals, 'totals')}${fieldList(bill.footer, 'signatures')}`;
}

function receiptSheet(bill: PrintableBill): string {
  const parts = receiptColumns(bill.columns);
  const cell = (row: PrintableBill['rows'][number], column: PrintColumn | undefined) =>
    column ? escapeHtml(row[column.key]) : '';
  const lines = bill.rows
    .map((row) => {
      const quantity = [cell(row, parts.quantity), cell(row, parts.unit)].filter((part) => part !== '').join(' ');
      const calc = [quantity, cell(row, parts.price)].filter((part) => part !== '').join(' × ');
      return `<div class="line"><div class="name">${cell(row, parts.name)}</div><div class="calc"><span>${calc}</span><span class="amount">${
        parts.amount ? `= ${cell(row, parts.amount)}` : ''
      }</span></div></div>`;
    })
    .join('');
  const rule = '<hr class="rule">';
  return `${heading(bill)}${fieldList(bill.head, 'head')}${rule}<div class="lines">${lines}</div>${rule}${fieldList(bill.totals, 'totals')}${
    bill.footer.length > 0 ? rule + fieldList(bill.footer, 'signatures') : ''
  }${bill.thanks ? `<div class="thanks">${escapeHtml(t('print.thanks'))}</div>` : ''}`;
}

/** The whole print document of `bill` in `layout`: a standalone HTML page, every value escaped. */
export function printSheetHtml(bill: PrintableBill, layout: PrintLayout): string {
  const a4 = layout === 'a4';
  return `<!doctype html><html lang="${escapeHtml(document.documentElement.lang || 'zh-CN')}"><head><meta charset="utf-8"><title>${escapeHtml(bill.title)} ${escapeHtml(
    bill.number,
  )}</title><style>${a4 ? STYLE_A4() : STYLE_RECEIPT(RECEIPT_PAPER_MM[layout])}</style></head><body class="${a4 ? 'sheet-a4' : `sheet-receipt sheet-${layout}`}">
${a4 ? a4Sheet(bill) : receiptSheet(bill)}
</body></html>`;
}

/**
 * The bill with the company of the system settings (systemConfig companyName, companyAddress, companyTel) where the
 * caller gave none, and the logo. A failed read prints without them.
 */
export async function withCompanyName(bill: PrintableBill): Promise<PrintableBill> {
  const logo = bill.logo ?? new URL(PRINT_LOGO_PATH, window.location.href).href;
  try {
    const config = (await fetchSystemConfigData()) ?? {};
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    return {
      ...bill,
      logo,
      company: bill.company || text(config.companyName),
      address: bill.address ?? text(config.companyAddress),
      phone: bill.phone ?? text(config.companyTel),
    };
  } catch {
    return { ...bill, logo };
  }
}

/**
 * Makes a receipt's page exactly as long as its content: CSS cannot say "80 mm wide, as long as needed", and a roll
 * printer feeds the whole page length, so a fixed A4-long page would waste paper after every short receipt.
 * Call it on the sheet's document once laid out, before printing; an A4 sheet is left alone.
 */
export function fitReceiptPage(doc: Document): void {
  if (!doc.body?.classList.contains('sheet-receipt')) return;
  const height = doc.body.scrollHeight;
  if (height <= 0) return;
  const millimetres = Math.ceil((height * 25.4) / 96) + RECEIPT_MARGIN_MM * 2 + 2;
  doc.getElementById('receipt-page')?.remove();
  const style = doc.createElement('style');
  style.id = 'receipt-page';
  style.textContent = `@page { size: 80mm ${millimetres}mm; }`;
  doc.head.appendChild(style);
}

/** Type sizes (pt) of the line table's cells and header tried in turn: the header's words first, then the whole table. */
const A4_TABLE_STEPS: readonly (readonly [cells: number, header: number])[] = [
  [9.5, 9],
  [9.5, 8.5],
  [9.5, 8],
  [9.5, 7.5],
  [9.5, 7],
  [9, 7],
  [8.5, 7],
  [8, 7],
  [7.5, 7],
  [7, 7],
  [6.5, 6.5],
];

/**
 * Narrows an A4 sheet's line table to the paper: words are never split, so a language with long header words
 * (Russian: Характеристики, Количество; German: Spezifikation) made the table wider than the sheet. The header's
 * type steps down first (to 7 pt), then the lines' (to 6.5 pt at the least), until the table fits the sheet's text
 * width (the same 186 mm on screen and on paper). Call it on the sheet's document once laid out; a receipt is left
 * alone.
 */
export function fitA4Table(doc: Document): void {
  const table = doc.body?.classList.contains('sheet-a4') ? doc.querySelector<HTMLElement>('table') : null;
  if (!table) return;
  const style = doc.defaultView?.getComputedStyle(doc.body);
  const width = doc.body.clientWidth - parseFloat(style?.paddingLeft ?? '0') - parseFloat(style?.paddingRight ?? '0');
  if (!(width > 0)) return;
  doc.getElementById('a4-fit')?.remove();
  const fit = doc.createElement('style');
  fit.id = 'a4-fit';
  doc.head.appendChild(fit);
  for (const [cells, header] of A4_TABLE_STEPS) {
    if (table.offsetWidth <= width + 0.5) return;
    fit.textContent = `table { font-size: ${cells}pt; } th { font-size: ${header}pt; }`;
  }
}

/** Fits the sheet to its paper before it is shown or printed: an A4 table to the sheet's width, a receipt's page to its length. */
export function fitSheet(doc: Document): void {
  fitA4Table(doc);
  fitReceiptPage(doc);
}

/** Prints `bill` at once through a hidden iframe (removed after printing). */
export function printBill(bill: PrintableBill, layout: PrintLayout = 'a4'): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.title = t('print.sheet');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(printSheetHtml(bill, layout));
  doc.close();
  fitSheet(doc);
  const win = frame.contentWindow!;
  win.addEventListener('afterprint', () => frame.remove(), { once: true });
  win.focus();
  win.print();
}
