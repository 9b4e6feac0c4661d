// The VendorList page.
import { systemView } from './system-specs';

export default systemView('vendor');
