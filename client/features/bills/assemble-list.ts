// The 组装单 bill list (ZZD).
import { billListPage } from './bill-list-page';

export default billListPage('assemble');
