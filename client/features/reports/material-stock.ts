// The MaterialStock report page.
import { reportView } from './report-specs';

export default reportView('materialStock');
