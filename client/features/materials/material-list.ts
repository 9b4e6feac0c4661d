// The MaterialList page.
import { materialView } from './material-specs';

export default materialView('material');
