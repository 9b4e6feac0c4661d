// One row action's dialog rendered on its own, as the list page opens it: signed in, inside antd's App (messages),
// with spies for onClose / onDone. The backend is scripted with scriptBackend from form-page.
import { waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ComponentType } from 'react';
import { expect, vi } from 'vitest';
import type { ActionDialogProps, FormRow } from '../../components/form-kit/form-spec';
import { render } from './render';
import { signIn } from './session';
import './form-page';

export function renderDialog(Dialog: ComponentType<ActionDialogProps>, row: FormRow) {
  signIn();
  const onClose = vi.fn();
  const onDone = vi.fn();
  const utils = render(
    <App>
      <Dialog row={row} onClose={onClose} onDone={onDone} />
    </App>,
  );
  return { ...utils, onClose, onDone };
}

/** The open dialog (antd Modal) whose title reads `title`. */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal')).find(
      (m) => m.querySelector('.ant-modal-title')?.textContent === title,
    );
    expect(found).toBeDefined();
  });
  return found!;
}

/** The tree node titled `title` (antd Tree). */
export function treeNode(title: string, container: ParentNode = document): HTMLElement {
  const node = Array.from(container.querySelectorAll<HTMLElement>('.ant-tree-treenode')).find(
    (n) => n.querySelector('.ant-tree-title')?.textContent === title,
  );
  if (!node) throw new Error(`no tree node ${title}`);
  return node;
}

export function isChecked(node: HTMLElement): boolean {
  return Boolean(node.querySelector('.ant-tree-checkbox-checked'));
}

export function checkboxOf(node: HTMLElement): HTMLElement {
  return node.querySelector<HTMLElement>('.ant-tree-checkbox')!;
}
