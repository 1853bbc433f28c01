// The page's entry: reads the address and shows the lobby, a table (as a player with the
// token from the link or this browser's memory, or as a spectator) or a replay.

import { pickLanguage, setLanguage, LANGS, lang } from './i18n.js';
import { load, save, tokenFor } from './prefs.js';
import { lobby, joinPage } from './lobby.js';
import { icon } from './render.js';
import { TablePage } from './table.js';
import { ReplayPage } from './replay.js';

const prefs = load();
setLanguage(pickLanguage(prefs.lang, navigator.languages || [navigator.language]));
document.documentElement.lang = lang();

// Each language by its own name: drawn for Chinese and Japanese (a visitor without those
// fonts still sees which is which), read out from the label.
const LANG_NAMES = { en: 'English', zh: '中文', ja: '日本語' };

function langSwitch() {
  const nav = document.createElement('div');
  nav.className = 'lang-switch';
  nav.setAttribute('role', 'group');
  nav.setAttribute('aria-label', 'Language');
  nav.innerHTML =
    icon('lang') +
    LANGS.map(
      (l) =>
        `<button type="button" data-lang="${l}" lang="${l}" aria-pressed="${l === lang()}" aria-label="${LANG_NAMES[l]}" title="${l.toUpperCase()}">${l === 'en' ? 'EN' : icon(l)}</button>`,
    ).join('');
  nav.addEventListener('click', (e) => {
    const b = e.target.closest('[data-lang]');
    if (!b) return;
    const p = load();
    p.lang = b.dataset.lang;
    save(p);
    location.reload();
  });
  document.body.appendChild(nav);
}

function start() {
  const root = document.getElementById('app');
  const path = location.pathname;
  const q = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  const m = /^\/t\/([^/]+)$/.exec(path);
  if (m) {
    const table = decodeURIComponent(m[1]);
    if (q.has('watch')) {
      new TablePage(root, { table, spectate: true });
    } else {
      const token = hash.get('token') || tokenFor(table);
      if (token) new TablePage(root, { table, token });
      else joinPage(root, table);
    }
  } else if (path === '/replay') {
    const player = Number(q.get('player') || 0) % 4;
    if (q.has('upload')) {
      new ReplayPage(root, { text: sessionStorage.getItem('hupai.upload') || '', player });
    } else {
      new ReplayPage(root, { game: q.get('game'), player });
    }
  } else {
    lobby(root);
  }
  langSwitch();
}

start();
