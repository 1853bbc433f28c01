// Replay and review (复盘) of a finished game, from the server's records or an uploaded log:
// step through every event, any seat at the bottom, every hand open or only that seat's; the
// review (computed by the server) marks each decision of the player where the AI would have
// chosen differently, with both options' numbers.

import { api } from './net.js';
import { fold, seatsOf } from './state.js';
import { t, lang } from './i18n.js';
import { esc, icon, tile, tiles, seatPanel, infoBar, centre, ownHand, meldsHtml, kitaHtml } from './render.js';
import { resultHtml, standingsHtml } from './result.js';
import { tileName } from './tiles.js';

/** Parses a log (one JSON event per line); throws with the line that is not an event. */
export function parseLog(text) {
  const out = [];
  String(text)
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      let e;
      try {
        e = JSON.parse(line);
      } catch {
        throw new Error(`line ${i + 1}: not JSON`);
      }
      if (!e || typeof e.type !== 'string') throw new Error(`line ${i + 1}: not an event`);
      out.push(e);
    });
  if (!out.length || out[0].type !== 'start_game') throw new Error('the log does not open with start_game');
  return out;
}

/** The steps worth stopping at: every event index after which something visible changed
 * (all of them but the announcements). */
export function stops(events) {
  return events.map((e, i) => i).filter((i) => !['dora', 'reach_accepted', 'end_kyoku'].includes(events[i].type));
}

function label(a) {
  if (!a) return '';
  const n = (p) => tileName(p, lang());
  switch (a.type) {
    case 'discard':
      return `${t('discard')} ${n(a.pai)}`;
    case 'riichi':
      return `${t('riichi')} ${n(a.pai)}`;
    case 'chi':
    case 'pon':
      return `${t(a.type)} ${a.consumed.map(n).join(' ')}`;
    case 'pass':
      return t('pass');
    case 'ron':
    case 'tsumo':
      return t(a.type);
    default:
      return a.type + (a.pai ? ` ${n(a.pai)}` : '');
  }
}

export class ReplayPage {
  constructor(root, { game = null, text = null, player = 0 }) {
    this.root = root;
    this.game = game;
    this.player = player;
    this.open = true;
    this.at = 0;
    this.review = null;
    this.facts = null;
    globalThis.__hupai = this;
    root.innerHTML = `<div class="replay-page"><header class="bar"><a class="home" href="/" aria-label="${t('lobby')}" title="${t('lobby')}">${icon('mark')}</a><div class="info" id="info"></div></header>
      <div class="replay-controls">
        <button type="button" data-step="start" aria-label="${t('start')}" title="${t('start')}">${icon('first')}</button>
        <button type="button" data-step="back" aria-label="${t('step_back')}" title="${t('step_back')}">${icon('prev')}</button>
        <input type="range" id="scrub" min="0" max="0" value="0" aria-label="step">
        <button type="button" data-step="forward" aria-label="${t('step_forward')}" title="${t('step_forward')}">${icon('next')}</button>
        <button type="button" data-step="end" aria-label="${t('end')}" title="${t('end')}">${icon('last')}</button>
        <label>${t('seat')} <select id="seat"><option value="0">0</option><option value="1">1</option><option value="2">2</option><option value="3">3</option></select></label>
        <label><input type="checkbox" id="open" checked> ${t('open_hands')}</label>
        <button type="button" id="do-review">${t('review')}</button>
        <span id="pos" class="pos"></span>
      </div>
      <p class="error" id="error" role="alert"></p>
      <main class="board" id="board"></main>
      <section class="me"><div id="hand"></div></section>
      <section class="result-inline" id="result"></section>
      <aside class="review" id="review"></aside></div>`;
    const $ = (id) => root.querySelector(`#${id}`);
    this.el = { info: $('info'), board: $('board'), hand: $('hand'), result: $('result'), review: $('review'), pos: $('pos'), scrub: $('scrub'), error: $('error') };
    $('seat').value = String(player);
    root.querySelector('.replay-controls').addEventListener('click', (e) => {
      const b = e.target.closest('[data-step]');
      if (b) this.step(b.dataset.step);
    });
    $('scrub').addEventListener('input', (e) => this.go(Number(e.target.value)));
    $('seat').addEventListener('change', (e) => {
      this.player = Number(e.target.value);
      this.review = null;
      this.el.review.innerHTML = '';
      this.render();
    });
    $('open').addEventListener('change', (e) => {
      this.open = e.target.checked;
      this.render();
    });
    $('do-review').addEventListener('click', () => this.loadReview());
    this.el.review.addEventListener('click', (e) => {
      const b = e.target.closest('[data-seq]');
      if (b) this.go(Math.max(0, Number(b.dataset.seq) - 1));
    });
    document.addEventListener('keydown', (e) => {
      if (e.target && ['INPUT', 'SELECT'].includes(e.target.tagName) && e.target.type !== 'range') return;
      if (e.key === 'ArrowRight') this.step('forward');
      else if (e.key === 'ArrowLeft') this.step('back');
    });
    this.load(text);
  }

  async load(text) {
    try {
      this.text = text ?? (await api(`/api/games/${encodeURIComponent(this.game)}/log`, { text: true }));
      this.events = parseLog(this.text);
      this.stops = stops(this.events);
      this.el.scrub.max = String(this.stops.length - 1);
      const name = this.events[0].hupai_rules || 'riichi';
      this.facts = await api(`/api/rules/${encodeURIComponent(name)}`).catch(() => null);
      // A three-player game (one name a seat) has no seat 3 to watch from.
      const names = this.events[0].names;
      if (Array.isArray(names) && names.length === 3) {
        this.root.querySelector('#seat option[value="3"]')?.remove();
        if (this.player > 2) {
          this.player = 0;
          this.root.querySelector('#seat').value = '0';
        }
      }
      // Open at the first deal (the game's opening line shows nothing yet).
      this.go(Math.max(0, this.events.findIndex((e) => e.type === 'start_kyoku')));
    } catch (e) {
      this.el.error.textContent = `${t('error')}: ${e.status === 409 ? t('no_log') : e.message}`;
    }
  }

  async loadReview() {
    this.el.review.innerHTML = '...';
    try {
      const q = `?player=${this.player}`;
      this.review = this.game
        ? await api(`/api/games/${encodeURIComponent(this.game)}/review${q}`)
        : await api(`/api/review${q}`, { method: 'POST', body: this.text });
      this.renderReview();
      this.render();
    } catch (e) {
      this.el.review.innerHTML = `<p class="error">${esc(e.message)}</p>`;
    }
  }

  renderReview() {
    const r = this.review;
    if (!r) return;
    const rows = r.decisions
      .filter((d) => d.differs)
      .map((d) => {
        const nums = d.numbers
          .map((j, i) => {
            const bits = [
              ...j.numbers.map(([k, v]) => `${esc(k)} ${esc(Math.round(v * 100) / 100)}`),
              j.shanten != null ? `${t('shanten')} ${j.shanten}` : '',
              j.effective != null ? `${t('effective')} ${j.effective}` : '',
              j.loss != null ? `${t('danger')} (${t('points')}) ${j.loss}` : '',
            ].filter(Boolean);
            const pai = j.action?.pai && typeof j.action.pai === 'string' ? tile(j.action.pai, { cls: 'small' }) : '';
            return `<div class="opt ${i === 0 ? 'mine' : 'ai'}"><b>${i === 0 ? t('chosen') : t('ai_choice')}:</b> ${esc(label(j.action))} ${pai} <small>${bits.join(' · ')}</small></div>`;
          })
          .join('');
        return `<li><button type="button" data-seq="${d.seq}" class="jump">${t('decision')} #${d.seq}</button> ${nums}<div class="reason">${esc(d.reason)}</div></li>`;
      })
      .join('');
    this.el.review.innerHTML = `<h3>${t('review_of')} ${r.player}: ${r.agreed}/${r.total} ${t('agreed')}</h3><ol class="differs">${rows}</ol>`;
  }

  step(how) {
    const n = this.stops.length;
    const i = this.stops.indexOf(this.at);
    const first = Math.max(0, this.stops.indexOf(this.events.findIndex((e) => e.type === 'start_kyoku')));
    const next = { start: first, end: n - 1, back: Math.max(0, i - 1), forward: Math.min(n - 1, i + 1) }[how];
    this.go(this.stops[next] ?? 0);
  }

  go(index) {
    // `index` is an event index; the scrubber moves through the stops.
    const stop = this.stops.includes(index) ? index : this.stops.find((s) => s >= index) ?? this.stops[this.stops.length - 1];
    this.at = stop;
    this.el.scrub.value = String(this.stops.indexOf(stop));
    this.render();
  }

  render() {
    if (!this.events) return;
    const t0 = performance.now();
    const s = fold(this.events, this.player, this.facts?.live_before_deal ?? null, this.at + 1);
    if (!s.names.some(Boolean)) s.names = this.events[0].names || s.names;
    this.state = s;
    this.el.info.innerHTML = infoBar(s);
    this.el.board.dataset.seats = String(s.seats);
    this.el.board.innerHTML = seatsOf(s).map((seat) => seatPanel(s, seat, { open: this.open, melds: seat !== s.seat, afterWin: this.facts?.rules?.after_win ?? null })).join('') + centre(s, '');
    this.el.hand.innerHTML = ownHand(s, { dim: false }) + `<div class="own-melds">${meldsHtml(s, s.seat)}${kitaHtml(s, s.seat)}</div>`;
    const e = this.events[this.at];
    const marked = this.review?.decisions.find((d) => d.seq === this.at + 1 && d.differs);
    this.el.pos.innerHTML = `${this.at + 1}/${this.events.length} · ${esc(e.type)}${marked ? ` ${icon('flag', { label: t('differs') })}` : ''}`;
    this.el.result.innerHTML = resultHtml(s, this.facts) + standingsHtml(s);
    this.renderMs = performance.now() - t0;
  }
}

export { tile, tiles };
