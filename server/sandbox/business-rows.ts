// The business tables' rows as the sandbox stores them: the entity's JSON (camelCase) form, one type per jshERP-boot
// entity class (datasource/entities/*.java), Long/Integer/BigDecimal as number, Date as Date. A field a write may
// leave unset (a selective insert skips null properties, so the key stays absent and the JSON leaves it out) is
// optional; the few list columns the sandbox keeps on the row (names joined in, computed totals) are marked as such.
// Type aliases rather than interfaces: a row still passes where code reads fields by a name it is given (the list
// search filters, the exports, the generic writes), which an interface's missing index signature would refuse.

/** The columns every tenant table carries (tenant_id null for the super-admin's rows). */
export type TenantColumns = {
  id: number;
  tenantId: number | null;
  deleteFlag: string;
};

/** jsh_depot_head (DepotHead.java) and the list columns DepotHeadVo4List joins in (refreshBillView keeps them). */
export type DepotHeadRow = TenantColumns & {
  type: string;
  subType: string;
  defaultNumber?: string | null;
  number?: string | null;
  createTime?: Date | null;
  operTime?: Date | null;
  organId?: number | null;
  creator?: number | null;
  accountId?: number | null;
  changeAmount?: number | null;
  backAmount?: number | null;
  totalPrice?: number | null;
  payType?: string | null;
  billType?: string | null;
  remark?: string | null;
  fileName?: string | null;
  salesMan?: string | null;
  accountIdList?: string | null;
  accountMoneyList?: string | null;
  discount?: number | null;
  discountMoney?: number | null;
  discountLastMoney?: number | null;
  otherMoney?: number | null;
  deposit?: number | null;
  lastDeposit?: number | null;
  debt?: number | null;
  lastDebt?: number | null;
  status?: string | null;
  purchaseStatus?: string | null;
  source?: string | null;
  linkNumber?: string | null;
  linkApply?: string | null;
  // List columns (DepotHeadVo4List), kept current by refreshBillView.
  organName?: string | null;
  userName?: string | null;
  accountName?: string | null;
  depotName?: string | null;
  materialsList?: string | null;
  operTimeStr?: string | null;
  materialCount?: number;
  hasFinancialFlag?: boolean;
  hasBackFlag?: boolean;
};

/**
 * jsh_depot_item (DepotItem.java; `mType` is the JSON name of material_type), with the head's fields the reports
 * read repeated on the line (refreshBillView copies them).
 */
export type DepotItemRow = TenantColumns & {
  headerId: number;
  materialId: number;
  materialExtendId?: number | null;
  materialUnit?: string | null;
  sku?: string | null;
  operNumber?: number | null;
  basicNumber?: number | null;
  unitPrice?: number | null;
  purchaseUnitPrice?: number | null;
  taxUnitPrice?: number | null;
  allPrice?: number | null;
  remark?: string | null;
  depotId?: number | null;
  anotherDepotId?: number | null;
  taxRate?: number | null;
  taxMoney?: number | null;
  taxLastMoney?: number | null;
  mType?: string | null;
  snList?: string | null;
  batchNumber?: string | null;
  expirationDate?: Date | string | null;
  linkId?: number | null;
  // The head's fields, repeated.
  number?: string | null;
  type?: string;
  subType?: string;
  status?: string | null;
  operTime?: Date | null;
  organId?: number | null;
  organName?: string | null;
  creator?: number | null;
  headRemark?: string | null;
};

/** jsh_material (Material.java). */
export type MaterialRow = TenantColumns & {
  categoryId?: number | null;
  name?: string | null;
  mfrs?: string | null;
  model?: string | null;
  standard?: string | null;
  brand?: string | null;
  mnemonic?: string | null;
  color?: string | null;
  unit?: string | null;
  remark?: string | null;
  imgName?: string | null;
  unitId?: number | null;
  expiryNum?: number | null;
  weight?: number | null;
  enabled?: boolean | null;
  otherField1?: string | null;
  otherField2?: string | null;
  otherField3?: string | null;
  enableSerialNumber?: string | null;
  enableBatchNumber?: string | null;
  position?: string | null;
  attribute?: string | null;
};

/** jsh_material_extend (MaterialExtend.java): a product's barcode with its unit and prices. */
export type MaterialExtendRow = TenantColumns & {
  materialId: number;
  barCode?: string | null;
  commodityUnit?: string | null;
  sku?: string | null;
  purchaseDecimal?: number | null;
  commodityDecimal?: number | null;
  wholesaleDecimal?: number | null;
  lowDecimal?: number | null;
  defaultFlag?: string | null;
  createTime?: Date | null;
  createSerial?: string | null;
  updateSerial?: string | null;
  updateTime?: number | null;
};

/** jsh_material_initial_stock (MaterialInitialStock.java): opening stock and warning levels per depot. */
export type MaterialInitialStockRow = TenantColumns & {
  materialId: number;
  depotId: number | null;
  number?: number | null;
  lowSafeStock?: number | null;
  highSafeStock?: number | null;
};

/**
 * jsh_material_current_stock (MaterialCurrentStock.java), kept only where a seed stored a stock its opening stock and
 * bills do not give (the backend's own dump does): that number is the stock of (product, depot) until the backend
 * would recompute it (a bill line there, the product saved with its stock, 修正库存), when the row goes and the
 * computed stock shows again. Elsewhere the sandbox computes the current stock and keeps no row.
 */
export type MaterialCurrentStockRow = TenantColumns & {
  materialId: number;
  depotId: number;
  currentNumber: number | null;
  currentUnitPrice?: number | null;
};

/** jsh_material_category (MaterialCategory.java) and the parent's name the tree shows. */
export type MaterialCategoryRow = TenantColumns & {
  name: string | null;
  categoryLevel?: number | null;
  parentId?: number | null;
  sort?: string | null;
  serialNo?: string | null;
  remark?: string | null;
  createTime?: Date | null;
  updateTime?: Date | null;
  parentName?: string | null;
};

/** jsh_material_attribute (MaterialAttribute.java): 多属性 names and their `|`-joined values. */
export type MaterialAttributeRow = TenantColumns & {
  attributeName?: string | null;
  attributeValue?: string | null;
};

/** jsh_material_property (MaterialProperty.java): the renamed 扩展 fields. */
export type MaterialPropertyRow = TenantColumns & {
  nativeName?: string | null;
  enabled?: boolean | null;
  sort?: string | null;
  anotherName?: string | null;
};

/** jsh_depot (Depot.java) and the principal's name the list joins in. */
export type DepotRow = TenantColumns & {
  name: string | null;
  address?: string | null;
  warehousing?: number | null;
  truckage?: number | null;
  type?: number | null;
  sort?: string | null;
  remark?: string | null;
  principal?: number | null;
  enabled?: boolean | null;
  isDefault?: boolean | null;
  principalName?: string | null;
};

/** jsh_supplier (Supplier.java): vendors, customers and members, told apart by `type`. */
export type SupplierRow = TenantColumns & {
  supplier: string | null;
  contacts?: string | null;
  phoneNum?: string | null;
  email?: string | null;
  description?: string | null;
  isystem?: number | null;
  type: string | null;
  enabled?: boolean | null;
  advanceIn?: number | null;
  beginNeedGet?: number | null;
  beginNeedPay?: number | null;
  allNeedGet?: number | null;
  allNeedPay?: number | null;
  fax?: string | null;
  telephone?: string | null;
  address?: string | null;
  taxNum?: string | null;
  bankName?: string | null;
  accountNumber?: string | null;
  taxRate?: number | null;
  sort?: string | null;
  creator?: number | null;
};

/** jsh_account (Account.java) and this month's movement the list shows. */
export type AccountRow = TenantColumns & {
  name: string | null;
  serialNo?: string | null;
  initialAmount?: number | null;
  currentAmount?: number | null;
  remark?: string | null;
  enabled?: boolean | null;
  sort?: string | null;
  isDefault?: boolean | null;
  thisMonthAmount?: number | null;
};

/** jsh_account_head (AccountHead.java) and the names AccountHeadVo4ListEx joins in. */
export type AccountHeadRow = TenantColumns & {
  type: string | null;
  organId?: number | null;
  handsPersonId?: number | null;
  creator?: number | null;
  changeAmount?: number | null;
  discountMoney?: number | null;
  totalPrice?: number | null;
  accountId?: number | null;
  billNo?: string | null;
  billTime?: Date | null;
  remark?: string | null;
  fileName?: string | null;
  status?: string | null;
  source?: string | null;
  organName?: string | null;
  handsPersonName?: string | null;
  userName?: string | null;
  accountName?: string | null;
  billTimeStr?: string | null;
};

/** jsh_account_item (AccountItem.java): a financial bill's line. */
export type AccountItemRow = TenantColumns & {
  headerId: number;
  accountId?: number | null;
  inOutItemId?: number | null;
  billId?: number | null;
  needDebt?: number | null;
  finishDebt?: number | null;
  eachAmount?: number | null;
  remark?: string | null;
};

/** jsh_person (Person.java): 销售员, 仓管员, 财务员. */
export type PersonRow = TenantColumns & {
  type?: string | null;
  name: string | null;
  enabled?: boolean | null;
  sort?: string | null;
};

/** jsh_unit (Unit.java): a basic unit and up to three others with their ratios. */
export type UnitRow = TenantColumns & {
  name?: string | null;
  basicUnit?: string | null;
  otherUnit?: string | null;
  otherUnitTwo?: string | null;
  otherUnitThree?: string | null;
  ratio?: number | null;
  ratioTwo?: number | null;
  ratioThree?: number | null;
  enabled?: boolean | null;
};

/** jsh_in_out_item (InOutItem.java): 收入 / 支出 items. */
export type InOutItemRow = TenantColumns & {
  name: string | null;
  type?: string | null;
  remark?: string | null;
  enabled?: boolean | null;
  sort?: string | null;
};

/** jsh_serial_number (SerialNumber.java) and the names the list joins in. */
export type SerialNumberRow = TenantColumns & {
  materialId: number;
  depotId?: number | null;
  serialNumber: string;
  isSell: string;
  inPrice?: number | null;
  remark?: string | null;
  createTime?: Date | null;
  creator?: number | null;
  updateTime?: Date | null;
  updater?: number | null;
  inBillNo?: string | null;
  outBillNo?: string | null;
  materialName?: string | null;
  depotName?: string | null;
  creatorName?: string | null;
  updaterName?: string | null;
};

/** jsh_log (Log.java; no delete_flag) and the names and time text the list shows. */
export type LogRow = {
  id: number;
  userId: number;
  operation: string;
  clientIp: string;
  createTime: Date;
  status: number;
  content: string;
  tenantId: number | null;
  createTimeStr: string;
  userName: string;
  loginName: string;
  deleteFlag?: string;
};

/** jsh_sequence: the global bill-number sequence (depot_number_seq), shared by every tenant. */
export type SequenceRow = {
  seqName: string;
  currentVal: number;
};

/** sys_dict_type (SysDictType.java). */
export type DictTypeRow = {
  dictId: number;
  dictName?: string | null;
  dictType?: string | null;
  status?: string | null;
  remark?: string | null;
  createBy?: string | null;
  createTime?: Date | null;
  updateBy?: string | null;
  updateTime?: Date | null;
  deleteFlag: string;
  tenantId?: number | null;
};

/** sys_dict_data (SysDictData.java). */
export type DictDataRow = {
  dictCode: number;
  dictSort?: number | null;
  dictLabel?: string | null;
  dictValue?: string | null;
  dictType?: string | null;
  cssClass?: string | null;
  listClass?: string | null;
  isDefault?: string | null;
  status?: string | null;
  createBy?: string | null;
  createTime?: Date | null;
  updateBy?: string | null;
  updateTime?: Date | null;
  remark?: string | null;
  deleteFlag: string;
  tenantId?: number | null;
};

/** An installed plugin as the plugin list shows it (PluginInfo). */
export type PluginRow = {
  pluginDescriptor: {
    pluginId: string;
    version: string;
    provider: string;
    description: string;
    pluginClass: string;
    requires: string;
    license: string;
  };
  pluginState: string;
  runMode: string;
  path: string;
};

/** Every business table by the resource name its routes use. */
export type BusinessTables = {
  depotHead: DepotHeadRow[];
  material: MaterialRow[];
  materialExtend: MaterialExtendRow[];
  materialInitialStock: MaterialInitialStockRow[];
  materialCurrentStock: MaterialCurrentStockRow[];
  materialCategory: MaterialCategoryRow[];
  materialAttribute: MaterialAttributeRow[];
  materialProperty: MaterialPropertyRow[];
  depot: DepotRow[];
  supplier: SupplierRow[];
  account: AccountRow[];
  accountHead: AccountHeadRow[];
  accountItem: AccountItemRow[];
  person: PersonRow[];
  unit: UnitRow[];
  inOutItem: InOutItemRow[];
  serialNumber: SerialNumberRow[];
  log: LogRow[];
  sequence: SequenceRow[];
  dictType: DictTypeRow[];
  dictData: DictDataRow[];
  plugin: PluginRow[];
};

export type BusinessTableName = keyof BusinessTables;

/** A row of a business table. */
export type RowOf<K extends BusinessTableName> = BusinessTables[K][number];

/** The tables with an id and a tenant column: the ones a caller reads through liveRows / rowById / insertRow / softDelete. */
export type TenantTableName = Exclude<BusinessTableName, 'sequence' | 'plugin' | 'dictType' | 'dictData'>;

/** What the store's filters read of a tenant table's row (jsh_log has no delete_flag). */
export type StoredRow = { id: number; tenantId: number | null; deleteFlag?: string };
