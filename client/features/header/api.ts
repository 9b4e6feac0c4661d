// What the header's fee ad needs: the platform's pay_fee_url and the tenant's type.
import { http } from '../../lib/http';

interface BackendReply<T> {
  code: number;
  data: T;
}

// Not under the open /platformConfig/getPlatform prefix: needs the token.
export const fetchPayFeeUrl = () =>
  http.get<BackendReply<{ platformValue?: string | null } | null>>('/platformConfig/getInfoByKey', { platformKey: 'pay_fee_url' });

export const fetchTenantInfo = () => http.get<BackendReply<{ type?: string | null } | null>>('/user/infoWithTenant');
