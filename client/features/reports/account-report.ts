// The AccountReport report page.
import { reportView } from './report-specs';

export default reportView('accountReport');
