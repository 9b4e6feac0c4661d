// The theme's colours at WCAG 2.2 AA: every swatch's fill carries white text at 4.5:1, the text shades read at 4.5:1
// on the light and the dark surfaces, and only the classic choice keeps #1890FF as it is.
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import {
  accessibleAliasTokens,
  accessibleMapTokens,
  accessibleSwitchTokens,
  CLASSIC_BLUE,
  contrast,
  loginPrimary,
  mix,
  parseColor,
  primaryFill,
} from '../../lib/accessible-colors';
import { PRIMARY_COLORS } from '../../lib/settings';

const mapFor = (color: string, dark: boolean) =>
  (dark ? theme.darkAlgorithm : theme.defaultAlgorithm)({
    ...theme.defaultSeed,
    colorPrimary: color,
  }) as unknown as Record<string, string>;

describe('contrast', () => {
  it('matches the WCAG figures the audit measured', () => {
    expect(contrast('#ffffff', '#1890ff')).toBeCloseTo(3.24, 2);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('#ff4d4f', '#ffffff')).toBeCloseTo(3.26, 1);
    expect(contrast('rgba(0, 0, 0, 0.25)', '#ffffff')).toBeCloseTo(1.83, 1);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});

describe('accessibleMapTokens', () => {
  for (const { color, name } of PRIMARY_COLORS) {
    for (const dark of [false, true]) {
      it(`${name} ${color}, ${dark ? 'dark' : 'light'}: fills carry white text, text shades read on the surfaces`, () => {
        const map = mapFor(color, dark);
        const tokens = accessibleMapTokens(map, { color, dark, classic: false });
        const surfaces = dark
          ? [map.colorBgContainer!, map.colorBgElevated!, map.colorBgLayout!]
          : ['#ffffff', map.colorBgLayout!, '#fafafa'];
        for (const fill of ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive']) {
          expect(contrast('#ffffff', tokens[fill]!), `white on ${fill}`).toBeGreaterThanOrEqual(4.5);
        }
        const texts = [
          'colorPrimaryText',
          'colorPrimaryTextHover',
          'colorPrimaryTextActive',
          'colorLink',
          'colorLinkHover',
          'colorLinkActive',
          'colorErrorText',
          'colorSuccessText',
          'colorWarningText',
          'colorTextTertiary',
          'green7',
          'red7',
          'orange7',
          'cyan7',
          'blue7',
        ];
        for (const key of texts) {
          for (const surface of surfaces)
            expect(contrast(tokens[key]!, surface), `${key} on ${surface}`).toBeGreaterThanOrEqual(4.5);
        }
        expect(contrast(tokens.colorPrimaryText!, map.colorPrimaryBg!), 'selected menu item').toBeGreaterThanOrEqual(
          4.5,
        );
        expect(contrast(tokens.green7!, map.green1!), '启用 tag').toBeGreaterThanOrEqual(4.5);
        const placeholder = accessibleAliasTokens({ dark }).colorTextPlaceholder!;
        for (const surface of surfaces.slice(0, 2))
          expect(contrast(placeholder, surface), 'placeholder').toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("carries a switch's white text (关闭) on its off track, resting and hovered, on either theme's surfaces", () => {
    for (const dark of [false, true]) {
      const surfaces = dark ? ['#141414', '#1f1f1f'] : ['#ffffff', '#fafafa'];
      const tokens = accessibleSwitchTokens({ dark });
      for (const key of ['colorTextQuaternary', 'colorTextTertiary']) {
        const { r, g, b, a } = parseColor(tokens[key]!);
        const ink = `rgb(${r}, ${g}, ${b})`;
        for (const surface of surfaces)
          expect(contrast('#ffffff', mix(surface, ink, a)), `${key} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps the hue: the default blue becomes a darker blue, not another colour', () => {
    const fill = primaryFill('#1890FF');
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16)) as [number, number, number];
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
    expect(loginPrimary({ color: '#1890FF', classic: false })).toBe(fill);
  });

  it('the classic choice keeps #1890FF for the fill and the links (about 3.2:1 with white)', () => {
    const map = mapFor(CLASSIC_BLUE, false);
    const tokens = accessibleMapTokens(map, { color: CLASSIC_BLUE, dark: false, classic: true });
    expect(tokens.colorPrimary).toBeUndefined();
    expect(tokens.colorLink!.toUpperCase()).toBe(CLASSIC_BLUE);
    expect(contrast('#ffffff', CLASSIC_BLUE)).toBeLessThan(4.5);
    expect(loginPrimary({ color: '#722ED1', classic: true })).toBe(CLASSIC_BLUE);
    // Errors and secondary text stay at AA with the classic blue.
    expect(contrast(tokens.colorErrorText!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
