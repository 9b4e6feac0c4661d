// The login captcha picture: 4 characters drawn with a tiny bitmap font into a 105×35 PNG (the real one is a
// 105×35 JPEG). node:zlib does the compression; nothing else is needed for a valid PNG.
import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/** Characters that cannot be mistaken for one another once drawn (no 0/o, 1/i/l). Still within [0-9a-z]. */
export const CAPTCHA_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

// 5×7 glyphs, row by row; letters are drawn upper-case (the check is case-insensitive).
const GLYPHS: Record<string, string> = {
  '2': '.###.#...#....#...#...#...#...#####',
  '3': '####.....#....#.###.....#....#####.',
  '4': '...#...##..#.#.#..#.#####...#....#.',
  '5': '######....####.....#....##...#.###.',
  '6': '..##..#...#....####.#...##...#.###.',
  '7': '#####....#...#...#...#....#....#...',
  '8': '.###.#...##...#.###.#...##...#.###.',
  '9': '.###.#...##...#.####....#...#..##..',
  a: '.###.#...##...#######...##...##...#',
  b: '####.#...##...#####.#...##...#####.',
  c: '.###.#...##....#....#....#...#.###.',
  d: '###..#..#.#...##...##...##..#.###..',
  e: '######....#....####.#....#....#####',
  f: '######....#....####.#....#....#....',
  g: '.###.#...##....#.####...##...#.####',
  h: '#...##...##...#######...##...##...#',
  j: '..###...#....#....#....#.#..#..##..',
  k: '#...##..#.#.#..##...#.#..#..#.#...#',
  m: '#...###.###.#.##.#.##...##...##...#',
  n: '#...##...###..##.#.##..###...##...#',
  p: '####.#...##...#####.#....#....#....',
  q: '.###.#...##...##...##.#.##..#..##.#',
  r: '####.#...##...#####.#.#..#..#.#...#',
  s: '.#####....#.....###.....#....#####.',
  t: '#####..#....#....#....#....#....#..',
  u: '#...##...##...##...##...##...#.###.',
  v: '#...##...##...##...##...#.#.#...#..',
  w: '#...##...##...##.#.##.#.##.#.#.#.#.',
  x: '#...##...#.#.#...#...#.#.#...##...#',
  y: '#...##...#.#.#...#....#....#....#..',
  z: '#####....#...#...#...#...#....#####',
};

export function randomCaptchaCode(length = 4): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes RGB pixels (width*height*3 bytes) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const CAPTCHA_WIDTH = 105;
export const CAPTCHA_HEIGHT = 35;

/** Draws the code (scale 3 glyphs, a little jitter, noise lines and dots) and returns the PNG. */
export function renderCaptcha(code: string): Buffer {
  const width = CAPTCHA_WIDTH;
  const height = CAPTCHA_HEIGHT;
  const rgb = new Uint8Array(width * height * 3);
  const set = (x: number, y: number, r: number, g: number, b: number): void => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    rgb[i] = r;
    rgb[i + 1] = g;
    rgb[i + 2] = b;
  };
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(x, y, 243, 246, 250);
  for (let n = 0; n < 4; n++) {
    // Noise lines in light colours, behind the text.
    const [x0, y0, x1, y1] = [randomInt(width), randomInt(height), randomInt(width), randomInt(height)];
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    const [r, g, b] = [150 + randomInt(80), 150 + randomInt(80), 150 + randomInt(80)];
    for (let s = 0; s <= steps; s++)
      set(Math.round(x0 + ((x1 - x0) * s) / steps), Math.round(y0 + ((y1 - y0) * s) / steps), r, g, b);
  }
  const palette: [number, number, number][] = [
    [24, 90, 189],
    [196, 40, 40],
    [20, 120, 60],
    [120, 50, 160],
    [200, 110, 0],
  ];
  [...code].forEach((ch, index) => {
    const glyph = GLYPHS[ch.toLowerCase()];
    if (!glyph) return;
    const [r, g, b] = palette[randomInt(palette.length)]!;
    const left = 8 + index * 24 + randomInt(4);
    const top = 5 + randomInt(6);
    for (let gy = 0; gy < 7; gy++) {
      for (let gx = 0; gx < 5; gx++) {
        if (glyph[gy * 5 + gx] !== '#') continue;
        for (let dy = 0; dy < 3; dy++)
          for (let dx = 0; dx < 3; dx++) set(left + gx * 3 + dx, top + gy * 3 + dy, r, g, b);
      }
    }
  });
  for (let n = 0; n < 60; n++)
    set(randomInt(width), randomInt(height), 120 + randomInt(120), 120 + randomInt(120), 120 + randomInt(120));
  return encodePng(width, height, rgb);
}
