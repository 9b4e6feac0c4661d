// The RetailOutReport report page.
import { reportView } from './report-specs';

export default reportView('retailOutReport');
