// The end of a hand (each win laid out with its yaku or fans, fu, points and payments; the
// settlements outside a win; a draw with the ready hands) and the end of a match (the
// standings). Every player is named with the seat's wind and where it sits from the viewer,
// since bots' names repeat.

import { t, lang, wind } from './i18n.js';
import { esc, tile, tiles } from './render.js';
import { parseHand, place, seatWind, seatsOf } from './state.js';
import { mpsz, kindOf } from './tiles.js';

function yakuName(id, names) {
  const n = names && names[id];
  return n ? n[lang()] || n.en : id.replace(/_/g, ' ');
}

/** The tile a yaku or fan is named for (役牌 中, 自風 東, 红中杠), as MPSZ; null for the rest.
 * The result shows it drawn beside the name, which may hold a character the visitor's fonts
 * lack. */
export function yakuTile(id) {
  const dragon = { yakuhai_haku: '5z', yakuhai_hatsu: '6z', yakuhai_chun: '7z', hong_zhong_gang: '7z', red_dragon_kong: '7z' }[id];
  if (dragon) return dragon;
  const wind = /^(seat|round)_wind_(east|south|west|north)$/.exec(id);
  return wind ? `${['east', 'south', 'west', 'north'].indexOf(wind[2]) + 1}z` : null;
}

/** Where a seat sits from the viewer, by place (0 the viewer, 1 right, 2 across, 3 left; a
 * table of three has no seat across): the i18n keys. */
export const REL = ['rel_you', 'rel_right', 'rel_across', 'rel_left'];

/** A seat's player as the result panels name it: the name, then the seat's wind this hand
 * and (for a player, not a spectator) where it sits: `bot (South · right)`. */
export function who(s, seat) {
  const name = s.names[s.players[seat] ?? seat] || `${t('seat')} ${seat}`;
  const where = [wind(seatWind(s, seat))];
  if (s.player !== null) where.push(t(REL[place(s, seat)]));
  return `<span class="who" data-who="${seat}">${esc(name)} <small class="where">(${esc(where.join(' · '))})</small></span>`;
}

/** Who paid and got what, with the scores after it (the event's, else the current ones);
 * `changed` leaves out the seats that neither paid nor got anything. */
function deltas(s, d, scores = null, { changed = false } = {}) {
  if (!Array.isArray(d)) return '';
  const after = Array.isArray(scores) ? scores : s.scores;
  const rows = d
    .map((x, seat) => {
      if (changed && x === 0) return '';
      const cls = x > 0 ? 'plus' : x < 0 ? 'minus' : 'zero';
      return `<tr><td>${who(s, seat)}</td><td class="${cls}">${x > 0 ? '+' : ''}${esc(x)}</td><td>${esc(after[seat])}</td></tr>`;
    })
    .join('');
  return `<table class="payments" aria-label="${t('payments')}"><tbody>${rows}</tbody></table>`;
}

function win(s, e, facts) {
  const riichi = facts?.rules?.family === 'riichi' || !facts;
  const unit = riichi ? t('han') : t('fan');
  const from = e.actor === e.target ? t('self_drawn') : `${t('from')}: ${who(s, e.target)}`;
  const groups = parseHand(e.hand);
  // The hand text holds the win tile among the concealed tiles: it is shown apart.
  if (groups.length && !groups[0].label) {
    const w = mpsz(e.pai);
    const c = groups[0].tiles;
    let i = c.indexOf(w);
    if (i < 0) i = c.findIndex((x) => kindOf(x) === kindOf(w));
    if (i >= 0) c.splice(i, 1);
  }
  const handHtml = groups.length
    ? groups
        .map((g) => `<span class="group${g.label ? ' meld' : ''}" title="${esc(g.label)}">${tiles(g.tiles)}</span>`)
        .join('')
    : '';
  const yaku = (e.yaku || [])
    .map(([id, v]) => {
      const named = yakuTile(id);
      const pic = named ? tile(named, { cls: 'small', attrs: 'data-named="true"' }) : '';
      return `<li data-yaku="${esc(id)}"><span class="yaku-name">${pic}${esc(yakuName(id, facts?.names))}</span><span class="v">${esc(v)} ${unit}</span></li>`;
    })
    .join('');
  const ura = e.ura_markers && e.ura_markers.length ? `<div class="ura">${esc(yakuName('ura_dora', facts?.names))} ${tiles(e.ura_markers, { cls: 'small' })}</div>` : '';
  const horses = e.horses
    ? `<div class="horses" data-horses="${esc(e.horses.hits)}">${esc(t('horses'))} ${tiles(e.horses.pai, { cls: 'small' })} · ${esc(e.horses.hits)} ${esc(t('horse_hits'))}</div>`
    : '';
  const total = [e.han != null ? `${e.han} ${unit}` : '', e.fu ? `${e.fu} ${t('fu')}` : '', e.points != null ? `${e.points} ${t('points')}` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    `<section class="win" data-result="hora"><h3>${t('win')}: ${who(s, e.actor)} <small class="from">— ${from}</small></h3>` +
    `<div class="win-hand">${handHtml} <span class="win-tile">${tile(e.pai)}</span></div>${ura}${horses}` +
    `<ul class="yaku">${yaku}</ul><div class="total">${total}</div>` +
    `<h4>${t('payments')}</h4>${deltas(s, e.deltas, e.scores)}</section>`
  );
}

/** The label of a `payment` event's reason (查大叫, 查花猪, ...), the id itself if unknown. */
export function paymentLabel(reason) {
  const key = `pay_${reason}`;
  const l = t(key);
  return l === key ? String(reason).replace(/_/g, ' ') : l;
}

function payment(s, p) {
  return (
    `<section class="payment" data-payment="${esc(p.reason)}"><h4>${esc(paymentLabel(p.reason))}` +
    `${p.actor != null ? ` — ${who(s, p.actor)}` : ''}</h4>${deltas(s, p.deltas, p.scores, { changed: true })}</section>`
  );
}

/** A drawn hand's reason in the page's language (荒牌流局, 九種九牌, ...). */
export function drawReason(reason) {
  if (!reason || reason === 'exhaustive') return t('exhaustive');
  const key = `draw_${reason}`;
  const l = t(key);
  return l === key ? reason.replace(/_/g, ' ') : l;
}

/** The result panel of the hand just over, or of the wins so far in a hand that goes on
 * after them (empty when there is none). */
export function resultHtml(s, facts) {
  const r = s.result;
  if (!r) return '';
  let html = '';
  if (!s.handOver && r.wins.length && r.kind !== 'draw') html += `<p class="so-far">${t('wins_so_far')}</p>`;
  // The wins and settlements in the order they happened (a Sichuan kong pays before a win).
  const order = r.order || [...r.wins, ...(r.payments || [])];
  for (const e of order) html += e.type === 'hora' ? win(s, e, facts) : payment(s, e);
  if (r.kind === 'draw') {
    const d = r.draw;
    const ready = (d.tenpai || [])
      .map((on, seat) => {
        const shown = s.shown && s.shown.find(([x]) => x === seat);
        const hand = shown ? `<span class="group" data-shown="${seat}">${tiles(shown[1])}</span>` : '';
        return `<li class="${on ? 'tenpai' : 'noten'}" data-tenpai="${on}">${who(s, seat)}: ${on ? t('tenpai') : t('noten')} ${hand}</li>`;
      })
      .join('');
    const paid = Array.isArray(d.deltas) && d.deltas.some((x) => x !== 0);
    html +=
      `<section class="draw" data-result="ryukyoku"><h3>${t('draw')}: ${esc(drawReason(d.reason))}</h3>` +
      (ready ? `<h4>${t('ready_hands')}</h4><ul class="ready">${ready}</ul>` : '') +
      (paid ? `<h4>${d.reason === 'exhaustive' || !d.reason ? t('noten_payments') : t('payments')}</h4>${deltas(s, d.deltas, d.scores)}` : '') +
      `</section>`;
  }
  // Several wins and settlements: what each seat got in all (the table's score moves).
  const moves = r.kind === 'draw' ? [...order, r.draw] : order;
  if (order.length > 1) {
    const sum = seatsOf(s).map((seat) => moves.reduce((a, e) => a + (Array.isArray(e.deltas) ? e.deltas[seat] || 0 : 0), 0));
    html += `<section class="hand-total" data-result="total"><h4>${t('hand_total')}</h4>${deltas(s, sum)}</section>`;
  }
  return html;
}

/** The final standings (by player; each named with the seat of the last hand). */
export function standingsHtml(s) {
  if (!s.final) return '';
  const rows = s.final
    .map((score, player) => ({ score, player }))
    .sort((a, b) => b.score - a.score)
    .map((x, i) => {
      const at = s.players.indexOf(x.player);
      const name = at >= 0 ? who(s, at) : esc(s.names[x.player] || x.player);
      return `<tr data-player="${x.player}"><td>${i + 1}</td><td>${name}</td><td>${esc(x.score)}</td></tr>`;
    })
    .join('');
  return `<section class="standings" data-result="end_game"><h3>${t('match_over')} — ${t('standings')}</h3><table><tbody>${rows}</tbody></table></section>`;
}
