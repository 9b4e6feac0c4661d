// The inline side menu: keys are item urls, root-level accordion, inlineIndent 12.
// Choosing an item calls onOpen (the layout opens it as a tab, or a new window for http(s) urls). The items a user
// can see (the open submenus', once the menu is on screen) and the one under the pointer are passed to onPreview,
// so the layout can fetch their pages' code before the click.
import { Menu, type MenuProps } from 'antd';
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLanguage, useMenuText } from '../../lib/i18n/language-switch';
import { softHyphens } from '../../lib/i18n/soft-hyphens';
import type { MenuItem } from '../../lib/backend/types';
import { findMenuTrail, menuItemPath } from '../../lib/menu';
import { menuIcon } from './menu-icons';

type AntItem = Required<MenuProps>['items'][number];

const subKey = (item: MenuItem) => `sub:${item.id}`;

type MenuText = (url: string | null | undefined, serverText: string) => string;

function toAntItems(items: readonly MenuItem[], menuText: MenuText, onHover?: (item: MenuItem) => void): AntItem[] {
  const result: AntItem[] = [];
  for (const item of items) {
    if (item.hidden) continue;
    if (item.children && item.children.length > 0 && !item.alwaysShow) {
      result.push({
        key: subKey(item),
        icon: menuIcon(item.icon),
        label: menuText(item.url, item.text),
        children: toAntItems(item.children, menuText, onHover),
      });
      continue;
    }
    const path = menuItemPath(item);
    if (!path) continue;
    result.push({
      key: path,
      icon: menuIcon(item.icon),
      label: menuText(item.url, item.text),
      onMouseEnter: onHover && (() => onHover(item)),
    });
  }
  return result;
}

/** The leaves shown at the top level and inside the open submenus. */
function visibleLeaves(items: readonly MenuItem[], openKeys: readonly string[]): MenuItem[] {
  const leaves: MenuItem[] = [];
  for (const item of items) {
    if (item.hidden) continue;
    if (item.children && item.children.length > 0 && !item.alwaysShow) {
      if (openKeys.includes(subKey(item))) leaves.push(...visibleLeaves(item.children, openKeys));
    } else {
      leaves.push(item);
    }
  }
  return leaves;
}

function findByKey(items: readonly MenuItem[], key: string): MenuItem | undefined {
  for (const item of items) {
    if (menuItemPath(item) === key && !(item.children && item.children.length > 0 && !item.alwaysShow)) return item;
    const found = item.children ? findByKey(item.children, key) : undefined;
    if (found) return found;
  }
  return undefined;
}

export interface SideMenuProps {
  menu: readonly MenuItem[];
  theme: 'light' | 'dark';
  collapsed: boolean;
  /** The current path (selects its item and opens its parents). */
  activePath: string;
  onOpen: (item: MenuItem, path: string) => void;
  /** An item the user may choose next (shown in an open submenu, or under the pointer). */
  onPreview?: (item: MenuItem) => void;
}

/**
 * The menu follows the address a render after the page: a navigation's frame (a tab switch, a menu item chosen)
 * shows the page first, then the menu selects its item and unfolds its group (an animated unfold, and every item of
 * the menu rendered again for the new selection). Its other props must keep their identity across navigations.
 */
export function SideMenu(props: SideMenuProps) {
  const activePath = useDeferredValue(props.activePath);
  return <MenuAt {...props} activePath={activePath} />;
}

const MenuAt = memo(function MenuAt({ menu, theme, collapsed, activePath, onOpen, onPreview }: SideMenuProps) {
  const menuText = useMenuText(); // menu titles are translated by url
  const language = useLanguage();
  // A name wider than the menu wraps between words, and inside a long compound only with a hyphen (soft-hyphens.ts).
  const items = useMemo(
    () => toAntItems(menu, (url, serverText) => softHyphens(menuText(url, serverText), language), onPreview),
    [menu, menuText, language, onPreview],
  );
  const rootKeys = useMemo(() => new Set(menu.filter((m) => m.children && m.children.length > 0).map(subKey)), [menu]);
  const trailKeys = useMemo(() => findMenuTrail(menu, activePath).slice(0, -1).map(subKey), [menu, activePath]);
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys);

  // Follow navigation (tabs, links): open the current item's parents (adjusted while rendering, not in an effect).
  const [followedTrail, setFollowedTrail] = useState(trailKeys);
  if (followedTrail !== trailKeys) {
    setFollowedTrail(trailKeys);
    if (trailKeys.length > 0) setOpenKeys(trailKeys);
  }

  // After the frame that shows them, so the page on screen is drawn first.
  useEffect(() => {
    if (!onPreview || collapsed) return;
    const timer = setTimeout(() => {
      for (const item of visibleLeaves(menu, openKeys)) onPreview(item);
    }, 0);
    return () => clearTimeout(timer);
  }, [menu, openKeys, collapsed, onPreview]);

  const onOpenChange: MenuProps['onOpenChange'] = (keys) => {
    const latest = keys.find((key) => !openKeys.includes(key));
    // Root accordion: opening a root submenu closes the other roots.
    if (latest && rootKeys.has(latest)) setOpenKeys(keys.filter((key) => !rootKeys.has(key) || key === latest));
    else setOpenKeys(keys);
  };

  return (
    <Menu
      mode="inline"
      theme={theme}
      inlineIndent={12}
      inlineCollapsed={collapsed}
      // Unfolded, an item's name is on screen and antd never shows its tooltip, yet wraps every item in one: each
      // change of the selected item (every navigation) re-rendered a tooltip per item. Folded, names show on hover.
      tooltip={collapsed ? undefined : false}
      items={items}
      selectedKeys={[activePath]}
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={onOpenChange}
      onClick={({ key }) => {
        const item = findByKey(menu, key);
        if (item) onOpen(item, key);
      }}
      className="side-menu"
    />
  );
});
