// The DepotList page.
import { systemView } from './system-specs';

export default systemView('depot');
