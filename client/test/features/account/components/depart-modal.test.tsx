import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDepartModal } from '../../../../features/account/components/depart-modal';
import { storage, StorageKeys } from '../../../../lib/storage';
import { fakeBackend } from '../../../helpers/fake-backend';
import { renderInShell } from '../../../helpers/render-page';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

function Opener() {
  const depart = useDepartModal();
  return (
    <>
      <button type="button" onClick={() => void depart.open()}>
        open
      </button>
      {depart.modal}
    </>
  );
}

const DEPARTS = {
  success: true,
  result: {
    orgCode: 'A02',
    list: [
      { id: 1, departName: '销售部', orgCode: 'A01' },
      { id: 2, departName: '采购部', orgCode: 'A02' },
    ],
  },
};

describe('department switch', () => {
  it('starts on the current department and confirms a switch with a message', async () => {
    localStorage.clear();
    storage.set(StorageKeys.userInfo, { id: 63, loginName: 'jsh' });
    const backend = fakeBackend({
      '/sys/user/getCurrentUserDeparts': DEPARTS,
      '/sys/selectDepart': { success: true, result: { userInfo: { id: 63, loginName: 'jsh', orgCode: 'A01' } } },
    });
    const user = userEvent.setup();
    renderInShell(<Opener />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog');
    // The current department (A02, 采购部) is the select's value before any choice.
    await waitFor(() => expect(dialog.querySelector('.ant-select')!.textContent).toContain('采购部'));

    await user.click(dialog.querySelector('.ant-select')!);
    await user.click(await screen.findByTitle('销售部'));
    await user.click(screen.getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(screen.getByText('已切换到部门：销售部')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = backend.callsTo('/sys/selectDepart');
    expect(sent).toHaveLength(1);
    expect(storage.get<{ orgCode: string }>(StorageKeys.userInfo)?.orgCode).toBe('A01');
  });

  it('confirming the current department right away switches to it, without an error state', async () => {
    localStorage.clear();
    storage.set(StorageKeys.userInfo, { id: 63, loginName: 'jsh' });
    fakeBackend({
      '/sys/user/getCurrentUserDeparts': DEPARTS,
      '/sys/selectDepart': { success: true, result: { userInfo: { id: 63, loginName: 'jsh', orgCode: 'A02' } } },
    });
    const user = userEvent.setup();
    renderInShell(<Opener />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(screen.getByText('已切换到部门：采购部')).toBeInTheDocument());
  });

  it('when the current department is not among the choices nothing is chosen, and 确认 marks the select', async () => {
    localStorage.clear();
    storage.set(StorageKeys.userInfo, { id: 63, loginName: 'jsh' });
    const backend = fakeBackend({
      '/sys/user/getCurrentUserDeparts': { success: true, result: { orgCode: 'X9', list: DEPARTS.result.list } },
    });
    const user = userEvent.setup();
    renderInShell(<Opener />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-select')!.textContent).toContain('请选择登录部门');
    await user.click(screen.getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(dialog.querySelector('.ant-select-status-error')).not.toBeNull());
    expect(backend.callsTo('/sys/selectDepart')).toHaveLength(0);
  });
});
