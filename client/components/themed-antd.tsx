// antd's providers, off the login route's first script (see lib/feedback.ts): the theme colour from the settings
// and the locale of the chosen language for every antd piece; App for the context-aware feedback APIs. The dark
// theme setting darkens antd's whole content (darkAlgorithm), not only the menu — except on the login page, whose
// own drawing stays light, so its islands stay light too. Colours at WCAG 2.2 AA (lib/accessible-colors): the
// chosen colour's shades for fills, text and links, readable error/success/warning and secondary text, in light and
// dark; the classic blue only on the user's opt-in. antd runs in its zero-runtime mode: its components' styles come
// from its prebuilt stylesheet (antd/dist/antd.css, on CSS variables) instead of being generated in the page, which
// took about a quarter of the first page's script time; the theme's tokens still reach them as CSS variables.
//   ThemedConfig – ConfigProvider alone, for antd islands on an antd-free page (language select, QR dialogs);
//   AntdScope    – the route element around every page built on antd (main layout, register, 404);
//   FeedbackHost – mounted once at the root on demand: fills lib/feedback, so messages outlive page changes.
import { App as AntApp, ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import 'antd/dist/antd.css';
import { Outlet } from 'react-router';
import {
  accessibleAliasTokens,
  accessibleMapTokens,
  accessibleSwitchTokens,
  CLASSIC_BLUE,
  contrast,
} from '../lib/accessible-colors';
import { setFeedback, wantFeedback } from '../lib/feedback';
import { AppFeedbackContext, useAppFeedback } from '../lib/app-feedback';
import { messagesWithOwnTimers, notificationsWithOwnTimers } from '../lib/notice-timers';
import { useAntdLocale } from '../lib/i18n/language-switch';
import { useSettings } from '../lib/settings-provider';
import { useReducedMotion } from '../lib/use-reduced-motion';

/** antd's click ripple off: it read the button's computed style and rendered a root of its own inside every click's
 *  task (新增, 保存, 查询), before the click's own work. */
const NO_WAVE = { disabled: true };

export function ThemedConfig({ children, followDark = false }: { children: ReactNode; followDark?: boolean }) {
  const { settings } = useSettings();
  const locale = useAntdLocale();
  const dark = followDark && settings.theme === 'dark';
  const still = useReducedMotion();
  const theme = useMemo(
    () => themeFor(settings.classicColor ? CLASSIC_BLUE : settings.color, dark, settings.classicColor, still),
    [settings.color, settings.classicColor, dark, still],
  );
  return (
    <ConfigProvider locale={locale} theme={theme} wave={NO_WAVE}>
      {children}
    </ConfigProvider>
  );
}

/** antd's theme: its light or dark algorithm, then the AA overrides of its map tokens; component tokens where antd
 *  draws text in the primary fill (the selected menu item and tab, the active page number) take the text shade.
 *  With the system's reduced motion, antd's animations are off. */
function themeFor(color: string, dark: boolean, classic: boolean, still: boolean): ThemeConfig {
  const base = dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm;
  const accessible: typeof base = (seedToken, previous) => {
    const map = previous ?? base(seedToken);
    return { ...map, ...accessibleMapTokens(map as unknown as Record<string, unknown>, { color, dark, classic }) };
  };
  const map = accessible({ ...antdTheme.defaultSeed, colorPrimary: color });
  const text = map.colorPrimaryText;
  return {
    zeroRuntime: true,
    token: { colorPrimary: color, borderRadius: 4, ...accessibleAliasTokens({ dark }), motion: !still },
    algorithm: [base, accessible],
    components: {
      Menu: { itemSelectedColor: text, subMenuItemSelectedColor: text, horizontalItemSelectedColor: text },
      Tabs: {
        itemSelectedColor: text,
        itemActiveColor: map.colorPrimaryTextActive,
        itemHoverColor: map.colorPrimaryTextHover,
        inkBarColor: text,
      },
      Pagination: { itemActiveColor: text, itemActiveColorHover: map.colorPrimaryTextHover },
      // Below everything the user opens — dialogs and drawers (1000), popovers, menus, selects, tooltips: a login's
      // 友情提醒 never covers a form's fields or the user menu the user has just opened.
      Notification: { zIndexPopup: 990 },
      // A switch's off track carries its white text (关闭) at AA, resting and under the pointer.
      Switch: accessibleSwitchTokens({ dark }),
      Button: {
        // A default button's text on hover and press takes the primary text shade (antd uses the fill's).
        defaultHoverColor: map.colorPrimaryTextHover,
        defaultHoverBorderColor: map.colorPrimaryTextHover,
        defaultActiveColor: map.colorPrimaryTextActive,
        defaultActiveBorderColor: map.colorPrimaryTextActive,
        // A danger fill light enough for text on the dark theme carries dark text.
        dangerColor: contrast('#ffffff', map.colorError) >= 4.5 ? '#ffffff' : 'rgba(0, 0, 0, 0.88)',
      },
    },
  };
}

/** antd's App with its messages and notifications on timers of their own (lib/notice-timers): useAppFeedback() below it
 *  reads this context (antd's own, at its ES path), so every caller gets them. */
/** Notifications stand below the 49 px header, never over its menu, bell and settings (a login's 友情提醒 would hide
 *  the user menu for its seconds). */
const NOTIFICATIONS_BELOW_HEADER = { top: 49 + 8 };

export function FeedbackApp({ children, component }: { children: ReactNode; component?: false }) {
  return (
    <AntApp component={component} notification={NOTIFICATIONS_BELOW_HEADER}>
      <OwnNoticeTimers>{children}</OwnNoticeTimers>
    </AntApp>
  );
}

function OwnNoticeTimers({ children }: { children: ReactNode }) {
  const api = AntApp.useApp();
  const value = useMemo(
    () => ({
      ...api,
      message: messagesWithOwnTimers(api.message),
      notification: notificationsWithOwnTimers(api.notification),
    }),
    [api],
  );
  return <AppFeedbackContext.Provider value={value}>{children}</AppFeedbackContext.Provider>;
}

export function AntdScope() {
  // Pages on antd report through lib/feedback: have the host ready with them.
  useEffect(wantFeedback, []);
  return (
    <ThemedConfig followDark>
      <FeedbackApp>
        <Outlet />
      </FeedbackApp>
    </ThemedConfig>
  );
}

function FeedbackBridge() {
  const api = useAppFeedback();
  useEffect(() => {
    setFeedback(api);
    return () => setFeedback(null);
  }, [api]);
  return null;
}

export function FeedbackHost() {
  return (
    <ThemedConfig followDark>
      <FeedbackApp component={false}>
        <FeedbackBridge />
      </FeedbackApp>
    </ThemedConfig>
  );
}
