// The 拆卸单 bill list (CXD).
import { billListPage } from './bill-list-page';

export default billListPage('disassemble');
