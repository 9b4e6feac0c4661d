// Material pages: each a ViewSpec after the original view (url.list, query fields, columns).
import { listViewOf } from '../../components/table-page/list-view';
import {
  ENABLED_COLUMN,
  ENABLED_FIELD,
  MATERIAL_PARAM_FIELD,
  columnsOfWidth,
} from '../../components/table-page/spec-parts';
import type { ViewSpec } from '../../components/table-page/view-spec';
import { MATERIAL_FORMS } from './material-forms';

const col = columnsOfWidth(90);

export const MATERIAL_VIEWS = {
  material: {
    pageUrl: '/material/material',
    pageKey: 'materialColumns',
    listUrl: '/material/list',
    deleteUrl: '/material/delete',
    deleteBatchUrl: '/material/deleteBatch',
    batchSetStatusUrl: '/material/batchSetStatus',
    statusButtons: 'enable',
    exportUrl: '/material/exportExcel',
    exportTitle: 'page.material',
    importUrl: '/material/importExcel',
    importDialog: {
      title: 'import.materialTitle',
      templateUrl: '/doc/goods_template.xls',
      templateName: 'import.materialTemplate',
    },
    fields: [
      MATERIAL_PARAM_FIELD,
      { kind: 'text', name: 'color', label: 'field.color' },
      { kind: 'text', name: 'brand', label: 'field.brand' },
      { kind: 'text', name: 'mfrs', label: 'field.mfrs' },
      { kind: 'text', name: 'position', label: 'field.position' },
      ENABLED_FIELD,
      { kind: 'text', name: 'remark', label: 'field.remark' },
    ],
    // 图片: offered in 列设置 as the original's (not among its default columns).
    columns: [
      col('imgName', 'col.picture', 60, { render: 'thumbnail' }),
      col('mBarCode', 'col.barCode', 120),
      col('name', 'col.materialName', 140, { ellipsis: true, sortable: true }),
      col('standard', 'col.standard', 90),
      col('model', 'col.model', 90),
      col('color', 'col.color', 60),
      col('brand', 'col.brand', 80),
      col('mfrs', 'col.mfrs', 80),
      col('categoryName', 'col.category', 90),
      col('materialOther', 'col.materialOther', 120, { ellipsis: true }),
      col('unit', 'col.unit', 100, { fallback: 'unitName', ellipsis: true }),
      col('stock', 'col.currentStock', 70, { render: 'quantity', summed: false }),
      col('purchaseDecimal', 'col.purchasePrice', 80, { render: 'money' }),
      col('commodityDecimal', 'col.retailPrice', 80, { render: 'money' }),
      col('wholesaleDecimal', 'col.salePrice', 80, { render: 'money' }),
      col('lowDecimal', 'col.lowPrice', 80, { render: 'money' }),
      col('position', 'col.position', 80),
      ENABLED_COLUMN,
      col('enableSerialNumber', 'col.serialNumberFlag', 80, { render: 'yesNo' }),
      col('enableBatchNumber', 'col.batchNumberFlag', 80, { render: 'yesNo' }),
      col('remark', 'col.remark', 160, { ellipsis: true }),
    ],
    defaultVisible: [
      'mBarCode',
      'name',
      'standard',
      'model',
      'color',
      'brand',
      'categoryName',
      'unit',
      'stock',
      'purchaseDecimal',
      'commodityDecimal',
      'wholesaleDecimal',
      'lowDecimal',
      'enabled',
    ],
  },
  category: {
    // The backend has no usable category list for the tree: the page shows the tree itself (rows: id, title).
    pageUrl: '/material/material_category',
    pageKey: 'materialCategoryList', // `id=` (empty) asks for the whole tree; the backend requires the parameter to be there.
    listUrl: '/materialCategory/getMaterialCategoryTree?id=',
    mode: 'tree',
    deleteUrl: '/materialCategory/delete',
    deleteBatchUrl: '/materialCategory/deleteBatch',
    fields: [],
    columns: [col('title', 'col.categoryName', 240), col('id', 'col.id', 80)],
    form: MATERIAL_FORMS.category,
  },
  property: {
    pageUrl: '/material/material_property',
    pageKey: 'materialPropertyList',
    listUrl: '/materialProperty/list',
    deleteUrl: '/materialProperty/delete',
    deleteBatchUrl: '/materialProperty/deleteBatch',
    fields: [{ kind: 'text', name: 'name', label: 'field.name' }],
    columns: [
      col('nativeName', 'col.nativeName', 120),
      col('enabled', 'col.enabledFlag', 80, { render: 'yesNo' }),
      col('sort', 'col.sort', 60),
      col('anotherName', 'col.anotherName', 120),
    ],
    form: MATERIAL_FORMS.property,
  },
  attribute: {
    pageUrl: '/material/material_attribute',
    pageKey: 'materialAttributeList',
    listUrl: '/materialAttribute/list',
    deleteUrl: '/materialAttribute/delete',
    deleteBatchUrl: '/materialAttribute/deleteBatch',
    fields: [{ kind: 'text', name: 'attributeName', label: 'field.attributeName' }],
    columns: [
      col('attributeName', 'col.attributeName', 140),
      col('attributeValue', 'col.attributeValue', 400, { render: 'valueTags' }),
    ],
    form: MATERIAL_FORMS.attribute,
  },
} satisfies Record<string, ViewSpec>;

export function materialView(name: keyof typeof MATERIAL_VIEWS) {
  return listViewOf(MATERIAL_VIEWS[name]);
}
