// The OrganizationList page.
import { systemView } from './system-specs';

export default systemView('organization');
