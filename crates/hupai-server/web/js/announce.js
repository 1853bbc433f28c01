// What happened, said where it happened: a call, a riichi, a win or a drawn hand is shown at
// the acting seat for a moment in the page's language (the centre for a draw) and read out by
// screen readers (a live region); the tile a call took flies from the river to the caller's
// melds, unless the system asks for reduced motion. Derived from the events alone: the fold
// (state.js) says where tiles lie, this says what to call out.

import { t, wind } from './i18n.js';
import { esc, SPRITE } from './render.js';
import { mpsz } from './tiles.js';
import { place, seatWind } from './state.js';
import { drawReason, REL } from './result.js';

/** How long a callout stays (ms); the result of a hand opens after its last one. */
export const SHOWN_MS = 1400;

/** What an event announces: `{kind, seat, text}` (`kind` one of chi pon kan kita riichi ron
 * tsumo draw; `seat` null for a draw, said at the centre), or null. `family` is the rules' family
 * (`riichi`, `chinese`, ...): a Chinese table says 胡 / 自摸 and 报听 where a riichi table says
 * ロン / ツモ and リーチ. */
export function announcement(e, family = 'riichi') {
  const chinese = family && family !== 'riichi';
  switch (e.type) {
    case 'chi':
    case 'pon':
      return { kind: e.type, seat: e.actor, text: t(e.type) };
    case 'daiminkan':
    case 'ankan':
    case 'kakan':
      return { kind: 'kan', seat: e.actor, text: t('kan') };
    case 'lone_kong':
      // Wuhan: 红中杠 for a red dragon, 赖子杠 for the joker.
      return { kind: 'kan', seat: e.actor, text: e.pai === 'C' ? t('red_dragon_kong') : t('joker_kong') };
    case 'kita':
      // 三人麻雀: a North set aside (抜きドラ).
      return { kind: 'kita', seat: e.actor, text: t('kita') };
    case 'reach':
      return { kind: 'riichi', seat: e.actor, text: t(chinese ? 'declare' : 'riichi') };
    case 'hora': {
      const tsumo = e.actor === e.target;
      return { kind: tsumo ? 'tsumo' : 'ron', seat: e.actor, text: t(chinese ? (tsumo ? 'say_zimo' : 'say_hu') : tsumo ? 'say_tsumo' : 'say_ron') };
    }
    case 'ryukyoku':
      return { kind: 'draw', seat: null, text: drawReason(e.reason) };
    default:
      return null;
  }
}

/** The sentence for screen readers: who (seat wind, and where they sit for a player) and what. */
export function spoken(s, a) {
  if (a.seat === null) return a.text;
  const where = [wind(seatWind(s, a.seat))];
  if (s.player !== null) where.push(t(REL[place(s, a.seat)]));
  return `${where.join(', ')}: ${a.text}`;
}

const reducedMotion = () => !!globalThis.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The angle (degrees) at which a tile is drawn on the screen: its seat's turn on the square
 * table plus a quarter for a tile laid sideways. */
function angleOf(tileEl) {
  const seat = tileEl.closest('.seat');
  let a = 0;
  if (seat) {
    const tr = getComputedStyle(seat).transform;
    if (tr && tr !== 'none') {
      const m = new DOMMatrix(tr);
      a = (Math.atan2(m.b, m.a) * 180) / Math.PI;
    }
  }
  return a + (tileEl.classList.contains('turned') ? 90 : 0);
}

/** The callouts of one table page: `layer` is an element over the board (positioned), `live`
 * the live region. */
export class Announcer {
  constructor({ board, layer, live }) {
    this.board = board;
    this.layer = layer;
    this.live = live;
  }

  /** Says `a` (from `announcement`) at its seat on the table `s`. */
  say(s, a) {
    const anchor = this.anchor(a.seat);
    const old = this.layer.querySelector(`[data-announce-seat="${a.seat ?? 'centre'}"]`);
    if (old) old.remove();
    const el = document.createElement('div');
    el.className = `callout callout-${a.kind}`;
    el.dataset.announce = a.kind;
    el.dataset.announceSeat = String(a.seat ?? 'centre');
    el.innerHTML = `<span>${esc(a.text)}</span>`;
    const b = this.board.getBoundingClientRect();
    el.style.left = `${anchor.x - b.left}px`;
    el.style.top = `${anchor.y - b.top}px`;
    this.layer.appendChild(el);
    setTimeout(() => el.classList.add('gone'), SHOWN_MS - 300);
    setTimeout(() => el.remove(), SHOWN_MS);
    // The live region is emptied first, so the same words twice are read twice.
    this.live.textContent = '';
    requestAnimationFrame(() => {
      this.live.textContent = spoken(s, a);
    });
  }

  /** Where a seat's callout goes: over its river (or its head while the river is empty), the
   * board's middle for the table as a whole. */
  anchor(seat) {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, ok: r.width > 0 && r.height > 0 };
    };
    if (seat !== null) {
      const panel = this.board.querySelector(`.seat[data-seat="${seat}"]`);
      const river = panel && panel.querySelector('.river');
      if (river && river.children.length) {
        const at = box(river);
        if (at.ok) return at;
      }
      const head = panel && panel.querySelector('.seat-head');
      if (head) {
        const at = box(head);
        if (at.ok) return at;
      }
    }
    const centre = this.board.querySelector('.centre');
    return box(centre || this.board);
  }

  /** After a call is drawn: the called tile flies from the river of the seat it came from to
   * the caller's new meld (none under reduced motion). `melds` finds the caller's melds. */
  fly(e, melds) {
    if (reducedMotion()) return;
    const river = this.board.querySelectorAll(`.seat[data-seat="${e.target}"] .river .tile.called`);
    const from = river[river.length - 1];
    const list = melds ? melds.querySelectorAll('.meld') : [];
    const meld = list[list.length - 1];
    const to = meld && (meld.querySelector('.tile.turned') || meld.querySelector('.tile'));
    if (!from || !to) return;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    // A tile's own width: the short side of its box (a river tile may lie sideways too).
    const w = Math.min(from.offsetWidth, from.offsetHeight) || 22;
    const a0 = angleOf(from);
    let a1 = angleOf(to);
    while (a1 - a0 > 180) a1 -= 360;
    while (a1 - a0 < -180) a1 += 360;
    const id = mpsz(e.pai) || 'back';
    const el = document.createElement('span');
    el.className = 'tile flight';
    el.dataset.flight = id;
    el.setAttribute('aria-hidden', 'true');
    el.style.width = `${w}px`;
    el.style.height = `${(w * 4) / 3}px`;
    el.innerHTML = `<svg viewBox="0 0 60 80" focusable="false"><use href="${SPRITE}#t-${id}"/></svg>`;
    const at = (r, deg) => `translate(${r.left + r.width / 2}px, ${r.top + r.height / 2}px) translate(-50%, -50%) rotate(${deg}deg)`;
    document.body.appendChild(el);
    to.style.visibility = 'hidden';
    const anim = el.animate([{ transform: at(a, a0) }, { transform: at(b, a1) }], { duration: 450, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)' });
    const done = () => {
      el.remove();
      to.style.visibility = '';
    };
    anim.onfinish = done;
    anim.oncancel = done;
  }
}
