// 以销定购 (the system flag purchaseBySaleFlag): whether this tenant's 采购订单 may be taken from 销售订单, which shows
// the 销售订单 list's 采购进度 and the 采购订单 list's 关联订单. Read once per page from the shared system config.
import { useEffect, useState } from 'react';
import { fetchSystemConfigData } from '../../lib/backend/calls';

/** The flag, or null while it is being read (a failed read counts as off, as the original). */
export function usePurchaseBySale(wanted: boolean): boolean | null {
  const [flag, setFlag] = useState<boolean | null>(wanted ? null : false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    fetchSystemConfigData().then(
      (config) => {
        if (live) setFlag(config?.purchaseBySaleFlag === '1');
      },
      () => {
        if (live) setFlag(false);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return flag;
}
