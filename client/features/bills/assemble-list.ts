// The 组装单 bill list (ZZD).
import { billView } from './bill-spec';

export default billView('assemble');
