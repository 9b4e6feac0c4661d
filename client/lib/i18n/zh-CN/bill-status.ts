// Bill statuses 2 (完成) and 3 (部分) as each list names them, and the sale order's 采购进度 (以销定购): the bills
// other bills link to.
export const billStatusMessages = {
  'billStatus.purchaseDone': '完成采购',
  'billStatus.purchasePartly': '部分采购',
  'billStatus.inDone': '完成入库',
  'billStatus.inPartly': '部分入库',
  'billStatus.outDone': '完成出库',
  'billStatus.outPartly': '部分出库',
  'billStatus.saleDone': '完成销售',
  'billStatus.salePartly': '部分销售',
  'billStatus.purchaseProgress': '采购进度',
  'billStatus.notPurchased': '未采购',
} as const;
