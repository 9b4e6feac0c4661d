// The SystemConfigList page.
import { systemView } from './system-specs';

export default systemView('systemConfig');
