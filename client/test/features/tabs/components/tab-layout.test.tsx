// Open tabs survive a reload: kept per user, restored on the next start for the paths the user's menu still opens,
// the active one opened again; and a view that crashes in a tab leaves the tab bar usable.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TabLayout } from '../../../../features/tabs/components/tab-layout';
import { openTabsKey, storage } from '../../../../lib/storage';
import { render } from '../../../helpers/render';
import { useEffect, useState } from 'react';
import { useOnShownAgain, usePageShown } from '../../../../lib/page-shown';

const TITLES: Record<string, string> = {
  '/system/role': '角色管理',
  '/bill/purchase_in': '采购入库',
  '/system/plugin': '插件管理',
};
const allowed = new Set(['/system/role', '/bill/purchase_in']);

/** What each kept page did: its effect set up and taken down, and the times it was told it is back in front. */
const pageLife = new Map<string, { setUp: number; takenDown: number; backInFront: number; shownAtBack: boolean[] }>();
function Page() {
  const location = useLocation();
  const navigate = useNavigate();
  const [own] = useState(location.pathname);
  const shown = usePageShown();
  useEffect(() => {
    const life = pageLife.get(own) ?? { setUp: 0, takenDown: 0, backInFront: 0, shownAtBack: [] };
    pageLife.set(own, life);
    life.setUp += 1;
    return () => {
      life.takenDown += 1;
    };
  }, [own]);
  useOnShownAgain(() => {
    const life = pageLife.get(own)!;
    life.backInFront += 1;
    life.shownAtBack.push(shown());
  });
  if (location.pathname === '/bill/broken') throw new Error('broken view');
  return (
    <>
      <p>页面 {location.pathname}</p>
      <output aria-label={`地址 ${location.pathname}`}>{location.pathname + location.search}</output>
      {/* Links as a pasted address or a notice would open them. */}
      <button type="button" onClick={() => navigate('/bill/purchase_in?x=1')}>
        带无关参数
      </button>
      <button type="button" onClick={() => navigate('/bill/purchase_in?number=CGRK00000000306')}>
        带单据编号
      </button>
      <button type="button" onClick={() => navigate('/system/role')}>
        角色
      </button>
    </>
  );
}

function renderTabs(start: string, persistAs = openTabsKey(63)) {
  return render(
    <MemoryRouter initialEntries={[start]}>
      <App>
        <Routes>
          <Route
            element={
              <TabLayout
                multiTab
                systemTitle="ERP"
                titleFor={(path) => TITLES[path]}
                persistAs={persistAs}
                allows={(path) => allowed.has(path) || path === '/bill/broken'}
              />
            }
          >
            <Route path="*" element={<Page />} />
          </Route>
        </Routes>
      </App>
    </MemoryRouter>,
  );
}

/** 角色管理 and 采购入库 open from the last session with `active` in front; resolves once the bar shows them. */
async function openRoleAndPurchase(active: '/system/role' | '/bill/purchase_in') {
  storage.set(openTabsKey(63), {
    tabs: [
      { key: '/system/role', title: '角色管理' },
      { key: '/bill/purchase_in', title: '采购入库' },
    ],
    active,
  });
  const utils = renderTabs(active);
  await vi.waitFor(() => expect(tabLabels()).toEqual(['首页', '角色管理', '采购入库']));
  return utils;
}

const tabLabels = () => Array.from(document.querySelectorAll('.tab-layout__label')).map((label) => label.textContent);

beforeEach(() => {
  localStorage.clear();
  window.scrollTo = () => undefined; // jsdom has no layout; the tabs restore scroll positions
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('TabLayout', () => {
  it('restores the kept tabs the menu still allows, and opens the one that was active', async () => {
    storage.set(openTabsKey(63), {
      tabs: [
        { key: '/dashboard/analysis', title: '首页' },
        { key: '/system/role', title: '角色管理' },
        { key: '/system/plugin', title: '插件管理' },
        { key: '/bill/purchase_in', title: '采购入库' },
      ],
      active: '/system/role',
    });
    renderTabs('/dashboard/analysis');
    await vi.waitFor(() =>
      expect(document.querySelector('[data-tab-page="/system/role"]')).toHaveTextContent('页面 /system/role'),
    );
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('角色管理');
    expect(tabLabels()).toEqual(['首页', '角色管理', '采购入库']);
  });

  it('keeps what is open for the next start, under the user’s own key', async () => {
    const first = renderTabs('/bill/purchase_in');
    await screen.findByText('页面 /bill/purchase_in');
    expect(storage.get(openTabsKey(63))).toEqual({
      tabs: [
        { key: '/dashboard/analysis', title: '首页' },
        { key: '/bill/purchase_in', title: '采购入库' },
      ],
      active: '/bill/purchase_in',
    });
    first.unmount();
    renderTabs('/dashboard/analysis', openTabsKey(131));
    await screen.findByText('页面 /dashboard/analysis');
    expect(tabLabels()).toEqual(['首页']);
  });

  it('a view that crashes shows the fallback in its tab; the tab bar still works and closes it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    storage.set(openTabsKey(63), { tabs: [{ key: '/system/role', title: '角色管理' }], active: '/system/role' });
    renderTabs('/bill/broken');
    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent('页面出错了');
    fireEvent.click(within(fallback).getByRole('button', { name: '关闭页签' }));
    await vi.waitFor(() =>
      expect(document.querySelector('[data-tab-page="/system/role"]')).toHaveTextContent('页面 /system/role'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(tabLabels()).toEqual(['首页', '角色管理']);
    vi.unstubAllGlobals();
  });

  it('the tab list holds only tabs: the close-tabs menu sits beside it, the × leaves the keyboard order and Delete closes the focused tab', async () => {
    storage.set(openTabsKey(63), { tabs: [{ key: '/system/role', title: '角色管理' }], active: '/system/role' });
    renderTabs('/system/role');
    await vi.waitFor(() => expect(tabLabels()).toEqual(['首页', '角色管理']));
    const tablist = screen.getByRole('tablist');
    // Every element the tab list exposes to assistive technology is a tab (axe: aria-required-children).
    expect(within(tablist).queryAllByRole('button')).toEqual([]);
    const menu = screen.getByRole('button', { name: '关闭' });
    expect(tablist.contains(menu)).toBe(false);
    expect(menu.closest('.tab-layout__bar')).not.toBeNull();
    for (const remove of document.querySelectorAll('.tab-bar__close')) {
      expect(remove).toHaveAttribute('aria-hidden', 'true');
      expect(remove).not.toHaveAttribute('tabindex');
    }

    const roleTab = screen.getByRole('tab', { name: '角色管理' });
    expect(roleTab).toHaveAttribute('aria-keyshortcuts', 'Delete');
    act(() => roleTab.focus());
    fireEvent.keyDown(roleTab, { key: 'Delete', code: 'Delete' });
    await vi.waitFor(() => expect(tabLabels()).toEqual(['首页']));
  });

  it('one tab per page: a query that selects nothing reuses the tab; a bill number shows in it and the tab returns to it', async () => {
    renderTabs('/bill/purchase_in');
    await vi.waitFor(() => expect(tabLabels()).toEqual(['首页', '采购入库']));
    const visible = (name: string) =>
      screen.getAllByRole('button', { name }).find((b) => !b.closest('[hidden], [style*="display: none"]'))!;
    fireEvent.click(visible('带无关参数'));
    await vi.waitFor(() =>
      expect(screen.getAllByLabelText('地址 /bill/purchase_in')[0]).toHaveTextContent('/bill/purchase_in?x=1'),
    );
    expect(tabLabels(), 'no second tab for ?x=1').toEqual(['首页', '采购入库']);
    expect(document.querySelectorAll('[data-tab-page^="/bill/purchase_in"]'), 'one page').toHaveLength(1);
    fireEvent.click(visible('带单据编号'));
    await vi.waitFor(() =>
      expect(screen.getAllByLabelText('地址 /bill/purchase_in')[0]).toHaveTextContent('?number=CGRK00000000306'),
    );
    expect(tabLabels(), "the bill shows in the page's tab").toEqual(['首页', '采购入库']);
    fireEvent.click(visible('角色'));
    await vi.waitFor(() => expect(tabLabels()).toEqual(['首页', '采购入库', '角色管理']));
    fireEvent.click(screen.getByRole('tab', { name: '采购入库' }));
    await vi.waitFor(() => expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('采购入库'));
    expect(
      screen.getAllByLabelText('地址 /bill/purchase_in')[0],
      'the tab opens on the bill it showed',
    ).toHaveTextContent('/bill/purchase_in?number=CGRK00000000306');
  });

  it('keyboard: ←/→/Home/End move the focus along the tabs, Enter opens the focused one; only the active tab is in the Tab order', async () => {
    await openRoleAndPurchase('/system/role');
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, 0, -1]);
    act(() => tab('角色管理').focus());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(tab('采购入库')).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(tab('首页'), 'wraps round').toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(tab('采购入库')).toHaveFocus();
    expect(tab('角色管理'), 'moving the focus opens nothing').toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await vi.waitFor(() => expect(tab('采购入库')).toHaveAttribute('aria-selected', 'true'));
    expect(document.querySelector('[data-tab-page="/bill/purchase_in"]')).toHaveTextContent('页面 /bill/purchase_in');
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('a click on a tab’s × closes that tab, not opens it', async () => {
    await openRoleAndPurchase('/bill/purchase_in');
    fireEvent.click(screen.getByRole('tab', { name: '角色管理' }).querySelector('.tab-bar__close')!);
    await vi.waitFor(() => expect(tabLabels()).toEqual(['首页', '采购入库']));
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('采购入库');
  });

  it('a page in a hidden tab stays mounted with its effects, its box hidden; it is told each time it is back in front', async () => {
    pageLife.clear();
    await openRoleAndPurchase('/system/role');
    const box = (path: string) => document.querySelector<HTMLElement>(`[data-tab-page="${path}"]`)!;
    for (let round = 0; round < 2; round += 1) {
      fireEvent.click(screen.getByRole('tab', { name: '采购入库' }));
      await vi.waitFor(() => expect(box('/bill/purchase_in')).toHaveTextContent('页面 /bill/purchase_in'));
      expect(box('/system/role').hidden, 'the page left is hidden').toBe(true);
      expect(box('/bill/purchase_in').hidden).toBe(false);
      // Told after the frame that shows it (its first show is its mount: nothing to tell).
      await vi.waitFor(() => expect(pageLife.get('/bill/purchase_in')?.backInFront).toBe(round));
      fireEvent.click(screen.getByRole('tab', { name: '角色管理' }));
      await vi.waitFor(() => expect(box('/system/role').hidden).toBe(false));
      await vi.waitFor(() => expect(pageLife.get('/system/role')?.backInFront).toBe(round + 1));
    }
    expect(pageLife.get('/system/role')).toEqual({ setUp: 1, takenDown: 0, backInFront: 2, shownAtBack: [true, true] });
    expect(pageLife.get('/bill/purchase_in')).toEqual({ setUp: 1, takenDown: 0, backInFront: 1, shownAtBack: [true] });
  });

  it('switching between tabs that are both at the top leaves the window alone (no scroll, no layout forced)', async () => {
    await openRoleAndPurchase('/system/role');
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo;
    fireEvent.click(screen.getByRole('tab', { name: '采购入库' }));
    await vi.waitFor(() =>
      expect(document.querySelector('[data-tab-page="/bill/purchase_in"]')).toHaveTextContent('页面 /bill/purchase_in'),
    );
    fireEvent.click(screen.getByRole('tab', { name: '角色管理' }));
    await vi.waitFor(() => expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('角色管理'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
