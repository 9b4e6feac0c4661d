// The home page's two statistics calls. Both answer `{code: 200, data: {...}}`; statistics.ts reads them.
import type { Reply } from '../../lib/backend/types';
import { http } from '../../lib/http';
import { startEarlyCall, takeEarlyCall } from '../../lib/early-calls';

export const fetchBuyAndSaleStatistics = (options: { signal?: AbortSignal } = {}) =>
  http.get<Reply<Record<string, unknown> | string>>('/depotHead/getBuyAndSaleStatistics', undefined, options);

export const fetchMonthlyAmounts = (options: { signal?: AbortSignal } = {}) =>
  http.get<Reply<Record<string, unknown> | string>>('/depotItem/buyOrSalePrice', undefined, options);

type FigureReply = Reply<Record<string, unknown> | string>;
const STATISTICS_CALL = 'home statistics';
const MONTHLY_CALL = 'home monthly amounts';

/** The figures' two calls, started as the session's calls open when the session lands on the home page. */
export function startHomeFigureCalls(): void {
  startEarlyCall(STATISTICS_CALL, (signal) => fetchBuyAndSaleStatistics({ signal }));
  startEarlyCall(MONTHLY_CALL, (signal) => fetchMonthlyAmounts({ signal }));
}

/** The figures' calls for the page shown: the early ones once, then its own; `abort` ends both kinds. */
export function homeFigureCalls(signal: AbortSignal): {
  statistics: Promise<FigureReply>;
  monthly: Promise<FigureReply>;
} {
  const early = [takeEarlyCall<FigureReply>(STATISTICS_CALL), takeEarlyCall<FigureReply>(MONTHLY_CALL)];
  signal.addEventListener('abort', () => early.forEach((call) => call?.controller.abort()));
  return {
    statistics: early[0]?.promise ?? fetchBuyAndSaleStatistics({ signal }),
    monthly: early[1]?.promise ?? fetchMonthlyAmounts({ signal }),
  };
}
