// The AccountList page.
import { systemView } from './system-specs';

export default systemView('account');
