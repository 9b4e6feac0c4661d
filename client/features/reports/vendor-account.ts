// The VendorAccount report page.
import { reportView } from './report-specs';

export default reportView('vendorAccount');
