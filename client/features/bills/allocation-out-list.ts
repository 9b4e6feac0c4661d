// The 调拨 bill list (DBCK).
import { billListPage } from './bill-list-page';

export default billListPage('allocationOut');
