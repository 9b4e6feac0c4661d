// The home tab (/dashboard/analysis): company name and the tenant's trial or service term.
// Data is fetched each time the page becomes visible (tab switches re-run effects), never cached here.
import { CalendarOutlined, TeamOutlined, ShopOutlined } from '@ant-design/icons';
import { Card, Col, Row, Skeleton, Statistic, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { injectedConfig } from '../../../lib/injected-config';
import { useT } from '../../../lib/i18n/use-t';
import { fetchSystemConfig, fetchTenantInfo } from '../../../lib/backend/calls';
import type { TenantInfo } from '../../../lib/backend/types';
import './analysis-page.css';

export default function AnalysisPage() {
  const t = useT();
  const [companyName, setCompanyName] = useState<string | null | undefined>(undefined);
  const [tenant, setTenant] = useState<TenantInfo | null | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    fetchSystemConfig({ signal: controller.signal })
      .then((reply) => setCompanyName(reply?.code === 200 && typeof reply.data === 'object' ? (reply.data?.companyName ?? null) : null))
      .catch(() => !controller.signal.aborted && setCompanyName(null));
    fetchTenantInfo({ signal: controller.signal })
      .then((reply) => setTenant(reply?.code === 200 && typeof reply.data === 'object' ? reply.data : null))
      .catch(() => !controller.signal.aborted && setTenant(null));
    return () => controller.abort();
  }, []);

  const paid = tenant?.type === '1';
  const trial = tenant?.type === '0';
  return (
    <div className="analysis-page">
      <Card className="analysis-page__welcome" variant="borderless">
        <div className="analysis-page__hello">{t('dashboard.welcome', { title: injectedConfig.systemTitle })}</div>
        <div className="analysis-page__company">
          <ShopOutlined /> {t('dashboard.company')}
          {companyName === undefined ? <Skeleton.Input size="small" active /> : <strong>{companyName ?? '—'}</strong>}
        </div>
      </Card>
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
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card variant="borderless" className="analysis-page__footer-card">
            {t('dashboard.footer', { title: injectedConfig.systemTitle, version: injectedConfig.version })}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
