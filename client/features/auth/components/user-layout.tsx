// The login layout (inventory §2.3): poster on the left (hidden on mobile), a 340×460 card on the right with the
// system title and version, the footer with copyright and website link, and the production-host extras.
import { Link, Outlet } from 'react-router';
import { injectedConfig } from '../../../lib/injected-config';
import { useT } from '../../../lib/i18n/use-t';
import { useDevice } from '../../../lib/use-device';
import { MigrationNotice } from '../../../components/migration-notice';
import { LanguageSelect } from '../../../components/language-select';
import posterUrl from '../assets/poster.svg';
import { DownloadEntries } from './download-entries';
import './user-layout.css';

export function UserLayout() {
  const t = useT();
  const device = useDevice();
  const variant = injectedConfig.loginVariant;
  return (
    <div className={`user-layout user-layout--${device}`}>
      <div style={{ position: 'absolute', top: 16, right: 24, zIndex: 10 }}>
        <LanguageSelect withIcon width={device === 'mobile' ? 130 : 150} />
      </div>
      <div className="user-layout__main">
        {device === 'desktop' ? (
          <div className="user-layout__poster">
            <h2 className="user-layout__slogan">{t('login.slogan')}</h2>
            <p className="user-layout__sub">{t('login.subSlogan')}</p>
            <img src={posterUrl} alt="" width={560} height={385} draggable={false} />
          </div>
        ) : null}
        <div className="user-layout__card">
          <div className="user-layout__header">
            <Link to="/" className="user-layout__title-link">
              <span className="user-layout__title">{injectedConfig.systemTitle}</span>
              <small className="user-layout__version">{injectedConfig.version}</small>
            </Link>
          </div>
          <Outlet />
        </div>
      </div>
      <footer className="user-layout__footer">
        {variant && variant.downloads.length > 0 ? <DownloadEntries downloads={variant.downloads} /> : null}
        <p className="user-layout__copyright">
          {variant?.companyLabel ? <span className="user-layout__company">{variant.companyLabel}</span> : null}
          <span>{t('app.copyright', { title: injectedConfig.systemTitle })}</span>
          <a href={injectedConfig.websiteUrl} target="_blank" rel="noopener noreferrer" className="user-layout__website">
            {t('app.website')}
          </a>
          {variant?.filingNumber ? (
            <a href={variant.filingUrl ?? 'http://beian.miit.gov.cn/'} target="_blank" rel="noopener noreferrer" className="user-layout__filing">
              {variant.filingNumber}
            </a>
          ) : null}
        </p>
      </footer>
      <MigrationNotice notice={injectedConfig.migrationNotice} />
    </div>
  );
}
