// The TenantList page.
import { systemView } from './system-specs';

export default systemView('tenant');
