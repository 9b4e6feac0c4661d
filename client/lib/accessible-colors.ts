// The theme's colours at WCAG 2.2 AA (pure, no React/antd): every text colour the theme sets reaches 4.5:1 against
// the backgrounds it is drawn on, and white reaches 4.5:1 on the primary fill (buttons, the header, the dark menu's
// selected item). A chosen colour keeps its hue: it is mixed with black until it is dark enough, or — for text on
// the dark theme's surfaces — with white until it is light enough. The classic blue (#1890FF) is the one choice
// taken as it is (about 3.2:1 with white), on the user's explicit opt-in in the settings drawer.

/** WCAG's minimum for normal text; targets aim a little above it so rounding never lands below. */
export const AA_TEXT = 4.5;
const TARGET = 4.6;

/** The original jshERP blue, offered as the lower-contrast "classic" choice. */
export const CLASSIC_BLUE = '#1890FF';

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** `#rgb`, `#rrggbb`, `#rrggbbaa` or `rgb()/rgba()`; anything else reads as black. */
export function parseColor(color: string): Rgba {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: full.length === 8 ? n(6) / 255 : 1 };
  }
  const parts = /^rgba?\(([^)]+)\)$/
    .exec(value)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (parts && parts.length >= 3) return { r: parts[0]!, g: parts[1]!, b: parts[2]!, a: parts[3] ?? 1 };
  return { r: 0, g: 0, b: 0, a: 1 };
}

const toHex = ({ r, g, b }: Rgba) =>
  `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** `color` laid over the opaque `background` (for antd's translucent text colours). */
function over(color: Rgba, background: Rgba): Rgba {
  const { a } = color;
  return {
    r: color.r * a + background.r * (1 - a),
    g: color.g * a + background.g * (1 - a),
    b: color.b * a + background.b * (1 - a),
    a: 1,
  };
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of `foreground` (translucent allowed) drawn on the opaque `background`. */
export function contrast(foreground: string, background: string): number {
  const bg = parseColor(background);
  const fg = over(parseColor(foreground), bg);
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` mixed with `target` by `amount` (0 = color, 1 = target), as hex. */
export function mix(color: string, target: string, amount: number): string {
  const c = parseColor(color);
  const t = parseColor(target);
  return toHex({ r: c.r + (t.r - c.r) * amount, g: c.g + (t.g - c.g) * amount, b: c.b + (t.b - c.b) * amount, a: 1 });
}

const reached = new Map<string, string>();

/** The least mix of `color` towards `toward` (black or white) that reaches `ratio` against every background.
 *  Remembered: antd runs the theme's algorithm a dozen times while the shell first renders, with the same colours. */
export function reach(
  color: string,
  backgrounds: readonly string[],
  toward: '#000000' | '#ffffff',
  ratio = TARGET,
): string {
  const key = `${color}|${backgrounds.join(',')}|${toward}|${ratio}`;
  const known = reached.get(key);
  if (known !== undefined) return known;
  let found: string = toward;
  for (let step = 0; step <= 50; step++) {
    const candidate = mix(color, toward, step / 50);
    if (backgrounds.every((bg) => contrast(candidate, bg) >= ratio)) {
      found = candidate;
      break;
    }
  }
  reached.set(key, found);
  return found;
}

/** The fill for `color` behind white text (buttons, the header, the dark menu's selected item). */
export function primaryFill(color: string): string {
  return reach(color, ['#ffffff'], '#000000');
}

export interface ThemeColorInput {
  /** The chosen colour (one of the drawer's swatches). */
  color: string;
  dark: boolean;
  /** The classic blue, taken as it is. */
  classic: boolean;
}

/** The few map tokens the overrides read (antd's, after its light or dark algorithm). */
export type MapTokens = Readonly<Record<string, unknown>>;

const str = (map: MapTokens, key: string, fallback: string) =>
  typeof map[key] === 'string' ? (map[key] as string) : fallback;

/** antd's preset colours (tags such as 启用 / 已审核 draw text in `<name>7` on `<name>1`). */
const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * Overrides of antd's map tokens (applied after its algorithm) that bring every text colour to AA on the theme's
 * surfaces: primary (fill and text), link, error, success, warning, the tertiary text (descriptions, breadcrumb,
 * statistic titles, chart axes) and the preset colours' text. Each colour keeps its hue and moves only as far as
 * needed.
 */
export function accessibleMapTokens(map: MapTokens, { color, dark, classic }: ThemeColorInput): Record<string, string> {
  const container = str(map, 'colorBgContainer', dark ? '#141414' : '#ffffff');
  const surfaces = dark
    ? [container, str(map, 'colorBgElevated', '#1f1f1f'), str(map, 'colorBgLayout', '#000000')]
    : ['#ffffff', str(map, 'colorBgLayout', '#f5f5f5'), '#fafafa'];
  const toward = dark ? '#ffffff' : '#000000';
  /** A text colour of `seed`'s hue readable on the surfaces and on its own tinted background. */
  const text = (seed: string, tint: string) => reach(seed, [...surfaces, tint], toward);
  /** Darker (light theme) or lighter (dark theme) shades for hover and pressed text, still readable. */
  const textStates = (base: string) => ({ hover: mix(base, toward, 0.15), active: mix(base, toward, 0.3) });
  const out: Record<string, string> = {};

  const tokensFor = (name: 'Error' | 'Success' | 'Warning') => {
    const base = text(str(map, `color${name}`, '#000000'), str(map, `color${name}Bg`, container));
    const states = textStates(base);
    out[`color${name}`] = base;
    out[`color${name}Hover`] = states.hover;
    out[`color${name}Active`] = states.active;
    out[`color${name}Text`] = base;
    out[`color${name}TextHover`] = states.hover;
    out[`color${name}TextActive`] = states.active;
  };
  tokensFor('Error');
  tokensFor('Success');
  tokensFor('Warning');

  if (classic) {
    // The original blue as it is; links follow it (antd's own link blue is another colour, #1677ff).
    const primary = str(map, 'colorPrimary', CLASSIC_BLUE);
    Object.assign(out, {
      colorLink: primary,
      colorLinkHover: str(map, 'colorPrimaryHover', primary),
      colorLinkActive: str(map, 'colorPrimaryActive', primary),
    });
  } else {
    const fill = primaryFill(color);
    const primaryText = text(color, str(map, 'colorPrimaryBg', container));
    const textState = textStates(primaryText);
    Object.assign(out, {
      colorPrimary: fill,
      // Darker on hover and press: white stays readable on them.
      colorPrimaryHover: mix(fill, '#000000', 0.12),
      colorPrimaryActive: mix(fill, '#000000', 0.24),
      colorPrimaryText: primaryText,
      colorPrimaryTextHover: textState.hover,
      colorPrimaryTextActive: textState.active,
      colorLink: primaryText,
      colorLinkHover: textState.hover,
      colorLinkActive: textState.active,
    });
  }

  // Secondary text (descriptions, breadcrumb, statistic titles, chart axes): antd's 45 % black/white reads 3.4:1.
  out.colorTextTertiary = dark ? 'rgba(255, 255, 255, 0.6)' : 'rgba(0, 0, 0, 0.6)';

  for (const name of PRESET_COLORS) {
    const tint = str(map, `${name}1`, container);
    const seed = str(map, `${name}7`, str(map, `${name}6`, '#000000'));
    out[`${name}7`] = reach(seed, [tint, ...surfaces], toward);
  }
  return out;
}

/** Alias tokens (set on top of the derived ones): placeholders readable in inputs on either theme. */
export function accessibleAliasTokens({ dark }: { dark: boolean }): Record<string, string> {
  return { colorTextPlaceholder: dark ? 'rgba(255, 255, 255, 0.5)' : 'rgba(0, 0, 0, 0.56)' };
}

/** A switch's off track (antd draws it in the quaternary text colour, the hovered one in the tertiary) behind its
 *  white text: antd's 25 % black reads 1.8:1 with white; 60 % and 70 % black read 5.7:1 and 8.6:1. On the dark
 *  surfaces white translucency stays dark enough: 25 % and, on hover, 35 % (antd's 45 % reads 4.2:1). */
export function accessibleSwitchTokens({ dark }: { dark: boolean }): Record<string, string> {
  return dark
    ? { colorTextQuaternary: 'rgba(255, 255, 255, 0.25)', colorTextTertiary: 'rgba(255, 255, 255, 0.35)' }
    : { colorTextQuaternary: 'rgba(0, 0, 0, 0.6)', colorTextTertiary: 'rgba(0, 0, 0, 0.7)' };
}

/** The primary colour for the antd-free screens (the login page is always light) as the CSS variable. */
export function loginPrimary({ color, classic }: { color: string; classic: boolean }): string {
  return classic ? CLASSIC_BLUE : primaryFill(color);
}
