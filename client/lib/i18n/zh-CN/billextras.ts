// The bill work's remaining pieces: the lines' quantity ceiling in 系统设置, 强制结单 on the order lists, 商品库存's
// 仓库 filter and 库存分布, the product list's thumbnails. Texts are the original client's own where it has them.
export const billExtrasMessages = {
  'settings.billEntry': '单据录入',
  'settings.maxLineQuantity': '单行数量上限',
  'settings.maxLineQuantityHint': '单据某行的数量超过此值时不能保存（防止扫码枪把条码录入数量），默认 {default}',
  'billExtras.moreActions': '更多操作',
  'billExtras.forceClose': '强制结单',
  'billExtras.forceCloseBySale': '强制结单-以销定购',
  'billExtras.forceCloseTitle': '确认强制结单',
  'billExtras.forceCloseBySaleTitle': '确认强制结单(以销定购)',
  'billExtras.forceCloseConfirm': '是否强制结单选中数据?',
  'billExtras.forceCloseHintPurchase': '可将状态是部分采购的单据强制完成',
  'billExtras.forceCloseHintSale': '可将状态是部分销售的单据强制完成',
  'billExtras.picture': '图片',
  'billExtras.viewLarge': '查看大图',
  'billExtras.distribution': '分布',
  'billExtras.depotStockTitle': '查看商品库存分布（条码：{barCode}，名称：{name}）',
  'billExtras.depotName': '仓库名称',
  'billExtras.stockQuantity': '库存数量',
  'billExtras.costPrice': '成本价',
} as const;
