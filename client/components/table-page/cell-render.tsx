// Named cell renderers used by the view specs.
import type { ReactNode } from 'react';
import { Popover, Tag } from 'antd';
import { t } from '../../lib/i18n/i18n';
import { numberFormat } from '../../lib/table/format';
import { formatAmount, quantityText } from '../../lib/number-format';
import { formatBackendDate } from '../../lib/date-format';
import { fileUrl } from '../form-kit/stored-files';
import type { CellRender, StatusWords } from './view-spec';

/** The original's getImgUrl: the first stored picture, under the row's imgSmall / imgLarge folder when it names one (object storage). */
function pictureUrl(imgName: string, folder: unknown): string {
  const first = imgName.split(',')[0] ?? '';
  return fileUrl(typeof folder === 'string' && folder !== '' ? `${folder}/${first}` : first);
}

export function renderCell(
  kind: CellRender | undefined,
  value: unknown,
  statusWords?: StatusWords,
  row?: Record<string, unknown>,
): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  switch (kind) {
    case 'billStatus':
      if (text === '0') return <Tag color="red">{t('table.status.unaudited')}</Tag>;
      if (text === '1') return <Tag color="green">{t('table.status.audited')}</Tag>;
      // 2 = every line linked (完成), 3 = some (部分); the list names what was done.
      if (text === '2') return <Tag color="cyan">{t(statusWords?.done ?? 'table.status.finished')}</Tag>;
      if (text === '3') return <Tag color="blue">{t(statusWords?.partly ?? 'table.status.partly')}</Tag>;
      if (text === '9') return <Tag color="orange">{t('table.status.auditing')}</Tag>;
      return text;
    case 'purchaseStatus':
      // 以销定购 progress of a 销售订单: 0 none yet, 2 wholly, 3 partly taken over by 采购订单.
      if (text === '0') return <Tag color="red">{t('billStatus.notPurchased')}</Tag>;
      if (text === '2') return <Tag color="cyan">{t('billStatus.purchaseDone')}</Tag>;
      if (text === '3') return <Tag color="blue">{t('billStatus.purchasePartly')}</Tag>;
      return text;
    case 'enabled':
      if (text === 'true' || text === '1') return <Tag color="green">{t('table.enabled')}</Tag>;
      if (text === 'false' || text === '0') return <Tag color="orange">{t('table.disabled')}</Tag>;
      return text;
    case 'enabledFlag':
      // User status: 0 normal, 2 disabled.
      return text === '0' ? (
        <Tag color="green">{t('table.enabled')}</Tag>
      ) : (
        <Tag color="orange">{t('table.disabled')}</Tag>
      );
    case 'dictStatus':
      return text === '0' ? (
        <Tag color="green">{t('table.normal')}</Tag>
      ) : (
        <Tag color="orange">{t('table.stopped')}</Tag>
      );
    case 'logStatus':
      return text === '0' ? <Tag color="green">{t('table.success')}</Tag> : <Tag color="red">{t('table.failure')}</Tag>;
    case 'tenantType':
      return text === '0' ? t('table.tenantFree') : text === '1' ? t('table.tenantPaid') : text;
    case 'yesNo':
      return text === 'true' || text === '1' ? t('table.yes') : t('table.no');
    case 'pluginState':
      return text === 'STARTED' ? (
        <Tag color="green">{t('table.pluginStarted')}</Tag>
      ) : (
        <Tag color="orange">{text}</Tag>
      );
    case 'percent':
      return text === '' ? '' : `${text}%`;
    case 'money': {
      const n = Number(text);
      // Two decimals as the original, grouped and marked as the page's language writes money (the home page agrees).
      return Number.isFinite(n) && text !== '' && text !== '-' ? formatAmount(n) : text;
    }
    case 'quantity':
      return quantityText(text);
    case 'date':
      return formatBackendDate(text);
    case 'valueTags':
      return text === '' ? (
        ''
      ) : (
        <>
          {text.split('|').map((v, i) => (
            <Tag key={`${i}:${v}`} color="blue">
              {v}
            </Tag>
          ))}
        </>
      );
    case 'thumbnail':
      if (text === '') return '';
      return (
        <Popover
          trigger="click"
          placement="right"
          content={<img src={pictureUrl(text, row?.imgLarge)} alt="" width={500} style={{ maxWidth: '80vw' }} />}
        >
          <button type="button" className="list-thumb" title={t('table.viewLarge')} aria-label={t('table.viewLarge')}>
            <img src={pictureUrl(text, row?.imgSmall)} alt="" loading="lazy" />
          </button>
        </Popover>
      );
    case 'thousands':
      return text === '-' ? text : numberFormat(text);
    default:
      return text;
  }
}
