// The FunctionList page.
import { systemView } from './system-specs';

export default systemView('function');
