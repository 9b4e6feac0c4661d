// The one generic list page: search area, operator toolbar (gated by the page's button codes), column settings,
// draggable widths, pagination or totals paging, a detail drawer per row and the page's intro tour.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { Button, Card, Drawer, Spin, Table, type TableProps } from 'antd';
import {
  CheckOutlined,
  DeleteOutlined,
  DownloadOutlined,
  StopOutlined,
  ToolOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { ButtonCode } from '../../lib/permissions';
import { useButtonAccess } from '../../lib/use-button-access';
import { storage } from '../../lib/storage';
import { useT } from '../../lib/i18n/use-t';
import {
  readColumnSetting,
  restoreColumnSetting,
  visibleColumns,
  writeColumnSetting,
} from '../../lib/table/column-settings';
import { sortOrderFor, sorterToSort } from '../../lib/table/sort';
import { readRememberedFilters, writeRememberedFilters } from '../../lib/table/remembered-filters';
import { readTabFilters, sessionStore, tabFiltersKey, writeTabFilters } from '../../lib/table/tab-filters';
import { storedUserId } from '../../lib/session';
import { headerMinWidth, linksWidth } from '../../lib/table/header-width';
import { isTotalsRow, type Row } from '../../lib/table/totals';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  REPORT_PAGE_SIZE,
  REPORT_PAGE_SIZE_OPTIONS,
} from '../../lib/table/pagination';
import { DetailList } from '../detail-list/detail-list';
import { RowConfirm } from '../row-confirm';
import type { FormRow } from '../form-kit/form-spec';
import { useListForm, type ListForm } from '../form-kit/list-form';
import type { ButtonAccess } from '../../lib/use-button-access';
import { ColumnSettingsPopover } from './column-settings-popover';
import { ImportDialog } from './import-dialog';
import { IntroTour } from './intro-tour';
import { ResizableHeaderCell } from './resizable-header-cell';
import { initialFilterValues, ListAnswered, rememberedFieldNames, SearchForm } from './search-form';
import {
  batchDelete,
  batchPost,
  batchSetStatus,
  deleteOne,
  exportXls,
  exportXlsPost,
  importExcel,
} from './table-actions';
import { renderCell } from './cell-render';
import { useTablePage } from './use-table-page';
import { useAddKey } from './use-add-key';
import { BackCloses } from '../../lib/use-back-closes';
import type { ColumnSpec, ViewSpec } from './view-spec';
import { RowLink } from '../row-link';
import './list-view.css';
import { useAppFeedback } from '../../lib/app-feedback';
import { useQuantityDecimals } from '../../lib/settings-provider';
import { quantityText } from '../../lib/number-format';
import { FollowSaveContext } from '../../lib/read-after-write';

const INTRO_VERSION = 1;

/** A row value by dataIndex; a dotted index reads nested objects (plugin descriptors). */
function valueAt(row: Row, dataIndex: string): unknown {
  if (!dataIndex.includes('.')) return row[dataIndex];
  return dataIndex.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Row)[k] : undefined), row);
}

/** What a column shows of a row: its field, else its fallback field. */
function columnValue(row: Row, column: ColumnSpec): unknown {
  const own = valueAt(row, column.dataIndex);
  return column.fallback && (own === null || own === undefined || own === '') ? valueAt(row, column.fallback) : own;
}

/** A browser-side sorter that keeps the totals row last in either direction; numbers compare as numbers. */
function compareRowsBy(dataIndex: string) {
  return (a: Row, b: Row, order?: 'ascend' | 'descend' | null): number => {
    const last = order === 'descend' ? -1 : 1;
    if (isTotalsRow(a)) return isTotalsRow(b) ? 0 : last;
    if (isTotalsRow(b)) return -last;
    const x = valueAt(a, dataIndex);
    const y = valueAt(b, dataIndex);
    const nx = Number(x);
    const ny = Number(y);
    if (x !== '' && y !== '' && x != null && y != null && !Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return String(x ?? '').localeCompare(String(y ?? ''));
  };
}

function rowKeyOf(spec: ViewSpec) {
  const field = spec.rowKey ?? (spec.mode === 'tree' ? 'key' : 'id');
  return (row: Row): string =>
    isTotalsRow(row) ? '__totals' : String(valueAt(row, field) ?? row.id ?? JSON.stringify(row));
}

/** The hook giving a page its 新增 / row links / form: the spec's FormSpec by default, a page's own for forms with lines. */
export type UseListForm = (spec: ViewSpec, access: ButtonAccess, reload: () => void) => ListForm;

const useSpecForm: UseListForm = (spec, access, reload) => useListForm(spec.form, access, reload, spec.pageKey);

/** What a page adds around the generic list: filters from outside (a tree), toolbar buttons and row links of its own. */
export interface ListExtras {
  /** Merged over the spec's fixed filters; a change reloads from page 1. */
  filters?: Record<string, unknown>;
  /** Buttons before (start) and after (end) the generic toolbar buttons. */
  toolbar?: (list: ListContext) => { start?: ReactNode; end?: ReactNode };
  /** Links after 查看 in each row, with their labels (to size the action column). */
  rowLinks?: (row: Row, list: ListContext) => ReactNode;
  /** Shown in the 查看 drawer under the row's fields (a product's every barcode). */
  detail?: (row: Row) => ReactNode;
  rowLinkLabels?: readonly string[];
}

/** Read when a toolbar button or a row link is used: its fields are the list's latest. */
export interface ListContext {
  readonly selectedKeys: readonly Key[];
  reload: () => void;
  /** The search as last run (a row's dialog follows the list's depot choice). */
  readonly filters: Record<string, unknown>;
}

export function ListView({
  spec,
  useForm = useSpecForm,
  extras,
}: {
  spec: ViewSpec;
  useForm?: UseListForm;
  extras?: ListExtras;
}) {
  const t = useT();
  const { message, modal } = useAppFeedback();
  const ui = useMemo(() => ({ message, modal }), [message, modal]);
  const access = useButtonAccess(spec.pageUrl);
  const allIndexes = useMemo(() => spec.columns.map((c) => c.dataIndex), [spec.columns]);
  const defaults = useMemo(() => [...(spec.defaultVisible ?? allIndexes)], [spec.defaultVisible, allIndexes]);
  const [visible, setVisible] = useState<string[]>(() => readColumnSetting(storage, spec.pageKey, defaults));
  const [widths, setWidths] = useState<Record<string, number>>({});
  const [detail, setDetail] = useState<Row | null>(null);
  const closeDetail = useCallback(() => setDetail(null), []);
  const rememberedNames = useMemo(() => rememberedFieldNames(spec.fields), [spec.fields]);
  const defaultFilters = useMemo(() => initialFilterValues(spec.fields), [spec.fields]);
  const filterNames = useMemo(
    () => spec.fields.flatMap((f) => (f.kind === 'dateRange' ? [f.begin, f.end] : [f.name])),
    [spec.fields],
  );
  // What was last searched in this browser tab comes back after a reload (lib/table/tab-filters.ts).
  const [filtersKey] = useState(() => tabFiltersKey(storedUserId(storage), spec.pageKey));
  const [initialFilters] = useState(() => ({
    ...defaultFilters,
    ...readRememberedFilters(storage, spec.pageKey, rememberedNames),
    ...readTabFilters(sessionStore(), filtersKey),
  }));
  // A closed tab comes back fresh: its list unmounts then (hidden tabs stay mounted, a browser reload runs no cleanup).
  useEffect(() => () => writeTabFilters(sessionStore(), filtersKey, {}), [filtersKey]);
  const shownSpecs = useMemo(() => visibleColumns(spec.columns, visible), [spec.columns, visible]);
  const summed = useMemo(
    () =>
      spec.columns.filter((c) => c.summed ?? (c.render === 'money' || c.render === 'quantity')).map((c) => c.dataIndex),
    [spec.columns],
  );
  const sortColumns = useMemo(
    () => Object.fromEntries(spec.columns.filter((c) => c.sortField).map((c) => [c.dataIndex, c.sortField as string])),
    [spec.columns],
  );
  // Report endpoints ignore any sort: their sortable headers order the page in the browser, as the originals did.
  const sortsLocally = spec.mode === 'flat';
  const table = useTablePage({
    listUrl: spec.listUrl,
    mode: spec.mode,
    dataIndexes: shownSpecs.map((c) => c.dataIndex),
    defaultPageSize: spec.totals ? REPORT_PAGE_SIZE : DEFAULT_PAGE_SIZE,
    fixedFilters: extras?.filters ? { ...spec.fixedFilters, ...extras.filters } : spec.fixedFilters,
    initialFilters,
    filterNames,
    summed,
    sortColumns,
    onWarn: (text) => message.warning(text),
    onMissingUrl: () => message.error(t('table.missingListUrl')),
  });
  const searchRef = useRef<HTMLDivElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  const canEdit = access.can(ButtonCode.edit);
  const batchActions = useMemo(
    () => spec.batchActions?.filter((a) => access.can(a.code)) ?? [],
    [spec.batchActions, access],
  );
  const selectable = Boolean(
    (canEdit && spec.deleteBatchUrl) ||
    (spec.batchSetStatusUrl && spec.statusButtons) ||
    spec.exportUrl ||
    batchActions.length > 0,
  );
  const rowKey = useMemo(() => rowKeyOf(spec), [spec]);
  const tableReload = table.reload;
  const reload = useCallback(() => tableReload(), [tableReload]);
  // What the search form shows: set at the start and by 重置. A 查询 takes its filters from the form, which already
  // shows them: passing the table's filters re-rendered the form and set every field again at each 查询.
  const [formValues, setFormValues] = useState(initialFilters);
  // One page keeps one hook for its whole life (the prop comes with the page's module).
  const listForm = useForm(spec, access, reload);
  // The columns take the form's links, not the form: opening or closing its dialog changes the rest.
  const { view: formView, viewAhead, rowLinks: formRowLinks, trailingLinks: formTrailingLinks } = listForm;
  const formLinkLabels = listForm.linkLabels.join('\n');
  const showDetail = useCallback((row: Row) => (formView ? formView(row as FormRow) : setDetail(row)), [formView]);
  // One object for the page's life, reading the latest selection and search: the columns (their row links take it)
  // stay as they are when a 查询 or a selection changes those, and so does every cell of the table.
  const latestList = useRef({
    selectedKeys: table.selectedKeys,
    filters: table.filters,
    rows: table.rows,
    exportParams: table.exportParams,
  });
  useLayoutEffect(() => {
    latestList.current = {
      selectedKeys: table.selectedKeys,
      filters: table.filters,
      rows: table.rows,
      exportParams: table.exportParams,
    };
  });
  const listContext = useMemo<ListContext>(
    () => ({
      get selectedKeys() {
        return latestList.current.selectedKeys;
      },
      get filters() {
        return latestList.current.filters;
      },
      reload,
    }),
    [reload],
  );
  const extraToolbar = useMemo(() => extras?.toolbar?.(listContext), [extras, listContext]);

  // Cells draw quantities with the user's decimals: a change in the settings drawer redraws them.
  const decimals = useQuantityDecimals();
  const columns = useMemo(() => {
    const cols: NonNullable<TableProps<Row>['columns']> = [];
    if (spec.totals) {
      cols.push({
        title: '#',
        dataIndex: 'rowIndex',
        key: 'rowIndex',
        width: 50,
        align: 'center',
        render: (value: unknown, _row: Row, index: number) => (value === '合计' ? t('table.totals') : index + 1),
      });
    }
    const showActions = spec.mode !== 'tree' || canEdit;
    if (showActions) {
      cols.push({
        // Wide enough for the links in the current language (查看 删除 fit in 110 px; Просмотр Удалить do not), plus the
        // form's row links (编辑, 设为默认…).
        title: t('table.action'),
        key: 'action',
        align: 'center',
        width: Math.max(
          canEdit && spec.deleteUrl ? 110 : 60,
          headerMinWidth(t('table.action')),
          linksWidth([
            t('table.view'),
            ...(formLinkLabels ? formLinkLabels.split('\n') : []),
            ...(extras?.rowLinkLabels ?? []),
            ...(canEdit && spec.deleteUrl ? [t('table.delete')] : []),
          ]),
        ),
        // A row's links in a box of our own (antd's Space is a component with its context and an item box per link,
        // ten rows of them in every render of the rows).
        render: (_: unknown, row: Row) =>
          isTotalsRow(row) ? null : (
            <span className="row-links">
              <RowLink
                onClick={() => showDetail(row)}
                // A hand holds the button down ~100 ms: the reads go out at the press, the dialog opens at the release.
                onPointerDown={
                  viewAhead
                    ? (e) => {
                        if (e.button === 0 && e.pointerType === 'mouse') viewAhead(row as FormRow);
                      }
                    : undefined
                }
              >
                {t('table.view')}
              </RowLink>
              {formRowLinks(row)}
              {extras?.rowLinks?.(row, listContext)}
              {canEdit && spec.deleteUrl ? (
                <RowConfirm
                  title={t('table.confirmDeleteOne')}
                  onConfirm={() => deleteOne(ui, spec.deleteUrl, rowKey(row), reload)}
                >
                  <RowLink danger>{t('table.delete')}</RowLink>
                </RowConfirm>
              ) : null}
              {formTrailingLinks?.(row)}
            </span>
          ),
      });
    }
    for (const c of shownSpecs) {
      const title = t(c.title);
      // A dragged width is the user's; otherwise never so narrow that the header breaks inside a word.
      const width =
        widths[c.dataIndex] ??
        (c.width === undefined ? undefined : Math.max(c.width, headerMinWidth(title, c.sortable)));
      cols.push({
        title,
        dataIndex: c.dataIndex.includes('.') ? c.dataIndex.split('.') : c.dataIndex,
        key: c.dataIndex,
        width,
        align: c.align,
        ellipsis: c.ellipsis,
        sorter: c.sortable ? (sortsLocally ? compareRowsBy(c.dataIndex) : true) : undefined,
        sortOrder: c.sortable ? sortOrderFor(table.sort, c.dataIndex) : undefined,
        // The totals row's sums have two decimals (quantities too), in the page's language like money.
        render: (value: unknown, row: Row) =>
          isTotalsRow(row)
            ? c.render === 'money' || c.render === 'quantity'
              ? renderCell('money', value)
              : String(value ?? '')
            : c.render === 'quantity'
              ? quantityText(columnValue(row, c), decimals)
              : renderCell(c.render, columnValue(row, c), c.statusWords, row),
        onHeaderCell: () =>
          ({
            width,
            onResize: (w: number) => setWidths((prev) => ({ ...prev, [c.dataIndex]: w })),
          }) as React.HTMLAttributes<HTMLElement>,
      });
    }
    return cols;
  }, [
    spec,
    shownSpecs,
    widths,
    table.sort,
    canEdit,
    t,
    ui,
    reload,
    rowKey,
    sortsLocally,
    formRowLinks,
    formTrailingLinks,
    formLinkLabels,
    showDetail,
    viewAhead,
    extras,
    listContext,
    decimals,
  ]);

  // The table's width: its columns' (120 px for one without a width), at least the card's. Set in CSS rather than as
  // antd's `scroll.x`, which makes rc-table measure every column after each render (a row of measuring cells and a
  // scroll check, both forcing a layout: ~60 ms of a list's opening in the profile) for fixed columns this list has
  // none of; the table's own box scrolls sideways instead (list-view.css).
  const tableWidth = useMemo(
    () => columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 0),
    [columns],
  );

  // The search area, the column settings and the tour keep their props from render to render (memo below): rows
  // arriving, a selection or a sort re-render the table, not them.
  const tableSearch = table.search;
  // Report periods are required by their endpoints (the originals warned before querying).
  const onSearch = useCallback(
    (filters: Record<string, unknown>) => {
      const period = spec.fields.find((f) => f.kind === 'dateRange' && f.monthsBack);
      if (period && period.kind === 'dateRange' && (!filters[period.begin] || !filters[period.end])) {
        message.warning(t('table.chooseDate'));
        return;
      }
      writeRememberedFilters(storage, spec.pageKey, rememberedNames, filters);
      writeTabFilters(sessionStore(), filtersKey, filters);
      tableSearch(filters);
    },
    [spec.fields, spec.pageKey, rememberedNames, filtersKey, tableSearch, message, t],
  );

  // 重置 goes back to the page's defaults and forgets remembered choices.
  const onReset = useCallback(() => {
    writeRememberedFilters(storage, spec.pageKey, rememberedNames, {});
    writeTabFilters(sessionStore(), filtersKey, {});
    const filters = { ...defaultFilters };
    setFormValues(filters);
    tableSearch(filters);
  }, [spec.pageKey, rememberedNames, filtersKey, tableSearch, defaultFilters]);

  const onColumnsChange = useCallback(
    (checked: string[]) => {
      setVisible(checked);
      writeColumnSetting(storage, spec.pageKey, checked);
    },
    [spec.pageKey],
  );
  const onColumnsRestore = useCallback(
    () => setVisible(restoreColumnSetting(storage, spec.pageKey, defaults)),
    [spec.pageKey, defaults],
  );
  const columnChoices = useMemo(
    () => spec.columns.map((c: ColumnSpec) => ({ dataIndex: c.dataIndex, title: t(c.title) })),
    [spec.columns, t],
  );

  const perPage = spec.totals && table.pageSize % 10 === 1 ? table.pageSize - 1 : table.pageSize;
  const { current, pageSize, total, recordTotal, changePage, changeSort, selectedKeys, setSelectedKeys } = table;
  const pagination = useMemo(
    (): TableProps<Row>['pagination'] =>
      spec.mode === 'tree'
        ? false
        : {
            current,
            pageSize,
            total,
            showQuickJumper: true,
            showSizeChanger: true,
            pageSizeOptions: (spec.totals ? REPORT_PAGE_SIZE_OPTIONS : PAGE_SIZE_OPTIONS).map(String),
            // With a totals row the range counts records (pageSize-1 a page), not the added rows.
            showTotal: (shownTotal, range) =>
              pageSize % 10 === 1
                ? t('table.total', {
                    from: Math.min((current - 1) * perPage + 1, recordTotal),
                    to: Math.min(current * perPage, recordTotal),
                    total: recordTotal,
                  })
                : t('table.total', { from: range[0], to: range[1], total: shownTotal }),
            onChange: changePage,
          },
    [spec.mode, spec.totals, current, pageSize, total, recordTotal, perPage, changePage, t],
  );
  const rowSelection = useMemo(
    (): TableProps<Row>['rowSelection'] =>
      selectable
        ? {
            selectedRowKeys: selectedKeys,
            onChange: (keys: Key[]) => setSelectedKeys(keys),
            getCheckboxProps: (row: Row) => ({ disabled: isTotalsRow(row) }),
          }
        : undefined,
    [selectable, selectedKeys, setSelectedKeys],
  );
  const onTableChange = useCallback<NonNullable<TableProps<Row>['onChange']>>(
    (_p, _f, sorter) => {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      changeSort(sorterToSort(s?.field, s?.order));
    },
    [changeSort],
  );
  // antd's Table renders every cell again whenever it renders: the same element while its props hold (the search
  // form, the toolbar, a 查询 setting the spinner re-render the page around it), and the spinner outside it.
  const rows = table.rows;
  // Until the first answer the table is empty because nothing came yet: it says nothing under the spinner rather than
  // 暂无数据 (and draws no empty-state picture that the rows replace at once).
  const answered = table.answered;
  const tableElement = useMemo(
    () => (
      <Table<Row>
        size="middle"
        bordered
        rowKey={rowKey}
        columns={columns}
        dataSource={rows}
        pagination={pagination}
        tableLayout="fixed"
        {...WITHOUT_SCROLLBAR_MEASURE}
        components={TABLE_COMPONENTS}
        rowClassName={totalsRowClass}
        rowSelection={rowSelection}
        onChange={onTableChange}
        locale={answered ? undefined : NOTHING_YET}
      />
    ),
    [rowKey, columns, rows, pagination, rowSelection, onTableChange, answered],
  );

  // One export at a time: the button shows its progress and a second click while it runs sends nothing (a ref,
  // not only the state, so two clicks before the next render are one export too).
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const exportRunning = useRef(false);
  const statusButtons = spec.batchSetStatusUrl && spec.statusButtons;

  // The toolbar's buttons keep their element while the list's rows, selection and search change (they read those
  // when clicked): rows arriving re-render the table, not eight buttons with their icons.
  const toolbarButtons = useMemo(() => {
    const selected = () => latestList.current.selectedKeys;
    const runExport = (work: () => Promise<void>) => {
      if (exportRunning.current) return;
      exportRunning.current = true;
      setExporting(true);
      void work().finally(() => {
        exportRunning.current = false;
        setExporting(false);
      });
    };
    const exportRows = () => {
      const { rows: shownRows, filters: searched } = latestList.current;
      // A picture is no cell of a sheet (the original's export leaves 图片 out).
      const shown = shownSpecs.filter((c) => c.render !== 'thumbnail');
      const head = shown.map((c) => t(c.title)).join(',');
      const list = shownRows.filter((r) => !isTotalsRow(r)).map((r) => shown.map((c) => columnValue(r, c) ?? ''));
      const title = t(spec.exportTitle ?? 'table.export');
      const begin = searched.beginTime;
      const tip = begin ? t('table.exportTip', { begin: String(begin), end: String(searched.endTime ?? '') }) : '';
      return exportXlsPost(ui, title, title, head, tip, list);
    };
    return (
      <>
        {extraToolbar?.start}
        {listForm.addButton ? (
          <span data-add-button="" style={{ display: 'contents' }}>
            {listForm.addButton}
          </span>
        ) : null}
        {canEdit && spec.deleteBatchUrl ? (
          <Button icon={<DeleteOutlined />} onClick={() => batchDelete(ui, spec.deleteBatchUrl, selected(), reload)}>
            {t('table.delete')}
          </Button>
        ) : null}
        {statusButtons === 'audit' && access.can(ButtonCode.audit) ? (
          <Button
            icon={<CheckOutlined />}
            onClick={() => batchSetStatus(ui, spec.batchSetStatusUrl, selected(), '1', reload)}
          >
            {t('table.audit')}
          </Button>
        ) : null}
        {statusButtons === 'audit' && access.can(ButtonCode.unaudit) ? (
          <Button
            icon={<StopOutlined />}
            onClick={() => batchSetStatus(ui, spec.batchSetStatusUrl, selected(), '0', reload)}
          >
            {t('table.unaudit')}
          </Button>
        ) : null}
        {/* The original lists gate 启用/禁用 on the edit code (1); no tenant role is ever given code 4 for them. */}
        {statusButtons === 'enable' && canEdit ? (
          <>
            <Button
              icon={<CheckOutlined />}
              onClick={() =>
                batchSetStatus(ui, spec.batchSetStatusUrl, selected(), spec.enableValues?.[0] ?? true, reload)
              }
            >
              {t('table.enable')}
            </Button>
            <Button
              icon={<StopOutlined />}
              onClick={() =>
                batchSetStatus(ui, spec.batchSetStatusUrl, selected(), spec.enableValues?.[1] ?? false, reload)
              }
            >
              {t('table.disable')}
            </Button>
          </>
        ) : null}
        {canEdit && spec.importUrl && spec.importDialog ? (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            {t('table.import')}
          </Button>
        ) : null}
        {(spec.exportForAll || access.can(ButtonCode.export)) && (spec.exportUrl || spec.exportTitle) ? (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            aria-busy={exporting}
            data-testid="table-export"
            onClick={() =>
              runExport(() =>
                spec.exportUrl
                  ? exportXls(
                      ui,
                      spec.exportUrl,
                      latestList.current.exportParams(),
                      selected(),
                      t(spec.exportTitle ?? 'table.exportFile'),
                    )
                  : exportRows(),
              )
            }
          >
            {exporting ? t('web.exporting') : t('table.export')}
          </Button>
        ) : null}
        {batchActions.map((action) => (
          <Button
            key={action.url}
            icon={<ToolOutlined />}
            onClick={() =>
              batchPost(ui, action.url, selected(), t(action.success), () => {
                setSelectedKeys([]);
                reload();
              })
            }
          >
            {t(action.label)}
          </Button>
        ))}
        {extraToolbar?.end}
      </>
    );
  }, [
    extraToolbar,
    listForm.addButton,
    canEdit,
    spec,
    statusButtons,
    access,
    ui,
    reload,
    exporting,
    shownSpecs,
    batchActions,
    setSelectedKeys,
    t,
  ]);

  const hasSearch = spec.fields.length > 0;
  const tourSteps = useMemo(
    () => [
      // Pages without a search area skip its step.
      ...(hasSearch
        ? [{ title: t('table.tourSearchTitle'), description: t('table.tourSearch'), target: searchRef }]
        : []),
      { title: t('table.tourToolbarTitle'), description: t('table.tourToolbar'), target: toolbarRef },
      { title: t('table.tourTableTitle'), description: t('table.tourTable'), target: tableRef },
    ],
    [t, hasSearch],
  );

  useAddKey(toolbarRef);

  // The 查看 drawer renders when a row's detail opens or closes, not with every change of the rows.
  const detailDrawer = useMemo(
    () => (
      <>
        {/* Back closes the drawer first. */}
        <BackCloses open={detail !== null} onBack={closeDetail} />
        <Drawer title={t('table.detail')} open={detail !== null} onClose={closeDetail} size="large">
          {detail ? (
            <>
              <DetailList
                col={2}
                items={spec.columns.map((c) => ({
                  term: t(c.title),
                  value: renderCell(c.render, columnValue(detail, c), c.statusWords, detail),
                }))}
              />
              {extras?.detail ? extras.detail(detail) : null}
            </>
          ) : null}
        </Drawer>
      </>
    ),
    [detail, closeDetail, spec.columns, extras, t],
  );

  // Its first answer is expected soon (use-table-page): the page renders once, with its rows.
  if (table.awaitingFirst) return <div className="list-view__awaiting-page" aria-busy="true" />;
  return (
    <Card variant="borderless" className="table-page" data-page-key={spec.pageKey} aria-busy={table.loading}>
      <div ref={searchRef}>
        <ListAnswered value={table.firstAnswered}>
          <SearchForm fields={spec.fields} filters={formValues} onSearch={onSearch} onReset={onReset} />
        </ListAnswered>
      </div>
      <div
        ref={toolbarRef}
        className="table-operator"
        data-tour="toolbar"
        style={{ margin: '12px 0', display: 'flex', flexWrap: 'wrap', gap: 8 }}
      >
        {toolbarButtons}
        {spec.mode === 'tree' ? null : (
          <ColumnSettingsPopover
            choices={columnChoices}
            checked={visible}
            onChange={onColumnsChange}
            onRestore={onColumnsRestore}
          />
        )}
        <IntroTour pageKey={spec.pageKey} version={INTRO_VERSION} steps={tourSteps} ready={!table.loading} />
      </div>
      <div
        ref={tableRef}
        className="list-view__table"
        style={{ '--list-table-width': `${tableWidth}px` } as React.CSSProperties}
      >
        <Spin spinning={table.loading} delay={rows.length > 0 ? RELOAD_SPINNER_DELAY_MS : 0}>
          {tableElement}
        </Spin>
      </div>
      {detailDrawer}
      <FollowSaveContext value={table.reloadAfterWrite}>{listForm.modal}</FollowSaveContext>
      {importing && spec.importUrl && spec.importDialog ? (
        <ImportDialog
          title={t(spec.importDialog.title)}
          templateUrl={spec.importDialog.templateUrl}
          templateName={t(spec.importDialog.templateName)}
          labels={[t('import.stepOne'), t('import.stepTwo')]}
          hint={t('import.keepFirstRow')}
          closeText={t('import.cancel')}
          onClose={() => setImporting(false)}
          onUpload={(file) => importExcel(ui, spec.importUrl!, file, reload)}
        />
      ) : null}
    </Card>
  );
}

/**
 * rc-table measures the browser's scrollbar at every table's mount, for a fixed header this list has none of: it
 * injects a style element and a scrolling box into the document and reads its width, a full style and layout pass
 * (~30 ms of a list's opening in the profile). Its `tailor` prop (antd passes it through) skips that measure; with
 * no `scroll` given, tailor changes nothing else. The list-view test fails if the measure comes back.
 */
const WITHOUT_SCROLLBAR_MEASURE: object = { tailor: true };
/**
 * With rows on screen, a reload (a 查询, a save's) shows its spinner only when its answer takes longer than this: a
 * quicker one replaces the rows in the frame it arrives, where the spinner flashed for a frame or two over a blurred
 * table (each shown and hidden a render after the change, by antd's Spin). The first rows' spinner shows at once.
 */
const RELOAD_SPINNER_DELAY_MS = 200;
/** The table's text while the first answer is awaited: none, in a box as tall as the empty state's picture. */
const NOTHING_YET: TableProps<Row>['locale'] = { emptyText: <div className="list-view__awaiting" /> };
const TABLE_COMPONENTS: TableProps<Row>['components'] = { header: { cell: ResizableHeaderCell } };
const totalsRowClass = (row: Row) => (isTotalsRow(row) ? 'table-totals-row' : '');

/** A view module's default export: the spec rendered by ListView. */
export function listViewOf(spec: ViewSpec) {
  function SpecListView() {
    return <ListView spec={spec} />;
  }
  SpecListView.displayName = `ListView(${spec.pageKey})`;
  return SpecListView;
}
