// The main layout does not follow the address itself: a navigation (a tab, a menu item) or a bill's 查看 (its
// ?number=) renders the side menu, the breadcrumb and the tab area, which follow it, not the layout with its header
// and sider around them, nor the header's own area.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MainLayout } from '../../../app/layouts/main-layout';
import type { MenuItem } from '../../../lib/backend/types';
import { SettingsProvider } from '../../../lib/settings-provider';
import { ThemedConfig } from '../../../components/themed-antd';
import { App as AntApp } from 'antd';
import { fakeBackend } from '../../helpers/fake-backend';
import { signIn } from '../../helpers/session';
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
];

vi.mock('../../../lib/session-provider', () => ({
  useSession: () => ({
    status: 'ready',
    user: { id: 63, loginName: 'jsh' },
    menu,
    generation: 0,
    login: vi.fn(),
    logout: vi.fn(),
    leave: vi.fn(),
  }),
}));
// The layout reads the device band once per render: its calls count the layout's renders.
const layoutRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../lib/use-device', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/use-device')>();
  return {
    ...actual,
    useDevice: () => {
      layoutRenders.count++;
      return actual.useDevice();
    },
  };
});

// The header's area renders its user menu at each of its renders: the menu's renders count the area's.
const headerRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../features/header/components/user-menu', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../features/header/components/user-menu')>();
  return {
    ...actual,
    UserMenu: (props: Parameters<typeof actual.UserMenu>[0]) => {
      headerRenders.count++;
      return createElement(actual.UserMenu, props);
    },
  };
});

function Page({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <div>
      <p>{name}</p>
      <button type="button" onClick={() => navigate('/bill/purchase_in?number=CGRK00000000001')}>
        查看
      </button>
    </div>
  );
}

afterEach(() => vi.unstubAllGlobals());

function renderLayout() {
  fakeBackend({});
  signIn();
  render(
    <SettingsProvider>
      <ThemedConfig>
        <AntApp>
          <MemoryRouter initialEntries={['/dashboard/analysis']}>
            <Routes>
              <Route element={<MainLayout />}>
                <Route path="/dashboard/analysis" element={<Page name="首页内容" />} />
                <Route path="/bill/purchase_in" element={<Page name="采购入库内容" />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </AntApp>
      </ThemedConfig>
    </SettingsProvider>,
  );
}

describe('the main layout', () => {
  it('renders not again for a navigation or a 查看; the menu, the breadcrumb and the tabs follow', async () => {
    renderLayout();
    await screen.findByText('首页内容');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = layoutRenders.count;
    const headerBefore = headerRenders.count;

    fireEvent.click(screen.getByText('采购管理'));
    fireEvent.click(await screen.findByText('采购入库', { selector: '.side-menu .ant-menu-title-content' }));
    await screen.findByText('采购入库内容');
    await waitFor(() => expect(document.querySelector('.main-breadcrumb')?.textContent).toContain('采购入库'));
    await waitFor(() =>
      expect(document.querySelector('.side-menu li.ant-menu-item-selected')?.textContent).toBe('采购入库'),
    );
    expect(screen.getByRole('tab', { name: /采购入库/ })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: '查看' }).at(-1)!);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(layoutRenders.count - before, 'the layout itself did not render').toBe(0);
    expect(headerRenders.count - headerBefore, "the header's area did not render").toBe(0);
  });

  it("renders the list page's components once, hidden, when the menu offers a page other than home", async () => {
    localStorage.clear(); // no tabs of the test before
    renderLayout();
    await screen.findByText('首页内容');
    const shown: Element[] = [];
    const watch = new MutationObserver(() => {
      const warmUp = document.querySelector('[data-testid="list-warm-up"]');
      if (warmUp && !shown.includes(warmUp)) shown.push(warmUp);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shown, 'nothing ahead while home alone is offered').toHaveLength(0);
    const before = layoutRenders.count;

    fireEvent.click(screen.getByText('采购管理', { selector: '.side-menu .ant-menu-title-content' }));
    await waitFor(() => expect(shown).toHaveLength(1));
    const warmUp = shown[0]!;
    expect(warmUp.hasAttribute('hidden') && warmUp.hasAttribute('inert') && warmUp.getAttribute('aria-hidden')).toBe(
      'true',
    );
    expect(warmUp.querySelector('table')).not.toBeNull();
    await waitFor(() =>
      expect(document.querySelector('[data-testid="list-warm-up"]'), 'removed after a paint').toBeNull(),
    );
    watch.disconnect();
    expect(shown, 'rendered once').toHaveLength(1);
    expect(layoutRenders.count - before, 'the layout itself did not render').toBe(0);
    // antd drops a component's style variables with its last instance: the list page would write them again in
    // its click's task. They stay for the session.
    const styleVariables = Array.from(document.head.querySelectorAll('style')).map((style) => style.textContent ?? '');
    for (const component of [
      'ant-table-css-var',
      'ant-select-css-var',
      'ant-picker-css-var',
      'ant-pagination',
      'ant-btn',
    ])
      expect(
        styleVariables.some((text) => text.includes(`.${component}{`)),
        `${component}'s style variables kept`,
      ).toBe(true);
  });
});
