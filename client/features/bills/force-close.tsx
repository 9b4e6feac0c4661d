// 更多操作 → 强制结单 on the 采购订单 / 销售订单 lists (and 强制结单-以销定购 on the 销售订单 list when 以销定购 is on),
// as the originals' batchForceClose / batchForceClosePurchase: a selection, 确认强制结单 / 是否强制结单选中数据?, then
// POST {ids:'a,b,'}; the backend refuses a bill not 部分 with its number (单据:… 在该状态不能强制结单), shown as it
// says it. Offered with the edit code (1), as the original's menu.
import { Button, Dropdown, Tooltip } from 'antd';
import { DownOutlined, IssuesCloseOutlined } from '@ant-design/icons';
import type { Key } from 'react';
import type { ListContext } from '../../components/table-page/list-view';
import { answerText, isOk } from '../../lib/backend/envelope';
import { http } from '../../lib/http';
import { useT } from '../../lib/i18n/use-t';
import { joinIds } from '../../lib/table/batch';
import { useAppFeedback } from '../../lib/app-feedback';

export const FORCE_CLOSE_URL = '/depotHead/forceCloseBatch';
export const FORCE_CLOSE_PURCHASE_URL = '/depotHead/forceClosePurchaseBatch';

/** order: which list (its tooltip names 部分采购 or 部分销售); bySale: 以销定购 is on (销售订单 only). */
export function ForceCloseMenu({
  list,
  order,
  bySale,
}: {
  list: ListContext;
  order: 'purchase' | 'sale';
  bySale: boolean;
}) {
  const t = useT();
  const { message, modal } = useAppFeedback();

  const saleHint = t(order === 'purchase' ? 'orderActions.forceCloseHintPurchase' : 'orderActions.forceCloseHintSale');
  const purchaseHint = t('orderActions.forceCloseHintPurchase');
  // The hint is the menu item's tooltip (hover) and the confirm's first line: a keyboard user reads it there.
  const run = (url: string, keys: readonly Key[], title: string, hint: string) => {
    if (keys.length === 0) {
      message.warning(t('table.selectOne'));
      return;
    }
    modal.confirm({
      title,
      content: (
        <>
          <div>{hint}</div>
          <div>{t('orderActions.forceCloseConfirm')}</div>
        </>
      ),
      onOk: async () => {
        try {
          const body = await http.post(url, { ids: joinIds(keys.map(String)) });
          if (isOk(body)) list.reload();
          else message.warning(answerText(body));
        } catch {
          // The HTTP client's catalogue has shown the failure.
        }
      },
    });
  };

  const items = [
    {
      key: 'forceClose',
      icon: <IssuesCloseOutlined />,
      label: <Tooltip title={saleHint}>{t('orderActions.forceClose')}</Tooltip>,
      onClick: () => run(FORCE_CLOSE_URL, list.selectedKeys, t('orderActions.forceCloseTitle'), saleHint),
    },
    ...(bySale
      ? [
          {
            key: 'forceClosePurchase',
            icon: <IssuesCloseOutlined />,
            label: <Tooltip title={purchaseHint}>{t('orderActions.forceCloseBySale')}</Tooltip>,
            onClick: () =>
              run(FORCE_CLOSE_PURCHASE_URL, list.selectedKeys, t('orderActions.forceCloseBySaleTitle'), purchaseHint),
          },
        ]
      : []),
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button data-testid="bill-more-actions">
        {t('orderActions.moreActions')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
