// 系统设置 drawer: menu theme, the eight primary colours (applied at once through antd's theme
// token — no stylesheet compiling — each in its AA shade, as the swatch shows it), the classic blue as an opt-in that
// says it reads below AA, fixed header, hide header on scroll (only with a fixed header), fixed side
// menu (not in the top-menu layout), multiple tabs, language, colour-weak mode, and the bill lines' quantity
// ceiling (a scanned barcode landing in 数量 is refused above it). Every option goes through the
// one settings object (lib/settings), so it applies at once and is persisted under pro__.
import { CheckOutlined } from '@ant-design/icons';
import { Divider, Drawer, Select, Switch, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { LanguageSelect } from '../../../components/language-select';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { CLASSIC_BLUE, primaryFill } from '../../../lib/accessible-colors';
import { DEFAULT_SETTINGS, PRIMARY_COLORS, type Settings } from '../../../lib/settings';
import { useSettings } from '../../../lib/settings-provider';
import { NumberCell } from '../../../components/form-kit/number-field';
import { numberRefusal, type NumberLimits } from '../../../lib/number-rule';
import './settings-drawer.css';
import { HintIcon, HOVER_AND_FOCUS } from '../../../components/hint-icon';

/** The colour names, translated (lib/settings holds the hex values and their zh-CN names). */
const COLOR_NAME_KEYS: Readonly<Record<string, MessageKey>> = {
  '#F5222D': 'settings.color.dust',
  '#FA541C': 'settings.color.volcano',
  '#FAAD14': 'settings.color.sunset',
  '#13C2C2': 'settings.color.cyan',
  '#52C41A': 'settings.color.green',
  '#1890FF': 'settings.color.daybreak',
  '#2F54EB': 'settings.color.geekblue',
  '#722ED1': 'settings.color.purple',
};

type BooleanSetting = { [K in keyof Settings]: Settings[K] extends boolean ? K : never }[keyof Settings];

function SwitchRow({
  name,
  label,
  disabledHint,
  children,
}: {
  name: BooleanSetting;
  label: string;
  disabledHint?: string | null;
  children?: ReactNode;
}) {
  const { settings, setSetting } = useSettings();
  const disabled = Boolean(disabledHint);
  const text = (
    <span className={disabled ? 'settings-drawer__label settings-drawer__label--disabled' : 'settings-drawer__label'}>
      {label}
    </span>
  );
  return (
    <div className="settings-drawer__row" data-testid={`setting-${name}`}>
      {disabled ? <Tooltip title={disabledHint}>{text}</Tooltip> : text}
      {/* A disabled switch takes no focus: the hint's icon does, so a keyboard user reads why it is off. */}
      {disabledHint ? <HintIcon text={disabledHint} /> : null}
      {children}
      <Switch
        size="small"
        checked={settings[name]}
        disabled={disabled}
        aria-label={label}
        onChange={(checked) => setSetting(name, checked)}
      />
    </div>
  );
}

function ThemeTile({ theme, label }: { theme: 'dark' | 'light'; label: string }) {
  const { settings, setSetting } = useSettings();
  const selected = settings.theme === theme;
  // Below the tile: above it, the name covered the drawer's close button (and stayed while the pointer crossed it).
  return (
    <Tooltip title={label} placement="bottom" trigger={HOVER_AND_FOCUS}>
      <button
        type="button"
        className={`settings-drawer__tile settings-drawer__tile--${theme}${selected ? ' settings-drawer__tile--selected' : ''}`}
        aria-label={label}
        aria-pressed={selected}
        onClick={() => setSetting('theme', theme)}
        data-testid={`setting-theme-${theme}`}
      >
        <span className="settings-drawer__tile-sider" />
        <span className="settings-drawer__tile-header" />
        {selected ? <CheckOutlined className="settings-drawer__tile-check" /> : null}
      </button>
    </Tooltip>
  );
}

/** The ceiling: a whole number above 0, as the number rule words it. */
const CEILING_LIMITS: NumberLimits = { above: 0, integer: true };

/** The ceiling is stored as typed once it is a whole number above 0; text the rule refuses stays with its reason,
 *  and an emptied field shows the stored one again on leaving. */
/** A setting with its own control: the label, the control beside it, a note under them. */
function ControlRow({
  name,
  id,
  label,
  note,
  children,
}: {
  name: 'maxLineQuantity' | 'quantityDecimals';
  id: string;
  label: string;
  note: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={`setting-${name}`}>
      <div className="settings-drawer__row">
        <label className="settings-drawer__label" htmlFor={id}>
          {label}
        </label>
        {children}
      </div>
      <Typography.Paragraph type="secondary" className="settings-drawer__note">
        {note}
      </Typography.Paragraph>
    </div>
  );
}

function MaxLineQuantityRow() {
  const t = useT();
  const { settings, setSetting } = useSettings();
  const [typed, setTyped] = useState<unknown>(settings.maxLineQuantity);
  return (
    <ControlRow
      name="maxLineQuantity"
      id="setting-max-line-quantity"
      label={t('settings.maxLineQuantity')}
      note={t('settings.maxLineQuantityHint', { default: DEFAULT_SETTINGS.maxLineQuantity })}
    >
      <NumberCell
        id="setting-max-line-quantity"
        size="small"
        style={{ width: 110 }}
        limits={CEILING_LIMITS}
        value={typed}
        onChange={(value) => {
          setTyped(value);
          if (typeof value === 'number' && !numberRefusal(value, CEILING_LIMITS) && value !== settings.maxLineQuantity)
            setSetting('maxLineQuantity', value);
        }}
        onBlur={() => {
          if (typed === null) setTyped(settings.maxLineQuantity);
        }}
      />
    </ControlRow>
  );
}

const DECIMAL_CHOICES = [0, 1, 2, 3, 4, 5, 6].map((n) => ({ value: n, label: String(n) }));

function QuantityDecimalsRow() {
  const t = useT();
  const { settings, setSetting } = useSettings();
  return (
    <ControlRow
      name="quantityDecimals"
      id="setting-quantity-decimals"
      label={t('settings.quantityDecimals')}
      note={t('settings.quantityDecimalsHint', { default: DEFAULT_SETTINGS.quantityDecimals })}
    >
      <Select
        id="setting-quantity-decimals"
        size="small"
        style={{ width: 110 }}
        options={DECIMAL_CHOICES}
        value={settings.quantityDecimals}
        onChange={(value: number) => setSetting('quantityDecimals', value)}
      />
    </ControlRow>
  );
}

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { settings, setSetting } = useSettings();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={300}
      title={t('settings.title')}
      rootClassName="settings-drawer"
      data-testid="settings-drawer"
    >
      <Typography.Title level={5}>{t('settings.style')}</Typography.Title>
      <div className="settings-drawer__tiles">
        <ThemeTile theme="dark" label={t('settings.darkMenu')} />
        <ThemeTile theme="light" label={t('settings.lightMenu')} />
      </div>

      <Typography.Title level={5}>{t('settings.color')}</Typography.Title>
      <div className="settings-drawer__colors">
        {PRIMARY_COLORS.map(({ name, color }) => {
          const key = COLOR_NAME_KEYS[color];
          const label = key ? t(key) : name;
          const selected = !settings.classicColor && settings.color.toUpperCase() === color.toUpperCase();
          return (
            <Tooltip key={color} title={label} trigger={HOVER_AND_FOCUS}>
              <button
                type="button"
                className="settings-drawer__color"
                style={{ background: primaryFill(color) }}
                aria-label={label}
                aria-pressed={selected}
                data-color={color}
                onClick={() => {
                  if (settings.classicColor) setSetting('classicColor', false);
                  if (settings.color.toUpperCase() !== color.toUpperCase()) setSetting('color', color);
                }}
              >
                {selected ? <CheckOutlined /> : null}
              </button>
            </Tooltip>
          );
        })}
      </div>
      <button
        type="button"
        className="settings-drawer__classic"
        aria-pressed={settings.classicColor}
        data-testid="setting-classic-color"
        onClick={() => {
          if (!settings.classicColor) setSetting('classicColor', true);
        }}
      >
        <span className="settings-drawer__color" style={{ background: CLASSIC_BLUE }} aria-hidden="true">
          {settings.classicColor ? <CheckOutlined /> : null}
        </span>
        <span>{t('settings.color.classic')}</span>
      </button>
      {settings.classicColor ? (
        <Typography.Paragraph type="secondary" className="settings-drawer__note" data-testid="classic-color-note">
          {t('settings.color.classicNote')}
        </Typography.Paragraph>
      ) : null}

      <Divider />
      <Typography.Title level={5}>{t('settings.navigation')}</Typography.Title>
      <SwitchRow name="fixedHeader" label={t('settings.fixedHeader')} />
      <SwitchRow
        name="autoHideHeader"
        label={t('settings.autoHideHeader')}
        disabledHint={settings.fixedHeader ? null : t('settings.autoHideHint')}
      />
      <SwitchRow
        name="fixSiderbar"
        label={t('settings.fixSiderbar')}
        disabledHint={settings.layout === 'topmenu' ? t('settings.fixSiderbarHint') : null}
      />
      <SwitchRow name="multipage" label={t('settings.multipage')} />

      <Divider />
      <Typography.Title level={5}>{t('settings.billEntry')}</Typography.Title>
      <MaxLineQuantityRow />
      <QuantityDecimalsRow />

      <Divider />
      <Typography.Title level={5}>{t('settings.language')}</Typography.Title>
      <div className="settings-drawer__row">
        <span className="settings-drawer__label">{t('settings.chooseLanguage')}</span>
        <LanguageSelect />
      </div>

      <Divider />
      <Typography.Title level={5}>{t('settings.other')}</Typography.Title>
      <SwitchRow name="weak" label={t('settings.weak')} />
    </Drawer>
  );
}
