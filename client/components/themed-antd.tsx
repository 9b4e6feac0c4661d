// antd's providers, off the login route's first script (see lib/feedback.ts): the theme colour from the settings
// and the locale of the chosen language for every antd piece; App for the context-aware feedback APIs. The dark
// theme setting darkens antd's whole content (darkAlgorithm), not only the menu — except on the login page, whose
// own drawing stays light, so its islands stay light too.
//   ThemedConfig – ConfigProvider alone, for antd islands on an antd-free page (language select, QR dialogs);
//   AntdScope    – the route element around every page built on antd (main layout, register, 404);
//   FeedbackHost – mounted once at the root on demand: fills lib/feedback, so messages outlive page changes.
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { setFeedback, wantFeedback } from '../lib/feedback';
import { useAntdLocale } from '../lib/i18n/language-switch';
import { useSettings } from '../lib/settings-provider';

export function ThemedConfig({ children, followDark = false }: { children: ReactNode; followDark?: boolean }) {
  const { settings } = useSettings();
  const locale = useAntdLocale();
  const dark = followDark && settings.theme === 'dark';
  const theme = useMemo(() => ({
    token: { colorPrimary: settings.color, borderRadius: 4 },
    algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
  }), [settings.color, dark]);
  return (
    <ConfigProvider locale={locale} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

export function AntdScope() {
  // Pages on antd report through lib/feedback: have the host ready with them.
  useEffect(wantFeedback, []);
  return (
    <ThemedConfig followDark>
      <AntApp>
        <Outlet />
      </AntApp>
    </ThemedConfig>
  );
}

function FeedbackBridge() {
  const api = AntApp.useApp();
  useEffect(() => {
    setFeedback(api);
    return () => setFeedback(null);
  }, [api]);
  return null;
}

export function FeedbackHost() {
  return (
    <ThemedConfig followDark>
      <AntApp component={false}>
        <FeedbackBridge />
      </AntApp>
    </ThemedConfig>
  );
}
