// The 付款单 list.
import { financialListView } from './components/financial-list';

export default financialListView('moneyOut');
