// The stock bills' remaining rules: 以销定购 (a 采购订单 taken from a 销售订单, the sale order's 采购进度) and the
// retail form's labels. Texts are the original client's own.
export const billPolishMessages = {
  'billPolish.pickSaleOrder': '请选择关联销售订单',
  'billPolish.purchaseProgress': '采购进度',
  'billPolish.notPurchased': '未采购',
  'billPolish.toPurchaseOrderBySale': '转采购订单-以销定购',
  'billPolish.cannotTransferBySale': '该状态不能转采购订单-以销定购！',
  'billPolish.memberCard': '会员卡号',
} as const;
