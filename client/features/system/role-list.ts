// The RoleList page.
import { systemView } from './system-specs';

export default systemView('role');
