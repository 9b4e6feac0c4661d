// 导入 on the product and partner lists (the original's ImportFileModal): the dialog offers the backend's template,
// uploads the chosen .xls as the multipart `file` to the page's import path, shows the backend's answer, closes and
// reloads the list; an upload that fails keeps it open. Who may import is the edit code (1).
import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from 'antd';
import { MaterialPage } from '../../../features/materials/components/material-page';
import { MATERIAL_VIEWS } from '../../../features/materials/material-specs';
import { SYSTEM_FORMS } from '../../../features/system/system-forms';
import { SYSTEM_VIEWS } from '../../../features/system/system-specs';
import { rememberIntro } from '../../../lib/table/intro-cache';
import { storage } from '../../../lib/storage';
import { render } from '../../helpers/render';
import { signIn } from '../../helpers/session';
import {
  buttonNamed,
  holdButtons,
  listOf,
  queryButton,
  renderListPage,
  scriptBackend,
  shownMessages,
  type Handler,
} from '../../helpers/form-page';

const user = userEvent.setup({ pointerEventsCheck: 0 });
afterEach(() => vi.unstubAllGlobals());

const xls = (name: string) =>
  new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], name, { type: 'application/vnd.ms-excel' });

/** The open import dialog, by its title. */
async function importDialog(title: string): Promise<HTMLElement> {
  let dialog: HTMLElement | undefined;
  await waitFor(() => {
    dialog = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find(
      (m) => m.querySelector('.ant-modal-title')?.textContent === title,
    );
    expect(dialog).toBeTruthy();
  });
  return dialog!;
}

const choose = (dialog: HTMLElement, file: File) =>
  fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [file] } });

describe('导入 on the lists', () => {
  it.each([
    ['customer', '/supplier/importCustomer', '客户导入', '客户Excel模板[下载]', '/doc/customer_template.xls'],
    ['vendor', '/supplier/importVendor', '供应商导入', '供应商Excel模板[下载]', '/doc/vendor_template.xls'],
    ['member', '/supplier/importMember', '会员导入', '会员Excel模板[下载]', '/doc/member_template.xls'],
  ] as const)(
    '%s: the template, the upload to %s, the answer shown and the list reloaded',
    async (page, path, title, templateName, template) => {
      holdButtons(SYSTEM_VIEWS[page].pageUrl, undefined);
      const backend = scriptBackend({
        'GET /supplier/list': () => listOf([]),
        [`POST ${path}`]: () => ({ code: 200, data: '导入成功' }),
      });
      await renderListPage(SYSTEM_VIEWS[page], SYSTEM_FORMS[page]);
      const lists = backend.callsTo('GET /supplier/list').length;
      await user.click(buttonNamed('导入'));
      const dialog = await importDialog(title);
      const link = within(dialog).getByText(templateName).closest('a')!;
      expect(link.getAttribute('href')).toBe(template);
      expect(dialog.textContent).toContain('提示：模板中的第一行请勿删除');
      expect(dialog.querySelector('input[type=file]')?.getAttribute('accept')).toBe('.xls');
      choose(dialog, xls('partners.xls'));
      await waitFor(() => expect(shownMessages()).toContain('导入成功'));
      const sent = backend.callsTo(`POST ${path}`)[0]?.body as FormData;
      expect((sent.get('file') as File).name).toBe('partners.xls');
      await waitFor(() => expect(backend.callsTo('GET /supplier/list').length).toBeGreaterThan(lists));
      await waitFor(() =>
        expect(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal-title')).toBeNull(),
      );
    },
  );

  it('商品信息: a refusal is shown as the backend words it and the list reloads; a failed upload keeps the dialog', async () => {
    holdButtons(MATERIAL_VIEWS.material.pageUrl, undefined);
    let answer: Handler = () => ({ code: 8000010, data: '第3行名称为空' });
    const backend = scriptBackend({
      'GET /material/list': () => listOf([]),
      'GET /materialCategory/getMaterialCategoryTree': () => [],
      'POST /material/importExcel': (call) => answer(call),
    });
    rememberIntro(storage, MATERIAL_VIEWS.material.pageKey, 1);
    signIn();
    render(
      <App>
        <MaterialPage spec={MATERIAL_VIEWS.material} />
      </App>,
    );
    await waitFor(() => expect(backend.callsTo('GET /material/list').length).toBeGreaterThan(0));
    await user.click(buttonNamed('导入'));
    let dialog = await importDialog('商品导入');
    expect(within(dialog).getByText('商品Excel模板[下载]').closest('a')?.getAttribute('href')).toBe(
      '/doc/goods_template.xls',
    );
    const lists = backend.callsTo('GET /material/list').length;
    choose(dialog, xls('goods.xls'));
    await waitFor(() => expect(shownMessages()).toContain('第3行名称为空'));
    await waitFor(() => expect(backend.callsTo('GET /material/list').length).toBeGreaterThan(lists));

    answer = () => {
      throw new Error('offline');
    };
    await user.click(buttonNamed('导入'));
    dialog = await importDialog('商品导入');
    choose(dialog, xls('goods2.xls'));
    await waitFor(() => expect(shownMessages().some((m) => m.startsWith('文件上传失败'))).toBe(true));
    expect(dialog.querySelector('input[type=file]')).toBeTruthy();
    await user.click(buttonNamed('取消', dialog));
  });

  it('without the edit code there is no 导入', async () => {
    holdButtons(SYSTEM_VIEWS.customer.pageUrl, '3');
    scriptBackend({ 'GET /supplier/list': () => listOf([]) });
    await renderListPage(SYSTEM_VIEWS.customer, SYSTEM_FORMS.customer);
    expect(queryButton('导入')).toBeUndefined();
  });
});
