// Full-page spinner while the session boots (reloading the permission menu); same look as index.html's loader.
import { useT } from '../lib/i18n/use-t';

export function BootScreen() {
  const t = useT();
  return (
    <div className="boot-loader" role="status" aria-live="polite">
      <div className="boot-loader__spinner" />
      <div className="boot-loader__text">{t('app.bootLoading')}</div>
    </div>
  );
}
