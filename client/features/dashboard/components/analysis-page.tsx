// The home tab (/dashboard/analysis): welcome and company name, twelve figures (sales, retail and purchases today,
// this month, yesterday, this year), the last six months of each as a bar chart, and the tenant's term.
// Data is fetched when the page shows and again each time its tab is back in front (lib/page-shown), never cached
// here; right after a login (or a stored session's boot) the figures' calls were started as the session opened
// (features/dashboard/api).
// What a role may not see the backend already hides (`***`, or no data at all for the platform admin): a hidden
// figure shows `***`, a hidden chart says so, and with no data at all the figures and charts are left out.
import { CalendarOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Skeleton, Statistic, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useOnShownAgain } from '../../../lib/page-shown';
import { injectedConfig, shownSystemTitle } from '../../../lib/injected-config';
import { compactFormat, formatMoney } from '../../../lib/number-format';
import { currentLanguage } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { fetchPlatformSetting, fetchSystemConfig, fetchTenantInfo } from '../../../lib/backend/calls';
import { okObject } from '../../../lib/backend/envelope';
import type { TenantInfo } from '../../../lib/backend/types';
import { homeFigureCalls } from '../api';
import { FIGURES, SERIES_KEYS, readAmount, readSeries, type Kind } from '../statistics';
import { expiresSoon, webAddress } from '../tenant-term';
import { MonthBarChart } from './month-bar-chart';
import './analysis-page.css';
import { HintIcon } from '../../../components/hint-icon';

/** A call's data: undefined while loading, null when it failed. */
type Loaded = Record<string, unknown> | null | undefined;

const CHART_KINDS: readonly Kind[] = ['sale', 'retail', 'buy'];

/** What a figure or chart counts: shown on hover and on keyboard focus (the icon is in the tab order). */
function InfoTip({ tip }: { tip: string }) {
  return <HintIcon text={tip} kind="info" />;
}

/**
 * 立即续费 under a term that ends within five days, linked to the platform's pay_fee_url. The address is read here,
 * so its answer renders this link alone: it came after the figures' and rendered the whole home page again, ahead
 * of the menu's answer.
 */
function RenewLink({ tenant, visit }: { tenant: TenantInfo | null | undefined; visit: number }) {
  const t = useT();
  const [payFeeUrl, setPayFeeUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchPlatformSetting('pay_fee_url')
      .then((reply) => !controller.signal.aborted && setPayFeeUrl(webAddress(okObject(reply)?.platformValue)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [visit]);
  // Read once per render: the term is checked when the page is shown, like the original's created().
  const renewUrl = tenant && payFeeUrl && expiresSoon(tenant.expireTime, new Date()) ? payFeeUrl : null;
  return renewUrl ? (
    <a className="analysis-page__renew" href={renewUrl} target="_blank" rel="noopener noreferrer">
      {t('dashboard.renew')}
    </a>
  ) : null;
}

export default function AnalysisPage() {
  const t = useT();
  const language = currentLanguage();
  const [companyName, setCompanyName] = useState<string | null | undefined>(undefined);
  const [tenant, setTenant] = useState<TenantInfo | null | undefined>(undefined);
  const [statistics, setStatistics] = useState<Loaded>(undefined);
  const [monthly, setMonthly] = useState<Loaded>(undefined);
  const [visit, setVisit] = useState(0);
  useOnShownAgain(() => setVisit((n) => n + 1));

  useEffect(() => {
    const controller = new AbortController();
    const failed = () => !controller.signal.aborted;
    fetchSystemConfig({ signal: controller.signal })
      .then((reply) => setCompanyName(okObject(reply)?.companyName ?? null))
      .catch(() => failed() && setCompanyName(null));
    fetchTenantInfo({ signal: controller.signal })
      .then((reply) => setTenant(okObject(reply)))
      .catch(() => failed() && setTenant(null));
    const figures = homeFigureCalls(controller.signal);
    figures.statistics.then((reply) => setStatistics(okObject(reply))).catch(() => failed() && setStatistics(null));
    figures.monthly.then((reply) => setMonthly(okObject(reply))).catch(() => failed() && setMonthly(null));
    return () => controller.abort();
  }, [visit]);

  const money = (value: number) => formatMoney(value, language);
  const tick = (value: number) => compactFormat(language).format(value);
  const noFigures = statistics !== undefined && statistics !== null && Object.keys(statistics).length === 0;
  const noCharts = monthly !== undefined && monthly !== null && Object.keys(monthly).length === 0;
  const paid = tenant?.type === '1';
  const trial = tenant?.type === '0';
  return (
    <div className="analysis-page">
      <Card className="analysis-page__welcome" variant="borderless">
        <div className="analysis-page__hello">
          {t('dashboard.welcome', { title: shownSystemTitle(t('app.defaultTitle')) })}
        </div>
        <div className="analysis-page__company">
          <ShopOutlined /> {t('dashboard.company')}
          {companyName === undefined ? <Skeleton.Input size="small" active /> : <strong>{companyName ?? '—'}</strong>}
        </div>
      </Card>
      {noFigures ? null : (
        <Row gutter={[12, 12]} className="analysis-page__figures">
          {FIGURES.map(({ key, period, kind }) => {
            const label = t(`dashboard.figure.${key}` as 'dashboard.figure.todaySale');
            const amount = statistics ? readAmount(statistics[key]) : ({ state: 'none' } as const);
            const tip = t('dashboard.figureTip', {
              period: t(`dashboard.period.${period}`),
              kind: t(`dashboard.kind.${kind}`),
            });
            return (
              <Col key={key} xs={12} sm={8} lg={6} xl={4}>
                <Card
                  size="small"
                  variant="borderless"
                  className="analysis-page__figure"
                  data-testid={`figure-${key}`}
                  title={label}
                  extra={<InfoTip tip={tip} />}
                >
                  {statistics === undefined ? (
                    <Skeleton.Input size="small" active />
                  ) : amount.state === 'amount' ? (
                    <span className="analysis-page__amount">{money(amount.value)}</span>
                  ) : amount.state === 'hidden' ? (
                    <span className="analysis-page__amount" title={t('dashboard.hidden')}>
                      ***
                    </span>
                  ) : (
                    <span className="analysis-page__amount">—</span>
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      {noCharts ? null : (
        <Row gutter={[12, 12]}>
          {CHART_KINDS.map((kind) => {
            const title = t(`dashboard.chart.${kind}`);
            const series = monthly ? readSeries(monthly[SERIES_KEYS[kind]]) : ({ state: 'none' } as const);
            const tip = t('dashboard.chartTip', { kind: t(`dashboard.kind.${kind}`) });
            return (
              <Col key={kind} xs={24} md={12} xl={8}>
                <Card
                  size="small"
                  variant="borderless"
                  title={title}
                  data-testid={`chart-${kind}`}
                  extra={<InfoTip tip={tip} />}
                >
                  {monthly === undefined ? (
                    <Skeleton active paragraph={{ rows: 4 }} />
                  ) : series.state === 'months' ? (
                    <>
                      <div className="analysis-page__axis-name">{t('dashboard.amount')}</div>
                      <MonthBarChart title={title} months={series.months} formatValue={money} formatTick={tick} />
                    </>
                  ) : series.state === 'hidden' ? (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description={t('dashboard.chartHidden', { kind: t(`dashboard.kind.${kind}`) })}
                    />
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.noData')} />
                  )}
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={t('dashboard.tenant')} variant="borderless">
            {tenant === undefined ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : tenant && (paid || trial) ? (
              <Row gutter={16}>
                <Col span={12}>
                  <Statistic
                    title={t(paid ? 'dashboard.serviceExpire' : 'dashboard.trialExpire')}
                    value={tenant.expireTime || '—'}
                    prefix={<CalendarOutlined />}
                  />
                </Col>
                <Col span={12}>
                  <Statistic
                    title={t(paid ? 'dashboard.licensedUsers' : 'dashboard.trialUsers')}
                    value={`${tenant.userCurrentNum ?? 0}/${tenant.userNumLimit ?? '—'}`}
                    prefix={<TeamOutlined />}
                  />
                </Col>
              </Row>
            ) : (
              <Tag>—</Tag>
            )}
            <RenewLink tenant={tenant} visit={visit} />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card variant="borderless" className="analysis-page__footer-card">
            {t('dashboard.footer', { title: shownSystemTitle(t('app.defaultTitle')), version: injectedConfig.version })}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
