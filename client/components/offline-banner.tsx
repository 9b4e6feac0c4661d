// A banner at the top while the browser is offline: it says the page reconnects by itself, offers 重试 (asks the
// gateway's /healthz; an answer clears the banner, none says so), and goes away by itself on the `online` event.
// Plain HTML, no antd: it is mounted at the root, the login page included.
import { useEffect, useState } from 'react';
import { useT } from '../lib/i18n/use-t';
import './offline-banner.css';

const PROBE_PATH = '/healthz';

export function OfflineBanner() {
  const t = useT();
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  const [checking, setChecking] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);

  useEffect(() => {
    const goOffline = () => {
      setOffline(true);
      setStillOffline(false);
    };
    const goOnline = () => setOffline(false);
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
  }, []);

  if (!offline) return null;

  const retry = () => {
    if (checking) return;
    setChecking(true);
    fetch(PROBE_PATH, { cache: 'no-store', credentials: 'omit' })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setOffline(false);
      })
      .catch(() => setStillOffline(true))
      .finally(() => setChecking(false));
  };

  return (
    <div className="offline-banner" role="alert" data-testid="offline-banner">
      <span>{stillOffline ? `${t('web.offlineStill')} · ${t('web.offline')}` : t('web.offline')}</span>
      <button type="button" className="offline-banner__retry" onClick={retry} disabled={checking} aria-busy={checking}>
        {t('web.offlineRetry')}
      </button>
    </div>
  );
}
