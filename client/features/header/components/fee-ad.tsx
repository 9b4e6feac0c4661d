// The annual network-edition price link: shown only on desktop, with the light theme, when the
// platform's pay_fee_url is set and the tenant's type is '0' (a free tenant).
import { CloudFilled } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/use-t';
import type { Device } from '../../../lib/use-device';
import { fetchPlatformSetting, fetchTenantInfo } from '../../../lib/backend/calls';
import { okObject } from '../../../lib/backend/envelope';

/** The fee url when the platform and tenant call for the ad, else null. */
function usePayFeeUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const config = await fetchPlatformSetting('pay_fee_url');
      const value = okObject(config)?.platformValue;
      if (!value) return;
      const tenant = okObject(await fetchTenantInfo());
      if (live && tenant?.type === '0') setUrl(value);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return url;
}

export function FeeAd({ device, theme }: { device: Device; theme: 'light' | 'dark' }) {
  const t = useT();
  const url = usePayFeeUrl();
  if (!url || device !== 'desktop' || theme !== 'light') return null;
  return (
    <a
      className="main-header__action header-fee-ad"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      style={{ color: 'inherit', whiteSpace: 'nowrap' }}
      data-testid="fee-ad"
    >
      <CloudFilled style={{ color: '#FFD700', marginRight: 4 }} />
      {t('header.ad')}
    </a>
  );
}
