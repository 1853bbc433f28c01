// HTML for the table's parts, as strings (one innerHTML per region and state change: a table
// is a few hundred elements, well inside a frame). Every tile carries a text name.

import { mpsz, tileName, indicated, kindOf } from './tiles.js';
import { t, lang, wind } from './i18n.js';
import { place, seatWind, meldTiles, wallLeft, seatsOf } from './state.js';

export const SPRITE = '/assets/tiles.svg';

/** Escapes text for HTML. */
export function esc(s) {
  return String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** One tile (`pai` an mjai name or MPSZ); `opts`: `tag` (span/button), `cls`, `attrs`
 * (extra attribute text), `turned` (laid sideways), `back` (face down), `hook` (put
 * `data-tile`, for the player's own hand), `joker`. */
export function tile(pai, opts = {}) {
  const id = mpsz(pai) || pai;
  const hidden = opts.back || id === '?' || !id;
  const sym = hidden ? 'back' : id;
  const name = (hidden ? tileName('?', lang()) : tileName(id, lang())) + (opts.joker && !hidden ? ` (${t('joker')})` : '');
  const tag = opts.tag || 'span';
  const cls = ['tile', opts.cls || '', opts.turned ? 'turned' : '', hidden ? 'back' : '', id && id[0] === '0' ? 'red' : '']
    .filter(Boolean)
    .join(' ');
  const hook = opts.hook && !hidden ? ` data-tile="${esc(id)}"` : '';
  const role = tag === 'button' ? '' : ' role="img"';
  const joker = opts.joker ? `<use href="${SPRITE}#t-joker"/>` : '';
  if (hidden && tag === 'span') {
    // A back is drawn by CSS alone: hidden hands are most of a table's tiles.
    return `<span class="${cls}" role="img" aria-label="${esc(name)}"${opts.attrs ? ' ' + opts.attrs : ''}></span>`;
  }
  return (
    `<${tag} class="${cls}"${hook} data-pai="${esc(pai)}"${role} aria-label="${esc(name)}" title="${esc(opts.title ? `${name} — ${opts.title}` : name)}"${opts.attrs ? ' ' + opts.attrs : ''}>` +
    `<svg viewBox="0 0 60 80" aria-hidden="true" focusable="false"><use href="${SPRITE}#t-${sym}"/>${joker}</svg></${tag}>`
  );
}

/** A mark from the sprite (`i-NAME`: mark, sound, mute, help, lang, first, prev, next, last,
 * arrow, warn, star, flag, swap, ...), drawn in the text's colour; with a `label` it is a
 * picture with that name, else decoration that screen readers skip. */
export function icon(name, { label = '' } = {}) {
  const a11y = label ? `role="img" aria-label="${esc(label)}"` : 'aria-hidden="true"';
  return `<svg class="icon icon-${name}" ${a11y} focusable="false"><use href="${SPRITE}#i-${name}"/></svg>`;
}

/** A row of tiles. */
export function tiles(list, opts = {}) {
  return list.map((p) => tile(p, opts)).join('');
}

/** The round's label (`East 1 · 0 honba`). */
export function roundLabel(s) {
  if (!s.round) return '';
  const w = ({ E: 0, S: 1, W: 2, N: 3 })[s.round.bakaze] ?? 0;
  return `${wind(w)} ${s.round.kyoku}`;
}

function meldsHtml(s, seat) {
  return s.melds[seat]
    .map((m) => {
      const body = meldTiles(m, seat, s.seats)
        .map((x) => tile(x.pai, { turned: x.turned, back: x.back, cls: x.added ? 'added' : '' }))
        .join('');
      return `<span class="meld" data-meld="${esc(m.type)}">${body}</span>`;
    })
    .join('');
}

/** The Norths a seat has set aside (三人麻雀 抜きドラ, kita), beside its melds: the tiles
 * with their count; empty when it has none. */
export function kitaHtml(s, seat) {
  const n = (s.kita && s.kita[seat] ? s.kita[seat] : []).length;
  if (!n) return '';
  const label = `${t('kita')} ${n}`;
  return `<span class="kita" data-kita="${n}" role="group" aria-label="${esc(label)}" title="${esc(label)}">${tiles(s.kita[seat], { cls: 'small' })}<span class="kita-count" aria-hidden="true">${esc(t('kita'))}${n > 1 ? ` x${n}` : ''}</span></span>`;
}

/** A seat's river: the riichi tile turned sideways, a called tile dimmed, the last discard of
 * the table marked (`data-last`, an outline and a pointer) until the next one or a call. */
function riverHtml(s, seat) {
  return s.rivers[seat]
    .map((r, i) => {
      const last = s.lastDiscard && s.lastDiscard.seat === seat && s.lastDiscard.index === i;
      const cls = [r.called ? 'called' : '', r.tsumogiri ? 'tsumogiri' : '', last ? 'last' : ''].filter(Boolean).join(' ');
      const marks = [r.riichi ? t('riichi') : '', last ? t('last_discard') : ''].filter(Boolean).join(', ');
      const attrs = (last ? 'data-last="true" ' : '') + (marks ? `aria-description="${esc(marks)}"` : '');
      return tile(r.pai, { turned: r.riichi, cls, title: marks, attrs: attrs.trim() });
    })
    .join('');
}

/** A suit's name (`m p s`) in the page's language, with one of its tiles as a picture. */
export function suitLabel(suit, { picture = true } = {}) {
  const name = t(`suit_${suit}`);
  return picture ? `${tile(`5${suit}`, { cls: 'small', attrs: 'aria-hidden="true"' })}<span class="suit-name">${esc(name)}</span>` : esc(name);
}

/** One seat's panel: head, hidden hand (backs, or the tiles when `open` and known), melds,
 * flowers, river; a seat that won (a hand that goes on after wins) shows its win tiles, and
 * `afterWin` "leave" marks it out of the hand. */
export function seatPanel(s, seat, { open = false, threat = null, melds = true, afterWin = null } = {}) {
  // A three-player table has no North seat: its slot stays empty.
  if (seat >= s.seats) return '';
  const p = place(s, seat);
  const w = seatWind(s, seat);
  const player = s.players[seat] ?? seat;
  const name = s.names[player] || `${t('seat')} ${player}`;
  const turn = s.turn === seat;
  const hand = s.hands[seat] || [];
  const handHtml =
    p === 0
      ? ''
      : `<div class="hidden-hand" aria-label="${hand.length + (s.drawn[seat] ? 1 : 0)} tiles">${tiles(hand, { back: !open, cls: 'small' })}${
          s.drawn[seat] ? `<span class="gap"></span>${tile(s.drawn[seat], { back: !open, cls: 'small' })}` : ''
        }</div>`;
  const flowers = s.flowers[seat].length
    ? `<div class="flowers" data-flowers="${s.flowers[seat].length}" aria-label="${t('flowers')}">${tiles(s.flowers[seat], { cls: 'small' })}</div>`
    : '';
  const voidMark = s.voids[seat]
    ? `<span class="void" data-void="${esc(s.voids[seat])}" title="${t('void')}">${t('void')} ${suitLabel(s.voids[seat], { picture: false })}</span>`
    : '';
  const won = s.won[seat];
  const out = won.length > 0 && afterWin === 'leave';
  const wonMark = won.length
    ? `<span class="won-mark" data-won="${won.length}">${out ? t('out') : t('won_mark')}${won.length > 1 ? ` x${won.length}` : ''} ${tiles(won, { cls: 'small' })}</span>`
    : '';
  const threatMark = threat != null && threat >= 0.2 ? `<span class="threat" title="${t('threat')}">${icon('warn', { label: t('threat') })} ${Math.round(threat * 100)}%</span>` : '';
  return (
    `<div class="seat place-${p}${turn ? ' turn' : ''}${s.riichi[seat] ? ' in-riichi' : ''}${out ? ' out' : ''}" data-seat="${seat}">` +
    `<div class="seat-head"><span class="wind${w === 0 ? ' dealer' : ''}" title="${w === 0 ? t('dealer') : ''}">${esc(wind(w))}</span>` +
    `<span class="name">${esc(name)}</span><span class="score">${esc(s.scores[seat])}</span>` +
    `${s.riichi[seat] ? `<span class="riichi-stick" title="${t('riichi')}">${t('riichi')}</span>` : ''}${voidMark}${wonMark}${threatMark}` +
    `${turn ? `<span class="turn-mark" role="img" aria-label="${t('turn')}"></span>` : ''}</div>` +
    handHtml +
    (melds ? `<div class="melds">${meldsHtml(s, seat)}${kitaHtml(s, seat)}</div>${flowers}` : '') +
    `<div class="river" aria-label="river">${riverHtml(s, seat)}</div>` +
    `</div>`
  );
}

/** The bar above the table: round, honba, sticks, wall, indicators. */
export function infoBar(s, jokerKind = null) {
  if (!s.round) return `<span class="round">${t('waiting_players')}</span>`;
  const left = wallLeft(s);
  const dora = s.doras.length
    ? `<span class="indicators" aria-label="${t('dora')}">${t('dora')} ${tiles(s.doras, { cls: 'small' })}</span>`
    : '';
  const joker = s.jokerMarker
    ? `<span class="indicators">${t('joker')} ${tile(s.jokerMarker, { cls: 'small' })} ${icon('arrow')} ${tile(jokerKind || indicated(s.jokerMarker), { cls: 'small', joker: true })}</span>`
    : '';
  return (
    `<span class="round">${esc(roundLabel(s))}</span>` +
    `<span class="honba">${t('honba')} ${s.round.honba}</span>` +
    `<span class="sticks">${t('sticks')} ${s.round.kyotaku}</span>` +
    (left != null ? `<span class="wall" data-wall="${left}">${t('wall')} ${left}</span>` : '') +
    dora +
    joker
  );
}

/** The centre of the board: each seat's wind and score where it sits. */
export function centre(s, clock) {
  const cells = seatsOf(s)
    .map((seat) => {
      const p = place(s, seat);
      const w = seatWind(s, seat);
      return `<span class="c c-${p}${s.turn === seat ? ' turn' : ''}">${esc(wind(w))} ${esc(s.scores[seat])}</span>`;
    })
    .join('');
  // The middle: the round and the wall (the square table's centre, as on Tenhou's).
  const left = wallLeft(s);
  const mid = s.round
    ? `<span class="m-round">${esc(roundLabel(s))}</span>${left != null ? `<span class="m-wall">${t('wall')} ${left}</span>` : ''}`
    : '';
  return `<div class="centre seats-${s.seats}">${cells}<div class="clock">${clock || ''}</div><div class="mid">${mid}</div></div>`;
}

/** The viewer's own hand: `data-hand` with one `data-tile` element per tile, the drawn tile
 * apart; `marks` maps tiles to extra classes/labels (riichi tiles, danger). */
export function ownHand(s, { can = () => false, marks = () => null, selected = null, chosen = null, open = true, dim = true } = {}) {
  const seat = s.seat;
  const hand = s.hands[seat] || [];
  const wild = s.jokerMarker ? indicated(s.jokerMarker) : null;
  const one = (pai, i, drawn) => {
    const m = marks(pai) || {};
    const active = can(pai, drawn);
    const key = drawn ? 'drawn' : String(i);
    const picked = chosen ? chosen.includes(key) : false;
    const cls = ['hand-tile', active ? 'can' : dim ? 'cannot' : '', selected === key ? 'selected' : '', picked ? 'chosen' : '', m.cls || ''].filter(Boolean).join(' ');
    // 换三张: a chosen tile carries a mark besides its colour and height.
    const badge = (m.badge ? `<span class="badge">${esc(m.badge)}</span>` : '') + (picked ? `<span class="chosen-mark">${icon('swap')}</span>` : '');
    const html = tile(pai, {
      tag: 'button',
      hook: true,
      back: !open,
      cls,
      title: m.label ? m.label.trim() : '',
      joker: wild !== null && kindOf(mpsz(pai)) === wild,
      attrs: `data-index="${key}"${active ? '' : ' aria-disabled="true"'}${chosen ? ` aria-pressed="${picked}"` : ''}${m.label ? ` aria-description="${esc(m.label.trim())}"` : ''}`,
    });
    return badge ? html.replace('</button>', `${badge}</button>`) : html;
  };
  const body = hand.map((p, i) => one(p, i, false)).join('');
  const drawn = s.drawn[seat] ? `<span class="gap"></span>${one(s.drawn[seat], -1, true)}` : '';
  return `<div class="hand" data-hand>${body}${drawn}</div>`;
}

export { meldsHtml };
