// The DictList page.
import { systemView } from './system-specs';

export default systemView('dict');
