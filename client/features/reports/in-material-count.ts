// The InMaterialCount report page.
import { reportView } from './report-specs';

export default reportView('inMaterialCount');
