// The order lists' actions: 转采购订单 from a 请购单 or a 销售订单 (以销定购) and 强制结单. Texts are the original
// client's own.
export const orderActionsMessages = {
  'orderActions.moreActions': '更多操作',
  'orderActions.toPurchaseOrder': '转采购订单',
  'orderActions.cannotTransfer': '该状态不能转采购订单！',
  'orderActions.toPurchaseOrderBySale': '转采购订单-以销定购',
  'orderActions.cannotTransferBySale': '该状态不能转采购订单-以销定购！',
  'orderActions.forceClose': '强制结单',
  'orderActions.forceCloseBySale': '强制结单-以销定购',
  'orderActions.forceCloseTitle': '确认强制结单',
  'orderActions.forceCloseBySaleTitle': '确认强制结单(以销定购)',
  'orderActions.forceCloseConfirm': '是否强制结单选中数据?',
  'orderActions.forceCloseHintPurchase': '可将状态是部分采购的单据强制完成',
  'orderActions.forceCloseHintSale': '可将状态是部分销售的单据强制完成',
} as const;
