// The bar of open tabs. antd's card tabs measured every tab's width at each change of the list and of the active tab
// (rc-tabs' TabNavList: a forced layout of ~60 ms in a list journey's profile) to place its ink bar and to move tabs
// that do not fit into a "more" menu. This bar draws with CSS alone: the tabs sit in one row that scrolls sideways
// when they overflow (the mouse wheel scrolls it too), and the active tab is scrolled into view when partly hidden.
// Keyboard as in the WAI-ARIA tabs pattern with manual activation: ←/→/Home/End move the focus, Enter or Space
// opens the focused tab, Delete or Backspace closes it. The × is for the mouse: it is not in the Tab order and not
// in the accessibility tree (a tab list may hold only tabs), and each tab names its Delete shortcut instead.
import { CloseOutlined } from '@ant-design/icons';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabBarItem {
  key: string;
  label: ReactNode;
}

export interface TabBarProps {
  items: readonly TabBarItem[];
  activeKey: string;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowRight: (index, count) => (index + 1) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabBar({ items, activeKey, onSelect, onClose }: TabBarProps) {
  const list = useRef<HTMLDivElement>(null);

  // The active tab comes into view when the bar hides part of it. An observer tells, from the frame's own layout:
  // reading the bar's widths here would force a layout (React runs a click's effects before the paint).
  useEffect(() => {
    const bar = list.current;
    const tab = bar?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!bar || !tab || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect();
        if (entry && entry.intersectionRatio < 1) tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      },
      { root: bar, threshold: 1 },
    );
    observer.observe(tab);
    return () => observer.disconnect();
  }, [activeKey, items.length]);

  // A vertical wheel over an overflowing bar scrolls it sideways (a listener that may cancel the page's scroll).
  useEffect(() => {
    const bar = list.current;
    if (!bar) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaX !== 0 || bar.scrollWidth <= bar.clientWidth) return;
      event.preventDefault();
      bar.scrollLeft += event.deltaY;
    };
    bar.addEventListener('wheel', onWheel, { passive: false });
    return () => bar.removeEventListener('wheel', onWheel);
  }, []);

  const onKeyDown = (key: string, event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...list.current!.querySelectorAll<HTMLElement>('[role="tab"]')];
    const index = tabs.indexOf(event.currentTarget);
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      tabs[move(index, tabs.length)]!.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(key);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onClose(key);
    }
  };

  return (
    <div ref={list} role="tablist" className="tab-bar">
      {items.map(({ key, label }) => {
        const active = key === activeKey;
        return (
          <div
            key={key}
            role="tab"
            aria-selected={active}
            aria-keyshortcuts="Delete"
            tabIndex={active ? 0 : -1}
            data-tab-key={key}
            className={active ? 'tab-bar__tab tab-bar__tab--active' : 'tab-bar__tab'}
            onKeyDown={(event) => onKeyDown(key, event)}
            // One handler for the tab and its ×: a click on the × closes the tab instead of opening it.
            onClick={(event) => ((event.target as Element).closest('.tab-bar__close') ? onClose(key) : onSelect(key))}
          >
            {label}
            <span className="tab-bar__close" aria-hidden>
              <CloseOutlined />
            </span>
          </div>
        );
      })}
    </div>
  );
}
