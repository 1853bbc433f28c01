// Draws the tile art and the page's marks: one SVG sprite (`web/tiles.svg`) with a <symbol>
// per face and per icon, every one of them paths and shapes. The characters (numerals, 萬,
// winds, dragons, flowers and seasons, the corner labels, the title mark) are outlines of Noto
// Serif TC Black taken from the font at generation time (tools/glyphs.mjs), so no face depends
// on the fonts of the machine that shows it: the sprite holds no <text> and no character
// outside ASCII. Run `node tools/tiles.mjs` in `crates/hupai-server/web/` after changing it;
// `node --test test/` checks that the committed sprite is what this script draws.
//
// Tiles (every face 60 x 80): t-1m..t-9m, t-1p..t-9p, t-1s..t-9s, t-1z..t-7z (E S W N White
// Green Red), the red fives t-0m t-0p t-0s, the flowers t-1f..t-8f (plum orchid chrysanthemum
// bamboo, spring summer autumn winter), t-joker (the mark laid over a wild tile) and t-back.
// Icons (24 x 24 unless said, drawn in currentColor): i-mark (the title mark), i-title (胡牌,
// 52 x 26), i-zh (中文, 40 x 24) and i-ja (日本語, 60 x 24) for the language switch, i-lang,
// i-sound, i-mute, i-help, i-first, i-prev, i-next, i-last, i-arrow, i-warn, i-star, i-flag,
// i-swap.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { glyph, word } from './glyphs.mjs';

const BLUE = '#1f4e9c';
const GREEN = '#17753a';
const RED = '#c62828';
const INK = '#1c2541';
const LABEL = '#6b5b3e';

const r1 = (x) => Math.round(x * 10) / 10;

// --- dots (pins) ----------------------------------------------------------------------------

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
  9: [15, 30, 45].flatMap((x) => [18, 40, 62].map((y) => [x, y, 7, [BLUE, RED, GREEN][[18, 40, 62].indexOf(y)]])),
};

function pin(n, red) {
  return PIN[n]
    .map(([x, y, r, c]) => {
      const colour = red ? RED : c;
      if (c === 'big') {
        // The one dot: a large rosette, rings of green, red and blue with white studs.
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

// --- bamboos (sou) --------------------------------------------------------------------------

function stick(x, y, h, colour, tilt = 0) {
  // A bamboo stick centred on (x, y): a rounded bar with a node in the middle, a light stripe
  // along it; `tilt` leans it (degrees).
  const w = 7;
  const top = r1(y - h / 2);
  const body =
    `<rect x="${r1(x - w / 2)}" y="${top}" width="${w}" height="${r1(h)}" rx="3.2" fill="${colour}"/>` +
    `<rect x="${r1(x - w / 2 - 0.8)}" y="${r1(y - 1)}" width="${w + 1.6}" height="2" rx="1" fill="${colour}" stroke="#fff" stroke-width="0.6"/>` +
    `<line x1="${r1(x)}" y1="${r1(top + 2)}" x2="${r1(x)}" y2="${r1(y - 2.5)}" stroke="#fff" stroke-width="1" opacity="0.6"/>` +
    `<line x1="${r1(x)}" y1="${r1(y + 2.5)}" x2="${r1(x)}" y2="${r1(top + h - 2)}" stroke="#fff" stroke-width="1" opacity="0.6"/>`;
  return tilt ? `<g transform="rotate(${tilt} ${r1(x)} ${r1(y)})">${body}</g>` : body;
}

const SOU = {
  2: [[30, 22, GREEN], [30, 58, GREEN]],
  3: [[30, 22, GREEN], [19, 58, GREEN], [41, 58, GREEN]],
  4: [[19, 22, GREEN], [41, 22, GREEN], [19, 58, GREEN], [41, 58, GREEN]],
  5: [[16, 22, GREEN], [44, 22, GREEN], [30, 40, RED], [16, 58, GREEN], [44, 58, GREEN]],
  6: [[15, 22, GREEN], [30, 22, GREEN], [45, 22, GREEN], [15, 58, BLUE], [30, 58, BLUE], [45, 58, BLUE]],
  7: [[30, 14, RED], [15, 40, GREEN], [30, 40, GREEN], [45, 40, GREEN], [15, 66, BLUE], [30, 66, BLUE], [45, 66, BLUE]],
  9: [15, 30, 45].flatMap((x) => [14, 40, 66].map((y) => [x, y, x === 30 ? RED : [GREEN, GREEN, BLUE][[14, 40, 66].indexOf(y)]])),
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
  if (n === 8) {
    // Eight: two peaks over two valleys (an M over a W), as the tile is carved.
    const c = (k) => (red ? RED : k);
    return (
      stick(11, 22, 27, c(GREEN), 14) + stick(21, 22, 27, c(GREEN), -14) + stick(39, 22, 27, c(GREEN), 14) + stick(49, 22, 27, c(GREEN), -14) +
      stick(11, 58, 27, c(BLUE), -14) + stick(21, 58, 27, c(BLUE), 14) + stick(39, 58, 27, c(BLUE), -14) + stick(49, 58, 27, c(BLUE), 14)
    );
  }
  const h = n >= 7 ? 20 : 28;
  return SOU[n].map(([x, y, c]) => stick(x, y, h, red ? RED : c)).join('');
}

// --- characters (man) and honours -----------------------------------------------------------

const NUMERAL = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

function man(n, red) {
  // The numeral over 萬, as on every set: the numeral dark (red on a red five), 萬 red.
  return glyph(NUMERAL[n], { cx: 31, cy: 24, size: 30, fill: red ? RED : INK }) + glyph('萬', { cx: 30, cy: 57, size: 33, fill: RED });
}

function honour(n) {
  if (n === 5) {
    // White dragon: a blue double frame.
    return (
      `<rect x="13" y="14" width="34" height="52" rx="3" fill="none" stroke="${BLUE}" stroke-width="3"/>` +
      `<rect x="18.5" y="19.5" width="23" height="41" rx="1.5" fill="none" stroke="${BLUE}" stroke-width="1.6"/>`
    );
  }
  const [ch, colour] = [['東', INK], ['南', INK], ['西', INK], ['北', INK], null, ['發', GREEN], ['中', RED]][n - 1];
  return glyph(ch, { cx: 30, cy: 44, size: 44, fill: colour });
}

// The small index in the top-left corner (Latin, drawn), so that a reader who does not know
// the characters still reads every tile.
function index(id) {
  const [n, s] = [id[0], id[1]];
  const label = s === 'z' ? ['E', 'S', 'W', 'N', 'Wh', 'G', 'R'][Number(n) - 1] : s === 'f' ? String(n) : `${n === '0' ? 5 : n}`;
  return word(label, { x: 4.5, y: 12, size: 11, fill: LABEL });
}

function redMark() {
  // Red fives carry a mark besides their colour: a small diamond in the top-right corner.
  return `<path d="M52 3.5 L56 8 L52 12.5 L48 8Z" fill="${RED}" stroke="#fff" stroke-width="0.8"/>`;
}

// --- flowers and seasons --------------------------------------------------------------------

const FLOWER_COLOURS = ['#c2185b', '#7b1fa2', '#ef6c00', '#2e7d32', '#2e7d32', '#c62828', '#ef6c00', '#1565c0'];
const FLOWER_GLYPHS = ['梅', '蘭', '菊', '竹', '春', '夏', '秋', '冬'];

function flower(n) {
  // A blossom (flowers: five petals; seasons: eight) over its character.
  const c = FLOWER_COLOURS[n - 1];
  const petals = n <= 4 ? 5 : 8;
  let s = '';
  for (let i = 0; i < petals; i++) {
    const a = (i * 2 * Math.PI) / petals - Math.PI / 2;
    const r = n <= 4 ? 6 : 4;
    s += `<circle cx="${r1(30 + 8 * Math.cos(a))}" cy="${r1(30 + 8 * Math.sin(a))}" r="${r}" fill="${c}" opacity="0.85"/>`;
  }
  s += `<circle cx="30" cy="30" r="4" fill="#f9d34c"/>`;
  s += glyph(FLOWER_GLYPHS[n - 1], { cx: 30, cy: 63, size: 24, fill: c });
  return s;
}

const FACE =
  '<rect x="1" y="1" width="58" height="78" rx="6" fill="#fbf7ea" stroke="#b8ab8a" stroke-width="1.5"/>' +
  '<rect x="3" y="3" width="54" height="74" rx="5" fill="none" stroke="#fff" stroke-width="1"/>';

const BACK =
  '<rect x="1" y="1" width="58" height="78" rx="6" fill="#1f6f5c" stroke="#0f3f34" stroke-width="1.5"/>' +
  '<rect x="6" y="6" width="48" height="68" rx="4" fill="none" stroke="#8fd1bd" stroke-width="1.2"/>' +
  '<path d="M30 18 L42 40 L30 62 L18 40Z" fill="none" stroke="#8fd1bd" stroke-width="1.5"/>' +
  '<circle cx="30" cy="40" r="4" fill="#8fd1bd"/>';

// A gold star badge in the bottom-right corner, laid over a wild tile's face.
const JOKER =
  '<circle cx="49" cy="69" r="9" fill="#f2b705" stroke="#7a5a00" stroke-width="1.2"/>' +
  '<path d="M49 62.5 L50.9 67 L55.7 67.3 L52 70.3 L53.2 75 L49 72.4 L44.8 75 L46 70.3 L42.3 67.3 L47.1 67Z" fill="#fff"/>';

// --- icons ----------------------------------------------------------------------------------

const C = 'currentColor';
const line = (d, w = 2.2) => `<path d="${d}" fill="none" stroke="${C}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
const STAR = 'M12 2.5 L14.8 8.6 L21.5 9.3 L16.5 13.8 L17.9 20.4 L12 17 L6.1 20.4 L7.5 13.8 L2.5 9.3 L9.2 8.6Z';

function icons() {
  return {
    // The title mark: 胡 cut out of a red seal.
    mark: ['0 0 24 24', `<rect width="24" height="24" rx="5" fill="${RED}"/>` + glyph('胡', { cx: 12, cy: 12.3, size: 19, fill: '#fff' })],
    title: ['0 0 52 26', word('胡牌', { x: 26, y: 22, size: 25, fill: C, anchor: 'middle' })],
    zh: ['0 0 40 24', word('中文', { x: 20, y: 19.5, size: 19, fill: C, anchor: 'middle' })],
    ja: ['0 0 60 24', word('日本語', { x: 30, y: 19.5, size: 19, fill: C, anchor: 'middle' })],
    lang: ['0 0 24 24', `<circle cx="12" cy="12" r="9" fill="none" stroke="${C}" stroke-width="2"/>` + line('M3 12 H21 M12 3 C7 8 7 16 12 21 M12 3 C17 8 17 16 12 21', 1.6)],
    sound: ['0 0 24 24', `<path d="M3 9 H7 L12 4.5 V19.5 L7 15 H3Z" fill="${C}"/>` + line('M15.5 8.5 C17.5 10.5 17.5 13.5 15.5 15.5 M18.5 5.5 C22 9 22 15 18.5 18.5', 2)],
    mute: ['0 0 24 24', `<path d="M3 9 H7 L12 4.5 V19.5 L7 15 H3Z" fill="${C}"/>` + line('M15.5 9 L21 15 M21 9 L15.5 15', 2.2)],
    help: ['0 0 24 24', `<circle cx="12" cy="12" r="9.5" fill="none" stroke="${C}" stroke-width="2"/>` + line('M9 9.3 C9 5.8 15 5.8 15 9.3 C15 11.6 12 11.8 12 14.2', 2.2) + `<circle cx="12" cy="17.6" r="1.4" fill="${C}"/>`],
    first: ['0 0 24 24', `<path d="M5 5 H7.5 V19 H5Z M19 5 V19 L8.5 12Z" fill="${C}"/>`],
    prev: ['0 0 24 24', `<path d="M17 5 V19 L6 12Z" fill="${C}"/>`],
    next: ['0 0 24 24', `<path d="M7 5 V19 L18 12Z" fill="${C}"/>`],
    last: ['0 0 24 24', `<path d="M19 5 H16.5 V19 H19Z M5 5 V19 L15.5 12Z" fill="${C}"/>`],
    arrow: ['0 0 24 24', line('M4 12 H19 M13.5 6.5 L19 12 L13.5 17.5', 2.4)],
    warn: ['0 0 24 24', `<path d="M12 2.5 L22.5 21 H1.5Z M10.8 9 V15 H13.2 V9Z M10.8 16.8 V19 H13.2 V16.8Z" fill="${C}" fill-rule="evenodd"/>`],
    star: ['0 0 24 24', `<path d="${STAR}" fill="${C}"/>`],
    flag: ['0 0 24 24', `<path d="M5 2.5 H7 V21.5 H5Z M7 3.5 H19 L16 8 L19 12.5 H7Z" fill="${C}"/>`],
    swap: ['0 0 24 24', line('M4 8 H19 M15 4 L19 8 L15 12 M20 16 H5 M9 12 L5 16 L9 20', 2.2)],
  };
}

function symbol(id, body, viewBox = '0 0 60 80') {
  return `<symbol id="${id}" viewBox="${viewBox}">${body}</symbol>`;
}

/** The sprite's text. */
export function draw() {
  const out = [];
  for (const [s, f] of [['m', man], ['p', pin], ['s', sou]]) {
    // Pins and bamboos are read by their count; the index would sit on a circle.
    const ix = (id) => (s === 'm' ? index(id) : '');
    for (let n = 1; n <= 9; n++) out.push(symbol(`t-${n}${s}`, FACE + f(n, false) + ix(`${n}${s}`)));
    out.push(symbol(`t-0${s}`, FACE + f(5, true) + ix(`0${s}`) + redMark()));
  }
  for (let n = 1; n <= 7; n++) out.push(symbol(`t-${n}z`, FACE + honour(n) + index(`${n}z`)));
  for (let n = 1; n <= 8; n++) out.push(symbol(`t-${n}f`, FACE + flower(n) + index(`${n}f`)));
  out.push(symbol('t-back', BACK));
  out.push(symbol('t-joker', JOKER));
  for (const [name, [viewBox, body]] of Object.entries(icons())) out.push(symbol(`i-${name}`, body, viewBox));
  return (
    '<svg xmlns="http://www.w3.org/2000/svg">\n' +
    '<!-- hupai tile art and marks, drawn by web/tools/tiles.mjs (characters: outlines of Noto Serif TC, SIL Open Font Licence): do not edit by hand -->\n' +
    out.join('\n') +
    '\n</svg>\n'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = new URL('../tiles.svg', import.meta.url);
  writeFileSync(target, draw());
  console.log(`wrote ${fileURLToPath(target)}`);
}
