// The InDetail report page.
import { reportView } from './report-specs';

export default reportView('inDetail');
