// The declarative description of one add/edit form, written beside a page's ViewSpec and rendered by FormModal.
// Texts are i18n keys (labels, rule messages, confirmations) so every word a user sees is in the dictionary.
import type { ComponentType } from 'react';
import type { MessageKey } from '../../lib/i18n/i18n';
import type { ButtonCodeValue } from '../../lib/permissions';

export type FormValues = Record<string, unknown>;
export type FormRow = Record<string, unknown>;

export interface FormOption {
  value: string | number;
  label: MessageKey;
}

export type FieldRule =
  | { kind: 'required'; message: MessageKey }
  /** Text length between min and max (antd counts characters). */
  | { kind: 'length'; min: number; max: number; message: MessageKey }
  | { kind: 'pattern'; pattern: RegExp; message: MessageKey }
  /**
   * The name-exists check: GET <url>?<param>=<value>&id=<record id or 0>[&extra], debounced while typing.
   * The answer's `data.status === true` means the name is taken and `message` is shown.
   */
  | {
      kind: 'exists';
      url: string;
      param?: string;
      extra?: Readonly<Record<string, string>>;
      message: MessageKey;
      /** Other fields sent with the check, as they stand (a category's name is unique under its parent). */
      withFields?: readonly string[];
    };

/** Options loaded once per opening from an endpoint answering an array (bare, in `data`, `data.rows` or `listPath`). */
export interface OptionSource {
  url: string;
  labelKey: string;
  valueKey: string;
  /** Dotted path of the array in the answer when it is elsewhere (`data.personList`). */
  listPath?: string;
}

/** A tree endpoint answering `[{value, title, children}]`; `selfParam` sends the edited record's id (its subtree is left out). */
export interface TreeSource {
  url: string;
  selfParam?: string;
  /** Fixed query parameters of the tree call. */
  params?: Readonly<Record<string, string>>;
  /**
   * Picking a node reads its record (GET <url>?id=<node value>, the answer's `data.info`) and fills other fields:
   * `fill` maps a form field to a key of that record; the root node (value 0) has no record and sets `root`.
   */
  pick?: { url: string; fill: Readonly<Record<string, string>>; root: Readonly<Record<string, unknown>> };
}

interface FieldBase {
  name: string;
  label: MessageKey;
  rules?: readonly FieldRule[];
  /** Default: 请输入<label> (inputs) / 请选择<label> (selects). */
  placeholder?: MessageKey;
  /** Shown, never editable (computed columns). */
  readOnly?: boolean;
  /** A read-only field that a save still sends: another field's pick fills it (a menu's parent number). */
  sent?: boolean;
  /** Editable on add only (login names). */
  readOnlyOnEdit?: boolean;
  /** Present on add only (passwords). */
  onlyOnAdd?: boolean;
  /** Present on edit only (a tenant's role and type, set after it exists). */
  onlyOnEdit?: boolean;
  /** The row key an edit reads the value from, when the list row carries it under another name (expireTimeStr). */
  from?: string;
  defaultValue?: unknown;
  /** A hint under the field. */
  help?: MessageKey;
  /** Never kept in the form's draft, nor anywhere else in the browser (a password field is one without saying so). */
  secret?: boolean;
}

export type FormField =
  | (FieldBase & {
      kind: 'text';
      suffix?: MessageKey;
      password?: boolean;
      /** Default true: surrounding spaces are dropped on save. */ trim?: boolean;
    })
  | (FieldBase & { kind: 'number'; suffix?: MessageKey; min?: number; max?: number; precision?: number })
  | (FieldBase & { kind: 'textarea'; rows?: number })
  /** Values joined by `separator` in one text, edited as tags or as the text (多属性's values). */
  | (FieldBase & { kind: 'tags'; separator: string; addLabel: MessageKey; rows?: number })
  | (FieldBase & { kind: 'select'; options: readonly FormOption[]; multiple?: boolean })
  | (FieldBase & { kind: 'remoteSelect'; source: OptionSource })
  | (FieldBase & { kind: 'treeSelect'; source: TreeSource })
  | (FieldBase & { kind: 'switch' })
  | (FieldBase & { kind: 'checkbox' })
  /** A date sent as `format` text (default YYYY-MM-DD); a format with hours picks the time too. */
  | (FieldBase & { kind: 'date'; format?: string });

export type FormMode = 'add' | 'edit';

/** A whole-form check run after the field rules; a message key stops the save and is shown as a warning. */
export type FormCheck = (values: FormValues, row: FormRow | undefined) => MessageKey | null;

/** A row action beside 编辑 (设为默认): popconfirm, then POST <url> with body(row); success reloads the list. */
export interface RowAction {
  label: MessageKey;
  confirm: MessageKey;
  url: string;
  body: (row: FormRow) => unknown;
  /** The button code that shows it. */
  code: ButtonCodeValue;
}

/** What a row action's dialog receives; it is mounted while open and closes itself with onClose. */
export interface ActionDialogProps {
  row: FormRow;
  onClose: () => void;
  /** A save went through: the list reloads. */
  onDone: () => void;
}

/**
 * One condition of a dialog action: a button code on this page (or on `pageUrl`, as 分配用户 needs the 用户管理
 * page's edit code), or a system-config flag (`/systemConfig/getCurrentInfo`) that must be '1'.
 */
export type ActionRequirement = { code: ButtonCodeValue; pageUrl?: string } | { configFlag: string };

/** After a save, 操作提示 asks `prompt`; 确定 opens the dialog action labelled `next` on the same row. */
export interface FollowUp {
  prompt: MessageKey;
  next: MessageKey;
}

/** A row action opening a dialog of its own (重置密码, 分配仓库, 分配菜单…). */
export interface DialogRowAction {
  label: MessageKey;
  dialog: ComponentType<ActionDialogProps>;
  /** Every one must hold; none: shown to every user (the original offers 重置密码 and 分配菜单 so). */
  requires?: readonly ActionRequirement[];
  /** The next step offered once this dialog saved (分配菜单 → 分配按钮). */
  followUp?: FollowUp;
  /** Placed after 删除 rather than before 编辑 (重置密码 closes the user row's links). */
  last?: boolean;
}

export interface FormSpec {
  /** Without it the page only edits (no 新增). */
  addUrl?: string;
  updateUrl: string;
  /** The record to edit is read from `<detailUrl>?id=` (its `data`) when the list row lacks fields. */
  detailUrl?: string;
  fields: readonly FormField[];
  /** Modal width; `drawer` renders wide forms in a Drawer. */
  width?: number;
  drawer?: boolean;
  /** Sent with every save (a supplier's type). */
  fixed?: Readonly<Record<string, unknown>>;
  checks?: readonly FormCheck[];
  /**
   * The save body. Default: add sends the form values (+ fixed); edit sends the record merged with the values
   * (+ fixed), so columns the form does not show travel back unchanged.
   */
  toBody?: (values: FormValues, mode: FormMode, row: FormRow | undefined) => FormValues;
  /** Key of the record id in the row (default `id`). */
  idKey?: string;
  rowActions?: readonly (RowAction | DialogRowAction)[];
  /** A 添加下级 row action opening the add form with `field` preset to the row's id (trees). */
  addChild?: { field: string };
  titles?: { add: MessageKey; edit: MessageKey };
  /** The next step offered once an edit saved (a role's 分配菜单). */
  followUpOnEdit?: FollowUp;
  /** Records are only edited, never added from the list (扩展字段别名: three fixed rows). */
  editOnly?: boolean;
}
