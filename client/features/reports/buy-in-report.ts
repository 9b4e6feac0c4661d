// The BuyInReport report page.
import { reportView } from './report-specs';

export default reportView('buyInReport');
