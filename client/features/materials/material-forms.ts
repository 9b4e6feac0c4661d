// The add/edit forms of 商品类别, 多属性 and 扩展字段别名, after the original modals: fields, rules with their exact
// messages, name checks and bodies. The product form itself is drawn by hand (components/material-form.tsx).
import type { FieldRule, FormSpec } from '../../components/form-kit/form-spec';
import type { MessageKey } from '../../lib/i18n/i18n';

const required = (message: MessageKey): FieldRule => ({ kind: 'required', message });

export const MATERIAL_FORMS = {
  category: {
    // The tree rows carry only title/id: the record is read by findById; an update overwrites all five columns.
    addUrl: '/materialCategory/add',
    updateUrl: '/materialCategory/update',
    detailUrl: '/materialCategory/findById',
    fields: [
      {
        kind: 'text',
        name: 'name',
        label: 'col.name',
        rules: [
          required('form.nameRequired'),
          // The original checks the name among the siblings under the chosen parent (all categories when none).
          {
            kind: 'exists',
            url: '/materialCategory/checkIsNameExist',
            message: 'form.nameExists',
            withFields: ['parentId'],
          },
        ],
      },
      { kind: 'text', name: 'serialNo', label: 'col.serialNo', rules: [required('product.serialNoRequired')] },
      {
        kind: 'treeSelect',
        name: 'parentId',
        label: 'product.parentCategory',
        source: { url: '/materialCategory/getMaterialCategoryTree', selfParam: 'id' },
      },
      { kind: 'text', name: 'sort', label: 'col.sort' },
      { kind: 'textarea', name: 'remark', label: 'col.remark' },
    ],
    toBody: (values, mode, row) => {
      const columns = {
        name: values.name,
        serialNo: values.serialNo,
        parentId: values.parentId ?? null,
        sort: values.sort ?? '',
        remark: values.remark ?? '',
      };
      return mode === 'edit' ? { id: row?.id, ...columns } : columns;
    },
    addChild: { field: 'parentId' },
  },
  attribute: {
    addUrl: '/materialAttribute/add',
    updateUrl: '/materialAttribute/update',
    fields: [
      {
        kind: 'text',
        name: 'attributeName',
        label: 'col.attributeName',
        rules: [
          required('product.attributeNameRequired'),
          { kind: 'length', min: 1, max: 10, message: 'form.length1to10' },
          { kind: 'exists', url: '/materialAttribute/checkIsNameExist', message: 'form.nameExists' },
        ],
      },
      // Values are stored joined with "|" (红色|橙色): the original's 标签模式 edits them as tags, its 文字模式 as that text.
      {
        kind: 'tags',
        separator: '|',
        addLabel: 'product.attributeValueAdd',
        name: 'attributeValue',
        label: 'col.attributeValue',
        rows: 4,
        help: 'product.attributeValueHint',
        rules: [required('product.attributeValueRequired')],
      },
    ],
    toBody: (values, mode, row) => {
      const value = String(values.attributeValue ?? '')
        .split('|')
        .map((v) => v.trim())
        .filter((v, i, all) => v !== '' && all.indexOf(v) === i)
        .join('|');
      const columns = { attributeName: values.attributeName, attributeValue: value };
      return mode === 'edit' ? { id: row?.id, ...columns } : columns;
    },
  },
  property: {
    // Three fixed rows (扩展1..3): only their alias is edited; one call inserts or updates by native name.
    addUrl: '/materialProperty/addOrUpdate',
    updateUrl: '/materialProperty/addOrUpdate',
    editOnly: true,
    fields: [
      { kind: 'text', name: 'nativeName', label: 'col.nativeName', readOnly: true },
      {
        kind: 'text',
        name: 'anotherName',
        label: 'col.anotherName',
        rules: [
          required('product.anotherNameRequired'),
          { kind: 'length', min: 1, max: 30, message: 'product.length1to30' },
        ],
      },
    ],
    toBody: (values, _mode, row) => ({ id: row?.id, nativeName: row?.nativeName, anotherName: values.anotherName }),
  },
} satisfies Record<string, FormSpec>;
