// The MaterialList page: the category tree, the product list and the product form.
import { createElement } from 'react';
import { MaterialPage } from './components/material-page';
import { MATERIAL_VIEWS } from './material-specs';

export default function MaterialList() {
  return createElement(MaterialPage, { spec: MATERIAL_VIEWS.material });
}
