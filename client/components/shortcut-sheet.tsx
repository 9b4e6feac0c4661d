// The keys of the shell on one sheet: `?` (typed outside a text field) opens it from any page, Esc closes it.
// Each row is a key and what it does, in the user's language; the forms and pickers answer these keys themselves.
import { useEffect, useState } from 'react';
import { Modal } from 'antd';
import { useT } from '../lib/i18n/use-t';
import type { MessageKey } from '../lib/i18n/i18n';
import './shortcut-sheet.css';

const GROUPS: readonly { title: MessageKey; rows: readonly (readonly [keys: MessageKey, what: MessageKey])[] }[] = [
  {
    title: 'keys.groupShell',
    rows: [
      ['keys.question', 'keys.questionWhat'],
      ['keys.altN', 'keys.altNWhat'],
    ],
  },
  {
    title: 'keys.groupForms',
    rows: [
      ['keys.enter', 'keys.enterWhat'],
      ['keys.shiftEnter', 'keys.shiftEnterWhat'],
      ['keys.ctrlS', 'keys.ctrlSWhat'],
      ['keys.esc', 'keys.escWhat'],
      ['keys.dateEnter', 'keys.dateEnterWhat'],
    ],
  },
  {
    title: 'keys.groupBills',
    rows: [
      ['keys.scanEnter', 'keys.scanEnterWhat'],
      ['keys.f2', 'keys.f2What'],
      ['keys.ctrlDown', 'keys.ctrlDownWhat'],
      ['keys.ctrlUp', 'keys.ctrlUpWhat'],
      ['keys.lastCell', 'keys.lastCellWhat'],
      ['keys.f4', 'keys.f4What'],
      ['keys.linkField', 'keys.linkFieldWhat'],
    ],
  },
  {
    title: 'keys.groupPickers',
    rows: [
      ['keys.arrows', 'keys.arrowsWhat'],
      ['keys.pageKeys', 'keys.pageKeysWhat'],
      ['keys.pickEnter', 'keys.pickEnterWhat'],
    ],
  },
];

/** Is the key going into something the user types in (where `?` is a character)? */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return (
    el.isContentEditable ||
    el.tagName === 'TEXTAREA' ||
    el.tagName === 'SELECT' ||
    (el.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit'].includes((el as HTMLInputElement).type))
  );
}

export function ShortcutSheet() {
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Modal
      open={open}
      title={t('keys.title')}
      footer={null}
      width={640}
      onCancel={() => setOpen(false)}
      destroyOnHidden
    >
      {GROUPS.map((group) => (
        <section key={group.title} className="shortcut-sheet__group">
          <h4>{t(group.title)}</h4>
          <table className="shortcut-sheet" aria-label={t(group.title)}>
            <tbody>
              {group.rows.map(([keys, what]) => (
                <tr key={keys}>
                  <th scope="row">
                    <kbd>{t(keys)}</kbd>
                  </th>
                  <td>{t(what)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </Modal>
  );
}
