// The 其它 bill list (QTRK).
import { billListPage } from './bill-list-page';

export default billListPage('otherIn');
