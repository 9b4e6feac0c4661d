// 搜索菜单: a search icon; on desktop it reveals a 180 px select, on mobile a modal with the
// select open. Choosing a page opens it as a tab.
import { SearchOutlined } from '@ant-design/icons';
import { Modal, Select, type RefSelectProps } from 'antd';
import { useMemo, useRef, useState, type FocusEvent } from 'react';
import { useMenuText } from '../../../lib/i18n/language-switch';
import { useT } from '../../../lib/i18n/use-t';
import type { MenuItem } from '../../../lib/backend/types';
import type { Device } from '../../../lib/use-device';
import { matchesMenuSearch, menuSearchOptions, type MenuSearchOption } from '../menu-search-options';

export interface MenuSearchProps {
  menu: readonly MenuItem[];
  device: Device;
  onOpen: (item: MenuItem, path: string) => void;
}

export function MenuSearch({ menu, device, onOpen }: MenuSearchProps) {
  const t = useT();
  const menuText = useMenuText();
  const [visible, setVisible] = useState(false);
  const options = useMemo(() => menuSearchOptions(menu, menuText), [menu, menuText]);
  const isMobile = device === 'mobile';
  const selectRef = useRef<RefSelectProps>(null);
  // From the click until the dialog's open animation ends: the dialog's focus lock puts the cursor on its first
  // control (×) as the dialog shows, and what the user types meanwhile went there.
  const opening = useRef(false);
  const wrapProps = useMemo(
    () => ({
      onFocus: (event: FocusEvent<HTMLElement>) => {
        const select = selectRef.current;
        if (opening.current && select && !select.nativeElement.contains(event.target)) select.focus();
      },
    }),
    [],
  );

  const choose = (_value: string, option?: MenuSearchOption | MenuSearchOption[]) => {
    const chosen = Array.isArray(option) ? option[0] : option;
    setVisible(false);
    if (chosen) onOpen(chosen.item, chosen.path);
  };

  const select = (
    <Select<string, MenuSearchOption>
      ref={selectRef}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the field appears only when the user clicks the search icon, to type into at once
      autoFocus
      defaultOpen={!isMobile}
      open={isMobile ? true : undefined}
      showSearch={{ filterOption: (input, option) => (option ? matchesMenuSearch(option, input) : false) }}
      suffixIcon={null}
      placeholder={t('header.searchMenu')}
      aria-label={t('header.searchMenu')}
      options={options}
      value={null}
      onChange={choose}
      onBlur={() => (isMobile ? undefined : setVisible(false))}
      style={isMobile ? { width: '100%', marginBottom: 50 } : { width: 180 }}
      popupMatchSelectWidth={isMobile ? true : 240}
      data-testid="menu-search-select"
    />
  );

  return (
    <span className="header-menu-search" style={{ display: 'inline-flex', alignItems: 'center' }}>
      <button
        type="button"
        className="main-header__action"
        aria-label={t('header.searchMenu')}
        title={t('header.searchMenu')}
        onClick={() => {
          opening.current = isMobile;
          setVisible(true);
        }}
        data-testid="menu-search"
      >
        <SearchOutlined style={{ fontSize: 16 }} />
      </button>
      {isMobile ? (
        // The field keeps the cursor while the dialog opens (wrapProps), and takes it once it is open.
        <Modal
          open={visible}
          title={t('header.searchMenu')}
          footer={null}
          onCancel={() => setVisible(false)}
          destroyOnHidden
          wrapProps={wrapProps}
          afterOpenChange={(open) => {
            opening.current = false;
            if (open) selectRef.current?.focus();
          }}
        >
          {select}
        </Modal>
      ) : visible ? (
        select
      ) : null}
    </span>
  );
}
