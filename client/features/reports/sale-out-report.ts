// The SaleOutReport report page.
import { reportView } from './report-specs';

export default reportView('saleOutReport');
