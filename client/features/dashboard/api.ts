// Home page data: company name (system config) and tenant type / expiry / user counts.
import { http } from '../../lib/http';

interface Reply<T> {
  code: number;
  data: T;
}

export interface TenantInfo {
  type: string | null;
  expireTime: string;
  userCurrentNum: number | null;
  userNumLimit: number | null;
}

export const fetchSystemConfig = (signal?: AbortSignal) =>
  http.get<Reply<{ companyName?: string | null } | null | string>>('/systemConfig/getCurrentInfo', undefined, { signal });

export const fetchTenantInfo = (signal?: AbortSignal) => http.get<Reply<TenantInfo | string>>('/user/infoWithTenant', undefined, { signal });
