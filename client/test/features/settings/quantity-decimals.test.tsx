// 数量小数位: the backend keeps six decimals (0.333333 箱 × 12 is 4.999996 个); the report shows them with the decimals
// chosen in the settings drawer, money with two, and redraws when the choice changes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ListView } from '../../../components/table-page/list-view';
import { reportSpec } from '../../../features/reports/report-specs';
import { SettingsDrawer } from '../../../features/settings/components/settings-drawer';
import { showQuantityDecimals } from '../../../lib/number-format';
import { storage, StorageKeys } from '../../../lib/storage';
import { fakeBackend } from '../../helpers/fake-backend';
import { renderInShell } from '../../helpers/render-page';

beforeEach(() => storage.set('intro_cache_materialStock', 1));
afterEach(() => {
  storage.remove(StorageKeys.quantityDecimals);
  showQuantityDecimals(3);
  vi.unstubAllGlobals();
});

it("a report's six-decimal stock shows with the chosen decimals, its money with two; a new choice redraws it", async () => {
  fakeBackend({
    '/depot/findDepotByCurrentUser': { code: 200, data: [] },
    '/material/getListWithStock': {
      code: 200,
      data: {
        rows: [
          {
            id: 1,
            mBarCode: '1007',
            name: '商品8',
            unitName: '个,箱(1:12)',
            purchaseDecimal: 12.345678,
            initialStock: 0,
            currentStock: 4.999996,
            currentStockPrice: 61.728340617288,
            currentWeight: 0,
          },
        ],
        total: 1,
      },
    },
  });
  renderInShell(
    <>
      <ListView spec={reportSpec('materialStock')} />
      <SettingsDrawer open onClose={() => undefined} />
    </>,
  );
  const row = (await screen.findByText('商品8')).closest('tr')!;
  const cells = () => Array.from(row.querySelectorAll('td')).map((td) => td.textContent);
  expect(cells()).toContain('5');
  expect(cells()).toContain('61.73');
  expect(cells()).toContain('12.35');
  expect(cells().join(' ')).not.toMatch(/4\.999996|61\.7283/);

  const choice = within(screen.getByTestId('setting-quantityDecimals')).getByRole('combobox');
  fireEvent.mouseDown(choice);
  fireEvent.click(await screen.findByTitle('6'));
  await waitFor(() => expect(cells()).toContain('4.999996'));
  expect(storage.get(StorageKeys.quantityDecimals)).toBe(6);
  expect(cells()).toContain('61.73');
});
