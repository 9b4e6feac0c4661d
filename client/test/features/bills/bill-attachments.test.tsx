// 附件 on a bill over a scripted backend: a stored bill opens with its attachments, a chosen file goes to
// /systemConfig/upload (biz bill) and its stored path joins the list, a file above the backend's size limit is
// refused before sending, a removed one leaves; the save sends the paths comma-joined in fileName. The detail
// lists the attachments as links to where the backend serves them.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillDetail } from '../../../features/bills/form/bill-detail';
import { billFormKind } from '../../../features/bills/form/bill-form-kinds';
import { render } from '../../helpers/render';
import { renderBillForm } from '../../helpers/bill-form';
import { scriptBackend } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

const head = {
  id: 410,
  number: 'QGD00000000410',
  defaultNumber: 'QGD00000000410',
  operTimeStr: '2026-11-22 09:00:00',
  status: '0',
  remark: '',
  fileName: 'bill/63/quote_1763800000000.pdf',
  linkNumber: null,
  creatorName: 'jsh',
};

function backend(stored = head) {
  const api = scriptBackend({
    'GET /depot/findDepotByCurrentUser': () => ({ code: 200, data: [] }),
    'GET /systemConfig/getCurrentInfo': () => ({ code: 200, data: {} }),
    'GET /systemConfig/fileSizeLimit': () => ({ code: 200, data: 1024 }),
    'GET /depotHead/getDetailByNumber': () => ({ code: 200, data: stored }),
    'GET /depotItem/getDetailList': () => ({
      code: 200,
      data: { total: 1, rows: [{ id: 961, barCode: '1000007', name: '安全帽', unit: '个', operNumber: 30 }] },
    }),
    'PUT /depotHead/updateDepotHeadAndDetail': () => ({ code: 200, msg: '操作成功' }),
  });
  // The upload's multipart body is no JSON: answered here, everything else by the script.
  const scripted = globalThis.fetch;
  const uploads: { biz: string | null; file: File }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (!String(input).includes('/systemConfig/upload')) return scripted(input, init);
      const data = init!.body as FormData;
      const file = data.get('file') as File;
      uploads.push({ biz: new URL(input, 'http://localhost').searchParams.get('biz'), file });
      return new Response(JSON.stringify({ code: 200, data: `bill/63/${file.name.replace('.', '_1763900000000.')}` }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { api, uploads };
}

const choose = (file: File) =>
  fireEvent.change(document.querySelector('.bill-form input[type=file]')!, { target: { files: [file] } });
const shownFiles = () =>
  Array.from(document.querySelectorAll('.bill-form .ant-upload-list-item-name')).map((n) => n.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('bill attachments', () => {
  it('keeps the stored ones, uploads a chosen file, refuses one above the limit, and saves the paths in fileName', async () => {
    const { api, uploads } = backend();
    const { onSaved } = renderBillForm('purchaseApply', {
      target: { mode: 'edit', row: { number: 'QGD00000000410' } },
    });
    await screen.findByDisplayValue('QGD00000000410');
    await waitFor(() => expect(shownFiles()).toEqual(['quote_1763800000000.pdf']));

    choose(new File(['x'.repeat(2000)], 'big.pdf', { type: 'application/pdf' }));
    await screen.findByText('文件大小不能超过1K');
    expect(uploads).toHaveLength(0);

    choose(new File(['spec'], 'spec.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(shownFiles()).toEqual(['quote_1763800000000.pdf', 'spec_1763900000000.pdf']));
    expect(uploads.map((u) => [u.biz, u.file.name])).toEqual([['bill', 'spec.pdf']]);
    const link = screen.getByText('spec_1763900000000.pdf').closest('a')!;
    expect(link.getAttribute('href')).toBe('/jshERP-boot/systemConfig/static/bill/63/spec_1763900000000.pdf');

    fireEvent.click(
      screen.getByText('quote_1763800000000.pdf').closest('.ant-upload-list-item')!.querySelector('button')!,
    );
    await waitFor(() => expect(shownFiles()).toEqual(['spec_1763900000000.pdf']));

    fireEvent.keyDown(screen.getByLabelText('数量 1'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const info = JSON.parse(
      (api.callsTo('PUT /depotHead/updateDepotHeadAndDetail')[0]!.body as { info: string }).info,
    ) as Record<string, unknown>;
    expect(info.fileName).toBe('bill/63/spec_1763900000000.pdf');
  });

  it('sends a file of exactly the size limit (the gateway allows its multipart framing) and refuses one byte more', async () => {
    const { uploads } = backend();
    renderBillForm('purchaseApply', { target: { mode: 'edit', row: { number: 'QGD00000000410' } } });
    await screen.findByDisplayValue('QGD00000000410');
    await waitFor(() => expect(shownFiles()).toEqual(['quote_1763800000000.pdf']));

    choose(new File(['x'.repeat(1025)], 'over.pdf', { type: 'application/pdf' }));
    await screen.findByText('文件大小不能超过1K');
    expect(uploads).toHaveLength(0);
    choose(new File(['x'.repeat(1024)], 'edge.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(shownFiles()).toEqual(['quote_1763800000000.pdf', 'edge_1763900000000.pdf']));
    expect(uploads.map((u) => u.file.size)).toEqual([1024]);
  });

  it('the detail lists the attachments as links', async () => {
    backend({ ...head, fileName: 'bill/63/quote_1763800000000.pdf,bill/63/photo_1763800000001.png' });
    signIn();
    render(
      <App>
        <BillDetail
          kind={billFormKind('purchaseApply')}
          row={{ number: 'QGD00000000410' }}
          canAudit={false}
          canUnaudit={false}
          onClose={vi.fn()}
          onChanged={vi.fn()}
        />
      </App>,
    );
    const photo = await screen.findByText('photo_1763800000001.png');
    expect(photo.getAttribute('href')).toBe('/jshERP-boot/systemConfig/static/bill/63/photo_1763800000001.png');
    expect(screen.getByText('quote_1763800000000.pdf').getAttribute('href')).toBe(
      '/jshERP-boot/systemConfig/static/bill/63/quote_1763800000000.pdf',
    );
  });
});
