// The UserList page.
import { systemView } from './system-specs';

export default systemView('user');
