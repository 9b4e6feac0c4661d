// The 其它 bill list (QTCK).
import { billListPage } from './bill-list-page';

export default billListPage('otherOut');
