// Characters as SVG outlines, for the tile art and the page's marks: the glyphs of Noto Serif
// TC Black (SIL Open Font Licence; the npm package @fontsource/noto-serif-tc, a devDependency),
// read with fontkit and written as path data, so that no face depends on the fonts of the
// machine that shows it. Used by tools/tiles.mjs at generation time only.
//
//   import { glyph, word } from './glyphs.mjs';
//   glyph('萬', { cx: 30, cy: 56, size: 30, fill: '#c62828' }); // '<path fill="#c62828" d="M..."/>'

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
const PACKAGE = dirname(require.resolve('@fontsource/noto-serif-tc/package.json'));
const WEIGHT = 900;

/** The font files of one weight and the code points each holds, from the package's CSS. */
function faces() {
  const css = readFileSync(join(PACKAGE, `${WEIGHT}.css`), 'utf8');
  const out = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block)?.[1];
    const ranges = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !ranges) continue;
    const spans = ranges.split(',').map((r) => {
      const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
      // `U+4??` stands for U+400..U+4FF.
      const lo = parseInt(a.replace(/\?/g, '0'), 16);
      const hi = parseInt((b ?? a).replace(/\?/g, 'f'), 16);
      return [lo, hi];
    });
    out.push({ file: join(PACKAGE, 'files', file), spans });
  }
  return out;
}

let FACES = null;
const FONTS = new Map();

/** The font that draws a character (an error names one that the package lacks). */
function fontFor(ch) {
  FACES ??= faces();
  const cp = ch.codePointAt(0);
  const face = FACES.find((f) => f.spans.some(([lo, hi]) => cp >= lo && cp <= hi));
  if (!face) throw new Error(`no font file of @fontsource/noto-serif-tc ${WEIGHT} holds '${ch}' (U+${cp.toString(16)})`);
  if (!FONTS.has(face.file)) FONTS.set(face.file, fontkit.openSync(face.file));
  const font = FONTS.get(face.file);
  if (!font.hasGlyphForCodePoint(cp)) throw new Error(`'${ch}' is missing from ${face.file}`);
  return font;
}

const r1 = (x) => {
  const v = Math.round(x * 10) / 10;
  return Object.is(v, -0) ? '0' : String(v);
};

/** A glyph's outline as path data, scaled by `s` (SVG units per font unit), the pen at
 * (x, y) on the baseline, `sx` squeezing it sideways. */
function outline(ch, x, y, s, sx = 1) {
  const font = fontFor(ch);
  const g = font.glyphForCodePoint(ch.codePointAt(0));
  const P = (px, py) => `${r1(x + px * s * sx)} ${r1(y - py * s)}`;
  let d = '';
  for (const { command, args } of g.path.commands) {
    if (command === 'moveTo') d += `M${P(args[0], args[1])}`;
    else if (command === 'lineTo') d += `L${P(args[0], args[1])}`;
    else if (command === 'quadraticCurveTo') d += `Q${P(args[0], args[1])} ${P(args[2], args[3])}`;
    else if (command === 'bezierCurveTo') d += `C${P(args[0], args[1])} ${P(args[2], args[3])} ${P(args[4], args[5])}`;
    else if (command === 'closePath') d += 'Z';
  }
  return { d, advance: g.advanceWidth * s * sx, bbox: g.bbox, font };
}

/** One character as a filled path, its ink box centred on (cx, cy); `size` is the em size in
 * SVG units, `sx` a sideways squeeze (1 = as drawn). */
export function glyph(ch, { cx, cy, size, fill, sx = 1 }) {
  const font = fontFor(ch);
  const s = size / font.unitsPerEm;
  const b = font.glyphForCodePoint(ch.codePointAt(0)).bbox;
  const x = cx - ((b.minX + b.maxX) / 2) * s * sx;
  const y = cy + ((b.minY + b.maxY) / 2) * s;
  const { d } = outline(ch, x, y, s, sx);
  if (!d) throw new Error(`'${ch}' has no outline`);
  return `<path fill="${fill}" d="${d}"/>`;
}

/** A line of characters as one filled path, set on the baseline `y` from `x` (anchor
 * 'start') or centred on `x` (anchor 'middle'), as SVG <text> would set it. */
export function word(text, { x, y, size, fill, anchor = 'start', sx = 1 }) {
  const chars = [...text];
  const widths = chars.map((c) => {
    const f = fontFor(c);
    return f.glyphForCodePoint(c.codePointAt(0)).advanceWidth * (size / f.unitsPerEm) * sx;
  });
  const total = widths.reduce((a, w) => a + w, 0);
  let pen = anchor === 'middle' ? x - total / 2 : anchor === 'end' ? x - total : x;
  let d = '';
  chars.forEach((c, i) => {
    if (c !== ' ') d += outline(c, pen, y, size / fontFor(c).unitsPerEm, sx).d;
    pen += widths[i];
  });
  return `<path fill="${fill}" d="${d}"/>`;
}
