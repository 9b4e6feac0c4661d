// The 零售退货 bill list (LSTH).
import { billListPage } from './bill-list-page';

export default billListPage('retailBack');
