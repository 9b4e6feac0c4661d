// The print sheet as a printer would get it: parsed from the produced HTML, the way a browser builds the iframe.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitReceiptPage, printBill, printSheetHtml } from '../../../components/print/print-bill';
import type { PrintableBill } from '../../../components/print/printable-bill';
import { DEFAULT_LANGUAGE, languageLoaders, setLanguage } from '../../../lib/i18n/i18n';

const HOSTILE = '<img src=x onerror="alert(1)">&\'"';

const bill: PrintableBill = {
  company: '南通某某贸易有限公司',
  title: '零售出库',
  number: 'LSCK00000000321',
  head: [
    { label: '单据编号', value: 'LSCK00000000321' },
    { label: '单据日期', value: '2026-11-23 10:00:00' },
    { label: '会员卡号', value: HOSTILE },
  ],
  columns: [
    { key: 'barCode', title: '条码' },
    { key: 'name', title: '名称' },
    { key: 'operNumber', title: '数量', align: 'right' },
    { key: 'unitPrice', title: '单价', align: 'right' },
    { key: 'allPrice', title: '金额', align: 'right' },
  ],
  rows: [
    { barCode: '1001', name: '铅笔', operNumber: '2', unitPrice: '1.50', allPrice: '3.00' },
    { barCode: '1002', name: HOSTILE, operNumber: '1', unitPrice: '12.00', allPrice: '12.00' },
  ],
  totals: [
    { label: '合计', value: '15.00' },
    { label: '收款', value: '20.00' },
    { label: '找零', value: '5.00' },
  ],
  footer: [
    { label: '制单人', value: 'jsh' },
    { label: '审核人', value: '' },
  ],
};

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const texts = (doc: Document, selector: string) =>
  Array.from(doc.querySelectorAll(selector)).map((n) => n.textContent?.trim());

afterEach(() => {
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
  vi.restoreAllMocks();
});

describe('printSheetHtml, A4', () => {
  const doc = parse(printSheetHtml(bill, 'a4'));

  it('shows the company, the title, the head fields, the line table, totals and signatures', () => {
    expect(doc.querySelector('.company')?.textContent).toBe('南通某某贸易有限公司');
    expect(doc.querySelector('h1')?.textContent).toBe('零售出库');
    expect(texts(doc, '.head .label')).toEqual(['单据编号', '单据日期', '会员卡号']);
    expect(texts(doc, 'thead th')).toEqual(['条码', '名称', '数量', '单价', '金额']);
    expect(texts(doc, 'tbody tr:first-child td')).toEqual(['1001', '铅笔', '2', '1.50', '3.00']);
    expect(texts(doc, '.totals .field')).toEqual(['合计15.00', '收款20.00', '找零5.00']);
    expect(texts(doc, '.signatures .label')).toEqual(['制单人', '审核人']);
    expect(doc.title).toBe('零售出库 LSCK00000000321');
  });

  it('right-aligns the number columns and only them', () => {
    const classes = Array.from(doc.querySelectorAll('tbody tr:first-child td')).map((td) => td.className);
    expect(classes).toEqual(['left', 'left', 'right', 'right', 'right']);
    const style = doc.querySelector('style')?.textContent ?? '';
    expect(style).toMatch(/td\.right \{ text-align: right;/);
  });

  it('prints on A4 portrait with the table header repeated on every page and page numbers at the foot', () => {
    const style = doc.querySelector('style')?.textContent ?? '';
    expect(style).toContain('size: A4 portrait');
    expect(style).toContain('thead { display: table-header-group; }');
    expect(style).toContain('.field .label::after, .contact .colon::after { content: "："; }');
    expect(style).toMatch(/@bottom-center \{ content: "第 " counter\(page\) " 页 \/ 共 " counter\(pages\) " 页"/);
  });

  it('words the page numbers and the label colons in the page language', async () => {
    languageLoaders['en-US'] = () => import('../../../lib/i18n/en-US');
    await setLanguage('en-US');
    try {
      const style = parse(printSheetHtml(bill, 'a4')).querySelector('style')?.textContent ?? '';
      expect(style).toMatch(/@bottom-center \{ content: "Page " counter\(page\) " of " counter\(pages\);/);
      expect(style).toContain('.field .label::after, .contact .colon::after { content: ": "; }');
    } finally {
      await setLanguage(DEFAULT_LANGUAGE);
    }
  });

  it('keeps user text as text: no element, attribute or handler comes out of a value', () => {
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.querySelector('[onerror]')).toBeNull();
    expect(doc.querySelector('.head .field:nth-child(3) .value')?.textContent).toBe(HOSTILE);
    expect(doc.querySelector('tbody tr:nth-child(2) td:nth-child(2)')?.textContent).toBe(HOSTILE);
    const hostileTitle = parse(
      printSheetHtml({ ...bill, title: '</title><script>x()</script>', company: '</style><b>co</b>' }, 'a4'),
    );
    expect(hostileTitle.querySelector('script')).toBeNull();
    expect(hostileTitle.querySelector('b')).toBeNull();
    expect(hostileTitle.querySelector('h1')?.textContent).toBe('</title><script>x()</script>');
    expect(hostileTitle.querySelector('.company')?.textContent).toBe('</style><b>co</b>');
  });
});

describe('printSheetHtml, 80 mm receipt', () => {
  const doc = parse(printSheetHtml(bill, 'receipt80'));

  it('is narrow, without a table: each line is its name then quantity × price = amount', () => {
    const style = doc.querySelector('style')?.textContent ?? '';
    expect(style).toContain('size: 80mm');
    expect(style).toContain('width: 74mm');
    expect(doc.querySelector('table')).toBeNull();
    expect(texts(doc, '.line .name')).toEqual(['铅笔', HOSTILE]);
    expect(texts(doc, '.line .calc')).toEqual(['2 × 1.50= 3.00', '1 × 12.00= 12.00']);
    expect(texts(doc, '.line .amount')).toEqual(['= 3.00', '= 12.00']);
    expect(doc.body.textContent).not.toContain('1001');
  });

  it('lists totals with 收款 and 找零 as label … value, and the signatures', () => {
    expect(texts(doc, '.totals .label')).toEqual(['合计', '收款', '找零']);
    expect(texts(doc, '.totals .value')).toEqual(['15.00', '20.00', '5.00']);
    expect(texts(doc, '.signatures .label')).toEqual(['制单人', '审核人']);
    expect(doc.querySelector('img')).toBeNull();
  });

  it('takes the receipt parts from the columns when their keys are not the usual ones', () => {
    const custom = parse(
      printSheetHtml(
        {
          ...bill,
          columns: [
            { key: 'goods', title: '商品', receipt: 'name' },
            { key: 'qty', title: '数量', receipt: 'quantity' },
            { key: 'sum', title: '金额', receipt: 'amount' },
          ],
          rows: [{ goods: '橡皮', qty: '3', sum: '6.00' }],
        },
        'receipt80',
      ),
    );
    expect(texts(custom, '.line .name')).toEqual(['橡皮']);
    expect(texts(custom, '.line .calc span:first-child')).toEqual(['3']);
    expect(texts(custom, '.line .amount')).toEqual(['= 6.00']);
  });
});

describe('fitReceiptPage', () => {
  const laidOut = (layout: 'a4' | 'receipt80', height: number) => {
    const doc = parse(printSheetHtml(bill, layout));
    Object.defineProperty(doc.body, 'scrollHeight', { value: height });
    fitReceiptPage(doc);
    return Array.from(doc.querySelectorAll('style')).map((style) => style.textContent ?? '');
  };

  it('makes the receipt page as long as its content (431 px of content = 114 mm, plus margins)', () => {
    expect(laidOut('receipt80', 431).at(-1)).toBe('@page { size: 80mm 123mm; }');
  });

  it('leaves an A4 sheet alone', () => {
    expect(laidOut('a4', 2000)).toHaveLength(1);
  });
});

describe('printBill', () => {
  it('prints the sheet from a hidden iframe and removes the iframe after printing', () => {
    const print = vi.fn();
    printBillWith(print);
    const frame = document.querySelector('iframe')!;
    expect(frame).not.toBeNull();
    expect(frame.getAttribute('aria-hidden')).toBe('true');
    expect(frame.contentDocument?.querySelector('h1')?.textContent).toBe('零售出库');
    expect(frame.contentDocument?.querySelector('table')).toBeNull();
    expect(print).toHaveBeenCalledTimes(1);
    frame.contentWindow!.dispatchEvent(new Event('afterprint'));
    expect(document.querySelector('iframe')).toBeNull();
  });
});

/** printBill with the iframe window's print() and focus() replaced (jsdom implements neither). */
function printBillWith(print: () => void) {
  const append = document.body.appendChild.bind(document.body);
  vi.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const added = append(node);
    if (node instanceof HTMLIFrameElement) Object.assign(node.contentWindow!, { print, focus: () => {} });
    return added;
  });
  printBill(bill, 'receipt80');
}

describe('sheet details: company block, 58 mm, units, footer, no split words', () => {
  const full: PrintableBill = {
    ...bill,
    address: '南通市崇川区工农路 1 号',
    phone: '0513-8888 6666',
    logo: 'http://localhost/favicon.svg',
    columns: [...bill.columns.slice(0, 2), { key: 'unit', title: '单位' }, ...bill.columns.slice(2)],
    rows: bill.rows.map((r, i) => ({ ...r, unit: i === 0 ? '支' : '箱' })),
  };

  it('puts the logo, the address and the phone under the company on every layout', () => {
    for (const layout of ['a4', 'receipt80', 'receipt58'] as const) {
      const doc = parse(printSheetHtml(full, layout));
      expect(doc.querySelector('.company img.logo')?.getAttribute('src')).toBe('http://localhost/favicon.svg');
      expect(doc.querySelector('.contact')?.textContent).toBe('地址南通市崇川区工农路 1 号 电话0513-8888 6666');
    }
  });

  it("prints each receipt line with its unit, and a customer's receipt thanks at the foot", () => {
    const doc = parse(printSheetHtml({ ...full, thanks: true }, 'receipt80'));
    expect(texts(doc, '.line .calc > span:first-child')).toEqual(['2 支 × 1.50', '1 箱 × 12.00']);
    expect(doc.querySelector('.thanks')?.textContent).toBe('谢谢惠顾，欢迎再次光临！');
    expect(parse(printSheetHtml({ ...full, thanks: true }, 'a4')).querySelector('.thanks')).toBeNull();
    expect(parse(printSheetHtml(full, 'receipt80')).querySelector('.thanks'), "a supplier's: no thanks").toBeNull();
  });

  it('sizes the 58 mm roll as its paper: 52 mm of text between 3 mm margins, a smaller type', () => {
    const style = parse(printSheetHtml(full, 'receipt58')).querySelector('style')!.textContent!;
    expect(style).toContain('@page { size: 58mm 297mm; margin: 3mm; }');
    expect(style).toContain('width: 52mm; font: 8pt/1.45');
    expect(parse(printSheetHtml(full, 'receipt58')).body.className).toBe('sheet-receipt sheet-receipt58');
  });

  it('never allows a word or a code to be cut: no break-anywhere rule, codes and amounts unbreakable', () => {
    for (const layout of ['a4', 'receipt80', 'receipt58'] as const) {
      const style = parse(
        printSheetHtml(
          { ...full, columns: full.columns.map((c) => (c.key === 'barCode' ? { ...c, code: true } : c)) },
          layout,
        ),
      ).querySelector('style')!.textContent!;
      expect(style).not.toMatch(/overflow-wrap:\s*anywhere|word-break:\s*break-all/);
      expect(style).toContain('* { overflow-wrap: normal; word-break: normal; hyphens: manual; }');
      expect(style).toContain('.code, td.code, .totals .value { white-space: nowrap; }');
    }
    const doc = parse(
      printSheetHtml(
        { ...full, columns: full.columns.map((c) => (c.key === 'barCode' ? { ...c, code: true } : c)) },
        'a4',
      ),
    );
    expect(doc.querySelector('tbody td')?.className).toBe('left code');
  });
});
