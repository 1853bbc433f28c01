// A prompt's options sorted for the page: which tile clicks discard what, and which buttons
// to show. Every action sent is one of the options exactly as the server sent it.

import { sameKind } from './tiles.js';

/** Groups the options of a prompt. */
export function group(options) {
  const g = {
    discards: [],
    riichi: [],
    chi: [],
    pon: [],
    kan: [],
    hora: [],
    none: null,
    nine: null,
    void: [],
    exchange: [],
    kita: null,
  };
  for (const o of options || []) {
    switch (o.type) {
      case 'discard':
        g.discards.push(o);
        break;
      case 'riichi':
        g.riichi.push(o);
        break;
      case 'chi':
        g.chi.push(o);
        break;
      case 'pon':
        g.pon.push(o);
        break;
      case 'open_kan':
      case 'closed_kan':
      case 'added_kan':
      case 'lone_kong': // Wuhan 红中杠 / 赖子杠: a kan button of its own label
        g.kan.push(o);
        break;
      case 'ron':
      case 'tsumo':
        g.hora.push(o);
        break;
      case 'pass':
        g.none = o;
        break;
      case 'nine_terminals':
        g.nine = o;
        break;
      case 'kita': // 三人麻雀: set a North aside (抜きドラ)
        g.kita = o;
        break;
      case 'void':
        g.void.push(o);
        break;
      case 'exchange':
        g.exchange.push(o);
        break;
      default:
        break;
    }
  }
  return g;
}

/** The discard (or riichi, in `list`) that clicking tile `pai` makes: the drawn tile
 * (`drawn` true) prefers `tsumogiri`, a hand tile prefers not; null when it is no option. */
export function pick(list, pai, drawn) {
  const same = list.filter((o) => o.pai === pai);
  if (!same.length) return null;
  return same.find((o) => !!o.tsumogiri === !!drawn) || same[0];
}

/** The buttons to show, in order: `[{action, options, suit?}]` with `action` the data-action
 * hook (`chi pon kan kita hora reach none nine_terminals void`); the void suits are one
 * button each. */
export function buttons(g) {
  const out = [];
  if (g.hora.length) out.push({ action: 'hora', options: g.hora });
  if (g.riichi.length) out.push({ action: 'reach', options: g.riichi });
  if (g.kan.length) out.push({ action: 'kan', options: g.kan });
  if (g.kita) out.push({ action: 'kita', options: [g.kita] });
  if (g.pon.length) out.push({ action: 'pon', options: g.pon });
  if (g.chi.length) out.push({ action: 'chi', options: g.chi });
  if (g.nine) out.push({ action: 'nine_terminals', options: [g.nine] });
  // 定缺: one button per suit, each one option (`suit` for the data-suit hook).
  for (const o of g.void) out.push({ action: 'void', suit: o.suit, options: [o] });
  // 换三张: one button, which sends the exchange the chosen tiles make.
  if (g.exchange.length) out.push({ action: 'exchange', options: g.exchange });
  if (g.none) out.push({ action: 'none', options: [g.none] });
  return out;
}

/** 换三张: the exchange option the chosen tiles (mjai names, any order) make, or null. */
export function exchangeOf(g, chosen) {
  if (chosen.length !== 3) return null;
  const want = [...chosen].sort().join(' ');
  return g.exchange.find((o) => [...o.pai].sort().join(' ') === want) || null;
}

/** Whether tile `pai` may join the chosen tiles of an exchange: some option holds the chosen
 * tiles and this one. */
export function exchangeAllows(g, chosen, pai) {
  const need = [...chosen, pai];
  return g.exchange.some((o) => {
    const left = [...o.pai];
    return need.every((p) => {
      const i = left.indexOf(p);
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
  });
}

/** The tiles (mjai names) a riichi keeps the hand ready with: the discards of the riichi
 * options. */
export function riichiTiles(g) {
  return g.riichi.map((o) => o.pai);
}

/** What auto-pass and auto-discard do with a prompt: the option to send at once, or null to
 * ask the person. Auto-pass passes calls but never a win; auto-discard throws the drawn tile
 * unless the turn offers a win. */
export function automatic(g, { autoPass, autoDiscard }) {
  if (g.hora.length) return null;
  if (autoPass && g.none && !g.discards.length) return g.none;
  if (autoDiscard && g.discards.length) {
    const t = g.discards.find((o) => o.tsumogiri);
    if (t) return t;
  }
  return null;
}

/** The tiles a call option uses from the hand with the called tile, for its label. */
export function callTiles(o, called) {
  if (o.type === 'chi' || o.type === 'pon') return [...o.consumed, called].filter(Boolean);
  if (o.type === 'open_kan') return [called, called, called, called].filter(Boolean);
  if (o.type === 'closed_kan' || o.type === 'added_kan') return [o.pai, o.pai, o.pai, o.pai];
  if (o.type === 'lone_kong') return [o.pai];
  return [];
}

/** Whether a hand tile can be discarded now (some discard is that exact tile). */
export function discardable(g, pai) {
  return g.discards.some((o) => o.pai === pai) || g.riichi.some((o) => sameKind(o.pai, pai) && o.pai === pai);
}
