// One product's stock across depots, as the 商品库存 report's dialogs show it. 商品库存流水:
// DepotItemController.findDetailByDepotIdsAndMaterialId, the bills that moved it in the given depots (empty: the
// caller's depots), newest first (the original client loads it once, with no product, when the report opens:
// 未知异常, as the backend answers it). 库存分布: MaterialController.getMaterialDepotStock, its stock per depot, and
// DepotItemController.getMaterialDepotStockByParam, its stock per depot at the end of a period (进销存统计).
import { type Row } from './store.js';

/** One row of the union: the line's own depot, or for a transfer's second row the depot it went into. */
export interface FlowRow {
  head: Row;
  line: Row;
  quantity: number;
  depotName: string | null;
}
