// Full-page spinner while the session boots (reloading the permission menu); same look as index.html's loader.
// When the backend keeps it waiting, it says so and offers the way back to the login page.
import { useT } from '../lib/i18n/use-t';
import { usePendingHint } from '../lib/use-pending-hint';

export interface BootScreenProps {
  /** Ends the session that does not come up and opens the login page; without it no way back is offered. */
  onLeave?: () => void;
}

export function BootScreen({ onLeave }: BootScreenProps) {
  const t = useT();
  const waiting = usePendingHint(onLeave !== undefined);
  return (
    <div className="boot-loader" role="status" aria-live="polite">
      <div className="boot-loader__spinner" />
      <div className="boot-loader__text">{t('app.bootLoading')}</div>
      {waiting ? (
        <div className="boot-loader__waiting">
          <div>{t('app.bootWaiting')}</div>
          <button type="button" className="boot-loader__leave" onClick={onLeave}>
            {t('app.bootBackToLogin')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
