// The InOutItemList page.
import { systemView } from './system-specs';

export default systemView('inOutItem');
