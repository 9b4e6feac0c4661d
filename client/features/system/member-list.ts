// The MemberList page.
import { systemView } from './system-specs';

export default systemView('member');
