// 附件 on a financial bill over a scripted backend: a stored bill opens with its attachments, a chosen file goes to
// /systemConfig/upload (biz financial) and its stored path joins the list, a removed one leaves, and the save sends
// the paths comma-joined in fileName. The detail lists the attachments as links to where the backend serves them.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FinancialBillDetail } from '../../../features/financial/components/financial-bill-detail';
import { FinancialBillForm } from '../../../features/financial/components/financial-bill-form';
import { BILL_FORM_KINDS } from '../../../features/financial/financial-bill-kinds';
import { emptyRow, headFromDetail } from '../../../features/financial/financial-bill-math';
import { formDialog, scriptBackend } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';
import { render } from '../../helpers/render';
import { button, infoOf, optionRoutes, saved } from './financial-test-kit';

const UPDATE = 'PUT /accountHead/updateAccountHeadAndDetail';
const stored = {
  id: 904,
  type: '支出',
  billNo: 'ZC00000000904',
  billTimeStr: '2026-11-22 09:00:00',
  accountId: 17,
  handsPersonId: 17,
  totalPrice: -100,
  changeAmount: -100,
  remark: '',
  status: '0',
  fileName: 'financial/63/invoice_1763800000000.pdf',
};

function backend() {
  const api = scriptBackend({
    ...optionRoutes,
    'GET /systemConfig/fileSizeLimit': () => ({ code: 200, data: 1024 * 1024 }),
    [UPDATE]: () => saved,
  });
  // The upload's multipart body is no JSON: answered here, everything else by the script.
  const scripted = globalThis.fetch;
  const uploads: { biz: string | null; name: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (!String(input).includes('/systemConfig/upload')) return scripted(input, init);
      const file = (init!.body as FormData).get('file') as File;
      uploads.push({ biz: new URL(input, 'http://localhost').searchParams.get('biz'), name: file.name });
      return new Response(
        JSON.stringify({ code: 200, data: `financial/63/${file.name.replace('.', '_1763900000000.')}` }),
        { headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return { api, uploads };
}

const shownFiles = (dialog: HTMLElement) =>
  Array.from(dialog.querySelectorAll('.ant-upload-list-item-name')).map((n) => n.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('financial bill attachments', () => {
  it('keeps the stored ones, uploads a chosen file to the financial folder, and saves the paths in fileName', async () => {
    const { api, uploads } = backend();
    signIn();
    const onSaved = vi.fn();
    const kind = BILL_FORM_KINDS.itemOut;
    render(
      <App>
        <FinancialBillForm
          kind={kind}
          canAudit={false}
          onClose={vi.fn()}
          onSaved={onSaved}
          target={{
            mode: 'edit',
            head: headFromDetail(stored),
            rows: [{ ...emptyRow(), inOutItemId: 26, eachAmount: 100 }],
            loaded: stored,
          }}
        />
      </App>,
    );
    const dialog = await formDialog();
    await waitFor(() => expect(shownFiles(dialog)).toEqual(['invoice_1763800000000.pdf']));

    fireEvent.change(dialog.querySelector('input[type=file]')!, {
      target: { files: [new File(['r'], 'receipt.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(shownFiles(dialog)).toEqual(['invoice_1763800000000.pdf', 'receipt_1763900000000.png']));
    expect(uploads).toEqual([{ biz: 'financial', name: 'receipt.png' }]);
    expect(screen.getByText('receipt_1763900000000.png').closest('a')!.getAttribute('href')).toBe(
      '/jshERP-boot/systemConfig/static/financial/63/receipt_1763900000000.png',
    );

    fireEvent.click(
      screen.getByText('invoice_1763800000000.pdf').closest('.ant-upload-list-item')!.querySelector('button')!,
    );
    await waitFor(() => expect(shownFiles(dialog)).toEqual(['receipt_1763900000000.png']));

    fireEvent.click(button('保存（Ctrl+S）', dialog));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(infoOf(api.callsTo(UPDATE)[0]!)).toMatchObject({
      id: 904,
      type: '支出',
      fileName: 'financial/63/receipt_1763900000000.png',
    });
  });

  it('the detail lists the attachments as links', async () => {
    backend();
    signIn();
    const head = { ...stored, fileName: 'financial/63/invoice_1763800000000.pdf,financial/63/photo_1763800000001.png' };
    render(
      <App>
        <FinancialBillDetail kind={BILL_FORM_KINDS.itemOut} bill={{ head, rows: [], detail: [] }} onClose={vi.fn()} />
      </App>,
    );
    const photo = await screen.findByText('photo_1763800000001.png');
    expect(photo.getAttribute('href')).toBe('/jshERP-boot/systemConfig/static/financial/63/photo_1763800000001.png');
    expect(screen.getByText('invoice_1763800000000.pdf').getAttribute('href')).toBe(
      '/jshERP-boot/systemConfig/static/financial/63/invoice_1763800000000.pdf',
    );
  });
});
