// 商品库存's 库存分布: one product's stock by warehouse.
export const materialStockMessages = {
  'materialStock.distribution': '分布',
  'materialStock.depotStockTitle': '查看商品库存分布（条码：{barCode}，名称：{name}）',
  'materialStock.depotName': '仓库名称',
  'materialStock.stockQuantity': '库存数量',
  'materialStock.costPrice': '成本价',
} as const;
