// The UnitList page.
import { systemView } from './system-specs';

export default systemView('unit');
