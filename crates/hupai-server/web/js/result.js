// The end of a hand (each win laid out with its yaku or fans, fu, points and payments; a
// draw with the ready hands) and the end of a match (the standings).

import { t, lang } from './i18n.js';
import { esc, tile, tiles } from './render.js';
import { parseHand } from './state.js';
import { mpsz, kindOf } from './tiles.js';

function yakuName(id, names) {
  const n = names && names[id];
  return n ? n[lang()] || n.en : id.replace(/_/g, ' ');
}

function deltas(s, d) {
  if (!Array.isArray(d)) return '';
  const rows = d
    .map((x, seat) => {
      const name = s.names[s.players[seat] ?? seat] || `${t('seat')} ${seat}`;
      const cls = x > 0 ? 'plus' : x < 0 ? 'minus' : 'zero';
      return `<tr><td>${esc(name)}</td><td class="${cls}">${x > 0 ? '+' : ''}${esc(x)}</td><td>${esc(s.scores[seat])}</td></tr>`;
    })
    .join('');
  return `<table class="payments" aria-label="${t('payments')}"><tbody>${rows}</tbody></table>`;
}

function win(s, e, facts) {
  const riichi = facts?.rules?.family === 'riichi' || !facts;
  const unit = riichi ? t('han') : t('fan');
  const who = s.names[s.players[e.actor] ?? e.actor] || `${t('seat')} ${e.actor}`;
  const from =
    e.actor === e.target ? t('self_drawn') : `${t('from')} ${esc(s.names[s.players[e.target] ?? e.target] || e.target)}`;
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
    .map(([id, v]) => `<li><span>${esc(yakuName(id, facts?.names))}</span><span class="v">${esc(v)} ${unit}</span></li>`)
    .join('');
  const ura = e.ura_markers && e.ura_markers.length ? `<div class="ura">ura ${tiles(e.ura_markers, { cls: 'small' })}</div>` : '';
  const total = [e.han != null ? `${e.han} ${unit}` : '', e.fu ? `${e.fu} ${t('fu')}` : '', e.points != null ? `${e.points} ${t('points')}` : '']
    .filter(Boolean)
    .join(' · ');
  return (
    `<section class="win" data-result="hora"><h3>${t('win')}: ${esc(who)} <small>(${from})</small></h3>` +
    `<div class="win-hand">${handHtml} <span class="win-tile">${tile(e.pai)}</span></div>${ura}` +
    `<ul class="yaku">${yaku}</ul><div class="total">${total}</div>` +
    `<h4>${t('payments')}</h4>${deltas(s, e.deltas)}</section>`
  );
}

/** The result panel of the hand just over (empty when there is none). */
export function resultHtml(s, facts) {
  const r = s.result;
  if (!r) return '';
  let html = '';
  for (const e of r.wins) html += win(s, e, facts);
  for (const p of r.payments || []) {
    html += `<section class="payment"><h4>${esc(p.reason)}</h4>${deltas(s, p.deltas)}</section>`;
  }
  if (r.kind === 'draw') {
    const d = r.draw;
    const reason = d.reason && d.reason !== 'exhaustive' ? d.reason.replace(/_/g, ' ') : t('exhaustive');
    const ready = (d.tenpai || [])
      .map((on, seat) => {
        const name = s.names[s.players[seat] ?? seat] || seat;
        const shown = s.shown && s.shown.find(([x]) => x === seat);
        const hand = shown ? `<span class="group">${tiles(shown[1])}</span>` : '';
        return `<li class="${on ? 'tenpai' : 'noten'}">${esc(name)}: ${on ? t('tenpai') : t('noten')} ${hand}</li>`;
      })
      .join('');
    html += `<section class="draw" data-result="ryukyoku"><h3>${t('draw')}: ${esc(reason)}</h3><ul class="ready">${ready}</ul>${deltas(s, d.deltas)}</section>`;
  }
  return html;
}

/** The final standings. */
export function standingsHtml(s) {
  if (!s.final) return '';
  const rows = s.final
    .map((score, player) => ({ score, player }))
    .sort((a, b) => b.score - a.score)
    .map((x, i) => `<tr><td>${i + 1}</td><td>${esc(s.names[x.player] || x.player)}</td><td>${esc(x.score)}</td></tr>`)
    .join('');
  return `<section class="standings" data-result="end_game"><h3>${t('match_over')} — ${t('standings')}</h3><table><tbody>${rows}</tbody></table></section>`;
}
