// The PlatformConfigList page.
import { systemView } from './system-specs';

export default systemView('platformConfig');
