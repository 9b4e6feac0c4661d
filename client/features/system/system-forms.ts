// The add/edit forms of the system and basic-data pages, after the original modals: fields, rules with their
// exact messages, name checks, bodies and row actions. Keyed like SYSTEM_VIEWS.
import type {
  DialogRowAction,
  FieldRule,
  FormCheck,
  FormField,
  FormSpec,
  FormValues,
} from '../../components/form-kit/form-spec';
import type { MessageKey } from '../../lib/i18n/i18n';
import { ButtonCode } from '../../lib/permissions';
import { md5Hex } from '../../lib/md5';
import { isDecimalThree } from '../../lib/table/validators';
import { looksLikeBarcode, numberOf } from '../../lib/number-rule';
import { PASSWORD_PATTERN } from './password-rule';
import { CustomerUserModal } from './components/customer-user-modal';
import { DepotUserModal } from './components/depot-user-modal';
import { RoleFunctionModal } from './components/role-function-modal';
import { RolePushBtnModal } from './components/role-push-btn-modal';
import { UserCustomerModal } from './components/user-customer-modal';
import { UserDepotModal } from './components/user-depot-modal';
import { UserResetModal } from './components/user-reset-modal';

const required = (message: MessageKey): FieldRule => ({ kind: 'required', message });
const length = (min: number, max: number, message: MessageKey): FieldRule => ({ kind: 'length', min, max, message });
const exists = (url: string, message: MessageKey = 'form.nameExists', extra?: Record<string, string>): FieldRule => ({
  kind: 'exists',
  url,
  message,
  extra,
});
const text = (
  name: string,
  label: MessageKey,
  extra: Partial<Extract<FormField, { kind: 'text' }>> = {},
): FormField => ({ kind: 'text', name, label, ...extra });
const sortField = text('sort', 'col.sort');
// The original checks neither; a typo'd address or a letter in a number is caught here before it is stored.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s()-]{3,30}([转#,;]\d{1,8})?$/;
const email = (name = 'email'): FormField =>
  text(name, 'col.email', { rules: [{ kind: 'pattern', pattern: EMAIL_PATTERN, message: 'entry.rule.email' }] });
const phone = (name: string, label: MessageKey): FormField =>
  text(name, label, { rules: [{ kind: 'pattern', pattern: PHONE_PATTERN, message: 'entry.rule.phone' }] });
const remarkField = (name = 'remark'): FormField => ({ kind: 'textarea', name, label: 'col.remark' });

/** 设为默认 (depot, account): popconfirm 确定设为默认吗?, POST {id}. */
const setDefault = (url: string) => ({
  label: 'form.setDefault' as const,
  confirm: 'form.confirmSetDefault' as const,
  url,
  body: (row: Record<string, unknown>) => ({ id: row.id }),
  code: ButtonCode.edit,
});

/**
 * 分配用户 of a depot or customer: the page's edit code, the system config's depotFlag / customerFlag, and the edit
 * code of 用户管理 (the grant changes users).
 */
const assignUsers = (dialog: DialogRowAction['dialog'], configFlag: 'depotFlag' | 'customerFlag'): DialogRowAction => ({
  label: 'sysAction.assignUser',
  dialog,
  requires: [{ code: ButtonCode.edit }, { configFlag }, { code: ButtonCode.edit, pageUrl: '/system/user' }],
});

/** The ratios a unit form fills in. */
const ratios = (v: FormValues): unknown[] =>
  [v.ratio, v.ratioTwo, v.ratioThree].filter((r) => r !== null && r !== undefined && r !== '');

/** The order of the original's manual unit checks: each stops the save with its warning. */
const unitChecks: FormCheck[] = [
  (v) => (!v.otherUnit ? 'form.unit.otherUnitEmpty' : null),
  (v) => (!v.ratio ? 'form.unit.ratioEmpty' : null),
  (v) => (!isDecimalThree(String(v.ratio)) ? 'form.unit.ratioFormat' : null),
  (v) => (v.otherUnitTwo && !v.ratioTwo ? 'form.unit.ratioTwoEmpty' : null),
  (v) => (v.otherUnitTwo && !isDecimalThree(String(v.ratioTwo)) ? 'form.unit.ratioTwoFormat' : null),
  (v) => (v.otherUnitThree && !v.ratioThree ? 'form.unit.ratioThreeEmpty' : null),
  (v) => (v.otherUnitThree && !isDecimalThree(String(v.ratioThree)) ? 'form.unit.ratioThreeFormat' : null),
  // Beyond the original: a ratio of 0 (nothing converts) or a barcode-looking run of digits is no ratio.
  (v) => (ratios(v).some((r) => numberOf(r) === 0) ? 'form.unit.ratioZero' : null),
  (v) => (ratios(v).some((r) => looksLikeBarcode(String(r))) ? 'form.unit.ratioBarcode' : null),
  (v) => (!v.otherUnitTwo && v.otherUnitThree ? 'form.unit.twoBeforeThree' : null),
  (v) => (v.basicUnit === v.otherUnit ? 'form.unit.sameAsOther' : null),
  (v) => (v.basicUnit === v.otherUnitTwo ? 'form.unit.sameAsOtherTwo' : null),
  (v) => (v.basicUnit === v.otherUnitThree ? 'form.unit.sameAsOtherThree' : null),
];

/** Customers, vendors and members share one form (jsh_supplier); the type decides the fields and the name check. */
function supplierForm(type: '客户' | '供应商' | '会员'): FormSpec {
  const member = type === '会员';
  const nameRules = [
    required(member ? 'form.supplier.memberRequired' : 'form.nameRequired'),
    length(2, 60, 'form.length2to60'),
    exists('/supplier/checkIsNameAndTypeExist', member ? 'form.supplier.memberExists' : 'form.nameExists', { type }),
  ];
  const contact: FormField[] = [
    text('supplier', member ? 'form.supplier.memberCard' : 'col.name', { rules: nameRules }),
    text('contacts', 'col.contacts'),
    phone('telephone', 'col.mobile'),
    phone('phoneNum', 'col.phone'),
    email(),
  ];
  const money: FormField[] =
    type === '客户'
      ? [
          { kind: 'number', name: 'beginNeedGet', label: 'col.beginNeedGet', min: 0 },
          { kind: 'number', name: 'allNeedGet', label: 'col.allNeedGet', readOnly: true },
        ]
      : [
          { kind: 'number', name: 'beginNeedPay', label: 'col.beginNeedPay', min: 0 },
          { kind: 'number', name: 'allNeedPay', label: 'col.allNeedPay', readOnly: true },
        ];
  const business: FormField[] = member
    ? []
    : [
        phone('fax', 'col.fax'),
        ...money,
        text('taxNum', 'form.supplier.taxNum'),
        { kind: 'number', name: 'taxRate', label: 'col.taxRate', min: 0, max: 100 },
        text('bankName', 'form.supplier.bankName'),
        text('accountNumber', 'form.supplier.accountNumber'),
        text('address', 'col.address'),
      ];
  return {
    addUrl: '/supplier/add',
    updateUrl: '/supplier/update',
    fixed: { type },
    width: member ? 640 : 800,
    ...(type === '客户' ? { rowActions: [assignUsers(CustomerUserModal, 'customerFlag')] } : {}),
    fields: [...contact, ...business, sortField, remarkField('description')],
    // The customer and member modals refuse a record carrying both opening balances.
    checks:
      type === '供应商'
        ? []
        : [
            (v, row) => {
              const merged = { ...row, ...v };
              return merged.beginNeedGet && merged.beginNeedPay ? 'form.supplier.beginBoth' : null;
            },
          ],
  };
}

export const SYSTEM_FORMS = {
  user: {
    // Saves answer {code:200, msg:'操作成功'}; the password is set on add only and travels as md5.
    addUrl: '/user/addUser',
    updateUrl: '/user/updateUser',
    fields: [
      text('loginName', 'col.loginName', { readOnlyOnEdit: true, rules: [required('form.user.loginNameRequired')] }),
      text('password', 'form.user.password', {
        password: true,
        onlyOnAdd: true,
        rules: [
          required('form.user.passwordRequired'),
          { kind: 'pattern', pattern: PASSWORD_PATTERN, message: 'form.user.passwordPattern' },
        ],
      }),
      text('username', 'col.userName', { rules: [required('form.user.userNameRequired')] }),
      {
        kind: 'remoteSelect',
        name: 'roleId',
        label: 'col.role',
        placeholder: 'form.user.rolePlaceholder',
        rules: [required('form.user.roleRequired')],
        source: { url: '/role/allList', labelKey: 'name', valueKey: 'id' },
      },
      {
        kind: 'treeSelect',
        name: 'orgaId',
        label: 'form.user.department',
        source: { url: '/organization/getOrganizationTree', params: { id: '' } },
      },
      text('position', 'form.user.position'),
      {
        kind: 'select',
        name: 'leaderFlag',
        label: 'form.user.leaderFlag',
        options: [
          { value: '1', label: 'table.yes' },
          { value: '0', label: 'table.no' },
        ],
      },
      phone('phonenum', 'form.user.phone'),
      email(),
      text('userBlngOrgaDsplSeq', 'col.sort'),
      remarkField('description'),
    ],
    toBody: (values, mode, row) =>
      mode === 'edit' ? { ...row, ...values } : { ...values, password: md5Hex(String(values.password ?? '')) },
    // 分配仓库 / 分配客户 follow the system config's depotFlag / customerFlag; the original offers 重置密码 to anyone
    // who sees the list.
    rowActions: [
      {
        label: 'sysAction.assignDepot',
        dialog: UserDepotModal,
        requires: [{ code: ButtonCode.edit }, { configFlag: 'depotFlag' }],
      },
      {
        label: 'sysAction.assignCustomer',
        dialog: UserCustomerModal,
        requires: [{ code: ButtonCode.edit }, { configFlag: 'customerFlag' }],
      },
      { label: 'sysAction.resetPassword', dialog: UserResetModal, last: true },
    ],
  },
  role: {
    addUrl: '/role/add',
    updateUrl: '/role/update',
    titles: { add: 'form.role.addTitle', edit: 'form.role.editTitle' },
    // Offered to anyone who sees the list, as in the original; a saved edit leads on to 分配菜单, 分配菜单 to 分配按钮.
    rowActions: [
      {
        label: 'sysAction.assignMenu',
        dialog: RoleFunctionModal,
        followUp: { prompt: 'sysAction.menuSavedNext', next: 'sysAction.assignButton' },
      },
      { label: 'sysAction.assignButton', dialog: RolePushBtnModal },
    ],
    followUpOnEdit: { prompt: 'sysAction.roleSavedNext', next: 'sysAction.assignMenu' },
    fields: [
      text('name', 'col.roleName', {
        rules: [
          required('form.role.nameRequired'),
          length(2, 30, 'form.length2to30'),
          exists('/role/checkIsNameExist'),
        ],
      }),
      {
        kind: 'select',
        name: 'type',
        label: 'col.dataType',
        help: 'form.role.typeHelp',
        rules: [required('form.role.typeRequired')],
        options: [
          { value: '全部数据', label: 'form.role.allData' },
          { value: '本部门数据', label: 'form.role.departmentData' },
          { value: '个人数据', label: 'form.role.personalData' },
        ],
      },
      {
        kind: 'select',
        name: 'priceLimit',
        label: 'col.priceLimit',
        multiple: true,
        help: 'form.role.priceLimitHelp',
        options: (['1', '2', '3', '4', '5', '6', '7'] as const).map((value) => ({
          value,
          label: `form.role.priceLimit${value}` as const,
        })),
      },
      {
        kind: 'textarea',
        name: 'description',
        label: 'col.remark',
        rows: 1,
        rules: [length(0, 126, 'form.role.descriptionLength')],
      },
      sortField,
    ],
  },
  person: {
    addUrl: '/person/add',
    updateUrl: '/person/update',
    fields: [
      text('name', 'form.person.name', {
        rules: [
          required('form.person.nameRequired'),
          length(2, 30, 'form.length2to30'),
          exists('/person/checkIsNameExist'),
        ],
      }),
      {
        kind: 'select',
        name: 'type',
        label: 'col.personType',
        rules: [required('form.typeRequired')],
        options: [
          { value: '销售员', label: 'form.person.salesman' },
          { value: '财务员', label: 'opt.financeClerk' },
        ],
      },
      sortField,
    ],
  },
  inOutItem: {
    // No name check in the form: the server refuses a taken name+type itself (该收支项目的名称已经存在，请修改！).
    addUrl: '/inOutItem/add',
    updateUrl: '/inOutItem/update',
    fields: [
      text('name', 'col.name', { rules: [required('form.nameRequired'), length(2, 30, 'form.length2to30')] }),
      {
        kind: 'select',
        name: 'type',
        label: 'col.itemType',
        rules: [required('form.typeRequired')],
        options: [
          { value: '收入', label: 'opt.income' },
          { value: '支出', label: 'opt.expense' },
        ],
      },
      sortField,
      remarkField(),
    ],
  },
  account: {
    addUrl: '/account/add',
    updateUrl: '/account/update',
    fields: [
      text('name', 'col.name', {
        rules: [required('form.nameRequired'), length(2, 30, 'form.length2to30'), exists('/account/checkIsNameExist')],
      }),
      text('serialNo', 'col.serialNo'),
      { kind: 'number', name: 'initialAmount', label: 'col.initialAmount' },
      sortField,
      remarkField(),
    ],
    rowActions: [setDefault('/account/updateIsDefault')],
  },
  depot: {
    addUrl: '/depot/add',
    updateUrl: '/depot/update',
    fields: [
      text('name', 'col.depotName', {
        rules: [
          required('form.depot.nameRequired'),
          length(2, 30, 'form.length2to30'),
          exists('/depot/checkIsNameExist'),
        ],
      }),
      text('address', 'form.depot.address'),
      { kind: 'number', name: 'warehousing', label: 'col.warehousing', suffix: 'form.depot.perDayKg', min: 0 },
      { kind: 'number', name: 'truckage', label: 'col.truckage', suffix: 'form.depot.yuan', min: 0 },
      {
        kind: 'remoteSelect',
        name: 'principal',
        label: 'col.principal',
        placeholder: 'form.depot.principalPlaceholder',
        source: { url: '/user/getUserList', labelKey: 'userName', valueKey: 'id' },
      },
      sortField,
      remarkField(),
    ],
    rowActions: [assignUsers(DepotUserModal, 'depotFlag'), setDefault('/depot/updateIsDefault')],
  },
  customer: supplierForm('客户'),
  vendor: supplierForm('供应商'),
  member: supplierForm('会员'),
  unit: {
    // The server builds the unit's name from these (瓶/(箱=12瓶)); the other-unit checks run on save, in order.
    addUrl: '/unit/add',
    updateUrl: '/unit/update',
    fields: [
      text('basicUnit', 'col.basicUnit', {
        placeholder: 'form.unit.basicUnitPlaceholder',
        rules: [required('form.unit.basicUnitRequired'), length(1, 10, 'form.length1to10')],
      }),
      text('otherUnit', 'col.otherUnit', { placeholder: 'form.unit.otherUnitPlaceholder' }),
      text('ratio', 'col.ratio', {
        placeholder: 'form.unit.ratioPlaceholder',
        suffix: 'col.basicUnit',
      }),
      text('otherUnitTwo', 'col.otherUnitTwo', { placeholder: 'form.unit.otherUnitTwoPlaceholder' }),
      text('ratioTwo', 'col.ratioTwo', {
        placeholder: 'form.unit.ratioTwoPlaceholder',
        suffix: 'col.basicUnit',
      }),
      text('otherUnitThree', 'form.unit.otherUnitThree', { placeholder: 'form.unit.otherUnitThreePlaceholder' }),
      text('ratioThree', 'form.unit.ratioThree', {
        placeholder: 'form.unit.ratioThreePlaceholder',
        suffix: 'col.basicUnit',
      }),
    ],
    checks: unitChecks,
  },
  organization: {
    // The tree rows carry only title/id: the record is read by findById; an update overwrites all five columns.
    addUrl: '/organization/add',
    updateUrl: '/organization/update',
    detailUrl: '/organization/findById',
    fields: [
      text('orgAbr', 'col.name', {
        trim: false,
        rules: [required('form.nameRequired'), exists('/organization/checkIsNameExist')],
      }),
      text('orgNo', 'col.serialNo', { rules: [required('form.org.orgNoRequired')] }),
      {
        kind: 'treeSelect',
        name: 'parentId',
        label: 'form.org.parent',
        source: { url: '/organization/getOrganizationTree', selfParam: 'id' },
      },
      sortField,
      remarkField(),
    ],
    toBody: (values, mode, row) => {
      const columns = {
        orgAbr: values.orgAbr,
        orgNo: values.orgNo,
        parentId: values.parentId ?? null,
        sort: values.sort ?? '',
        remark: values.remark ?? '',
      };
      return mode === 'edit' ? { id: row?.id, ...columns } : columns;
    },
    addChild: { field: 'parentId' },
  },
  platformConfig: {
    // 平台参数 only edits a value; its name is shown, never sent changed.
    updateUrl: '/platformConfig/update',
    fields: [
      text('platformKeyInfo', 'col.platformKeyInfo', { readOnly: true }),
      // Platform settings may be keys of other services: never kept in a draft.
      text('platformValue', 'col.platformValue', { secret: true }),
    ],
  },
  tenant: {
    // A new tenant is a user owning it, with the initial password 123456 (as md5); its role and type are set on edit.
    addUrl: '/tenant/add',
    updateUrl: '/tenant/update',
    fields: [
      text('loginName', 'col.loginName', {
        readOnlyOnEdit: true,
        suffix: 'sysadmin.tenant.initialPassword',
        rules: [
          required('form.user.loginNameRequired'),
          length(2, 30, 'form.length2to30'),
          exists('/tenant/checkIsNameExist', 'sysadmin.tenant.loginNameExists'),
        ],
      }),
      { kind: 'number', name: 'userNumLimit', label: 'col.userNumLimit', min: 1, precision: 0 },
      {
        kind: 'remoteSelect',
        name: 'roleId',
        label: 'sysadmin.tenant.role',
        onlyOnEdit: true,
        source: { url: '/role/tenantRoleList', labelKey: 'name', valueKey: 'id' },
      },
      {
        kind: 'select',
        name: 'type',
        label: 'col.tenantType',
        onlyOnEdit: true,
        options: [
          { value: '0', label: 'sysadmin.tenant.trial' },
          { value: '1', label: 'opt.tenantPaid' },
        ],
      },
      // The list row's expireTime is a bare date; expireTimeStr keeps the time.
      {
        kind: 'date',
        name: 'expireTime',
        label: 'col.expireTime',
        format: 'YYYY-MM-DD HH:mm:ss',
        from: 'expireTimeStr',
      },
      { kind: 'textarea', name: 'remark', label: 'col.remark', placeholder: 'sysadmin.tenant.remarkPlaceholder' },
    ],
    toBody: (values, mode, row) =>
      mode === 'edit'
        ? {
            id: row?.id,
            tenantId: row?.tenantId,
            loginName: row?.loginName,
            userNumLimit: values.userNumLimit,
            type: values.type,
            roleId: values.roleId,
            expireTime: values.expireTime,
            remark: values.remark,
          }
        : { ...values, password: md5Hex('123456') },
  },
  function: {
    // 菜单管理: the parent is picked in the function tree, which fills its number (the saved column) and name.
    addUrl: '/function/add',
    updateUrl: '/function/update',
    fields: [
      text('number', 'col.number', {
        rules: [
          required('sysadmin.function.numberRequired'),
          length(2, 30, 'form.length2to30'),
          {
            kind: 'exists',
            url: '/function/checkIsNumberExist',
            param: 'number',
            message: 'sysadmin.function.numberExists',
          },
        ],
      }),
      text('name', 'col.name', {
        rules: [
          required('form.nameRequired'),
          length(2, 30, 'form.length2to30'),
          exists('/function/checkIsNameExist', 'sysadmin.function.nameExists'),
        ],
      }),
      {
        kind: 'treeSelect',
        name: 'parentName',
        label: 'sysadmin.function.parentName',
        source: {
          url: '/function/findRoleFunction',
          params: { UBType: 'RoleFunctions' },
          selfParam: 'UBKeyId',
          pick: { url: '/function/info', fill: { parentNumber: 'number' }, root: { parentNumber: '0' } },
        },
      },
      text('parentNumber', 'sysadmin.function.parentNumber', {
        readOnly: true,
        sent: true,
        rules: [required('sysadmin.function.parentNumberRequired')],
      }),
      text('url', 'col.url', { rules: [required('sysadmin.function.urlRequired')] }),
      text('component', 'col.component', { rules: [required('sysadmin.function.componentRequired')] }),
      text('sort', 'col.sort', { rules: [required('sysadmin.function.sortRequired')] }),
      {
        kind: 'select',
        name: 'pushBtn',
        label: 'col.pushBtn',
        multiple: true,
        options: [
          { value: '1', label: 'form.edit' },
          { value: '2', label: 'table.audit' },
          { value: '7', label: 'table.unaudit' },
          { value: '3', label: 'table.export' },
          { value: '4', label: 'sysadmin.function.btnEnable' },
          { value: '5', label: 'sysadmin.function.btnPrint' },
          { value: '6', label: 'sysadmin.function.btnVoid' },
        ],
      },
      text('icon', 'col.icon', { rules: [required('sysadmin.function.iconRequired')] }),
      { kind: 'switch', name: 'enabled', label: 'col.enabledFlag', defaultValue: true },
    ],
    // The parent's name is shown, never saved: it is no column.
    toBody: (values, mode, row) => {
      const { parentName: _parentName, ...columns } = mode === 'edit' ? { ...row, ...values } : values;
      return columns;
    },
  },
} satisfies Record<string, FormSpec>;
