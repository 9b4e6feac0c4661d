// The OutMaterialCount report page.
import { reportView } from './report-specs';

export default reportView('outMaterialCount');
