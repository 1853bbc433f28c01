// What the page remembers in localStorage: the switches (help, auto-pass, auto-discard), the
// language, and the player's seats at recent tables (to resume and to find their games).

const PREFS = 'hupai.prefs';
const RECENT = 'hupai.recent';

function read(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or refused: not remembered */
  }
}

/** The switches. */
export function load() {
  const p = read(PREFS, {});
  return { help: !!p.help, autoPass: !!p.autoPass, autoDiscard: !!p.autoDiscard, lang: p.lang || null };
}

/** Remembers the switches. */
export function save(p) {
  write(PREFS, p);
}

/** The tables this browser sat at, newest first. */
export function recent() {
  const r = read(RECENT, []);
  return Array.isArray(r) ? r : [];
}

/** Remembers a seat (its token, so a reload or another visit resumes it). */
export function remember(entry) {
  const list = recent().filter((x) => x.table !== entry.table);
  list.unshift({ ...entry, at: Date.now() });
  write(RECENT, list.slice(0, 30));
}

/** The token this browser holds for a table, if any. */
export function tokenFor(table) {
  return recent().find((x) => x.table === table && x.token)?.token ?? null;
}
