// The lobby: a table against bots in one click (three, or two under three-player rules), a table with friends by link, the open
// tables to join or watch, this browser's recent games and the server's finished ones.

import { api } from './net.js';
import { t } from './i18n.js';
import { esc, icon } from './render.js';
import { recent, remember } from './prefs.js';

/** The site's title: the mark, 胡牌 (drawn: no font needed) and its Latin name. */
const TITLE = `${icon('mark')}${icon('title', { label: '胡牌' })} hupai`;

const PRESETS = ['riichi', 'riichi-majsoul', 'sanma', 'sanma-majsoul', 'mcr', 'chinese', 'laizi', 'sichuan', 'sichuan-xueliu', 'sichuan-exchange'];
const LENGTHS = ['hand', 'east', 'half', 'full'];
const BOTS = ['defensive', 'search', 'efficiency', 'random'];

/** The bots offered under the preset `rules`, as `{ spec, label }`: the built-in AIs, with
 * the server's learned models (`GET /api/models`) that play `rules` after `search`. */
export function botsFor(rules, models = []) {
  const learned = models
    .filter((m) => Array.isArray(m.presets) && m.presets.includes(rules))
    .map((m) => ({ spec: m.spec, label: `${t('bot_model')}: ${m.name}` }));
  const builtin = BOTS.map((b) => ({ spec: b, label: t(`bot_${b}`) }));
  const after = BOTS.indexOf('search') + 1;
  return [...builtin.slice(0, after), ...learned, ...builtin.slice(after)];
}

/** The options of the bot list, the one chosen kept when the preset still offers it. */
function botOptions(bots, chosen) {
  const keep = bots.some((b) => b.spec === chosen) ? chosen : bots[0].spec;
  return bots
    .map((b) => `<option value="${esc(b.spec)}"${b.spec === keep ? ' selected' : ''}>${esc(b.label)}</option>`)
    .join('');
}

function select(id, values, label) {
  return `<select id="${id}">${values.map((v) => `<option value="${v}">${esc(label(v))}</option>`).join('')}</select>`;
}

/** How many players a preset seats (4, or 3 for three-player riichi), as the server's rule
 * facts say; 4 when they cannot be had. */
const playersCache = new Map();
export async function playersOf(rules) {
  if (!playersCache.has(rules)) {
    playersCache.set(
      rules,
      api(`/api/rules/${encodeURIComponent(rules)}`)
        .then((f) => (f?.rules?.players === 3 ? 3 : 4))
        .catch(() => 4),
    );
  }
  return playersCache.get(rules);
}

/** The seats of a new table of `players` seats: the creator, then `friends` open seats, then
 * bots. */
export function seatsFor(players, bot, friends = 0) {
  const seats = ['human'];
  for (let i = 1; i < players; i++) seats.push(i <= friends ? 'open' : `bot:${bot}`);
  return seats;
}

/** Creates a table and returns the server's answer. */
export async function createTable({ rules, length, bot, friends = 0, priv = false }) {
  const players = await playersOf(rules);
  const seats = seatsFor(players, bot, Math.min(friends, players - 1));
  return api('/api/tables', { method: 'POST', body: { rules, length, seats, private: priv } });
}

/** The friends' seats a table of `players` offers (1 .. players - 1, the most chosen). */
function friendOptions(players) {
  const n = players - 1;
  return Array.from({ length: n }, (_, i) => `<option${i + 1 === n ? ' selected' : ''}>${i + 1}</option>`).join('');
}

export async function lobby(root) {
  root.innerHTML = `
    <div class="lobby">
      <h1>${TITLE}</h1>
      <section class="new">
        <div class="row">
          <label>${t('rules')} ${select('rules', PRESETS, (v) => v)}</label>
          <label>${t('length')} ${select('length', LENGTHS, (v) => t(`len_${v}`))}</label>
          <label>${t('bots')} <select id="bot">${botOptions(botsFor(PRESETS[0]), BOTS[0])}</select></label>
        </div>
        <div class="row">
          <button type="button" id="play-bots" class="primary" data-lobby="bots">${t('play_bots')}</button>
          <span id="seats-note" class="note" data-players="4"></span>
        </div>
        <div class="row">
          <label>${t('friends_seats')} <select id="friends">${friendOptions(4)}</select></label>
          <label><input type="checkbox" id="private" checked> ${t('private')}</label>
          <button type="button" id="play-friends" data-lobby="friends">${t('play_friends')}</button>
        </div>
        <div id="share" class="share"></div>
        <p id="lobby-error" class="error" role="alert"></p>
      </section>
      <section><h2>${t('open_tables')}</h2><div id="tables">...</div></section>
      <section><h2>${t('recent')}</h2><div id="recent"></div></section>
      <section><h2>${t('finished')}</h2><div id="games">...</div>
        <p><label>${t('upload')} <input type="file" id="upload" accept=".jsonl,.json,.log,.txt"></label></p></section>
    </div>`;
  const $ = (id) => root.querySelector(`#${id}`);
  const form = () => ({ rules: $('rules').value, length: $('length').value, bot: $('bot').value });
  const fail = (e) => {
    $('lobby-error').textContent = `${t('error')}: ${e.message}`;
  };
  // The server's learned models, offered under the presets they play.
  const models = api('/api/models')
    .then((r) => (Array.isArray(r?.models) ? r.models : []))
    .catch(() => []);
  // Three-player rules seat two bots (or friends) beside the creator.
  const seatsChanged = async () => {
    const rules = $('rules').value;
    const players = await playersOf(rules);
    const bots = botsFor(rules, await models);
    if ($('rules').value !== rules) return;
    $('bot').innerHTML = botOptions(bots, $('bot').value);
    $('play-bots').textContent = t(players === 3 ? 'play_bots_two' : 'play_bots');
    $('seats-note').dataset.players = String(players);
    $('seats-note').textContent = players === 3 ? t('three_players') : '';
    if ($('friends').options.length !== players - 1) $('friends').innerHTML = friendOptions(players);
  };
  $('rules').addEventListener('change', seatsChanged);
  seatsChanged();
  $('play-bots').addEventListener('click', async () => {
    try {
      const r = await createTable(form());
      const me = r.seats[0];
      remember({ table: r.table, player: 0, token: me.token, rules: form().rules });
      location.assign(me.join_url);
    } catch (e) {
      fail(e);
    }
  });
  $('play-friends').addEventListener('click', async () => {
    try {
      const friends = Number($('friends').value);
      const r = await createTable({ ...form(), friends, priv: $('private').checked });
      const me = r.seats[0];
      remember({ table: r.table, player: 0, token: me.token, rules: form().rules });
      const link = `${location.origin}/t/${r.table}`;
      $('share').innerHTML = `<p>${t('share')}</p><input readonly value="${esc(link)}" aria-label="link">
        <p><a href="${esc(r.watch_url)}">${t('watch')}</a> · <a class="primary" href="${esc(me.join_url)}">${t('open_seat')}</a></p>`;
    } catch (e) {
      fail(e);
    }
  });
  $('upload').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    sessionStorage.setItem('hupai.upload', await f.text());
    location.assign('/replay?upload=1');
  });
  const mine = recent();
  $('recent').innerHTML = mine.length
    ? `<ul>${mine
        .slice(0, 10)
        .map(
          (x) =>
            `<li>${esc(new Date(x.at).toLocaleString())} · ${esc(x.rules || '')} · <a href="/t/${esc(x.table)}?seat=${x.player}${x.token ? `#token=${esc(x.token)}` : ''}">${t('join')}</a> · <a href="/replay?game=${esc(x.table)}&player=${x.player}">${t('replay')}</a></li>`,
        )
        .join('')}</ul>`
    : `<p>${t('none_yet')}</p>`;
  try {
    const { tables } = await api('/api/tables');
    $('tables').innerHTML = tables.length
      ? `<ul>${tables
          .map((x) => {
            const open = x.seats.some(([kind, taken]) => kind === 'open' && !taken);
            return `<li>${esc(x.id)} · ${esc(x.rules)} · ${esc(x.length)} · ${x.names.map(esc).join(', ')} ${
              open ? `<button type="button" data-join="${esc(x.id)}">${t('join')}</button>` : ''
            } <a href="/t/${esc(x.id)}?watch">${t('watch')}</a></li>`;
          })
          .join('')}</ul>`
      : `<p>${t('none_yet')}</p>`;
    $('tables').addEventListener('click', async (e) => {
      const b = e.target.closest('[data-join]');
      if (!b) return;
      try {
        const r = await api(`/api/tables/${encodeURIComponent(b.dataset.join)}/join`, { method: 'POST', body: {} });
        remember({ table: r.table, player: r.seat, token: r.token });
        location.assign(r.join_url);
      } catch (err) {
        fail(err);
      }
    });
  } catch (e) {
    $('tables').textContent = e.message;
  }
  try {
    const { games } = await api('/api/games');
    $('games').innerHTML = games.length
      ? `<ul>${games
          .map(
            (g) =>
              `<li>${esc(new Date(g.finished_ms).toLocaleString())} · ${esc(g.rules)} · ${g.names.map(esc).join(', ')} · <a href="/replay?game=${esc(g.id)}">${t('replay')}</a></li>`,
          )
          .join('')}</ul>`
      : `<p>${t('none_yet')}</p>`;
  } catch (e) {
    $('games').textContent = e.message;
  }
}

/** The page of a table link without a token: join its open seat, or watch. */
export function joinPage(root, table) {
  root.innerHTML = `<div class="lobby"><h1>${TITLE}</h1><p>${esc(table)}</p>
    <p><button type="button" class="primary" id="join">${t('join')}</button> <a href="/t/${esc(table)}?watch">${t('watch')}</a></p>
    <p id="lobby-error" class="error" role="alert"></p></div>`;
  root.querySelector('#join').addEventListener('click', async () => {
    try {
      const r = await api(`/api/tables/${encodeURIComponent(table)}/join`, { method: 'POST', body: {} });
      remember({ table: r.table, player: r.seat, token: r.token });
      location.assign(r.join_url);
    } catch (e) {
      root.querySelector('#lobby-error').textContent = `${t('error')}: ${e.message}`;
    }
  });
}
