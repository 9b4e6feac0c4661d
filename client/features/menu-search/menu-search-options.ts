// The menu search's options: every page of the permission menu — layout-only entries (component
// /layouts/TabLayout or /layouts/RouteView, which also drops the backend's 首页 and the top-level modules) are
// excluded — labelled in the current language; matching is a case-insensitive substring of either label.
import type { MenuItem } from '../../lib/backend/types.js';
import { menuItemPath } from '../../lib/menu.js';

const LAYOUT_ONLY = new Set(['/layouts/TabLayout', '/layouts/RouteView']);

export interface MenuSearchOption {
  value: string;
  /** Shown text (translated). */
  label: string;
  /** The server's text, also searchable. */
  serverText: string;
  path: string;
  item: MenuItem;
}

export function menuSearchOptions(
  menu: readonly MenuItem[],
  translate: (url: string | null | undefined, text: string) => string,
): MenuSearchOption[] {
  const options: MenuSearchOption[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.hidden) continue;
      if (!LAYOUT_ONLY.has((item.component ?? '').trim())) {
        const path = menuItemPath(item);
        if (path)
          options.push({
            value: String(item.id),
            label: translate(item.url, item.text),
            serverText: item.text,
            path,
            item,
          });
      }
      if (item.children && item.children.length > 0) walk(item.children);
    }
  };
  walk(menu);
  return options;
}

export function matchesMenuSearch(option: Pick<MenuSearchOption, 'label' | 'serverText'>, input: string): boolean {
  const needle = input.trim().toLowerCase();
  if (needle === '') return true;
  return option.label.toLowerCase().includes(needle) || option.serverText.toLowerCase().includes(needle);
}
