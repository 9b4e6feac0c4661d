// 官方网站: a tooltip over a bank icon linking to the configured website (new tab).
import { BankOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { HOVER_AND_FOCUS } from '../../../components/hint-icon';
import { useT } from '../../../lib/i18n/use-t';
import { injectedConfig } from '../../../lib/injected-config';

export function WebsiteLink() {
  const t = useT();
  return (
    <Tooltip title={t('header.website')} trigger={HOVER_AND_FOCUS}>
      <a
        className="main-header__action"
        href={injectedConfig.websiteUrl}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('header.website')}
        style={{ color: 'inherit' }}
      >
        <BankOutlined style={{ fontSize: 16 }} />
      </a>
    </Tooltip>
  );
}
