// The PersonList page.
import { systemView } from './system-specs';

export default systemView('person');
