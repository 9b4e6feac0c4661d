// The 支出单 list.
import { financialListView } from './components/financial-list';

export default financialListView('itemOut');
