// Prints a bill through a hidden iframe holding only the sheet, so the page around it (menus, tabs) never
// reaches the printer and the user's page keeps its state. Every value is escaped: bill text comes from users.
import type { PrintableBill, PrintLayout } from './printable-bill';

const escapeHtml = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const fields = (list: PrintableBill['head']) =>
  list.map((f) => `<span class="field"><b>${escapeHtml(f.label)}:</b> ${escapeHtml(f.value)}</span>`).join('');

export function printSheetHtml(bill: PrintableBill, layout: PrintLayout): string {
  const head = bill.columns.map((c) => `<th class="${c.align ?? 'left'}">${escapeHtml(c.title)}</th>`).join('');
  const rows = bill.rows
    .map((row) => `<tr>${bill.columns.map((c) => `<td class="${c.align ?? 'left'}">${escapeHtml(row[c.key])}</td>`).join('')}</tr>`)
    .join('');
  const page = layout === 'a4' ? '@page { size: A4 portrait; margin: 12mm; }' : '@page { size: 80mm auto; margin: 3mm; }';
  const width = layout === 'a4' ? 'auto' : '74mm';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(bill.title)} ${escapeHtml(bill.number)}</title>
<style>${page} body { font: ${layout === 'a4' ? 12 : 11}px sans-serif; width: ${width}; margin: 0; }
h1 { font-size: ${layout === 'a4' ? 18 : 14}px; text-align: center; margin: 4px 0; } .company { text-align: center; }
.fields { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 6px 0; } table { width: 100%; border-collapse: collapse; }
th, td { border: 1px solid #000; padding: 2px 4px; } .right { text-align: right; }</style></head><body>
${bill.company ? `<div class="company">${escapeHtml(bill.company)}</div>` : ''}<h1>${escapeHtml(bill.title)}</h1>
<div class="fields">${fields(bill.head)}</div>
<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>
<div class="fields">${fields(bill.totals)}</div><div class="fields">${fields(bill.footer)}</div></body></html>`;
}

export function printBill(bill: PrintableBill, layout: PrintLayout = 'a4'): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(printSheetHtml(bill, layout));
  doc.close();
  const win = frame.contentWindow!;
  win.addEventListener('afterprint', () => frame.remove(), { once: true });
  win.focus();
  win.print();
}
