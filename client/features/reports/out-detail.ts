// The OutDetail report page.
import { reportView } from './report-specs';

export default reportView('outDetail');
