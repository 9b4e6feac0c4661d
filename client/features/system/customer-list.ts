// The CustomerList page.
import { systemView } from './system-specs';

export default systemView('customer');
