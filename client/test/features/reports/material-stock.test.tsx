// 商品库存 as the original's MaterialStock: its 仓库 filter takes several depots and sends them as depotIds; a row's
// 分布 opens the product's stock per depot (getMaterialDepotStock over the same depots) under the original's title;
// 图片, chosen in 列设置, shows the product's first picture small and, on a click, large.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MaterialStockPage from '../../../features/reports/material-stock';
import { storage } from '../../../lib/storage';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { linkNamed, scriptBackend } from '../../helpers/form-page';
import { renderInShell } from '../../helpers/render-page';

const product = {
  id: 568,
  mBarCode: '1000001',
  name: '螺丝刀套装',
  unitName: '套',
  purchaseDecimal: 30,
  initialStock: 0,
  currentStock: 52,
  currentStockPrice: 1560,
  currentWeight: 0,
  imgName: 'material/2026/11/tools.png,material/2026/11/box.png',
  imgSmall: '',
  imgLarge: '',
};

function backend() {
  return scriptBackend({
    'GET /material/getListWithStock': () => ({
      code: 200,
      data: {
        rows: [product],
        total: 1,
        currentStock: 52,
        currentStockPrice: 1560,
        currentWeight: 0,
        showStockPrice: true,
        moveAvgPriceFlag: false,
      },
    }),
    'GET /depot/findDepotByCurrentUser': () => ({
      code: 200,
      data: [
        { id: 14, depotName: '总仓库' },
        { id: 15, depotName: '东区仓库' },
        { id: 16, depotName: '西区仓库' },
      ],
    }),
    'GET /material/getMaterialDepotStock': () => ({
      code: 200,
      data: {
        rows: [
          {
            id: 5680014,
            materialId: 568,
            depotId: 14,
            depotName: '总仓库',
            currentNumber: 40,
            unitPrice: 30,
            allPrice: 1200,
          },
          {
            id: 5680015,
            materialId: 568,
            depotId: 15,
            depotName: '东区仓库',
            currentNumber: 12,
            unitPrice: 30,
            allPrice: 360,
          },
        ],
        total: 2,
      },
    }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  storage.remove('materialStock');
});

describe('商品库存', () => {
  it('仓库 sends the chosen depots as depotIds, and 分布 shows the stock per depot over them', async () => {
    rememberIntro(storage, 'materialStock', 1);
    const api = backend();
    renderInShell(<MaterialStockPage />);
    await screen.findByText('螺丝刀套装');
    expect(api.callsTo('GET /material/getListWithStock')[0]!.query.get('depotIds') ?? '').toBe('');
    // 图片 is not among the default columns.
    expect(document.querySelector('.list-thumb')).toBeNull();

    const depotSelect = document.querySelector('input[id$="_depotIds"]')!;
    fireEvent.mouseDown(depotSelect);
    fireEvent.click(await screen.findByText('总仓库', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(await screen.findByText('东区仓库', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.callsTo('GET /material/getListWithStock').at(-1)!.query.get('depotIds')).toBe('14,15'),
    );

    fireEvent.click(linkNamed('分布', screen.getByText('螺丝刀套装').closest('tr')!));
    const dialog = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-modal');
      expect(open?.querySelector('.ant-modal-title')?.textContent).toBe(
        '查看商品库存分布（条码：1000001，名称：螺丝刀套装）',
      );
      return open!;
    });
    await within(dialog).findByText('东区仓库');
    const query = api.callsTo('GET /material/getMaterialDepotStock')[0]!.query;
    expect([query.get('materialId'), query.get('depotIds')]).toEqual(['568', '14,15']);
    const rows = Array.from(dialog.querySelectorAll('tbody tr.ant-table-row')).map((tr) =>
      Array.from(tr.querySelectorAll('td')).map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['1', '总仓库', '40', '30.00', '1,200.00'],
      ['2', '东区仓库', '12', '30.00', '360.00'],
    ]);
    expect(within(dialog).getByText('仓库名称')).toBeTruthy();
    expect(within(dialog).getByText('成本价')).toBeTruthy();
  });

  it('图片, once chosen, shows the first picture small and large on a click', async () => {
    rememberIntro(storage, 'materialStock', 1);
    storage.set('materialStock', 'imgName,mBarCode,name,currentStock');
    backend();
    renderInShell(<MaterialStockPage />);
    await screen.findByText('螺丝刀套装');
    const thumb = document.querySelector<HTMLButtonElement>('.list-thumb')!;
    expect(thumb.getAttribute('aria-label')).toBe('查看大图');
    expect(thumb.querySelector('img')!.getAttribute('src')).toMatch(
      /\/systemConfig\/static\/material\/2026\/11\/tools\.png$/,
    );
    fireEvent.click(thumb);
    await waitFor(() =>
      expect(document.querySelector('.ant-popover img')?.getAttribute('src')).toMatch(
        /\/systemConfig\/static\/material\/2026\/11\/tools\.png$/,
      ),
    );
  });
});
