// The login layout: poster on the left (hidden on mobile), a 340×460 card on the right with the
// system title and version, the footer with copyright and website link, and the production-host extras.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { wantFeedback } from '../../../lib/feedback';
import { injectedConfig, shownSystemTitle } from '../../../lib/injected-config';
import { useT } from '../../../lib/i18n/use-t';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint';
import { useDevice } from '../../../lib/use-device';
import posterUrl from '../assets/poster.svg';
import './user-layout.css';

// The layout carries no antd: its antd pieces (the select, the QR dialogs, the migration notice) are islands
// loaded once the form is on screen, each inside the themed ConfigProvider.
const ThemedConfig = lazy(() => import('../../../components/themed-antd').then((m) => ({ default: m.ThemedConfig })));
const LanguageSelect = lazy(() =>
  import('../../../components/language-select').then((m) => ({ default: m.LanguageSelect })),
);
const DownloadEntries = lazy(() => import('./download-entries').then((m) => ({ default: m.DownloadEntries })));
const MigrationNotice = lazy(() =>
  import('../../../components/migration-notice').then((m) => ({ default: m.MigrationNotice })),
);

/** An antd piece of this layout: the placeholder until the form has painted and the chunk is in. */
function AntdIsland({
  ready,
  placeholder = null,
  children,
}: {
  ready: boolean;
  placeholder?: ReactNode;
  children: ReactNode;
}) {
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ThemedConfig>{children}</ThemedConfig>
    </Suspense>
  );
}

export function UserLayout() {
  const t = useT();
  const device = useDevice();
  const variant = injectedConfig.loginVariant;
  const painted = useAfterFirstPaint();
  const systemTitle = shownSystemTitle(t('app.defaultTitle'));
  // The page's <title> is the gateway's (ERP系统 when it fell back): the login pages show it in the page's language.
  useEffect(() => {
    document.title = systemTitle;
  }, [systemTitle]);
  // The login's messages and the pages after it need antd: load it once the form is on screen.
  useEffect(() => {
    if (painted) wantFeedback();
  }, [painted]);
  return (
    <div className={`user-layout user-layout--${device}`}>
      {/* Landmarks for assistive technology: the language choice is the banner, the poster and the card the main
          content (with the system title as the page's h1), the copyright the footer. */}
      <header style={{ position: 'absolute', top: 16, right: 24, zIndex: 10 }}>
        <AntdIsland ready={painted} placeholder={<span style={{ display: 'inline-block', height: 32 }} />}>
          <LanguageSelect withIcon width={device === 'mobile' ? 130 : 150} />
        </AntdIsland>
      </header>
      <main className="user-layout__main">
        {device === 'desktop' ? (
          <div className="user-layout__poster">
            <h2 className="user-layout__slogan">{t('login.slogan')}</h2>
            <p className="user-layout__sub">{t('login.subSlogan')}</p>
            <img src={posterUrl} alt="" width={560} height={385} draggable={false} />
          </div>
        ) : null}
        <div className="user-layout__card">
          <h1 className="user-layout__header">
            <Link to="/" className="user-layout__title-link">
              <span className="user-layout__title">{systemTitle}</span>
              <small className="user-layout__version">{injectedConfig.version}</small>
            </Link>
          </h1>
          <Outlet />
        </div>
      </main>
      <footer className="user-layout__footer">
        {variant && variant.downloads.length > 0 ? (
          <AntdIsland ready={painted} placeholder={<div className="download-entries" />}>
            <DownloadEntries downloads={variant.downloads} />
          </AntdIsland>
        ) : null}
        <p className="user-layout__copyright">
          {variant?.companyLabel ? <span className="user-layout__company">{variant.companyLabel}</span> : null}
          <span>{t('app.copyright', { title: systemTitle })}</span>
          <a
            href={injectedConfig.websiteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="user-layout__website"
          >
            {t('app.website')}
          </a>
          {variant?.filingNumber ? (
            <a
              href={variant.filingUrl ?? 'http://beian.miit.gov.cn/'}
              target="_blank"
              rel="noopener noreferrer"
              className="user-layout__filing"
            >
              {variant.filingNumber}
            </a>
          ) : null}
        </p>
      </footer>
      {injectedConfig.migrationNotice ? (
        <AntdIsland ready={painted}>
          <MigrationNotice notice={injectedConfig.migrationNotice} />
        </AntdIsland>
      ) : null}
    </div>
  );
}
