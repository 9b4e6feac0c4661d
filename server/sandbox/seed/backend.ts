// SANDBOX_SEED=backend: the store starts from the backend's own seed (every row of the business tables of
// jshERP-boot's docs/jsh_erp.sql, in backend-seed.json), so a fresh sandbox and a fresh jshERP-boot answer the same
// reads alike and one check can run against either. The system tables come from users-roles.json and functions.json
// in both seeds: they hold the same dump's rows. This is the one place the dump's columns (snake_case, SQL text) become
// the store's fields (the entities' camelCase JSON names and types).
import backendSeed from './backend-seed.json' with { type: 'json' };
import { chinaTime } from '../wire.js';
import type { BusinessTables, DepotItemRow, DepotRow, RowOf } from '../business-rows.js';
import type { UserRow } from '../store.js';

type SqlValue = string | number | null;
type SqlRow = Record<string, SqlValue>;

const dump = (backendSeed as unknown as { tables: Record<string, { rows: SqlRow[] }> }).tables;

/** How one dump table's columns read as a store table's fields; every other column is copied under its camelCase name. */
interface TableMapping {
  table: string;
  /** decimal(24,n), which the dump writes as text: numbers, as the entities' BigDecimal. */
  decimals?: readonly string[];
  /** bit(1), 0/1 in the dump: booleans, as the entities' Boolean. */
  bits?: readonly string[];
  /** datetime, 'yyyy-MM-dd HH:mm:ss' China time in the dump: Dates. */
  dates?: readonly string[];
  /** The only columns the store keeps (all when absent). */
  only?: readonly string[];
}

/** The business tables the dump fills, by the store's table name. */
const MAPPINGS = {
  account: { table: 'jsh_account', decimals: ['initial_amount', 'current_amount'], bits: ['enabled', 'is_default'] },
  depot: { table: 'jsh_depot', decimals: ['warehousing', 'truckage'], bits: ['enabled', 'is_default'] },
  inOutItem: { table: 'jsh_in_out_item', bits: ['enabled'] },
  material: { table: 'jsh_material', decimals: ['weight'], bits: ['enabled'] },
  materialAttribute: { table: 'jsh_material_attribute' },
  materialCategory: { table: 'jsh_material_category', dates: ['create_time', 'update_time'] },
  materialCurrentStock: { table: 'jsh_material_current_stock', decimals: ['current_number', 'current_unit_price'] },
  materialExtend: {
    table: 'jsh_material_extend',
    decimals: ['purchase_decimal', 'commodity_decimal', 'wholesale_decimal', 'low_decimal'],
    dates: ['create_time'],
  },
  materialInitialStock: {
    table: 'jsh_material_initial_stock',
    decimals: ['number', 'low_safe_stock', 'high_safe_stock'],
  },
  materialProperty: { table: 'jsh_material_property', bits: ['enabled'] },
  person: { table: 'jsh_person', bits: ['enabled'] },
  supplier: {
    table: 'jsh_supplier',
    decimals: ['advance_in', 'begin_need_get', 'begin_need_pay', 'all_need_get', 'all_need_pay', 'tax_rate'],
    bits: ['enabled'],
  },
  unit: { table: 'jsh_unit', decimals: ['ratio', 'ratio_two', 'ratio_three'], bits: ['enabled'] },
  // The store keeps the sequence's name and value; its bounds and step are the backend's defaults.
  sequence: { table: 'jsh_sequence', only: ['seq_name', 'current_val'] },
  dictType: { table: 'jsh_sys_dict_type', dates: ['create_time', 'update_time'] },
  dictData: { table: 'jsh_sys_dict_data', dates: ['create_time', 'update_time'] },
} as const satisfies Partial<Record<keyof BusinessTables, TableMapping>>;

/**
 * The dump's bill, money, serial and log tables are empty; their rows would need the list columns the writes keep
 * on them (names joined in, totals), which this mapping does not build, so a dump with rows there is refused.
 */
const EMPTY_TABLES = [
  'jsh_depot_head',
  'jsh_depot_item',
  'jsh_account_head',
  'jsh_account_item',
  'jsh_serial_number',
  'jsh_log',
] as const;

/** `delete_Flag` (jsh_depot, jsh_material_extend) is deleteFlag too. */
const camel = (column: string): string =>
  column.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function sqlRows(table: string): SqlRow[] {
  const found = dump[table];
  if (!found) throw new Error(`backend seed: table ${table} missing`);
  return found.rows;
}

function mapRow(row: SqlRow, mapping: TableMapping): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (mapping.only && !mapping.only.includes(column)) continue;
    let field: unknown = value;
    if (value !== null && mapping.decimals?.includes(column)) field = Number(value);
    else if (value !== null && mapping.bits?.includes(column)) field = value === 1 || value === '1';
    else if (typeof value === 'string' && mapping.dates?.includes(column)) field = chinaTime(value);
    out[camel(column)] = field;
  }
  return out;
}

/** The rows in primary-key order (the first column), as the table is scanned: the order that breaks a list's ties. */
function mapped<K extends keyof typeof MAPPINGS>(name: K): RowOf<K>[] {
  const mapping: TableMapping = MAPPINGS[name];
  const rows = [...sqlRows(mapping.table)];
  const key = (row: SqlRow): SqlValue => Object.values(row)[0] ?? null;
  rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  });
  return rows.map((row) => mapRow(row, mapping) as RowOf<K>);
}

/** The business tables and bill lines of the backend's seed; `users` names each depot's principal, as the list joins it. */
export function backendBusinessTables(users: readonly UserRow[]): {
  tables: BusinessTables;
  depotItems: DepotItemRow[];
} {
  for (const table of EMPTY_TABLES) {
    if (sqlRows(table).length > 0) throw new Error(`backend seed: ${table} has rows, which this seed does not map`);
  }
  const depot: DepotRow[] = mapped('depot').map((d) => ({
    ...d,
    principalName: users.find((u) => u.id === d.principal)?.username ?? null,
  }));
  const tables: BusinessTables = {
    account: mapped('account'),
    depot,
    unit: mapped('unit'),
    supplier: mapped('supplier'),
    inOutItem: mapped('inOutItem'),
    person: mapped('person'),
    material: mapped('material'),
    materialCategory: mapped('materialCategory'),
    materialAttribute: mapped('materialAttribute'),
    materialProperty: mapped('materialProperty'),
    materialExtend: mapped('materialExtend'),
    materialInitialStock: mapped('materialInitialStock'),
    materialCurrentStock: mapped('materialCurrentStock'),
    sequence: mapped('sequence'),
    dictType: mapped('dictType'),
    dictData: mapped('dictData'),
    depotHead: [],
    accountHead: [],
    accountItem: [],
    serialNumber: [],
    log: [],
    // Plugins are jar files of an installation, not rows of the dump: a fresh backend has none.
    plugin: [],
  };
  return { tables, depotItems: [] };
}
