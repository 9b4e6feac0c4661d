// The InOutStockReport report page.
import { reportView } from './report-specs';

export default reportView('inOutStockReport');
