// The side menu follows a navigation a render after the page: the frame that shows the new page (a tab switch, an
// item chosen) does not wait for the menu to select its item and unfold its group.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SideMenu } from '../../../features/menu/side-menu';
import type { MenuItem } from '../../../lib/backend/types';
import { render } from '../../helpers/render';

const menu: MenuItem[] = [
  { id: 1, text: '首页', url: '/dashboard/analysis', component: '/dashboard/Analysis' },
  {
    id: 2,
    text: '采购管理',
    url: '/bill',
    component: '/layouts/TabLayout',
    children: [{ id: 21, text: '采购入库', url: '/bill/purchase_in', component: '/bill/PurchaseInList' }],
  },
  {
    id: 3,
    text: '报表查询',
    url: '/report',
    component: '/layouts/TabLayout',
    children: [{ id: 31, text: '商品库存', url: '/report/material_stock', component: '/report/MaterialStock' }],
  },
];

const selected = () => document.querySelector('.side-menu li.ant-menu-item-selected')?.textContent ?? null;

/** The page for a path; it notes what the menu had selected when the page was committed. */
function Page({ path, seen }: { path: string; seen: (string | null)[] }) {
  useLayoutEffect(() => {
    seen.push(selected());
  }, [path, seen]);
  return <p>{path}</p>;
}

function Shell({ seen }: { seen: (string | null)[] }) {
  const [path, setPath] = useState('/report/material_stock');
  return (
    <>
      <button type="button" onClick={() => setPath('/bill/purchase_in')}>
        switch
      </button>
      <SideMenu menu={menu} theme="light" collapsed={false} activePath={path} onOpen={() => undefined} />
      <Page path={path} seen={seen} />
    </>
  );
}

describe('the side menu after a navigation', () => {
  it('the page is committed first; then the menu selects its item and unfolds its group', async () => {
    const seen: (string | null)[] = [];
    render(<Shell seen={seen} />);
    await waitFor(() => expect(selected()).toBe('商品库存'));
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(seen.at(-1), 'when the new page was committed').toBe('商品库存');
    await waitFor(() => expect(selected()).toBe('采购入库'));
    expect(
      screen.getByText('采购入库').closest('li.ant-menu-submenu')?.classList.contains('ant-menu-submenu-open'),
    ).toBe(true);
  });
});
