// Tiles as the client shows them: the wire speaks mjai names (`5mr`, `E`, `P`, `?`), the page
// and its test hooks speak MPSZ (`0m`, `1z`), screen readers get a name in the page's language.

const HONOURS = ['E', 'S', 'W', 'N', 'P', 'F', 'C'];

/** MPSZ (`0m`, `1z`, `3f`, `?`) of an mjai tile name; `null` for anything else. */
export function mpsz(pai) {
  if (typeof pai !== 'string') return null;
  if (pai === '?') return '?';
  const h = HONOURS.indexOf(pai);
  if (h >= 0) return `${h + 1}z`;
  const m = /^([1-9])([mps])(r?)$/.exec(pai);
  if (m) return m[3] ? (m[1] === '5' ? `0${m[2]}` : null) : `${m[1]}${m[2]}`;
  const f = /^([1-8])f$/.exec(pai);
  if (f) return pai;
  return null;
}

/** The mjai name of an MPSZ tile (inverse of `mpsz`). */
export function mjai(id) {
  const m = /^([0-9])([mpszf])$/.exec(id || '');
  if (!m) return null;
  const [, n, s] = m;
  if (s === 'z') return HONOURS[Number(n) - 1] ?? null;
  if (s === 'f') return n >= '1' && n <= '8' ? id : null;
  return n === '0' ? `5${s}r` : `${n}${s}`;
}

/** The kind of a tile (a red five is a five), as MPSZ. */
export function kindOf(id) {
  return id && id[0] === '0' ? `5${id[1]}` : id;
}

/** Whether two mjai names are the same kind (`5m` and `5mr` are). */
export function sameKind(a, b) {
  return kindOf(mpsz(a)) === kindOf(mpsz(b));
}

const SUIT_ORDER = { m: 0, p: 1, s: 2, z: 3, f: 4 };

/** A sort key: suits in MPSZ order, a red five just after the plain fives. */
export function order(pai) {
  const id = mpsz(pai);
  if (!id || id === '?') return 1000;
  const n = id[0] === '0' ? 5.5 : Number(id[0]);
  return SUIT_ORDER[id[1]] * 20 + n;
}

/** Sorts a list of mjai names (a copy). */
export function sorted(list) {
  return [...list].sort((a, b) => order(a) - order(b));
}

const NAMES = {
  en: {
    suit: { m: 'man', p: 'pin', s: 'sou' },
    honours: ['East', 'South', 'West', 'North', 'White', 'Green', 'Red'],
    flowers: ['plum', 'orchid', 'chrysanthemum', 'bamboo', 'spring', 'summer', 'autumn', 'winter'],
    red: (n) => `red ${n}`,
    number: (n, s) => `${n}-${s}`,
    hidden: 'hidden tile',
  },
  zh: {
    suit: { m: '万', p: '筒', s: '条' },
    honours: ['东', '南', '西', '北', '白', '发', '中'],
    flowers: ['梅', '兰', '菊', '竹', '春', '夏', '秋', '冬'],
    red: (n) => `红${n}`,
    number: (n, s) => `${'一二三四五六七八九'[n - 1]}${s}`,
    hidden: '暗牌',
  },
  ja: {
    suit: { m: '萬', p: '筒', s: '索' },
    honours: ['東', '南', '西', '北', '白', '發', '中'],
    flowers: ['梅', '蘭', '菊', '竹', '春', '夏', '秋', '冬'],
    red: (n) => `赤${n}`,
    number: (n, s) => `${'一二三四五六七八九'[n - 1]}${s}`,
    hidden: '伏せ牌',
  },
};

/** A tile's name for people (`5-man`, `五万`, `赤五萬`), from an mjai or MPSZ name. */
export function tileName(pai, lang = 'en') {
  const t = NAMES[lang] || NAMES.en;
  const id = mpsz(pai) || (/^[0-9][mpszf]$/.test(pai) ? pai : null);
  if (!id) return String(pai);
  if (id === '?') return t.hidden;
  const n = Number(id[0]);
  const s = id[1];
  if (s === 'z') return t.honours[n - 1];
  if (s === 'f') return t.flowers[n - 1];
  if (n === 0) return t.red(t.number(5, t.suit[s]));
  return t.number(n, t.suit[s]);
}

/** The next kind after an indicator (dora / joker): 9 -> 1, North -> East, Red -> White. */
export function indicated(pai) {
  const id = kindOf(mpsz(pai));
  if (!id || id === '?') return null;
  const n = Number(id[0]);
  if (id[1] === 'z') return n <= 4 ? `${(n % 4) + 1}z` : `${((n - 5 + 1) % 3) + 5}z`;
  return `${(n % 9) + 1}${id[1]}`;
}
