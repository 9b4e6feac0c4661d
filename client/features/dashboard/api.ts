// The home page's two statistics calls. Both answer `{code: 200, data: {...}}`; statistics.ts reads them.
import type { Reply } from '../../lib/backend/types';
import { http } from '../../lib/http';

export const fetchBuyAndSaleStatistics = (options: { signal?: AbortSignal } = {}) =>
  http.get<Reply<Record<string, unknown> | string>>('/depotHead/getBuyAndSaleStatistics', undefined, options);

export const fetchMonthlyAmounts = (options: { signal?: AbortSignal } = {}) =>
  http.get<Reply<Record<string, unknown> | string>>('/depotItem/buyOrSalePrice', undefined, options);
