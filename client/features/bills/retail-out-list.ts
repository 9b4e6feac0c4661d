// The 零售 bill list (LSCK).
import { billListPage } from './bill-list-page';

export default billListPage('retailOut');
