// The 拆卸单 bill list (CXD).
import { billView } from './bill-spec';

export default billView('disassemble');
