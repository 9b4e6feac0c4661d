// Bill statuses 2 (完成) and 3 (部分) as each list names them: the bills other bills link to.
export const billflowMessages = {
  'billflow.status.purchaseDone': '完成采购',
  'billflow.status.purchasePartly': '部分采购',
  'billflow.status.inDone': '完成入库',
  'billflow.status.inPartly': '部分入库',
  'billflow.status.outDone': '完成出库',
  'billflow.status.outPartly': '部分出库',
  'billflow.status.saleDone': '完成销售',
  'billflow.status.salePartly': '部分销售',
} as const;
