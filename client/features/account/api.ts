// The account calls: password change and the department switch (PUT for both, as the original client; the department
// endpoints exist only in Jeecg-Boot, not in jshERP-boot — a real backend answers 404 and the UI warns instead).
import type { Department, JeecgResult, Reply } from '../../lib/backend/types';
import { http } from '../../lib/http';

export interface UpdatePasswordBody {
  userId: number | string;
  /** md5 hex of each password. */
  oldpassword: string;
  password: string;
  confirmPassword: string;
}

/** data.status: 1 changed, 2 wrong old password, 3 failure. */
export type UpdatePasswordReply = Reply<{ status?: number; message?: string } | string | null>;

// PUT: the real backend maps @PutMapping("/updatePwd") and answers a POST with 未知异常.
export const updatePassword = (body: UpdatePasswordBody) => http.put<UpdatePasswordReply>('/user/updatePwd', body);

// silent: against jshERP-boot this path is a 404; the modal turns any failure into its own warning
// instead of the global "resource not found" notification.
export const fetchCurrentUserDeparts = () =>
  http.get<JeecgResult<{ list?: Department[] | null; orgCode?: string | null } | null>>(
    '/sys/user/getCurrentUserDeparts',
    undefined,
    { silent: true },
  );

// PUT, as the original client (putAction).
export const selectDepart = (orgCode: string, username: string) =>
  http.put<JeecgResult<{ userInfo?: Record<string, unknown> } | null>>(
    '/sys/selectDepart',
    { orgCode, username },
    { silent: true },
  );
