// The CustomerAccount report page.
import { reportView } from './report-specs';

export default reportView('customerAccount');
