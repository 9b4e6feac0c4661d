// Offers a reload when a new release of the shell is out (lib/release-check). The open tabs are kept across the
// reload (the tab layout stores them), so reloading loses only unsaved input — hence asked, never forced.
import { Button } from 'antd';
import { useEffect, useEffectEvent } from 'react';
import { useT } from '../lib/i18n/use-t';
import { RELEASE_CHECK_MS, ReleaseWatcher } from '../lib/release-check';
import { useAppFeedback } from '../lib/app-feedback';

const NOTICE_KEY = 'new-release';

export function ReleaseNotice({ intervalMs = RELEASE_CHECK_MS }: { intervalMs?: number }) {
  const t = useT();
  const { notification } = useAppFeedback();
  // One watcher for the layout's life (it holds the ETag first seen); the notice it shows uses the current language.
  const show = useEffectEvent(() =>
    notification.info({
      key: NOTICE_KEY,
      title: t('app.newReleaseTitle'),
      description: t('app.newReleaseContent'),
      duration: false,
      actions: (
        <Button type="primary" size="small" onClick={() => window.location.reload()}>
          {t('app.newReleaseReload')}
        </Button>
      ),
    }),
  );
  useEffect(() => {
    const watcher = new ReleaseWatcher({ fetch: (url, init) => fetch(url, init), onNewRelease: () => show() });
    void watcher.check();
    const timer = window.setInterval(() => void watcher.check(), intervalMs);
    const onFocus = () => void watcher.check();
    window.addEventListener('focus', onFocus);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [intervalMs]);
  return null;
}
