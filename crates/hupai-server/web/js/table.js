// The table page: one seat's (or a spectator's) stream folded into the view, the prompt's
// options as clickable tiles and buttons, the clock, the help panel (computed by the server
// from this seat's own view), sounds, and the result of each hand.

import { Connection, api } from './net.js';
import { initial, apply, fold } from './state.js';
import { group, pick, buttons, automatic, callTiles, riichiTiles, exchangeOf, exchangeAllows } from './options.js';
import { t, lang } from './i18n.js';
import { esc, icon, tile, tiles, seatPanel, infoBar, centre, ownHand, meldsHtml, kitaHtml, suitLabel } from './render.js';
import { resultHtml, standingsHtml } from './result.js';
import { tileName, kindOf, mpsz } from './tiles.js';
import { play, soundOf, muted, setMuted } from './sound.js';
import { announcement, Announcer, SHOWN_MS } from './announce.js';
import { load, save, remember } from './prefs.js';

/** Sets a region's HTML only when it changed, so unchanged parts keep their elements (and
 * the focus, the hover, a running transition). */
function setHtml(el, html) {
  if (el.__html !== html) {
    el.innerHTML = html;
    el.__html = html;
  }
}

const soundText = () => `${icon(muted() ? 'mute' : 'sound')}${esc(muted() ? t('sound_off') : t('sound_on'))}`;

const coarse = () => globalThis.matchMedia && matchMedia('(pointer: coarse)').matches;

/** Rule facts by name (the wall's size, the yaku names), fetched once. */
const factsCache = new Map();
async function factsOf(name) {
  if (!factsCache.has(name)) {
    factsCache.set(name, api(`/api/rules/${encodeURIComponent(name)}`).catch(() => null));
  }
  return factsCache.get(name);
}

function actionLabel(o, called) {
  const name = (p) => tileName(p, lang());
  switch (o.type) {
    case 'discard':
      return `${t('discard')} ${name(o.pai)}`;
    case 'riichi':
      return `${t('riichi')} ${name(o.pai)}`;
    case 'chi':
    case 'pon':
      return `${t(o.type)} ${o.consumed.map(name).join(' ')}${called ? ` + ${name(called)}` : ''}`;
    case 'open_kan':
      return `${t('kan')}${called ? ` ${name(called)}` : ''}`;
    case 'closed_kan':
    case 'added_kan':
      return `${t('kan')} ${name(o.pai)}`;
    case 'lone_kong':
      // Wuhan: a red dragon is 红中杠, the other lone-kong tile (the joker) 赖子杠.
      return o.pai === 'C' ? t('red_dragon_kong') : `${t('joker_kong')} ${name(o.pai)}`;
    case 'ron':
      return t('ron');
    case 'tsumo':
      return t('tsumo');
    case 'pass':
      return t('pass');
    case 'nine_terminals':
      return t('nine_terminals');
    case 'kita':
      return t('kita');
    case 'void':
      return `${t('void')}: ${t(`suit_${o.suit}`)}`;
    default:
      return o.type;
  }
}

export class TablePage {
  constructor(root, { table, token = null, spectate = false }) {
    this.root = root;
    this.table = table;
    this.token = spectate ? null : token;
    this.events = [];
    this.state = initial(null);
    this.prompt = null;
    this.promptAt = 0;
    this.groups = group([]);
    this.hint = null;
    this.selected = null;
    this.chosen = []; // 换三张: the hand positions chosen to pass
    this.mode = null; // 'riichi' | {action, options} while choosing
    this.takeover = false;
    this.facts = null;
    this.error = '';
    this.status = 'connecting';
    this.prefs = load();
    this.renders = [];
    this.overlayOpen = false;
    this.pendingHint = false;
    this.said = []; // announcements and flights waiting for the next drawing
    globalThis.__hupai = this; // for tests and the render-time measure
    this.skeleton();
    this.conn = new Connection({
      table,
      token: this.token,
      onMessage: (m) => this.onMessage(m),
      onStatus: (s) => {
        this.status = s;
        this.renderStatus();
      },
    });
    this.conn.open();
    this.clock = setInterval(() => this.renderClock(), 200);
    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
  }

  skeleton() {
    this.root.innerHTML = `
      <div class="table-page">
        <header class="bar">
          <a class="home" href="/" aria-label="${t('lobby')}" title="${t('lobby')}">${icon('mark')}</a>
          <div class="info" id="info"></div>
          <div class="controls">
            <label><input type="checkbox" id="opt-help"${this.prefs.help ? ' checked' : ''}> ${icon('help')} ${t('help')}</label>
            <label><input type="checkbox" id="opt-pass"${this.prefs.autoPass ? ' checked' : ''}> ${t('auto_pass')}</label>
            <label><input type="checkbox" id="opt-discard"${this.prefs.autoDiscard ? ' checked' : ''}> ${t('auto_discard')}</label>
            <button type="button" id="opt-sound" class="toggle" aria-pressed="${!muted()}">${soundText()}</button>
            <button type="button" id="opt-result" class="toggle" hidden>${t('win')}/${t('draw')}</button>
          </div>
        </header>
        <div class="status" id="status" role="status" aria-live="polite"></div>
        <div class="takeover" id="takeover" role="alert" data-takeover hidden></div>
        <main class="board" id="board"><div class="slot" id="seat-0"></div><div class="slot" id="seat-1"></div><div class="slot" id="seat-2"></div><div class="slot" id="seat-3"></div><div class="slot" id="centre"></div><div class="callouts" id="callouts" aria-hidden="true"></div></main>
        <div class="sr" id="announcer" role="status" aria-live="polite" aria-label="${t('announcements')}"></div>
        <section class="me" id="me">
          <div id="hand"></div>
          <div class="prompt-line"><span id="clock" class="clock"></span><span id="confirm" class="confirm"></span></div>
          <div class="actions" id="actions"></div>
          <div class="choices" id="choices"></div>
          <p class="keys" id="keys">${esc(t('keys'))}</p>
        </section>
        <aside class="help" id="help" aria-label="${t('help')}"></aside>
        <div class="overlay" id="overlay" hidden><div class="sheet" role="dialog" aria-modal="false">
          <div id="result"></div><button type="button" id="close-result" data-close>${t('next')}</button></div></div>
      </div>`;
    const $ = (id) => this.root.querySelector(`#${id}`);
    this.el = {
      info: $('info'),
      status: $('status'),
      board: $('board'),
      seats: [0, 1, 2, 3].map((i) => $(`seat-${i}`)),
      centre: $('centre'),
      hand: $('hand'),
      clock: $('clock'),
      confirm: $('confirm'),
      actions: $('actions'),
      choices: $('choices'),
      help: $('help'),
      overlay: $('overlay'),
      takeover: $('takeover'),
      keys: $('keys'),
      result: $('result'),
    };
    this.announcer = new Announcer({ board: this.el.board, layer: $('callouts'), live: $('announcer') });
    $('opt-help').addEventListener('change', (e) => {
      this.prefs.help = e.target.checked;
      save(this.prefs);
      if (this.prefs.help) this.askHint();
      this.render();
    });
    $('opt-pass').addEventListener('change', (e) => {
      this.prefs.autoPass = e.target.checked;
      save(this.prefs);
      this.tryAutomatic();
    });
    $('opt-discard').addEventListener('change', (e) => {
      this.prefs.autoDiscard = e.target.checked;
      save(this.prefs);
      this.tryAutomatic();
    });
    $('opt-sound').addEventListener('click', (e) => {
      setMuted(!muted());
      e.currentTarget.setAttribute('aria-pressed', String(!muted()));
      e.currentTarget.innerHTML = soundText();
    });
    $('opt-result').addEventListener('click', () => this.showOverlay(true));
    $('close-result').addEventListener('click', () => this.showOverlay(false));
    this.el.hand.addEventListener('click', (e) => this.onTile(e));
    this.el.takeover.addEventListener('click', (e) => {
      if (e.target.closest('#back-btn')) this.conn.send({ type: 'back' });
    });
    this.el.actions.addEventListener('click', (e) => this.onButton(e));
    this.el.choices.addEventListener('click', (e) => this.onChoice(e));
  }

  destroy() {
    this.conn.close();
    clearInterval(this.clock);
    document.removeEventListener('keydown', this.keys);
  }

  // --- messages -------------------------------------------------------------------------

  onMessage(m) {
    switch (m.type) {
      case 'welcome': {
        const player = m.player ?? null;
        if (this.state.player !== player || this.state.events === 0) {
          // The table's seats: one name a seat (three at a three-player table).
          const seats = Array.isArray(m.names) && m.names.length === 3 ? 3 : 4;
          this.state = initial(player, this.state.liveBeforeDeal, seats);
          this.events = [];
        }
        this.state.names = m.names || this.state.names;
        this.welcome = m;
        factsOf(m.rules).then((f) => {
          this.facts = f;
          if (f) this.state.liveBeforeDeal = f.live_before_deal;
          this.render();
        });
        if (player !== null) remember({ table: this.table, player, token: this.token, names: m.names, rules: m.rules });
        this.render();
        break;
      }
      case 'event': {
        this.events[m.seq] = m.event;
        apply(this.state, m.event, m.seq);
        if (this.state.names.every((n) => !n) && this.welcome) this.state.names = this.welcome.names;
        const sound = soundOf(m.event);
        if (sound && this.live()) play(sound);
        if (this.live()) {
          // Said at the seat once the table is drawn with the event in it.
          const a = announcement(m.event, this.facts?.rules?.family ?? 'riichi');
          if (a) this.said.push({ a });
          if (a && ['ron', 'tsumo', 'draw'].includes(a.kind)) this.endSaidAt = performance.now();
          if (['chi', 'pon', 'daiminkan'].includes(m.event.type)) this.said.push({ fly: m.event });
        }
        if (m.event.type === 'start_kyoku') {
          clearTimeout(this.resultTimer);
          this.endSaidAt = null;
          this.showOverlay(false);
          this.hint = null;
        }
        // The result opens when the hand is over: a Sichuan hand goes on after a win, whose
        // seat is marked on the table (and the result stays a button away).
        if (m.event.type === 'end_kyoku' || m.event.type === 'end_game') this.openResult();
        // A decision that the stream moved past is gone.
        if (this.prompt && m.seq >= this.prompt.decision) this.clearPrompt();
        if (m.event.type === 'tsumo' && m.event.actor === this.state.seat && this.prefs.help) this.askHint();
        this.schedule();
        break;
      }
      case 'prompt':
        this.prompt = m;
        this.promptAt = performance.now();
        this.groups = group(m.options);
        this.mode = null;
        this.selected = null;
        this.chosen = [];
        if (this.overlayOpen) this.showOverlay(false);
        if (this.live()) play('turn');
        if (!this.tryAutomatic()) {
          if (this.prefs.help) this.askHint();
          this.schedule();
        }
        break;
      case 'accepted':
        if (this.prompt && this.prompt.decision === m.decision) this.clearPrompt();
        this.schedule();
        break;
      case 'hint':
        this.pendingHint = false;
        this.hint = m.hint;
        this.hintDecision = m.decision ?? null;
        this.schedule();
        break;
      case 'show_hands':
        this.state.shown = m.hands;
        this.renderResult();
        break;
      case 'reveal':
        for (const [seq, e] of m.events) this.events[seq] = e;
        this.rebuild();
        break;
      case 'takeover':
        if (m.player === this.state.player) {
          this.takeover = m.active;
          this.schedule();
        }
        break;
      case 'error':
        this.error = `${m.code}: ${m.message}`;
        if (m.code === 'bad_token' || m.code === 'unknown_table') this.fatal = true;
        this.renderStatus();
        break;
      default:
        break;
    }
  }

  live() {
    return this.welcome && this.state.seq >= (this.welcome.next_seq ?? 0);
  }

  rebuild() {
    const s = fold(
      this.events.map((e, i) => (e ? [i, e] : undefined)),
      this.state.player,
      this.state.liveBeforeDeal,
      Infinity,
      this.state.seats,
    );
    s.names = this.state.names;
    s.shown = this.state.shown;
    this.state = s;
    this.schedule();
  }

  clearPrompt() {
    this.prompt = null;
    this.groups = group([]);
    this.mode = null;
    this.selected = null;
    this.chosen = [];
  }

  askHint() {
    if (this.state.player === null || this.pendingHint) return;
    this.pendingHint = this.conn.send({ type: 'hint' });
  }

  send(action) {
    if (!this.prompt) return;
    const d = this.prompt.decision;
    this.conn.send({ type: 'act', decision: d, action });
    this.clearPrompt();
    this.schedule();
  }

  tryAutomatic() {
    if (!this.prompt) return false;
    const a = automatic(this.groups, this.prefs);
    if (a) {
      this.send(a);
      return true;
    }
    return false;
  }

  // --- input ----------------------------------------------------------------------------

  /** 换三张: the tiles (mjai names) of the chosen hand positions. */
  chosenTiles() {
    const s = this.state;
    return this.chosen.map((key) => (key === 'drawn' ? s.drawn[s.seat] : s.hands[s.seat][Number(key)]));
  }

  /** 换三张: a hand position joins or leaves the chosen tiles. */
  toggleChosen(key, pai) {
    const i = this.chosen.indexOf(key);
    if (i >= 0) this.chosen.splice(i, 1);
    else if (exchangeAllows(this.groups, this.chosenTiles(), pai)) this.chosen.push(key);
    else return false;
    this.schedule();
    return true;
  }

  canDiscard(pai, drawn) {
    if (!this.prompt) return false;
    if (this.groups.exchange.length) return exchangeAllows(this.groups, this.chosenTiles(), pai);
    if (this.mode === 'riichi') return !!pick(this.groups.riichi, pai, drawn);
    return !!pick(this.groups.discards, pai, drawn);
  }

  tileAction(pai, drawn) {
    return this.mode === 'riichi' ? pick(this.groups.riichi, pai, drawn) : pick(this.groups.discards, pai, drawn);
  }

  onTile(e) {
    const b = e.target.closest('[data-tile]');
    if (!b || !this.prompt) return;
    const key = b.dataset.index;
    const pai = b.dataset.pai;
    const drawn = key === 'drawn';
    if (this.groups.exchange.length) {
      this.toggleChosen(key, pai);
      return;
    }
    const action = this.tileAction(pai, drawn);
    if (!action) return;
    // On touch, the first tap selects and the second discards.
    if (coarse() && this.selected !== key) {
      this.selected = key;
      this.schedule();
      return;
    }
    this.send(action);
  }

  onButton(e) {
    const b = e.target.closest('[data-action]');
    if (!b || !this.prompt) return;
    if (b.dataset.suit) this.chooseVoid(b.dataset.suit);
    else this.press(b.dataset.action);
  }

  chooseVoid(suit) {
    const o = this.groups.void.find((x) => x.suit === suit);
    if (o) this.send(o);
    return !!o;
  }

  press(name) {
    const entry = buttons(this.groups).find((x) => x.action === name);
    if (!entry) return;
    if (name === 'exchange') {
      const o = exchangeOf(this.groups, this.chosenTiles());
      if (o) this.send(o);
      return;
    }
    if (name === 'reach') {
      if (this.mode === 'riichi') {
        this.mode = null;
      } else if (entry.options.length === 1) {
        this.send(entry.options[0]);
        return;
      } else {
        this.mode = 'riichi';
      }
      this.schedule();
      return;
    }
    if (entry.options.length === 1) {
      this.send(entry.options[0]);
      return;
    }
    this.mode = this.mode && this.mode.action === name ? null : { action: name, options: entry.options };
    this.schedule();
  }

  onChoice(e) {
    const b = e.target.closest('[data-choice]');
    if (!b || !this.mode || this.mode === 'riichi') return;
    const o = this.mode.options[Number(b.dataset.choice)];
    if (o) this.send(o);
  }

  handKeys() {
    const s = this.state;
    const list = (s.hands[s.seat] || []).map((_, i) => String(i));
    if (s.drawn[s.seat]) list.push('drawn');
    return list;
  }

  onKey(e) {
    if (e.target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return; // the browser's own (Ctrl+R is no riichi)
    if (!this.prompt) return;
    const keys = this.handKeys();
    const k = e.key;
    const lower = k.length === 1 ? k.toLowerCase() : k;
    // 定缺: M, P, S name the suit.
    if (this.groups.void.length && ['m', 'p', 's'].includes(lower)) {
      if (this.chooseVoid(lower)) e.preventDefault();
      return;
    }
    // A choice between calls (several chi): 1..n pick one.
    if (this.mode && this.mode !== 'riichi' && /^[1-9]$/.test(k)) {
      const o = this.mode.options[Number(k) - 1];
      if (o) this.send(o);
      e.preventDefault();
      return;
    }
    const byLetter = { r: 'reach', c: 'chi', p: 'pon', k: 'kan', b: 'kita', h: 'hora', x: 'exchange', ' ': 'none', n: 'none', Escape: null };
    if (k === 'ArrowRight' || k === 'ArrowLeft') {
      const i = keys.indexOf(this.selected);
      const next = k === 'ArrowRight' ? (i + 1) % keys.length : (i - 1 + keys.length) % keys.length;
      this.selected = keys[i < 0 ? keys.length - 1 : next];
      this.focusSelected = true;
      this.schedule();
      e.preventDefault();
    } else if (/^[0-9]$/.test(k)) {
      const i = k === '0' ? 9 : Number(k) - 1;
      if (keys[i]) this.selected = keys[i];
      this.focusSelected = true;
      this.schedule();
    } else if (k === 'Enter' && this.selected != null) {
      const s = this.state;
      const drawn = this.selected === 'drawn';
      const pai = drawn ? s.drawn[s.seat] : s.hands[s.seat][Number(this.selected)];
      if (this.groups.exchange.length) {
        // 换三张: Enter picks or drops the tile; X passes the three.
        this.toggleChosen(this.selected, pai);
        e.preventDefault();
        return;
      }
      const a = this.tileAction(pai, drawn);
      if (a) this.send(a);
      e.preventDefault();
    } else if (k === 'Escape') {
      this.mode = null;
      this.schedule();
    } else if (k.toLowerCase() in byLetter) {
      const name = byLetter[k.toLowerCase()];
      if (name) {
        this.press(name);
        e.preventDefault();
      }
    }
  }

  // --- drawing --------------------------------------------------------------------------

  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.render();
    });
  }

  /** Opens the result once the hand's last announcement (the win, the draw) has been seen on
   * the table. */
  openResult() {
    clearTimeout(this.resultTimer);
    const wait = this.endSaidAt == null ? 0 : Math.max(0, this.endSaidAt + SHOWN_MS - performance.now());
    if (wait > 0) this.resultTimer = setTimeout(() => this.showOverlay(true), wait);
    else this.showOverlay(true);
  }

  showOverlay(on) {
    const has = !!(this.state.result || this.state.final);
    this.overlayOpen = on && has;
    this.el.overlay.hidden = !this.overlayOpen;
    this.root.querySelector('#opt-result').hidden = !has || this.overlayOpen;
    if (this.overlayOpen) this.renderResult();
  }

  renderResult() {
    setHtml(this.el.result, resultHtml(this.state, this.facts) + standingsHtml(this.state));
  }

  renderStatus() {
    const parts = [];
    if (this.status === 'reconnecting') parts.push(t('reconnecting'));
    if (this.state.player === null && this.welcome) parts.push(t('spectating'));
    if (this.error) parts.push(`<span class="error">${esc(this.error)}</span>`);
    setHtml(this.el.status, parts.join(' · '));
  }

  renderTakeover() {
    this.el.takeover.hidden = !this.takeover;
    setHtml(
      this.el.takeover,
      this.takeover
        ? `<strong>${t('takeover')}</strong> <span class="note">${t('takeover_note')}</span> <button type="button" id="back-btn" class="primary" data-back>${t('im_back')}</button>`
        : '',
    );
  }

  clockText() {
    if (!this.prompt) return '';
    const left = Math.max(0, this.prompt.deadline_ms - (performance.now() - this.promptAt));
    const bank = Math.min(this.prompt.bank_ms, left);
    const base = left - bank;
    const sec = (ms) => Math.ceil(ms / 1000);
    return base > 0 ? `${sec(base)}s + ${t('bank')} ${sec(bank)}s` : `${t('bank')} ${sec(left)}s`;
  }

  renderClock() {
    const text = this.clockText();
    if (this.el.clock.textContent !== text) this.el.clock.textContent = text;
  }

  marks() {
    const h = this.prefs.help && this.hint ? this.hint : null;
    const riichiSet = this.mode === 'riichi' ? new Set(riichiTiles(this.groups)) : null;
    const anyThreat = h && h.threats && h.threats.some((x) => x.ready >= 0.2);
    return (pai) => {
      const m = { cls: '', badge: '', label: '' };
      if (riichiSet && riichiSet.has(pai)) {
        m.cls += ' riichi-ok';
        m.label = t('riichi');
      }
      if (h) {
        const k = kindOf(mpsz(pai));
        const d = h.danger?.find((x) => kindOf(mpsz(x.pai)) === k);
        if (anyThreat && d) {
          const pct = Math.round(d.deal_in * 100);
          m.badge = `${pct}%`;
          m.cls += pct >= 15 ? ' danger-high' : pct >= 6 ? ' danger-mid' : ' danger-low';
          m.label += ` ${t('danger')} ${pct}%`;
        }
        const dh = h.discards?.find((x) => x.pai && kindOf(mpsz(x.pai)) === k);
        if (dh) m.label += ` ${t('after_discard')}: ${dh.shanten <= 0 ? t('ready') : `${t('shanten')} ${dh.shanten}`}, ${t('effective')} ${dh.count}`;
        const sug = h.suggestion?.action;
        if (sug && (sug.type === 'discard' || sug.type === 'riichi') && sug.pai === pai) m.cls += ' suggested';
      }
      return m;
    };
  }

  helpHtml() {
    if (!this.prefs.help || this.state.player === null) return '';
    const h = this.hint;
    if (!h) return `<p>${t('help')}...</p>`;
    const L = lang();
    const list = (xs) => xs.map((u) => `<span class="u">${tile(u.pai, { cls: 'small' })}<b>${u.left}</b></span>`).join('');
    const sh = h.shanten < 0 ? t('complete') : h.shanten === 0 ? t('ready') : `${t('shanten')} ${h.shanten}`;
    let html = `<div class="h-shanten" data-shanten="${h.shanten}">${esc(sh)}</div>`;
    if (h.waits && h.waits.length) {
      const total = h.waits.reduce((a, u) => a + u.left, 0);
      html += `<div class="h-waits"><span>${h.shanten === 0 ? t('waits') : t('effective')} (${total} ${t('left')})</span> ${list(h.waits)}</div>`;
    }
    if (h.discards && h.discards.length) {
      // The best discards with their numbers; the tiles they wait on for the best two (a
      // hand tile's tooltip tells the same for every discard).
      const rows = h.discards
        .slice(0, 6)
        .map(
          (d, i) =>
            `<tr><td>${d.pai ? tile(d.pai, { cls: 'small' }) : icon('star', { label: t('complete') })}</td><td>${d.shanten < 0 ? t('complete') : d.shanten === 0 ? t('ready') : d.shanten}</td><td>${d.count}</td><td class="eff">${i < 2 ? list(d.tiles) : ''}</td></tr>`,
        )
        .join('');
      html += `<table class="h-discards"><thead><tr><th>${t('discard')}</th><th>${t('shanten')}</th><th>${t('effective')}</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
    }
    if (h.suggestion && this.prompt && this.hintDecision === this.prompt.decision) {
      const s = h.suggestion;
      // The tile the suggestion names is drawn beside its name.
      const pai = typeof s.action.pai === 'string' ? ` ${tile(s.action.pai, { cls: 'small' })}` : '';
      html += `<div class="h-suggestion" data-suggestion="${esc(s.action.type)}"><b>${t('suggestion')}:</b> ${esc(actionLabel(s.action, this.state.lastDiscard ? this.state.rivers[this.state.lastDiscard.seat][this.state.lastDiscard.index]?.pai : null))}${pai} — <span class="reason">${esc(s.reason)}</span></div>`;
    }
    if (h.threats && h.threats.some((x) => x.ready >= 0.2)) {
      html += `<div class="h-threats">${t('threat')}: ${h.threats
        .filter((x) => x.ready >= 0.2)
        .map((x) => `${esc(this.state.names[this.state.players[x.seat]] || x.seat)} ${Math.round(x.ready * 100)}%`)
        .join(', ')}</div>`;
    }
    void L;
    return html;
  }

  actionsHtml() {
    if (!this.prompt) {
      // While the AI plays the seat the banner says so; "waiting" would not be true.
      if (this.takeover) return '';
      return this.state.player !== null && this.state.round && !this.state.handOver ? `<span class="waiting">${t('waiting')}</span>` : '';
    }
    const called = this.state.lastDiscard ? this.state.rivers[this.state.lastDiscard.seat][this.state.lastDiscard.index]?.pai : null;
    const s = this.state;
    const mine = [...(s.hands[s.seat] || []), ...(s.drawn[s.seat] ? [s.drawn[s.seat]] : [])];
    const list = buttons(this.groups)
      .map((b) => {
        if (b.action === 'void') {
          // 定缺: the suit by name and picture, with how many of it the hand holds.
          const key = b.suit.toUpperCase();
          const name = `${t('void')}: ${t(`suit_${b.suit}`)}`;
          const held = mine.filter((p) => mpsz(p)?.[1] === b.suit).length;
          return `<button type="button" class="act act-void" data-action="void" data-suit="${b.suit}" aria-label="${esc(`${name}, ${held}`)}" aria-keyshortcuts="${key}" title="${esc(`${name} (${t('shortcut')} ${key})`)}">${suitLabel(b.suit)}<span class="held">x${held}</span><kbd>${key}</kbd></button>`;
        }
        if (b.action === 'exchange') {
          // 换三张: enabled once the chosen tiles are one of the options.
          const ready = !!exchangeOf(this.groups, this.chosenTiles());
          const name = `${t('exchange')} ${this.chosen.length}/3`;
          return `<button type="button" class="act act-exchange" data-action="exchange"${ready ? '' : ' disabled'} aria-keyshortcuts="X" title="${esc(`${name} (${t('shortcut')} X)`)}">${esc(name)}<kbd>X</kbd></button>`;
        }
        // 报听 in the Chinese families rides on the riichi action.
        const reachName = this.facts?.rules?.family && this.facts.rules.family !== 'riichi' ? 'declare' : 'riichi';
        // A Wuhan lone kong alone on the kan button is named for what it is (红中杠, 赖子杠).
        const lone = b.action === 'kan' && b.options.length === 1 && b.options[0].type === 'lone_kong';
        const label = b.action === 'hora' || lone ? actionLabel(b.options[0]) : b.action === 'none' ? t('pass') : t(b.action === 'reach' ? reachName : b.action);
        // 三人麻雀: the kita button shows the North it sets aside.
        const picture = b.action === 'kita' ? tile(b.options[0].pai || 'N', { cls: 'small', attrs: 'aria-hidden="true"' }) : '';
        const keyHint = { reach: 'R', chi: 'C', pon: 'P', kan: 'K', kita: 'B', hora: 'H', none: 'Space' }[b.action] || '';
        const keyName = { reach: 'R', chi: 'C', pon: 'P', kan: 'K', kita: 'B', hora: 'H', none: 'Space' }[b.action] || '';
        const active = (this.mode === 'riichi' && b.action === 'reach') || (this.mode && this.mode.action === b.action);
        const title = keyName ? ` title="${esc(`${label} (${t('shortcut')} ${keyName})`)}"` : '';
        return `<button type="button" class="act act-${b.action}${active ? ' active' : ''}" data-action="${b.action}" aria-keyshortcuts="${keyName}"${title}>${picture}${esc(label)}${
          b.options.length > 1 && b.action !== 'reach' ? ` (${b.options.length})` : ''
        }${keyHint ? `<kbd>${keyHint}</kbd>` : ''}</button>`;
      })
      .join('');
    const yours = this.groups.discards.length ? `<span class="your-turn">${t('your_turn')}</span>` : '';
    const voidNote = this.groups.void.length ? `<span class="void-choose">${t('void_choose')}</span>` : '';
    const exchangeNote = this.groups.exchange.length ? `<span class="void-choose">${t('exchange_choose')}</span>` : '';
    return yours + voidNote + exchangeNote + list;
  }

  choicesHtml() {
    if (!this.prompt || !this.mode || this.mode === 'riichi') return '';
    const called = this.state.lastDiscard ? this.state.rivers[this.state.lastDiscard.seat][this.state.lastDiscard.index]?.pai : null;
    return this.mode.options
      .map((o, i) => {
        const ts = callTiles(o, called);
        const label = esc(actionLabel(o, called));
        const body = ts.length ? tiles(ts, { cls: 'small' }) : label;
        return `<button type="button" class="choice${ts.length ? '' : ' text'}" data-choice="${i}" aria-label="${label}" aria-keyshortcuts="${i + 1}" title="${label} (${t('shortcut')} ${i + 1})">${body}<kbd>${i + 1}</kbd></button>`;
      })
      .join('');
  }

  /** The announcements and call flights of the events just drawn. */
  sayPending() {
    const list = this.said;
    this.said = [];
    for (const x of list) {
      if (x.a) this.announcer.say(this.state, x.a);
      else {
        const own = x.fly.actor === this.state.seat && this.state.player !== null;
        const melds = own ? this.el.hand.querySelector('.own-melds') : this.el.board.querySelector(`.seat[data-seat="${x.fly.actor}"] .melds`);
        this.announcer.fly(x.fly, melds);
      }
    }
  }

  render() {
    const t0 = performance.now();
    const s = this.state;
    const spectator = s.player === null;
    const threatOf = (seat) => (this.prefs.help && this.hint ? this.hint.threats?.find((x) => x.seat === seat)?.ready : null);
    setHtml(this.el.info, infoBar(s));
    this.el.board.dataset.seats = String(s.seats);
    const afterWin = this.facts?.rules?.after_win ?? null;
    for (const seat of [0, 1, 2, 3]) {
      setHtml(this.el.seats[seat], seatPanel(s, seat, { open: true, threat: threatOf(seat), melds: spectator || seat !== s.seat, afterWin }));
    }
    setHtml(this.el.centre, centre(s, ''));
    if (spectator) {
      setHtml(this.el.hand, `<div class="hand spectator">${tiles(s.hands[s.seat] || [], { cls: '' })}${s.drawn[s.seat] ? `<span class="gap"></span>${tile(s.drawn[s.seat])}` : ''}</div>`);
    } else {
      const can = (pai, drawn) => this.canDiscard(pai, drawn);
      const chosen = this.groups.exchange.length ? this.chosen : null;
      setHtml(this.el.hand, ownHand(s, { can, marks: this.marks(), selected: this.selected, chosen }) +
        `<div class="own-melds">${meldsHtml(s, s.seat)}${kitaHtml(s, s.seat)}${s.flowers[s.seat].length ? tiles(s.flowers[s.seat], { cls: 'small' }) : ''}</div>`);
    }
    setHtml(this.el.actions, this.actionsHtml());
    setHtml(this.el.choices, this.choicesHtml());
    this.el.confirm.textContent = this.prompt && this.selected != null && coarse() ? t('confirm') : this.mode === 'riichi' ? `${t('riichi')}: ${t('pick_riichi')}` : '';
    setHtml(this.el.help, this.helpHtml());
    this.el.help.hidden = !this.prefs.help || spectator;
    this.el.keys.hidden = spectator;
    if (this.focusSelected) {
      // A tile chosen by keys gets the focus (outlined, and read out by a screen reader).
      this.focusSelected = false;
      this.el.hand.querySelector(`[data-index="${this.selected}"]`)?.focus({ preventScroll: true });
    }
    this.renderClock();
    this.renderStatus();
    this.renderTakeover();
    this.sayPending();
    if (this.overlayOpen) this.renderResult();
    this.root.querySelector('#opt-result').hidden = !(s.result || s.final) || this.overlayOpen;
    void this.el.board.offsetHeight; // style and layout count in the measure, not only script
    const ms = performance.now() - t0;
    this.renders.push(ms);
    if (this.renders.length > 500) this.renders.shift();
  }
}
