// Rounding as jshERP-boot rounds money and prices: BigDecimal.setScale(places, ROUND_HALF_UP) (DepotItemService,
// DepotHeadService), on the number's decimal text — the text JSON carries to the backend — not on its binary value.
// So 1.005 is 1.01 (binary floating point holds it as 1.00499…, and toFixed(2) gives 1.00) and ties round away
// from zero (-1.005 is -1.01). A product the backend forms in BigDecimal (unitPrice.multiply(operNumber)) is formed
// here from the two decimal texts too: 2.675 × 3 is 8.025, so 8.03, where the binary product is 8.02499…. Pure.

/** A finite number as an exact decimal: `units` × 10^-`scale`, from its shortest decimal text. */
function decimalOf(n: number): { units: bigint; scale: number } {
  const [mantissa = '0', exponent = '0'] = n.toString().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const units = BigInt(whole + fraction);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/** `units` × 10^-`scale` rounded half up (away from zero on a tie) to `places` decimals. */
function roundScaled(units: bigint, scale: number, places: number): number {
  if (scale <= places) return Number(`${units}e-${scale}`);
  const divisor = 10n ** BigInt(scale - places);
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  let kept = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) kept += 1n;
  const rounded = Number(`${kept}e-${places}`);
  return negative && rounded !== 0 ? -rounded : rounded;
}

/** `n` rounded half up to `places` decimals on its shortest decimal text. */
export function roundHalfUp(n: number, places: number): number {
  if (!Number.isFinite(n)) return n;
  const { units, scale } = decimalOf(n);
  return roundScaled(units, scale, places);
}

/** `a` × `b` × 10^-`shift`, formed exactly from their decimal texts, rounded half up to `places` decimals. */
export function roundProduct(a: number, b: number, places: number, shift = 0): number {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return a * b;
  const x = decimalOf(a);
  const y = decimalOf(b);
  return roundScaled(x.units * y.units, x.scale + y.scale + shift, places);
}

/** Money: two decimals, half up. */
export const round2 = (n: number): number => roundHalfUp(n, 2);

/** Prices and quantities: four decimals, half up. */
export const round4 = (n: number): number => roundHalfUp(n, 4);
