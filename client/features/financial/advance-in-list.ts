// The 收预付款 list.
import { financialListView } from './components/financial-list';

export default financialListView('advanceIn');
