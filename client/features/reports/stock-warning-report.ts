// The StockWarningReport report page.
import { reportView } from './report-specs';

export default reportView('stockWarningReport');
