// A row's 删除 asks first, like antd's Popconfirm, though the Popconfirm exists only once the link is used.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { RowConfirm } from '../../components/row-confirm';
import { render } from '../helpers/render';

const user = userEvent.setup({ pointerEventsCheck: 0 });

function rows(onConfirm: (row: number) => void) {
  return render(
    <div>
      {[1, 2, 3].map((row) => (
        <RowConfirm key={row} title={`确定删除 ${row} 吗?`} onConfirm={() => onConfirm(row)}>
          <Button type="link" size="small">
            删除 {row}
          </Button>
        </RowConfirm>
      ))}
    </div>,
  );
}

describe('RowConfirm', () => {
  it("no popover exists until a link is used; then that row's question, and OK acts on that row once", async () => {
    const onConfirm = vi.fn();
    rows(onConfirm);
    expect(document.querySelector('.ant-popover')).toBeNull();
    await user.click(screen.getByRole('button', { name: '删除 2' }));
    const popover = await screen.findByText('确定删除 2 吗?');
    expect(onConfirm).not.toHaveBeenCalled();
    const box = popover.closest('.ant-popover')!;
    await user.click(box.querySelectorAll('button')[1]!);
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith(2);
    await waitFor(() => expect(box).toHaveClass('ant-popover-hidden'));
  });

  it('opened from the keyboard, the cursor stays on the link', async () => {
    rows(() => undefined);
    screen.getByRole('button', { name: '删除 3' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('确定删除 3 吗?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '删除 3' }));
  });
});
