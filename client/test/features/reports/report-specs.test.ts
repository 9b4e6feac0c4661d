// Each report's columns against the original's view (jshERP-web src/views/report/*.vue): the columns shown before
// the user chooses are its defDataIndex (without the row number and the row-link column), in its order, and every
// column it offers in 列设置 is offered here too.
import { describe, expect, it } from 'vitest';
import { reportSpec, REPORTS } from '../../../features/reports/report-specs';

const shown = (name: keyof typeof REPORTS) => {
  const spec = reportSpec(name);
  return spec.defaultVisible ?? spec.columns.map((c) => c.dataIndex);
};
const offered = (name: keyof typeof REPORTS) => reportSpec(name).columns.map((c) => c.dataIndex);

const MATERIAL_MORE = ['materialColor', 'materialBrand', 'materialMfrs', 'otherField1', 'otherField2', 'otherField3'];

describe('report columns', () => {
  it('采购统计 counts purchases as goods in, returns as goods out, and inOutSumPrice', () => {
    const base = ['barCode', 'materialName', 'materialStandard', 'materialModel', 'materialUnit'];
    expect(shown('buyInReport')).toEqual([...base, 'inSum', 'inSumPrice', 'outSum', 'outSumPrice', 'inOutSumPrice']);
    expect(offered('buyInReport')).toEqual(expect.arrayContaining(MATERIAL_MORE));
  });

  it('销售统计 and 零售统计 count sales as goods out first, and outInSumPrice', () => {
    const base = ['barCode', 'materialName', 'materialStandard', 'materialModel', 'materialUnit'];
    for (const name of ['saleOutReport', 'retailOutReport'] as const) {
      expect(shown(name)).toEqual([...base, 'outSum', 'outSumPrice', 'inSum', 'inSumPrice', 'outInSumPrice']);
      expect(offered(name)).toEqual(expect.arrayContaining(MATERIAL_MORE));
    }
  });

  it('入库明细 / 出库明细 offer 颜色, 品牌, 制造商 and 多属性 besides their defaults', () => {
    for (const name of ['inDetail', 'outDetail'] as const) {
      expect(shown(name)).toEqual([
        'number',
        'barCode',
        'mname',
        'standard',
        'model',
        'mUnit',
        'operNumber',
        'unitPrice',
        'allPrice',
        'taxRate',
        'taxMoney',
        'sname',
        'dname',
        'operTime',
        'newRemark',
      ]);
      expect(offered(name)).toEqual(expect.arrayContaining(['color', 'brand', 'mfrs', 'sku']));
    }
  });

  it('入库汇总 / 出库汇总 show 类别 before 单位', () => {
    for (const name of ['inMaterialCount', 'outMaterialCount'] as const)
      expect(shown(name)).toEqual([
        'barCode',
        'mName',
        'standard',
        'model',
        'categoryName',
        'materialUnit',
        'numSum',
        'priceSum',
      ]);
  });

  it('进销存统计, 商品库存 and 库存预警 offer the material columns the originals offer', () => {
    expect(offered('inOutStockReport')).toEqual(expect.arrayContaining(['imgName', ...MATERIAL_MORE]));
    expect(offered('materialStock')).toEqual(expect.arrayContaining(['brand', 'mfrs']));
    expect(offered('stockWarningReport')).toEqual(
      expect.arrayContaining(['mcolor', 'brand', 'mmfrs', 'motherField1', 'motherField2', 'motherField3']),
    );
    expect(shown('stockWarningReport')).not.toContain('mcolor');
  });
});
