// Business rows the fixtures lack (the dump has no goods, bills or money): a small, coherent trading company for
// tenant 63 (jsh, test123), plus one row per table for another tenant (150) so tenant filtering shows.
// Dates are relative to the start time so the reports' default windows (last 1–3 months) are never empty.
import { splitSeededMaterials, type SeededMaterial } from '../materials.js';
import { formatDate, formatDateTime } from '../wire.js';

import type {
  AccountHeadRow,
  AccountItemRow,
  AccountRow,
  BusinessTables,
  DepotHeadRow,
  DepotItemRow,
  DepotRow,
  DictDataRow,
  DictTypeRow,
  InOutItemRow,
  LogRow,
  MaterialAttributeRow,
  MaterialCategoryRow,
  PersonRow,
  PluginRow,
  SerialNumberRow,
  SupplierRow,
  UnitRow,
} from '../business-rows.js';
import type { MsgRow } from '../store.js';

const JSH = 63;
const OTHER_TENANT = 150;
const DAY = 24 * 3600 * 1000;
/** The demo's amounts as a clerk types them: to the cent. */
const cents = (n: number): number => Math.round(n * 100) / 100;

interface Material {
  id: number;
  name: string;
  standard: string;
  model: string;
  color: string;
  brand: string;
  mfrs: string;
  categoryId: number;
  unit: string;
  purchase: number;
  retail: number;
  wholesale: number;
  low: number;
  barCode: string;
  initialStock: number;
  safetyStock: number;
  weight: number;
  position: string;
}

const MATERIALS: Material[] = [
  {
    id: 568,
    name: '螺丝刀套装',
    standard: '12件套',
    model: 'LS-12',
    color: '红色',
    brand: '世达',
    mfrs: '上海世达工具',
    categoryId: 21,
    unit: '套',
    purchase: 45,
    retail: 68,
    wholesale: 58,
    low: 55,
    barCode: '1000001',
    initialStock: 20,
    safetyStock: 15,
    weight: 0.8,
    position: 'A-01',
  },
  {
    id: 569,
    name: '冲击电钻',
    standard: '500W',
    model: 'DZ-500',
    color: '蓝色',
    brand: '博世',
    mfrs: '博世电动工具',
    categoryId: 22,
    unit: '台',
    purchase: 280,
    retail: 399,
    wholesale: 360,
    low: 350,
    barCode: '1000002',
    initialStock: 8,
    safetyStock: 20,
    weight: 1.6,
    position: 'A-02',
  },
  {
    id: 570,
    name: 'A4复印纸',
    standard: '70g 500张',
    model: 'A4-70',
    color: '白色',
    brand: '得力',
    mfrs: '得力集团',
    categoryId: 23,
    unit: '包',
    purchase: 18,
    retail: 25,
    wholesale: 22,
    low: 21,
    barCode: '1000003',
    initialStock: 100,
    safetyStock: 50,
    weight: 2.5,
    position: 'B-01',
  },
  {
    id: 571,
    name: '中性笔',
    standard: '0.5mm',
    model: 'GP-1008',
    color: '黑色',
    brand: '晨光',
    mfrs: '晨光文具',
    categoryId: 23,
    unit: '支',
    purchase: 1.2,
    retail: 2,
    wholesale: 1.6,
    low: 1.5,
    barCode: '1000004',
    initialStock: 500,
    safetyStock: 200,
    weight: 0.01,
    position: 'B-02',
  },
  {
    id: 572,
    name: '笔记本电脑',
    standard: '14英寸 16G/512G',
    model: 'ThinkPad E14',
    color: '黑色',
    brand: '联想',
    mfrs: '联想集团',
    categoryId: 24,
    unit: '台',
    purchase: 4200,
    retail: 5299,
    wholesale: 4900,
    low: 4800,
    barCode: '1000005',
    initialStock: 5,
    safetyStock: 3,
    weight: 1.6,
    position: 'C-01',
  },
  {
    id: 573,
    name: '无线鼠标',
    standard: '2.4G',
    model: 'M185',
    color: '灰色',
    brand: '罗技',
    mfrs: '罗技科技',
    categoryId: 24,
    unit: '个',
    purchase: 45,
    retail: 79,
    wholesale: 65,
    low: 60,
    barCode: '1000006',
    initialStock: 60,
    safetyStock: 20,
    weight: 0.1,
    position: 'C-02',
  },
  {
    id: 574,
    name: '安全帽',
    standard: 'ABS',
    model: 'AQM-01',
    color: '黄色',
    brand: '代尔塔',
    mfrs: '代尔塔防护',
    categoryId: 25,
    unit: '个',
    purchase: 25,
    retail: 39,
    wholesale: 32,
    low: 30,
    barCode: '1000007',
    initialStock: 40,
    safetyStock: 50,
    weight: 0.4,
    position: 'D-01',
  },
  {
    id: 575,
    name: '劳保手套',
    standard: 'L码',
    model: 'ST-10',
    color: '白色',
    brand: '3M',
    mfrs: '3M中国',
    categoryId: 25,
    unit: '双',
    purchase: 3.5,
    retail: 6,
    wholesale: 5,
    low: 4.5,
    barCode: '1000008',
    initialStock: 300,
    safetyStock: 100,
    weight: 0.05,
    position: 'D-02',
  },
];

const CATEGORIES = [
  { id: 21, name: '五金工具', parentId: null, serialNo: 'WJ', sort: '1' },
  { id: 22, name: '电动工具', parentId: 21, serialNo: 'WJ-DD', sort: '2' },
  { id: 23, name: '办公用品', parentId: null, serialNo: 'BG', sort: '3' },
  { id: 24, name: '电脑数码', parentId: null, serialNo: 'DN', sort: '4' },
  { id: 25, name: '劳保用品', parentId: null, serialNo: 'LB', sort: '5' },
];

const DEPOTS = [
  {
    id: 14,
    name: '总仓库',
    address: '宁波市鄞州区天童南路88号',
    warehousing: 2,
    truckage: 1,
    sort: '1',
    remark: '主仓',
    isDefault: true,
    tenantId: JSH,
  },
  {
    id: 15,
    name: '东区仓库',
    address: '宁波市北仑区明州路66号',
    warehousing: 1.5,
    truckage: 1,
    sort: '2',
    remark: '',
    isDefault: false,
    tenantId: JSH,
  },
  {
    id: 17,
    name: '门店仓库',
    address: '宁波市海曙区中山西路12号',
    warehousing: 0,
    truckage: 0,
    sort: '3',
    remark: '零售门店',
    isDefault: false,
    tenantId: JSH,
  },
  {
    id: 30,
    name: '杭州仓',
    address: '杭州市西湖区文三路1号',
    warehousing: 1,
    truckage: 1,
    sort: '1',
    remark: '',
    isDefault: true,
    tenantId: OTHER_TENANT,
  },
];

interface SupplierSpec {
  id: number;
  supplier: string;
  contacts: string;
  type: string;
  phoneNum: string;
  telephone: string;
  email: string;
  beginNeedGet: number;
  beginNeedPay: number;
  taxRate: number | null;
  address: string;
  tenantId?: number;
}

const SUPPLIERS: SupplierSpec[] = [
  {
    id: 57,
    supplier: '上海世达工具有限公司',
    contacts: '王经理',
    type: '供应商',
    phoneNum: '021-58881234',
    telephone: '13816881234',
    email: 'sales@sata-tools.cn',
    beginNeedGet: 0,
    beginNeedPay: 1500,
    taxRate: 13,
    address: '上海市浦东新区金桥路100号',
  },
  {
    id: 59,
    supplier: '深圳联达数码科技有限公司',
    contacts: '陈小姐',
    type: '供应商',
    phoneNum: '0755-86661234',
    telephone: '13928861234',
    email: 'chen@lianda-digital.com',
    beginNeedGet: 0,
    beginNeedPay: 0,
    taxRate: 13,
    address: '深圳市南山区科技园南区',
  },
  {
    id: 60,
    supplier: '广州安盾劳保用品厂',
    contacts: '刘厂长',
    type: '供应商',
    phoneNum: '020-33221234',
    telephone: '13660221234',
    email: 'andun@163.com',
    beginNeedGet: 0,
    beginNeedPay: 800,
    taxRate: 3,
    address: '广州市白云区太和镇',
  },
  {
    id: 58,
    supplier: '宁波华辰贸易有限公司',
    contacts: '赵总',
    type: '客户',
    phoneNum: '0574-87651234',
    telephone: '13905741234',
    email: 'zhao@huachen-trade.cn',
    beginNeedGet: 2000,
    beginNeedPay: 0,
    taxRate: 13,
    address: '宁波市江北区人民路200号',
  },
  {
    id: 61,
    supplier: '苏州恒信建设工程有限公司',
    contacts: '孙工',
    type: '客户',
    phoneNum: '0512-65431234',
    telephone: '13862121234',
    email: 'sun@hengxin-build.com',
    beginNeedGet: 0,
    beginNeedPay: 0,
    taxRate: 9,
    address: '苏州市工业园区星湖街',
  },
  {
    id: 62,
    supplier: '南京博远文化传媒有限公司',
    contacts: '周女士',
    type: '客户',
    phoneNum: '025-84561234',
    telephone: '13770121234',
    email: 'zhou@boyuan-media.cn',
    beginNeedGet: 500,
    beginNeedPay: 0,
    taxRate: 6,
    address: '南京市鼓楼区中山北路',
  },
  {
    id: 66,
    supplier: '张先生',
    contacts: '张伟',
    type: '会员',
    phoneNum: '',
    telephone: '13500001111',
    email: '',
    beginNeedGet: 0,
    beginNeedPay: 0,
    taxRate: null,
    address: '',
  },
  {
    id: 67,
    supplier: '李女士',
    contacts: '李娜',
    type: '会员',
    phoneNum: '',
    telephone: '13600002222',
    email: '',
    beginNeedGet: 0,
    beginNeedPay: 0,
    taxRate: null,
    address: '',
  },
  {
    id: 68,
    supplier: '杭州远山商贸',
    contacts: '吴经理',
    type: '客户',
    phoneNum: '0571-88001234',
    telephone: '13957101234',
    email: '',
    beginNeedGet: 0,
    beginNeedPay: 0,
    taxRate: 13,
    address: '杭州市上城区',
    tenantId: OTHER_TENANT,
  },
];

const ACCOUNTS = [
  {
    id: 17,
    name: '现金',
    serialNo: 'XJ001',
    initialAmount: 5000,
    isDefault: true,
    sort: '1',
    remark: '门店备用金',
    tenantId: JSH,
  },
  {
    id: 18,
    name: '工商银行',
    serialNo: '6222021001234567890',
    initialAmount: 80000,
    isDefault: false,
    sort: '2',
    remark: '基本户',
    tenantId: JSH,
  },
  {
    id: 19,
    name: '支付宝',
    serialNo: 'erp@huachen.cn',
    initialAmount: 3000,
    isDefault: false,
    sort: '3',
    remark: '',
    tenantId: JSH,
  },
  {
    id: 20,
    name: '微信',
    serialNo: 'wx-huachen',
    initialAmount: 1200,
    isDefault: false,
    sort: '4',
    remark: '',
    tenantId: JSH,
  },
  {
    id: 30,
    name: '建设银行',
    serialNo: '6217001234567890',
    initialAmount: 20000,
    isDefault: true,
    sort: '1',
    remark: '',
    tenantId: OTHER_TENANT,
  },
];

const PERSONS = [
  { id: 14, type: '销售员', name: '小李', sort: '1' },
  { id: 15, type: '销售员', name: '小王', sort: '2' },
  { id: 16, type: '仓管员', name: '老张', sort: '3' },
  { id: 17, type: '财务员', name: '小赵', sort: '4' },
];

const IN_OUT_ITEMS = [
  { id: 21, name: '利息收入', type: '收入', remark: '银行存款利息' },
  { id: 22, name: '租金收入', type: '收入', remark: '仓库转租' },
  { id: 23, name: '其他收入', type: '收入', remark: '' },
  { id: 24, name: '快递费', type: '支出', remark: '发货快递' },
  { id: 25, name: '房租水电', type: '支出', remark: '门店及仓库' },
  { id: 26, name: '办公费用', type: '支出', remark: '' },
];

const UNITS = [
  { id: 15, basicUnit: '个', otherUnit: '箱', ratio: 12 },
  { id: 16, basicUnit: '支', otherUnit: '盒', ratio: 10 },
  { id: 17, basicUnit: '包', otherUnit: '箱', ratio: 5 },
];

const USER_NAMES: Record<number, string> = { 63: '测试用户', 131: 'test123' };

/** One bill of the seed: lines are [materialId, quantity] at the bill type's natural price. */
interface BillSpec {
  type: string;
  subType: string;
  prefix: string;
  organId: number | null;
  depotId: number;
  anotherDepotId?: number;
  lines: [number, number][];
  daysAgo: number;
  status: string;
  /** Share of the amount paid now (the rest is debt); orders pay nothing. */
  paid: number;
  accountId: number | null;
  creator: number;
  /** 销售人员 as the backend stores them: comma-joined person ids. */
  salesMan?: string;
  remark?: string;
  linkNumber?: string;
}

const PRICE_BY_KIND = (subType: string, m: Material): number => {
  if (['采购', '采购退货', '请购单', '采购订单', '其它', '调拨', '组装单', '拆卸单'].includes(subType))
    return m.purchase;
  if (['零售', '零售退货'].includes(subType)) return m.retail;
  return m.wholesale;
};

const BILLS: BillSpec[] = [
  {
    type: '其它',
    subType: '请购单',
    prefix: 'QGD',
    organId: null,
    depotId: 14,
    lines: [
      [569, 5],
      [574, 20],
    ],
    daysAgo: 40,
    status: '1',
    paid: 0,
    accountId: null,
    creator: 63,
    remark: '工地备货申请',
  },
  {
    type: '其它',
    subType: '请购单',
    prefix: 'QGD',
    organId: null,
    depotId: 14,
    lines: [[570, 50]],
    daysAgo: 6,
    status: '0',
    paid: 0,
    accountId: null,
    creator: 131,
  },
  {
    type: '其它',
    subType: '采购订单',
    prefix: 'CGDD',
    organId: 57,
    depotId: 14,
    lines: [
      [568, 30],
      [569, 10],
    ],
    daysAgo: 35,
    status: '2',
    paid: 0,
    accountId: null,
    creator: 63,
    remark: '季度补货',
  },
  {
    type: '其它',
    subType: '采购订单',
    prefix: 'CGDD',
    organId: 59,
    depotId: 14,
    lines: [
      [572, 5],
      [573, 40],
    ],
    daysAgo: 9,
    status: '1',
    paid: 0,
    accountId: null,
    creator: 131,
  },
  {
    type: '其它',
    subType: '采购订单',
    prefix: 'CGDD',
    organId: 60,
    depotId: 15,
    lines: [
      [574, 50],
      [575, 200],
    ],
    daysAgo: 2,
    status: '0',
    paid: 0,
    accountId: null,
    creator: 63,
  },
  {
    type: '入库',
    subType: '采购',
    prefix: 'CGRK',
    organId: 57,
    depotId: 14,
    lines: [
      [568, 30],
      [569, 10],
    ],
    daysAgo: 30,
    status: '1',
    paid: 1,
    accountId: 18,
    creator: 63,
    linkNumber: 'CGDD00000000302',
  },
  {
    type: '入库',
    subType: '采购',
    prefix: 'CGRK',
    organId: 59,
    depotId: 14,
    lines: [
      [572, 3],
      [573, 40],
    ],
    daysAgo: 8,
    status: '1',
    paid: 0.5,
    accountId: 18,
    creator: 131,
  },
  {
    type: '入库',
    subType: '采购',
    prefix: 'CGRK',
    organId: 60,
    depotId: 15,
    lines: [
      [574, 30],
      [575, 150],
    ],
    daysAgo: 3,
    status: '0',
    paid: 0,
    accountId: 17,
    creator: 63,
    remark: '货到付款',
  },
  {
    type: '出库',
    subType: '采购退货',
    prefix: 'CGTH',
    organId: 57,
    depotId: 14,
    lines: [[568, 2]],
    daysAgo: 25,
    status: '1',
    paid: 1,
    accountId: 18,
    creator: 63,
    remark: '包装破损退回',
  },
  {
    type: '出库',
    subType: '采购退货',
    prefix: 'CGTH',
    organId: 60,
    depotId: 15,
    lines: [[575, 20]],
    daysAgo: 1,
    status: '0',
    paid: 0,
    accountId: 17,
    creator: 131,
  },
  {
    type: '其它',
    subType: '销售订单',
    prefix: 'XSDD',
    organId: 58,
    depotId: 14,
    lines: [
      [568, 10],
      [570, 40],
    ],
    daysAgo: 20,
    status: '2',
    paid: 0,
    accountId: null,
    creator: 63,
    salesMan: '14',
  },
  {
    type: '其它',
    subType: '销售订单',
    prefix: 'XSDD',
    organId: 61,
    depotId: 14,
    lines: [
      [574, 30],
      [575, 100],
    ],
    daysAgo: 4,
    status: '0',
    paid: 0,
    accountId: null,
    creator: 131,
    salesMan: '15',
  },
  {
    type: '出库',
    subType: '销售',
    prefix: 'XSCK',
    organId: 58,
    depotId: 14,
    lines: [
      [568, 10],
      [570, 40],
    ],
    daysAgo: 18,
    status: '1',
    paid: 1,
    accountId: 18,
    creator: 63,
    salesMan: '14',
  },
  {
    type: '出库',
    subType: '销售',
    prefix: 'XSCK',
    organId: 61,
    depotId: 15,
    lines: [
      [574, 25],
      [575, 80],
    ],
    daysAgo: 5,
    status: '1',
    paid: 0.6,
    accountId: 18,
    creator: 131,
    salesMan: '15',
  },
  {
    type: '出库',
    subType: '销售',
    prefix: 'XSCK',
    organId: 62,
    depotId: 14,
    lines: [
      [572, 2],
      [573, 10],
    ],
    daysAgo: 1,
    status: '0',
    paid: 0,
    accountId: 19,
    creator: 63,
    salesMan: '14',
    remark: '月结客户',
  },
  {
    type: '入库',
    subType: '销售退货',
    prefix: 'XSTH',
    organId: 58,
    depotId: 14,
    lines: [[570, 5]],
    daysAgo: 15,
    status: '1',
    paid: 1,
    accountId: 18,
    creator: 63,
    remark: '受潮退货',
  },
  {
    type: '入库',
    subType: '销售退货',
    prefix: 'XSTH',
    organId: 61,
    depotId: 15,
    lines: [[575, 10]],
    daysAgo: 2,
    status: '0',
    paid: 0,
    accountId: 18,
    creator: 131,
  },
  {
    type: '出库',
    subType: '零售',
    prefix: 'LSCK',
    organId: 66,
    depotId: 17,
    lines: [
      [571, 20],
      [573, 1],
    ],
    daysAgo: 12,
    status: '1',
    paid: 1,
    accountId: 20,
    creator: 63,
  },
  {
    type: '出库',
    subType: '零售',
    prefix: 'LSCK',
    organId: 67,
    depotId: 17,
    lines: [[570, 2]],
    daysAgo: 3,
    status: '1',
    paid: 1,
    accountId: 17,
    creator: 131,
  },
  {
    type: '出库',
    subType: '零售',
    prefix: 'LSCK',
    organId: 66,
    depotId: 17,
    lines: [[568, 1]],
    daysAgo: 0,
    status: '0',
    paid: 1,
    accountId: 19,
    creator: 63,
  },
  {
    type: '入库',
    subType: '零售退货',
    prefix: 'LSTH',
    organId: 66,
    depotId: 17,
    lines: [[571, 5]],
    daysAgo: 10,
    status: '1',
    paid: 1,
    accountId: 20,
    creator: 63,
  },
  {
    type: '入库',
    subType: '零售退货',
    prefix: 'LSTH',
    organId: 67,
    depotId: 17,
    lines: [[570, 1]],
    daysAgo: 1,
    status: '0',
    paid: 1,
    accountId: 17,
    creator: 131,
  },
  {
    type: '入库',
    subType: '其它',
    prefix: 'QTRK',
    organId: 57,
    depotId: 14,
    lines: [[568, 3]],
    daysAgo: 22,
    status: '1',
    paid: 0,
    accountId: null,
    creator: 63,
    remark: '供应商赠品',
  },
  {
    type: '入库',
    subType: '其它',
    prefix: 'QTRK',
    organId: null,
    depotId: 15,
    lines: [[575, 50]],
    daysAgo: 4,
    status: '0',
    paid: 0,
    accountId: null,
    creator: 131,
    remark: '盘盈',
  },
  {
    type: '出库',
    subType: '其它',
    prefix: 'QTCK',
    organId: 58,
    depotId: 14,
    lines: [[570, 2]],
    daysAgo: 16,
    status: '1',
    paid: 0,
    accountId: null,
    creator: 63,
    remark: '样品领用',
  },
  {
    type: '出库',
    subType: '其它',
    prefix: 'QTCK',
    organId: null,
    depotId: 15,
    lines: [[574, 2]],
    daysAgo: 2,
    status: '0',
    paid: 0,
    accountId: null,
    creator: 131,
    remark: '报损',
  },
  {
    type: '出库',
    subType: '调拨',
    prefix: 'DBCK',
    organId: null,
    depotId: 14,
    anotherDepotId: 17,
    lines: [
      [571, 100],
      [570, 10],
    ],
    daysAgo: 14,
    status: '1',
    paid: 0,
    accountId: null,
    creator: 63,
  },
  {
    type: '出库',
    subType: '调拨',
    prefix: 'DBCK',
    organId: null,
    depotId: 15,
    anotherDepotId: 14,
    lines: [[575, 30]],
    daysAgo: 1,
    status: '0',
    paid: 0,
    accountId: null,
    creator: 131,
  },
  {
    type: '其它',
    subType: '组装单',
    prefix: 'ZZD',
    organId: null,
    depotId: 14,
    lines: [
      [572, 1],
      [573, 1],
    ],
    daysAgo: 11,
    status: '1',
    paid: 0,
    accountId: null,
    creator: 63,
    remark: '办公套装组装',
  },
  {
    type: '其它',
    subType: '组装单',
    prefix: 'ZZD',
    organId: null,
    depotId: 14,
    lines: [
      [568, 1],
      [569, 1],
    ],
    daysAgo: 2,
    status: '0',
    paid: 0,
    accountId: null,
    creator: 63,
  },
  {
    type: '其它',
    subType: '拆卸单',
    prefix: 'CXD',
    organId: null,
    depotId: 14,
    lines: [
      [572, 1],
      [573, 1],
    ],
    daysAgo: 7,
    status: '1',
    paid: 0,
    accountId: null,
    creator: 63,
    remark: '套装拆分',
  },
  {
    type: '其它',
    subType: '拆卸单',
    prefix: 'CXD',
    organId: null,
    depotId: 15,
    lines: [
      [574, 1],
      [575, 2],
    ],
    daysAgo: 1,
    status: '0',
    paid: 0,
    accountId: null,
    creator: 131,
  },
];

interface FinancialSpec {
  type: string;
  prefix: string;
  organId: number | null;
  handsPersonId: number;
  accountId: number | null;
  total: number;
  discount: number;
  daysAgo: number;
  status: string;
  creator: number;
  remark?: string;
  /** Detail rows: the bill settled (number, or null for the opening balance), the account moved to, the in/out item. */
  items: { bill?: string | null; accountId?: number; inOutItemId?: number; amount: number }[];
}

const FINANCIALS: FinancialSpec[] = [
  {
    type: '收款',
    prefix: 'SK',
    organId: 61,
    handsPersonId: 17,
    accountId: 18,
    total: 300,
    discount: 0,
    daysAgo: 3,
    status: '1',
    creator: 63,
    remark: '恒信工程回款',
    items: [{ bill: 'XSCK00000000313', amount: 300 }],
  },
  {
    type: '收款',
    prefix: 'SK',
    organId: 62,
    handsPersonId: 17,
    accountId: 19,
    total: 3000,
    discount: 20,
    daysAgo: 0,
    status: '0',
    creator: 131,
    items: [{ bill: 'XSCK00000000314', amount: 3000 }],
  },
  {
    type: '付款',
    prefix: 'FK',
    organId: 59,
    handsPersonId: 17,
    accountId: 18,
    total: 6000,
    discount: 0,
    daysAgo: 6,
    status: '1',
    creator: 63,
    remark: '数码采购尾款',
    items: [{ bill: 'CGRK00000000306', amount: 6000 }],
  },
  {
    type: '付款',
    prefix: 'FK',
    organId: 60,
    handsPersonId: 17,
    accountId: 17,
    total: 800,
    discount: 0,
    daysAgo: 1,
    status: '0',
    creator: 63,
    items: [{ bill: null, amount: 800 }],
  },
  {
    type: '收预付款',
    prefix: 'SYF',
    organId: 66,
    handsPersonId: 17,
    accountId: null,
    total: 300,
    discount: 0,
    daysAgo: 20,
    status: '1',
    creator: 63,
    remark: '会员充值',
    items: [{ accountId: 20, amount: 300 }],
  },
  {
    type: '收预付款',
    prefix: 'SYF',
    organId: 67,
    handsPersonId: 17,
    accountId: null,
    total: 200,
    discount: 0,
    daysAgo: 2,
    status: '0',
    creator: 131,
    items: [{ accountId: 17, amount: 200 }],
  },
  {
    type: '转账',
    prefix: 'ZZ',
    organId: null,
    handsPersonId: 17,
    accountId: 18,
    total: 2000,
    discount: 0,
    daysAgo: 9,
    status: '1',
    creator: 63,
    remark: '银行转入现金',
    items: [{ accountId: 17, amount: 2000 }],
  },
  {
    type: '转账',
    prefix: 'ZZ',
    organId: null,
    handsPersonId: 17,
    accountId: 19,
    total: 1000,
    discount: 0,
    daysAgo: 1,
    status: '0',
    creator: 63,
    items: [{ accountId: 18, amount: 1000 }],
  },
  {
    type: '收入',
    prefix: 'SR',
    organId: 58,
    handsPersonId: 17,
    accountId: 18,
    total: 120,
    discount: 0,
    daysAgo: 13,
    status: '1',
    creator: 63,
    remark: '仓库转租',
    items: [{ inOutItemId: 22, amount: 120 }],
  },
  {
    type: '收入',
    prefix: 'SR',
    organId: 62,
    handsPersonId: 17,
    accountId: 17,
    total: 35.5,
    discount: 0,
    daysAgo: 2,
    status: '0',
    creator: 131,
    items: [{ inOutItemId: 21, amount: 35.5 }],
  },
  {
    type: '支出',
    prefix: 'ZC',
    organId: 57,
    handsPersonId: 17,
    accountId: 17,
    total: 86,
    discount: 0,
    daysAgo: 5,
    status: '1',
    creator: 63,
    remark: '顺丰快递费',
    items: [{ inOutItemId: 24, amount: 86 }],
  },
  {
    type: '支出',
    prefix: 'ZC',
    organId: 60,
    handsPersonId: 17,
    accountId: 18,
    total: 2400,
    discount: 0,
    daysAgo: 1,
    status: '0',
    creator: 63,
    remark: '仓库房租',
    items: [
      { inOutItemId: 25, amount: 2000 },
      { inOutItemId: 26, amount: 400 },
    ],
  },
];

/** Whether money comes in (+1) or goes out (-1) of the account for a bill (sign of changeAmount). */
function billCashSign(type: string, subType: string): number {
  if (subType === '采购' || subType === '零售退货' || subType === '销售退货') return -1;
  if (subType === '销售' || subType === '零售' || subType === '采购退货') return 1;
  void type;
  return 0;
}

export function seedBusinessTables(now: Date): { tables: BusinessTables; depotItems: DepotItemRow[] } {
  const at = (daysAgo: number, hour = 10): Date => {
    const d = new Date(now.getTime() - daysAgo * DAY);
    // Business hours in China time, so operTimeStr reads naturally.
    const chinaMidnight = Math.floor((d.getTime() + 8 * 3600 * 1000) / DAY) * DAY - 8 * 3600 * 1000;
    const t = new Date(chinaMidnight + hour * 3600 * 1000 + (daysAgo % 5) * 17 * 60 * 1000);
    return t.getTime() > now.getTime() ? new Date(now.getTime() - 60 * 1000) : t;
  };
  const materialById = new Map(MATERIALS.map((m) => [m.id, m]));
  const supplierById = new Map(SUPPLIERS.map((s) => [s.id, s]));
  const depotById = new Map(DEPOTS.map((d) => [d.id, d]));
  const accountById = new Map(ACCOUNTS.map((a) => [a.id, a]));
  const categoryById = new Map(CATEGORIES.map((c) => [c.id, c]));

  const category: MaterialCategoryRow[] = CATEGORIES.map((c) => ({
    id: c.id,
    name: c.name,
    categoryLevel: c.parentId ? 2 : 1,
    parentId: c.parentId,
    sort: c.sort,
    serialNo: c.serialNo,
    remark: '',
    createTime: at(200),
    updateTime: at(200),
    tenantId: JSH,
    deleteFlag: '0',
    parentName: c.parentId ? (categoryById.get(c.parentId)?.name ?? null) : null,
  }));

  const unit: UnitRow[] = UNITS.map((u) => ({
    id: u.id,
    name: `${u.basicUnit}/(${u.otherUnit}=${u.ratio}${u.basicUnit})`,
    basicUnit: u.basicUnit,
    otherUnit: u.otherUnit,
    otherUnitTwo: null,
    otherUnitThree: null,
    ratio: u.ratio,
    ratioTwo: null,
    ratioThree: null,
    enabled: true,
    tenantId: JSH,
    deleteFlag: '0',
  }));

  const depot: DepotRow[] = DEPOTS.map((d) => ({
    id: d.id,
    name: d.name,
    address: d.address,
    warehousing: d.warehousing,
    truckage: d.truckage,
    type: 0,
    sort: d.sort,
    remark: d.remark,
    principal: d.tenantId === JSH ? 63 : null,
    enabled: true,
    tenantId: d.tenantId,
    deleteFlag: '0',
    isDefault: d.isDefault,
    principalName: d.tenantId === JSH ? '测试用户' : null,
  }));

  const person: PersonRow[] = PERSONS.map((p) => ({
    id: p.id,
    type: p.type,
    name: p.name,
    enabled: true,
    sort: p.sort,
    tenantId: JSH,
    deleteFlag: '0',
  }));

  const inOutItem: InOutItemRow[] = IN_OUT_ITEMS.map((i) => ({
    id: i.id,
    name: i.name,
    type: i.type,
    remark: i.remark,
    enabled: true,
    sort: null,
    tenantId: JSH,
    deleteFlag: '0',
  }));

  const materialAttribute: MaterialAttributeRow[] = [
    { id: 1, attributeName: '颜色', attributeValue: '红色|橙色|黄色|绿色|蓝色|紫色', tenantId: JSH, deleteFlag: '0' },
    { id: 2, attributeName: '尺码', attributeValue: 'S|M|L|XL|XXL', tenantId: JSH, deleteFlag: '0' },
    { id: 3, attributeName: '版本', attributeValue: '标准版|加强版|旗舰版', tenantId: JSH, deleteFlag: '0' },
  ];

  // Bills and their lines.
  const depotHead: DepotHeadRow[] = [];
  const depotItems: DepotItemRow[] = [];
  const movement = new Map<number, { in: number; out: number }>();
  const cash = new Map<number, { all: number; month: number }>();
  const monthStart = (() => {
    const p = formatDate(now).slice(0, 7);
    return new Date(`${p}-01T00:00:00+08:00`).getTime();
  })();
  const addCash = (accountId: number | null, amount: number, when: Date): void => {
    if (accountId === null || amount === 0) return;
    const entry = cash.get(accountId) ?? { all: 0, month: 0 };
    entry.all += amount;
    if (when.getTime() >= monthStart) entry.month += amount;
    cash.set(accountId, entry);
  };
  let itemId = 600;
  BILLS.forEach((spec, index) => {
    const id = 300 + index;
    const operTime = at(spec.daysAgo, 9 + (index % 8));
    const number = `${spec.prefix}${String(id).padStart(11, '0')}`;
    const lines = spec.lines.map(([materialId, qty]) => {
      const m = materialById.get(materialId);
      if (!m) throw new Error(`seed material ${materialId} missing`);
      const price = PRICE_BY_KIND(spec.subType, m);
      return { m, qty, price, all: cents(qty * price) };
    });
    const totalPrice = cents(lines.reduce((sum, l) => sum + l.all, 0));
    const isOrder = spec.type === '其它';
    const changeAmount = isOrder ? 0 : cents(totalPrice * spec.paid);
    const organ = spec.organId === null ? undefined : supplierById.get(spec.organId);
    const account = spec.accountId === null ? undefined : accountById.get(spec.accountId);
    depotHead.push({
      id,
      type: spec.type,
      subType: spec.subType,
      defaultNumber: number,
      number,
      createTime: operTime,
      operTime,
      organId: spec.organId,
      creator: spec.creator,
      accountId: spec.accountId,
      changeAmount,
      backAmount: 0,
      totalPrice,
      payType: '现付',
      billType: null,
      remark: spec.remark ?? '',
      fileName: null,
      salesMan: spec.salesMan ?? null,
      accountIdList: null,
      accountMoneyList: null,
      discount: 0,
      discountMoney: 0,
      discountLastMoney: totalPrice,
      otherMoney: 0,
      deposit: 0,
      lastDeposit: 0,
      status: spec.status,
      purchaseStatus: '0',
      source: '0',
      linkNumber: spec.linkNumber ?? null,
      linkApply: null,
      tenantId: JSH,
      deleteFlag: '0',
      organName: organ ? organ.supplier : null,
      userName: USER_NAMES[spec.creator] ?? null,
      accountName: account ? account.name : null,
      depotName: depotById.get(spec.depotId)?.name ?? null,
      // As findMaterialsListMapByHeaderIdList joins them (bills.ts's materialsListOf).
      materialsList: lines.map((l) => [l.m.name, l.m.standard, l.m.model, l.m.color].join(' ')).join('，'),
      operTimeStr: formatDateTime(operTime),
      materialCount: lines.reduce((sum, l) => sum + l.qty, 0),
      hasFinancialFlag: false,
      hasBackFlag: false,
      debt: isOrder ? 0 : cents(totalPrice - changeAmount),
    });
    addCash(spec.accountId, billCashSign(spec.type, spec.subType) * changeAmount, operTime);
    for (const l of lines) {
      const taxRate = 0;
      depotItems.push({
        id: itemId++,
        headerId: id,
        number,
        type: spec.type,
        subType: spec.subType,
        status: spec.status,
        operTime,
        organId: spec.organId,
        organName: organ ? organ.supplier : null,
        creator: spec.creator,
        materialId: l.m.id,
        materialExtendId: l.m.id + 1000,
        materialUnit: l.m.unit,
        sku: null,
        operNumber: l.qty,
        basicNumber: l.qty,
        unitPrice: l.price,
        taxUnitPrice: l.price,
        allPrice: l.all,
        taxRate,
        taxMoney: 0,
        taxLastMoney: l.all,
        remark: spec.remark ?? '',
        depotId: spec.depotId,
        anotherDepotId: spec.anotherDepotId ?? null,
        tenantId: JSH,
        deleteFlag: '0',
      });
      // Transfers move goods between depots and leave the total unchanged.
      const mv = movement.get(l.m.id) ?? { in: 0, out: 0 };
      if (spec.type === '入库') mv.in += l.qty;
      if (spec.type === '出库' && spec.subType !== '调拨') mv.out += l.qty;
      movement.set(l.m.id, mv);
    }
  });

  const seededMaterials: SeededMaterial[] = MATERIALS.map((m) => {
    const mv = movement.get(m.id) ?? { in: 0, out: 0 };
    const currentStock = m.initialStock + mv.in - mv.out;
    return {
      id: m.id,
      categoryId: m.categoryId,
      name: m.name,
      mfrs: m.mfrs,
      model: m.model,
      standard: m.standard,
      brand: m.brand,
      mnemonic: null,
      color: m.color,
      unit: m.unit,
      remark: '',
      imgName: null,
      unitId: null,
      expiryNum: null,
      weight: m.weight,
      enabled: true,
      otherField1: null,
      otherField2: null,
      otherField3: null,
      enableSerialNumber: m.id === 572 ? '1' : '0',
      enableBatchNumber: '0',
      position: m.position,
      tenantId: JSH,
      deleteFlag: '0',
      unitName: null,
      categoryName: categoryById.get(m.categoryId)?.name ?? null,
      materialOther: '',
      stock: currentStock,
      purchaseDecimal: m.purchase,
      commodityDecimal: m.retail,
      wholesaleDecimal: m.wholesale,
      lowDecimal: m.low,
      mBarCode: m.barCode,
      meId: m.id + 1000,
      sku: null,
      commodityUnit: m.unit,
      initialStock: m.initialStock,
      currentStock,
      currentStockPrice: cents(currentStock * m.purchase),
      currentWeight: cents(currentStock * m.weight),
      safetyStock: m.safetyStock,
    };
  });

  // Financial bills stored as jshERP-boot stores them: 付款/转账/支出 heads negative, 付款 items negated; the views
  // read them back (financial.ts). A bill's settled items bring its last_debt down.
  const accountItem: AccountItemRow[] = [];
  let accountItemId = 200;
  const accountHead: AccountHeadRow[] = FINANCIALS.map((f, index) => {
    const id = 100 + index;
    const billTime = at(f.daysAgo, 14 + (index % 4));
    const organ = f.organId === null ? undefined : supplierById.get(f.organId);
    const headSign = f.type === '付款' || f.type === '转账' || f.type === '支出' ? -1 : 1;
    for (const item of f.items) {
      const bill = item.bill ? depotHead.find((h) => h.number === item.bill) : undefined;
      if (item.bill && !bill) throw new Error(`seed bill ${item.bill} missing`);
      const settledBefore = bill
        ? accountItem.filter((i) => i.billId === bill.id).reduce((s, i) => s + Math.abs(i.eachAmount ?? 0), 0)
        : 0;
      const needDebt = bill
        ? (bill.debt ?? null)
        : f.organId === null
          ? null
          : (supplierById.get(f.organId)?.beginNeedPay ?? null);
      accountItem.push({
        id: accountItemId++,
        headerId: id,
        accountId: item.accountId ?? null,
        inOutItemId: item.inOutItemId ?? null,
        billId: bill ? bill.id : null,
        needDebt: f.type === '收款' || f.type === '付款' ? needDebt : null,
        finishDebt: f.type === '收款' || f.type === '付款' ? settledBefore : null,
        eachAmount: f.type === '付款' ? -item.amount : item.amount,
        remark: '',
        tenantId: JSH,
        deleteFlag: '0',
      });
      if (bill) bill.lastDebt = cents((bill.debt ?? 0) - settledBefore - item.amount);
    }
    return {
      id,
      type: f.type,
      organId: f.organId,
      handsPersonId: f.handsPersonId,
      creator: f.creator,
      changeAmount: cents(headSign * (f.total - f.discount)),
      discountMoney: f.type === '收款' || f.type === '付款' ? f.discount : null,
      totalPrice: cents(headSign * f.total),
      accountId: f.accountId,
      billNo: `${f.prefix}${String(id).padStart(11, '0')}`,
      billTime,
      remark: f.remark ?? '',
      fileName: null,
      status: f.status,
      source: '0',
      tenantId: JSH,
      deleteFlag: '0',
      organName: organ ? organ.supplier : null,
      handsPersonName: PERSONS.find((p) => p.id === f.handsPersonId)?.name ?? null,
      userName: USER_NAMES[f.creator] ?? null,
      accountName: f.accountId === null ? null : (accountById.get(f.accountId)?.name ?? null),
      billTimeStr: formatDateTime(billTime),
    };
  });

  // currentAmount/thisMonthAmount here hold the sales/purchase bills only; the account views recompute both from
  // every saved bill (financial.ts).
  const account: AccountRow[] = ACCOUNTS.map((a) => {
    const c = cash.get(a.id) ?? { all: 0, month: 0 };
    return {
      id: a.id,
      name: a.name,
      serialNo: a.serialNo,
      initialAmount: a.initialAmount,
      currentAmount: cents(a.initialAmount + c.all),
      remark: a.remark,
      enabled: true,
      sort: a.sort,
      isDefault: a.isDefault,
      tenantId: a.tenantId,
      deleteFlag: '0',
      thisMonthAmount: cents(c.month),
    };
  });

  // SupplierService.updateAdvanceIn: a member's 预付款 is its 收预付款 bills less its retail bills paid from it (none seeded).
  const advanceOf = (organId: number): number =>
    cents(
      FINANCIALS.filter((f) => f.type === '收预付款' && f.organId === organId).reduce((sum, f) => sum + f.total, 0),
    );
  const supplier: SupplierRow[] = SUPPLIERS.map((s, index) => {
    const tenantId = s.tenantId ?? JSH;
    const debt = depotHead.filter((h) => h.organId === s.id).reduce((sum, h) => sum + (h.debt ?? 0), 0);
    const isVendor = s.type === '供应商';
    return {
      id: s.id,
      supplier: s.supplier,
      contacts: s.contacts,
      phoneNum: s.phoneNum,
      email: s.email,
      description: '',
      isystem: null,
      type: s.type,
      enabled: true,
      advanceIn: advanceOf(s.id),
      beginNeedGet: s.beginNeedGet,
      beginNeedPay: s.beginNeedPay,
      allNeedGet: isVendor ? 0 : cents(s.beginNeedGet + debt),
      allNeedPay: isVendor ? cents(s.beginNeedPay + debt) : 0,
      fax: '',
      telephone: s.telephone,
      address: s.address,
      taxNum: '',
      bankName: '',
      accountNumber: '',
      taxRate: s.taxRate,
      sort: String(index + 1),
      creator: tenantId === JSH ? 63 : null,
      tenantId,
      deleteFlag: '0',
    };
  });

  const serialNumber: SerialNumberRow[] = [
    {
      id: 1,
      materialId: 572,
      depotId: 14,
      serialNumber: 'PF3XK2A1',
      isSell: '0',
      remark: '',
      deleteFlag: '0',
      createTime: at(8),
      creator: 63,
      updateTime: at(8),
      updater: 63,
      inBillNo: 'CGRK00000000306',
      outBillNo: null,
      tenantId: JSH,
      materialName: '笔记本电脑',
      depotName: '总仓库',
      creatorName: '测试用户',
      updaterName: '测试用户',
    },
    {
      id: 2,
      materialId: 572,
      depotId: 14,
      serialNumber: 'PF3XK2A2',
      isSell: '1',
      remark: '',
      deleteFlag: '0',
      createTime: at(8),
      creator: 63,
      updateTime: at(1),
      updater: 63,
      inBillNo: 'CGRK00000000306',
      outBillNo: 'XSCK00000000314',
      tenantId: JSH,
      materialName: '笔记本电脑',
      depotName: '总仓库',
      creatorName: '测试用户',
      updaterName: '测试用户',
    },
    {
      id: 3,
      materialId: 572,
      depotId: 14,
      serialNumber: 'PF3XK2A3',
      isSell: '0',
      remark: '',
      deleteFlag: '0',
      createTime: at(8),
      creator: 63,
      updateTime: at(8),
      updater: 63,
      inBillNo: 'CGRK00000000306',
      outBillNo: null,
      tenantId: JSH,
      materialName: '笔记本电脑',
      depotName: '总仓库',
      creatorName: '测试用户',
      updaterName: '测试用户',
    },
  ];

  const log: LogRow[] = [
    {
      id: 1,
      userId: 63,
      operation: '用户',
      clientIp: '192.168.1.20',
      createTime: at(3, 9),
      status: 0,
      content: '登录jsh',
      tenantId: JSH,
    },
    {
      id: 2,
      userId: 63,
      operation: '采购入库',
      clientIp: '192.168.1.20',
      createTime: at(3, 10),
      status: 0,
      content: '新增CGRK00000000307',
      tenantId: JSH,
    },
    {
      id: 3,
      userId: 131,
      operation: '用户',
      clientIp: '192.168.1.35',
      createTime: at(2, 9),
      status: 0,
      content: '登录test123',
      tenantId: JSH,
    },
    {
      id: 4,
      userId: 131,
      operation: '销售出库',
      clientIp: '192.168.1.35',
      createTime: at(2, 11),
      status: 0,
      content: '修改XSCK00000000313',
      tenantId: JSH,
    },
    {
      id: 5,
      userId: 63,
      operation: '商品',
      clientIp: '192.168.1.20',
      createTime: at(1, 15),
      status: 0,
      content: '修改笔记本电脑',
      tenantId: JSH,
    },
    {
      id: 6,
      userId: 120,
      operation: '用户',
      clientIp: '10.0.0.8',
      createTime: at(1, 8),
      status: 0,
      content: '登录admin',
      tenantId: 0,
    },
  ].map((l) => ({
    ...l,
    createTimeStr: formatDateTime(l.createTime),
    userName: l.userId === 63 ? '测试用户' : l.userId === 131 ? 'test123' : '管理员',
    loginName: l.userId === 63 ? 'jsh' : l.userId === 131 ? 'test123' : 'admin',
  }));

  const dictType: DictTypeRow[] = [
    {
      dictId: 1,
      dictName: '付款方式',
      dictType: 'pay_type',
      status: '0',
      remark: '单据付款方式',
      createTime: at(300),
      updateTime: at(300),
    },
    {
      dictId: 2,
      dictName: '单据状态',
      dictType: 'bill_status',
      status: '0',
      remark: '0未审核 1已审核 2完成采购|销售 3部分采购|销售 9审核中',
      createTime: at(300),
      updateTime: at(120),
    },
    {
      dictId: 3,
      dictName: '经手人类型',
      dictType: 'person_type',
      status: '0',
      remark: '销售员/仓管员/财务员',
      createTime: at(300),
      updateTime: at(300),
    },
    {
      dictId: 4,
      dictName: '旧版单据类型',
      dictType: 'old_bill_type',
      status: '1',
      remark: '已停用',
      createTime: at(400),
      updateTime: at(90),
    },
  ].map((d) => ({ ...d, createBy: 'admin', updateBy: null, deleteFlag: '0' }));

  const dictData: DictDataRow[] = (
    [
      ['pay_type', '现付', '现付'],
      ['pay_type', '预付款', '预付款'],
      ['bill_status', '未审核', '0'],
      ['bill_status', '已审核', '1'],
      ['bill_status', '完成', '2'],
      ['bill_status', '部分', '3'],
      ['bill_status', '审核中', '9'],
      ['person_type', '销售员', '销售员'],
      ['person_type', '仓管员', '仓管员'],
      ['person_type', '财务员', '财务员'],
    ] as const
  ).map(([type, label, value], index) => ({
    dictCode: index + 1,
    dictSort: index + 1,
    dictLabel: label,
    dictValue: value,
    dictType: type,
    cssClass: '',
    listClass: 'default',
    isDefault: 'N',
    status: '0',
    createBy: 'admin',
    createTime: at(300),
    updateBy: null,
    updateTime: null,
    remark: '',
    deleteFlag: '0',
  }));

  const plugin: PluginRow[] = [
    {
      pluginDescriptor: {
        pluginId: 'general-ledger',
        version: '1.2.0',
        provider: 'jishenghua',
        description: '总账',
        pluginClass: 'com.jsh.plugin.ledger.LedgerPlugin',
        requires: '*',
        license: '',
      },
      pluginState: 'STARTED',
      runMode: 'PROD',
      path: 'plugins/general-ledger-1.2.0.jar',
    },
    {
      pluginDescriptor: {
        pluginId: 'tenant-statistics',
        version: '1.0.1',
        provider: 'jishenghua',
        description: '租户统计',
        pluginClass: 'com.jsh.plugin.tenant.TenantStatisticsPlugin',
        requires: '*',
        license: '',
      },
      pluginState: 'STOPPED',
      runMode: 'PROD',
      path: 'plugins/tenant-statistics-1.0.1.jar',
    },
  ];

  // Opening stock sits in the tenant's default depot.
  const { material, materialExtend, materialInitialStock } = splitSeededMaterials(
    seededMaterials,
    (tenantId) => DEPOTS.find((d) => d.tenantId === tenantId && d.isDefault)?.id ?? null,
    at(200),
  );
  const tables: BusinessTables = {
    account,
    depot,
    unit,
    supplier,
    inOutItem,
    person,
    material,
    materialCategory: category,
    materialAttribute,
    materialProperty: [],
    depotHead,
    accountHead,
    accountItem,
    log,
    // The global bill-number sequence (depot_number_seq), shared by every tenant.
    sequence: [{ seqName: 'depot_number_seq', currentVal: 672 }],
    serialNumber,
    dictType,
    dictData,
    plugin,
    materialExtend,
    materialInitialStock,
    // Every current stock here is what the opening stock and the bills give.
    materialCurrentStock: [],
  };
  return { tables, depotItems };
}

/** A handful of unread notices for the demo users (the fixture's one message is already read). */
export function seedMessages(now: Date): MsgRow[] {
  const ago = (minutes: number): Date => new Date(now.getTime() - minutes * 60 * 1000);
  return [
    {
      id: 3,
      msgTitle: '库存预警：冲击电钻低于安全库存',
      msgContent: '商品“冲击电钻（DZ-500）”当前库存低于安全存量 20 台，请及时补货。',
      createTime: ago(60 * 26),
      type: '库存预警',
      userId: 63,
      status: '1',
      tenantId: 63,
      deleteFlag: '0',
    },
    {
      id: 4,
      msgTitle: '采购订单待审核',
      msgContent: '采购订单 CGDD00000000304（广州安盾劳保用品厂）已提交，等待您审核。',
      createTime: ago(60 * 5),
      type: '单据审核',
      userId: 63,
      status: '1',
      tenantId: 63,
      deleteFlag: '0',
    },
    {
      id: 5,
      msgTitle: '客户回款提醒',
      msgContent: '苏州恒信建设工程有限公司仍有销售欠款未结清，请跟进回款。',
      createTime: ago(45),
      type: '回款提醒',
      userId: 63,
      status: '1',
      tenantId: 63,
      deleteFlag: '0',
    },
    {
      id: 6,
      msgTitle: '系统维护通知',
      msgContent: '本周六 22:00—23:00 系统例行维护，期间可能无法登录，请提前保存数据。',
      createTime: ago(60 * 50),
      type: '系统通知',
      userId: 63,
      status: '2',
      tenantId: 63,
      deleteFlag: '0',
    },
    {
      id: 7,
      msgTitle: '销售订单已分配给您',
      msgContent: '销售订单 XSDD00000000311（苏州恒信建设工程有限公司）已分配给您跟进发货。',
      createTime: ago(60 * 3),
      type: '单据审核',
      userId: 131,
      status: '1',
      tenantId: 63,
      deleteFlag: '0',
    },
    {
      id: 8,
      msgTitle: '密码安全提醒',
      msgContent: '您的账号仍在使用初始密码，为保障数据安全，请尽快修改密码。',
      createTime: ago(20),
      type: '系统通知',
      userId: 131,
      status: '1',
      tenantId: 63,
      deleteFlag: '0',
    },
  ];
}
