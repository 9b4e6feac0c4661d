// A message as jshERP-boot sends it (jsh_msg → MsgEx).
export interface Notice {
  id: number;
  msgTitle: string | null;
  msgContent: string | null;
  type: string | null;
  status: string | null;
  createTimeStr: string | null;
  /** Only Jeecg-style messages carry these; jshERP-boot never sends them. */
  openType?: 'url' | 'component' | null;
  openPage?: string | null;
  busId?: string | number | null;
}
