// The product list of a multi-unit product: 单位 shows the group's name (the row has no unit of its own, as the
// original's list falls back to unitName), and 查看 lists every barcode row with its unit, not only the first.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MaterialPage } from '../../../features/materials/components/material-page';
import { MATERIAL_VIEWS } from '../../../features/materials/material-specs';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { storage } from '../../../lib/storage';
import { render } from '../../helpers/render';
import { holdButtons, linkNamed, listOf, rowWith, scriptBackend } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

afterEach(() => vi.unstubAllGlobals());

describe('multi-unit products in the product list', () => {
  it('show the unit group in 单位 and every barcode in 查看', async () => {
    const api = scriptBackend({
      'GET /material/list': () =>
        listOf([
          {
            id: 600,
            name: '矿泉水',
            mBarCode: '2000001',
            unit: '',
            unitName: '瓶,箱(1:24)',
            stock: 48,
            purchaseDecimal: 1.2,
            enabled: true,
          },
          { id: 601, name: '铅笔', mBarCode: '2000003', unit: '支', unitName: null, stock: 5, enabled: true },
        ]),
      'GET /materialCategory/getMaterialCategoryTree': () => [],
      'GET /materialsExtend/getDetailList': () => ({
        code: 200,
        data: {
          total: 2,
          rows: [
            {
              id: 1,
              barCode: '2000001',
              commodityUnit: '瓶',
              purchaseDecimal: 1.2,
              commodityDecimal: 2,
              wholesaleDecimal: 1.8,
              lowDecimal: 1.5,
            },
            {
              id: 2,
              barCode: '2000002',
              commodityUnit: '箱',
              purchaseDecimal: 28.8,
              commodityDecimal: 48,
              wholesaleDecimal: 43.2,
              lowDecimal: 36,
            },
          ],
        },
      }),
    });
    rememberIntro(storage, MATERIAL_VIEWS.material.pageKey, 1);
    holdButtons(MATERIAL_VIEWS.material.pageUrl, '1');
    signIn();
    render(
      <App>
        <MaterialPage spec={MATERIAL_VIEWS.material} />
      </App>,
    );
    await screen.findByText('矿泉水');
    expect(rowWith('矿泉水').textContent).toContain('瓶,箱(1:24)');
    expect(rowWith('铅笔').textContent).toContain('支');

    fireEvent.click(linkNamed('查看', rowWith('矿泉水')));
    await screen.findByText('2000002');
    expect(api.callsTo('GET /materialsExtend/getDetailList')[0]!.query.get('materialId')).toBe('600');
    const drawer = document.querySelector('.ant-drawer-body') as HTMLElement;
    await waitFor(() => expect(drawer.textContent).toContain('28.80'));
    const barcodeRows = Array.from(drawer.querySelectorAll('.ant-table-tbody tr')).map((tr) => tr.textContent);
    expect(barcodeRows).toEqual([expect.stringContaining('2000001瓶1.20'), expect.stringContaining('2000002箱28.80')]);
  });
});
