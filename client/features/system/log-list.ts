// The LogList page.
import { systemView } from './system-specs';

export default systemView('log');
