// The MaterialCategoryList page.
import { materialView } from './material-specs';

export default materialView('category');
