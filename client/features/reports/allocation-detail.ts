// The AllocationDetail report page.
import { reportView } from './report-specs';

export default reportView('allocationDetail');
