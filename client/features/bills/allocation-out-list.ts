// The 调拨 bill list (DBCK).
import { billView } from './bill-spec';

export default billView('allocationOut');
