// What jshERP-boot sends: the reply envelopes and the entities the shell reads. Types only, so the pure modules
// (tested under Node) and the React code share them.

/** The usual envelope (BaseResponseInfo): `code` 200 on success, else a business code with a message in `data`. */
export interface Reply<T> {
  code: number;
  data: T;
}

/** returnJson / returnStr and the global handler's business errors: `{code, data: {message}}`. */
export type MessageReply = Reply<{ message?: string } | string | null>;

/** A list page's answer (TableDataInfo). */
export type TableReply<Row> = Reply<{ rows?: Row[]; total?: number } | string>;

/** /user/addUser, /user/updateUser, /user/registerUser answer `{code, msg}` (standardSuccess) instead. */
export interface StandardReply {
  code: number;
  msg?: string;
  data?: { message?: string } | string;
}

/** The user row /user/login returns (jsh_user in camelCase; password forced to null). */
export interface SessionUser {
  id: number;
  loginName: string;
  username?: string | null;
  tenantId?: number | null;
  [field: string]: unknown;
}

export interface LoginData {
  msgTip?: string;
  token?: string;
  user?: SessionUser;
  pwdSimple?: boolean;
  message?: string;
}

export interface LoginPayload {
  loginName: string;
  /** md5 hex of the plain password. */
  password: string;
  code?: string;
  uuid?: string;
}

/** One node of the permission menu (POST /function/findMenuByPNumber answers a bare array of them). */
export interface MenuItem {
  id: number | string;
  text: string;
  icon?: string | null;
  url?: string | null;
  component?: string | null;
  children?: MenuItem[] | null;
  /** Honoured when present (the backend never sends them). */
  hidden?: boolean;
  alwaysShow?: boolean;
}

/** One entry of `data.userBtn` from GET /user/getUserBtnByCurrentUser: the button codes a page url allows. */
export interface UserBtn {
  url: string | null;
  btnStr: string | null;
}

/** GET /user/infoWithTenant: the tenant's type ('0' trial, '1' paid), expiry and user counts. */
export interface TenantInfo {
  type: string | null;
  expireTime: string;
  userCurrentNum: number | null;
  userNumLimit: number | null;
  tenantId?: number | null;
}

/** GET /systemConfig/getCurrentInfo (the tenant's system configuration; `data` null when it has none). */
export interface SystemConfig {
  id?: number;
  companyName?: string | null;
  multiBillType?: string | null;
  multiLevelApprovalFlag?: string | null;
  [flag: string]: unknown;
}

/** GET /platformConfig/getInfoByKey. */
export interface PlatformSetting {
  platformKey?: string | null;
  platformValue?: string | null;
}

/** A department as the Jeecg-style department switch sends it (jshERP-boot has no such endpoint). */
export interface Department {
  id?: string | number;
  departName: string;
  orgCode: string;
}

/** The Jeecg-style answer of the department endpoints. */
export interface JeecgResult<T> {
  success: boolean;
  message?: string;
  result: T;
}

/** A message as jshERP-boot sends it (jsh_msg → MsgEx). */
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
