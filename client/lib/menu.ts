// The permission menu (POST /function/findMenuByPNumber) as data, and the pure rules that turn it into
// routes, lookups and breadcrumbs. Views are resolved later, by component path, in app/view-registry.
import type { MenuItem } from './backend/types.js';
import { HOME_PATH } from './route-guard.js';

export type LayoutKind = 'TabLayout' | 'RouteView';

export type RouteNode =
  | {
      kind: 'layout';
      id: MenuItem['id'];
      title: string;
      url: string | null;
      layout: LayoutKind;
      firstLeaf: string | null;
      children: RouteNode[];
    }
  | { kind: 'view'; id: MenuItem['id']; title: string; path: string; component: string }
  | { kind: 'iframe'; id: MenuItem['id']; title: string; path: string; src: string };

export const isExternalUrl = (url: string | null | undefined): boolean => !!url && /^https?:\/\//i.test(url);

/** '/bill/PurchaseInList', 'bill/PurchaseInList.vue' → '/bill/PurchaseInList'. */
export function normalizeComponent(component: string): string {
  const trimmed = component.trim().replace(/\.vue$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export function isLayoutComponent(component: string | null | undefined): boolean {
  return !!component && component.includes('layouts') && !component.includes('IframePageView');
}

const isIframeComponent = (component: string | null | undefined): boolean => !!component?.includes('IframePageView');

/** Where an iframe menu item points: an absolute url as is; a local one rebuilt as the original did
 *  (`/system/a/b/c` → `/a/b/b.html?t=c` when it names no .html page). */
export function iframeSource(url: string): string {
  if (isExternalUrl(url)) return url;
  const path = url.replace('/system', '');
  if (path.includes('.html')) return path;
  const [, first = '', second = '', third = ''] = path.split('/');
  return `/${first}/${second}/${second}.html?t=${third}`;
}

/** Menu url placeholders `{{ … }}` were eval'd by the original; we never eval, we drop them. */
const cleanUrl = (url: string | null | undefined): string | null => {
  const cleaned = (url ?? '').replace(/\{\{[^}]*\}\}/g, '').trim();
  return cleaned === '' ? null : cleaned;
};

function layoutKind(component: string): LayoutKind {
  return component.includes('RouteView') ? 'RouteView' : 'TabLayout';
}

function firstLeafOf(nodes: RouteNode[]): string | null {
  for (const node of nodes) {
    if (node.kind === 'layout') {
      const leaf = node.firstLeaf;
      if (leaf) return leaf;
    } else {
      return node.path;
    }
  }
  return null;
}

/** Menu tree → route tree. The backend's home entry and external links produce no route; duplicate
 *  paths keep the first; a layout with no routable child is dropped. */
export function buildRoutes(menu: readonly MenuItem[]): RouteNode[] {
  const seen = new Set<string>([HOME_PATH]);
  const walk = (items: readonly MenuItem[]): RouteNode[] => {
    const nodes: RouteNode[] = [];
    for (const item of items) {
      const url = cleanUrl(item.url);
      const component = item.component ?? '';
      if (item.children && item.children.length > 0 && !isIframeComponent(component)) {
        const children = walk(item.children);
        if (children.length === 0) continue;
        nodes.push({
          kind: 'layout',
          id: item.id,
          title: item.text,
          url,
          layout: layoutKind(component),
          firstLeaf: firstLeafOf(children),
          children,
        });
        continue;
      }
      if (!url || (isExternalUrl(url) && !isIframeComponent(component))) continue;
      if (isLayoutComponent(component)) continue; // a layout with no children (e.g. the backend's 首页 item)
      if (isIframeComponent(component)) {
        const path = isExternalUrl(url) ? `/iframe/${item.id}` : url;
        if (seen.has(path)) continue;
        seen.add(path);
        nodes.push({ kind: 'iframe', id: item.id, title: item.text, path, src: iframeSource(url) });
        continue;
      }
      if (!component || seen.has(url)) continue;
      seen.add(url);
      nodes.push({ kind: 'view', id: item.id, title: item.text, path: url, component: normalizeComponent(component) });
    }
    return nodes;
  };
  return walk(menu);
}

/** What a menu path shows: a view, an iframe, or (a module's own url) its first page. */
export type MenuTarget =
  | { kind: 'view'; component: string }
  | { kind: 'iframe'; src: string; title: string }
  | { kind: 'redirect'; to: string };

export interface MenuTargets {
  /** By `menuPathKey`. */
  targets: ReadonlyMap<string, MenuTarget>;
  /** The first segments of every target path ('/bill', '/system'…): one route each instead of one per page. */
  prefixes: readonly string[];
}

/** A path as the router matches it: letter case and a trailing slash do not count. */
export function menuPathKey(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase();
}

const targetsByMenu = new WeakMap<readonly MenuItem[], MenuTargets>();

/** Every path the menu opens, built once per menu. The first of two equal paths wins, as in the router's order:
 *  a module's pages before the module's own url. */
export function menuTargetsOf(menu: readonly MenuItem[]): MenuTargets {
  const known = targetsByMenu.get(menu);
  if (known) return known;
  const targets = new Map<string, MenuTarget>();
  const add = (path: string, target: MenuTarget) => {
    const key = menuPathKey(path);
    if (!targets.has(key)) targets.set(key, target);
  };
  const walk = (nodes: RouteNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'view') add(node.path, { kind: 'view', component: node.component });
      else if (node.kind === 'iframe') add(node.path, { kind: 'iframe', src: node.src, title: node.title });
      else {
        walk(node.children);
        if (node.url && node.firstLeaf && node.url !== node.firstLeaf)
          add(node.url, { kind: 'redirect', to: node.firstLeaf });
      }
    }
  };
  walk(buildRoutes(menu));
  const prefixes = [...new Set([...targets.keys()].map((key) => `/${key.split('/')[1] ?? ''}`))].filter(
    (prefix) => prefix !== '/',
  );
  const built = { targets, prefixes };
  targetsByMenu.set(menu, built);
  return built;
}

/** The path an item opens in a tab: its own url, or for iframe items with an external url, the synthetic one. */
export function menuItemPath(item: MenuItem): string | null {
  const url = cleanUrl(item.url);
  if (!url) return null;
  if (isExternalUrl(url) && isIframeComponent(item.component)) return `/iframe/${item.id}`;
  return url;
}

/** Per menu, the trail of every path a leaf opens: built once, since the layout asks at every render (each tab's
 *  title, the breadcrumb, the side menu's open keys) and a walk of the whole menu each time showed in profiles. */
const trailsByMenu = new WeakMap<readonly MenuItem[], ReadonlyMap<string, MenuItem[]>>();

function trailsOf(menu: readonly MenuItem[]): ReadonlyMap<string, MenuItem[]> {
  const known = trailsByMenu.get(menu);
  if (known) return known;
  const trails = new Map<string, MenuItem[]>();
  // Depth first, an item before its children and its children before its next sibling: the first leaf opening a
  // path wins.
  const walk = (items: readonly MenuItem[], above: MenuItem[]) => {
    for (const item of items) {
      const trail = [...above, item];
      const path = menuItemPath(item);
      if (path !== null && !(item.children && item.children.length > 0) && !trails.has(path)) trails.set(path, trail);
      if (item.children) walk(item.children, trail);
    }
  };
  walk(menu, []);
  trailsByMenu.set(menu, trails);
  return trails;
}

/** The chain of menu items from the root to the item opening `path` (for breadcrumbs and open keys). */
export function findMenuTrail(menu: readonly MenuItem[], path: string): readonly MenuItem[] {
  return trailsOf(menu).get(path) ?? [];
}

/** Title of the menu leaf opening `path`, if any. */
export function menuTitle(menu: readonly MenuItem[], path: string): string | undefined {
  const trail = findMenuTrail(menu, path);
  return trail[trail.length - 1]?.text;
}

/** Every leaf (no children), depth first: for menu search and quick links. Layout-only entries excluded. */
export function menuLeaves(menu: readonly MenuItem[]): MenuItem[] {
  const leaves: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (item.hidden) continue;
      if (item.children && item.children.length > 0) walk(item.children);
      else if (!isLayoutComponent(item.component)) leaves.push(item);
    }
  };
  walk(menu);
  return leaves;
}

/** Whether the user's menu opens `pathname` (home always): restored tabs and redirect targets must pass this. */
export function menuAllowsPath(menu: readonly MenuItem[], pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === HOME_PATH || findMenuTrail(menu, path).length > 0;
}
