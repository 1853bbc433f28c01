// Draws the tile art: one SVG sprite (`web/tiles.svg`) with a <symbol> per face, our own
// drawing from circles, rounded bars and a few characters. Run `node tools/tiles.mjs` in
// `crates/hupai-server/web/` after changing it; `node --test test/` checks that the committed
// sprite is what this script draws.
//
// Symbols: t-1m..t-9m, t-1p..t-9p, t-1s..t-9s, t-1z..t-7z (E S W N White Green Red), the red
// fives t-0m t-0p t-0s, the flowers t-1f..t-8f (plum orchid chrysanthemum bamboo, spring summer
// autumn winter), t-joker (the mark laid over a wild tile) and t-back. Every face is 60 x 80.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BLUE = '#1f4e9c';
const GREEN = '#17753a';
const RED = '#c62828';
const INK = '#1b1b1b';
const FONT = "'Noto Serif CJK SC','Noto Serif CJK JP','Songti SC','SimSun','Hiragino Mincho ProN',serif";

const r1 = (x) => Math.round(x * 10) / 10;

function circle(x, y, r, colour) {
  // A pin: a ring, a filled core and a light centre, so it reads at small sizes.
  return (
    `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="none" stroke="${colour}" stroke-width="${r1(r * 0.28)}"/>` +
    `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r * 0.45)}" fill="${colour}"/>`
  );
}

const PIN = {
  1: [[30, 40, 17, 'big']],
  2: [[30, 22, 10, BLUE], [30, 58, 10, GREEN]],
  3: [[16, 17, 8.5, BLUE], [30, 40, 8.5, RED], [44, 63, 8.5, GREEN]],
  4: [[18, 21, 9, BLUE], [42, 21, 9, GREEN], [18, 59, 9, GREEN], [42, 59, 9, BLUE]],
  5: [[17, 18, 8, BLUE], [43, 18, 8, GREEN], [30, 40, 8, RED], [17, 62, 8, GREEN], [43, 62, 8, BLUE]],
  6: [[19, 16, 7.5, GREEN], [41, 16, 7.5, GREEN], [19, 42, 7.5, RED], [41, 42, 7.5, RED], [19, 64, 7.5, RED], [41, 64, 7.5, RED]],
  7: [[14, 12, 6.5, GREEN], [30, 20, 6.5, GREEN], [46, 28, 6.5, GREEN], [19, 47, 7, RED], [41, 47, 7, RED], [19, 66, 7, RED], [41, 66, 7, RED]],
  8: [[19, 13, 6.8, BLUE], [41, 13, 6.8, BLUE], [19, 31, 6.8, BLUE], [41, 31, 6.8, BLUE], [19, 49, 6.8, BLUE], [41, 49, 6.8, BLUE], [19, 67, 6.8, BLUE], [41, 67, 6.8, BLUE]],
  9: [15, 30, 45].flatMap((x, i) => [18, 40, 62].map((y) => [x, y, 7, [BLUE, RED, GREEN][[18, 40, 62].indexOf(y)]])),
};

function pin(n, red) {
  return PIN[n]
    .map(([x, y, r, c]) => {
      const colour = red ? RED : c;
      if (c === 'big') {
        return (
          `<circle cx="30" cy="40" r="19" fill="none" stroke="${GREEN}" stroke-width="3"/>` +
          `<circle cx="30" cy="40" r="13" fill="none" stroke="${RED}" stroke-width="4"/>` +
          `<circle cx="30" cy="40" r="6" fill="${BLUE}"/>` +
          [0, 1, 2, 3, 4, 5, 6, 7]
            .map((i) => {
              const a = (i * Math.PI) / 4;
              return `<circle cx="${r1(30 + 16 * Math.cos(a))}" cy="${r1(40 + 16 * Math.sin(a))}" r="1.6" fill="#fff"/>`;
            })
            .join('')
        );
      }
      return circle(x, y, r, colour);
    })
    .join('');
}

function stick(x, y, h, colour) {
  // A bamboo stick centred on (x, y): a rounded bar with a node in the middle and at the ends.
  const w = 7;
  const top = r1(y - h / 2);
  return (
    `<rect x="${r1(x - w / 2)}" y="${top}" width="${w}" height="${r1(h)}" rx="3.2" fill="${colour}"/>` +
    `<rect x="${r1(x - w / 2 - 0.8)}" y="${r1(y - 1)}" width="${w + 1.6}" height="2" rx="1" fill="${colour}" stroke="#fff" stroke-width="0.6"/>` +
    `<line x1="${r1(x)}" y1="${r1(top + 2)}" x2="${r1(x)}" y2="${r1(y - 2.5)}" stroke="#fff" stroke-width="1" opacity="0.6"/>` +
    `<line x1="${r1(x)}" y1="${r1(y + 2.5)}" x2="${r1(x)}" y2="${r1(top + h - 2)}" stroke="#fff" stroke-width="1" opacity="0.6"/>`
  );
}

const SOU = {
  2: [[30, 22, GREEN], [30, 58, GREEN]],
  3: [[30, 22, GREEN], [19, 58, GREEN], [41, 58, GREEN]],
  4: [[19, 22, GREEN], [41, 22, GREEN], [19, 58, GREEN], [41, 58, GREEN]],
  5: [[16, 22, GREEN], [44, 22, GREEN], [30, 40, RED], [16, 58, GREEN], [44, 58, GREEN]],
  6: [[15, 22, GREEN], [30, 22, GREEN], [45, 22, GREEN], [15, 58, GREEN], [30, 58, GREEN], [45, 58, GREEN]],
  7: [[30, 14, RED], [15, 40, GREEN], [30, 40, GREEN], [45, 40, GREEN], [15, 66, GREEN], [30, 66, GREEN], [45, 66, GREEN]],
  8: [[12, 22, GREEN], [24, 22, GREEN], [36, 22, GREEN], [48, 22, GREEN], [12, 58, BLUE], [24, 58, BLUE], [36, 58, BLUE], [48, 58, BLUE]],
  9: [15, 30, 45].flatMap((x) => [14, 40, 66].map((y) => [x, y, x === 30 ? RED : GREEN])),
};

function sou(n, red) {
  if (n === 1) {
    // A bird on a stick: body, head, beak, a fanned tail.
    const c = red ? RED : GREEN;
    return (
      `<path d="M30 52 C18 52 14 40 20 32 C24 27 33 27 37 33 C41 39 40 50 30 52Z" fill="${c}"/>` +
      `<circle cx="38" cy="24" r="6" fill="${c}"/>` +
      `<circle cx="39.5" cy="22.5" r="1.6" fill="#fff"/>` +
      `<path d="M43.5 23 L50 25 L43.5 27Z" fill="${RED}"/>` +
      `<path d="M22 48 L10 66 M26 50 L20 70 M31 51 L31 71" stroke="${BLUE}" stroke-width="3.2" stroke-linecap="round"/>` +
      `<path d="M24 38 C28 42 33 42 35 38" fill="none" stroke="#fff" stroke-width="1.6"/>`
    );
  }
  const h = n >= 7 && n !== 8 ? 20 : 28;
  return SOU[n].map(([x, y, c]) => stick(x, y, h, red ? RED : c)).join('');
}

const NUMERAL = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

function man(n, red) {
  return (
    `<text x="30" y="36" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="30" fill="${red ? RED : INK}">${NUMERAL[n]}</text>` +
    `<text x="30" y="70" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="28" fill="${RED}">萬</text>`
  );
}

function honour(n) {
  if (n === 5) {
    // White dragon: a blue double frame.
    return (
      `<rect x="13" y="14" width="34" height="52" rx="3" fill="none" stroke="${BLUE}" stroke-width="3"/>` +
      `<rect x="18.5" y="19.5" width="23" height="41" rx="1.5" fill="none" stroke="${BLUE}" stroke-width="1.6"/>`
    );
  }
  const [glyph, colour] = [
    ['東', INK],
    ['南', INK],
    ['西', INK],
    ['北', INK],
    null,
    ['發', GREEN],
    ['中', RED],
  ][n - 1];
  return `<text x="30" y="54" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="38" fill="${colour}">${glyph}</text>`;
}

// The small index in the top-left corner (Latin), so that a reader who does not know the
// characters still reads every tile.
function index(id) {
  const [n, s] = [id[0], id[1]];
  const label =
    s === 'z' ? ['E', 'S', 'W', 'N', 'Wh', 'G', 'R'][Number(n) - 1] : s === 'f' ? String(n) : `${n === '0' ? 5 : n}`;
  return `<text x="4.5" y="11" font-family="sans-serif" font-weight="700" font-size="9" fill="#6b5b3e">${label}</text>`;
}

function redMark() {
  // Red fives carry a mark besides their colour: a small diamond in the top-right corner.
  return `<path d="M52 3.5 L56 8 L52 12.5 L48 8Z" fill="${RED}" stroke="#fff" stroke-width="0.8"/>`;
}

const FLOWER_COLOURS = ['#c2185b', '#7b1fa2', '#ef6c00', '#2e7d32', '#2e7d32', '#c62828', '#ef6c00', '#1565c0'];
const FLOWER_GLYPHS = ['梅', '蘭', '菊', '竹', '春', '夏', '秋', '冬'];

function flower(n) {
  const c = FLOWER_COLOURS[n - 1];
  const petals = n <= 4 ? 5 : 8;
  let s = '';
  for (let i = 0; i < petals; i++) {
    const a = (i * 2 * Math.PI) / petals - Math.PI / 2;
    s += `<ellipse cx="${r1(30 + 8 * Math.cos(a))}" cy="${r1(30 + 8 * Math.sin(a))}" rx="${n <= 4 ? 6 : 4}" ry="${n <= 4 ? 6 : 4}" fill="${c}" opacity="0.85"/>`;
  }
  s += `<circle cx="30" cy="30" r="4" fill="#f9d34c"/>`;
  s += `<text x="30" y="72" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="20" fill="${c}">${FLOWER_GLYPHS[n - 1]}</text>`;
  return s;
}

const FACE =
  '<rect x="1" y="1" width="58" height="78" rx="6" fill="#fbf7ea" stroke="#b8ab8a" stroke-width="1.5"/>' +
  '<rect x="3" y="3" width="54" height="74" rx="5" fill="none" stroke="#fff" stroke-width="1"/>';

function symbol(id, body) {
  return `<symbol id="t-${id}" viewBox="0 0 60 80">${body}</symbol>`;
}

export function draw() {
  const out = [];
  for (const [s, f] of [['m', man], ['p', pin], ['s', sou]]) {
    // Pins and bamboos are read by their count; the index would sit on a circle.
    const ix = (id) => (s === 'm' ? index(id) : '');
    for (let n = 1; n <= 9; n++) out.push(symbol(`${n}${s}`, FACE + f(n, false) + ix(`${n}${s}`)));
    out.push(symbol(`0${s}`, FACE + f(5, true) + ix(`0${s}`) + redMark()));
  }
  for (let n = 1; n <= 7; n++) out.push(symbol(`${n}z`, FACE + honour(n) + index(`${n}z`)));
  for (let n = 1; n <= 8; n++) out.push(symbol(`${n}f`, FACE + flower(n) + index(`${n}f`)));
  out.push(
    symbol(
      'back',
      '<rect x="1" y="1" width="58" height="78" rx="6" fill="#1f6f5c" stroke="#0f3f34" stroke-width="1.5"/>' +
        '<rect x="6" y="6" width="48" height="68" rx="4" fill="none" stroke="#8fd1bd" stroke-width="1.2"/>' +
        '<path d="M30 18 L42 40 L30 62 L18 40Z" fill="none" stroke="#8fd1bd" stroke-width="1.5"/>' +
        '<circle cx="30" cy="40" r="4" fill="#8fd1bd"/>',
    ),
  );
  out.push(
    symbol(
      'joker',
      // A gold star badge in the bottom-right corner, laid over a wild tile's face.
      '<circle cx="49" cy="69" r="9" fill="#f2b705" stroke="#7a5a00" stroke-width="1.2"/>' +
        '<path d="M49 62.5 L50.9 67 L55.7 67.3 L52 70.3 L53.2 75 L49 72.4 L44.8 75 L46 70.3 L42.3 67.3 L47.1 67Z" fill="#fff"/>',
    ),
  );
  return (
    '<svg xmlns="http://www.w3.org/2000/svg">\n' +
    '<!-- hupai tile art, drawn by web/tools/tiles.mjs: do not edit by hand -->\n' +
    out.join('\n') +
    '\n</svg>\n'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = new URL('../tiles.svg', import.meta.url);
  writeFileSync(target, draw());
  console.log(`wrote ${fileURLToPath(target)}`);
}
