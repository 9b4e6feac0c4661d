// The 请购单 bill list (QGD).
import { billListPage } from './bill-list-page';

export default billListPage('purchaseApply');
