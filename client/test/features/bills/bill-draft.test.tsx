// A bill typed and then lost with its page (the session ended, 重新登录 reloads the shell) is offered back when the
// list shows again: 恢复 opens the form with the typed fields and lines (and its number: no new one is drawn), 丢弃
// forgets it; a save clears it.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { billListPage } from '../../../features/bills/bill-list-page';
import { draftKey } from '../../../lib/draft-keys';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { storage, STORAGE_PREFIX } from '../../../lib/storage';
import { render } from '../../helpers/render';
import { holdButtons, queryButton, scriptBackend, PURCHASE_IN_FORM_ANSWERS } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

const PurchaseInList = billListPage('purchaseIn');
const stored = () => localStorage.getItem(`${STORAGE_PREFIX}${draftKey(63, 63, 'CGRK')}`);

function backend() {
  return scriptBackend({
    'GET /depotHead/list': () => ({ code: 200, data: { rows: [], total: 0 } }),
    ...PURCHASE_IN_FORM_ANSWERS,
    'GET /material/getMaterialByBarCode': () => ({
      code: 200,
      data: [
        {
          id: 7,
          mBarCode: '1000007',
          name: '安全帽',
          commodityUnit: '个',
          purchaseDecimal: 25,
          stock: 3,
          enableSerialNumber: '0',
          enableBatchNumber: '0',
        },
      ],
    }),
    'GET /depotItem/findStockByDepotAndBarCode': () => ({ code: 200, data: { stock: 3 } }),
    'POST /depotHead/addDepotHeadAndDetail': () => ({ code: 200, msg: '操作成功' }),
  });
}

async function showList() {
  rememberIntro(storage, 'CGRK', 1);
  holdButtons('/bill/purchase_in', '1');
  signIn();
  return render(
    <App>
      <PurchaseInList />
    </App>,
  );
}

async function typeABill() {
  fireEvent.click(queryButton('新增')!);
  await screen.findByDisplayValue('CGRK00000000680');
  fireEvent.mouseDown(document.querySelector('.bill-form input#organId')!);
  fireEvent.click(await screen.findByTitle('广州安盾劳保用品厂'));
  fireEvent.change(document.querySelector('textarea#remark')!, { target: { value: '货到付款' } });
  const scan = document.querySelector<HTMLInputElement>('input[id^="bill-scan"]')!;
  fireEvent.change(scan, { target: { value: '1000007' } });
  fireEvent.keyDown(scan, { key: 'Enter' });
  await waitFor(() => expect(document.querySelector<HTMLInputElement>('[aria-label="数量 1"]')?.value).toBe('1'));
  fireEvent.change(document.querySelector('[aria-label="数量 1"]')!, { target: { value: '12' } });
  await waitFor(() => expect(stored()).toContain('"operNumber":12'));
}

const offer = () =>
  waitFor(() =>
    expect(document.querySelector('.ant-modal-confirm .ant-modal-title')?.textContent).toBe('恢复未保存的内容？'),
  );
const offerButton = (label: string) => queryButton(label, document.querySelector('.ant-modal-confirm') as HTMLElement)!;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('bill drafts', () => {
  it('kept as typed, offered back after the page is lost, restored with its number and lines, cleared by the save', async () => {
    const api = backend();
    const first = await showList();
    await typeABill();
    expect(stored()).toContain('货到付款');
    // The session ends under the form: the page goes without a save or a discard.
    first.unmount();
    await showList();
    await offer();
    expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('采购入库');
    const numbersDrawn = api.callsTo('GET /sequence/buildNumber').length;
    fireEvent.click(offerButton('恢复'));
    await screen.findByDisplayValue('CGRK00000000680');
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('[aria-label="数量 1"]')?.value).toBe('12'));
    expect(screen.getByDisplayValue('货到付款')).toBeTruthy();
    expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(numbersDrawn);

    fireEvent.click(queryButton('保存')!);
    await waitFor(() => expect(api.callsTo('POST /depotHead/addDepotHeadAndDetail')).toHaveLength(1));
    const rows = JSON.parse(
      (api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { rows: string }).rows,
    ) as Array<Record<string, unknown>>;
    expect(rows[0]).toMatchObject({ barCode: '1000007', operNumber: 12 });
    expect(
      JSON.parse((api.callsTo('POST /depotHead/addDepotHeadAndDetail')[0]!.body as { info: string }).info),
    ).toMatchObject({ organId: 60, remark: '货到付款', number: 'CGRK00000000680' });
    await waitFor(() => expect(stored()).toBeNull());
  });

  it('丢弃 in the offer forgets the draft; a form closed unchanged leaves none', async () => {
    backend();
    const first = await showList();
    await typeABill();
    first.unmount();
    const second = await showList();
    await offer();
    fireEvent.click(offerButton('丢弃'));
    await waitFor(() => expect(stored()).toBeNull());
    second.unmount();
    await showList();
    fireEvent.click(queryButton('新增')!);
    await screen.findByDisplayValue('CGRK00000000680');
    expect(stored()).toBeNull();
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });
});
