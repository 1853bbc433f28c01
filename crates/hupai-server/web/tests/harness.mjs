// What the browser tests share: a real `hupai serve` on a free loopback port, headless
// Chromium (Debian's `chromium`, driven by npm `playwright-core`), pages that collect console
// errors, screenshots, tables of bots with a seed, and the person's moves by clicks or keys.
// Each test file calls `setup()` once.
//
// Screenshots and the measured figures go to target/web-screenshots/ (HUPAI_SHOTS to move it).

import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { liveAssets } from './live-assets.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../../..');
const BIN = process.env.HUPAI_BIN || join(repo, 'target/debug/hupai');
/** Where screenshots and figures go. */
export const SHOTS = process.env.HUPAI_SHOTS || join(repo, 'target/web-screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
mkdirSync(SHOTS, { recursive: true });

let server;
let dir;
/** The server's address (the proxy's with HUPAI_WEB_LIVE=1), once `setup` has run. */
export let base;
let browser;
let stopLive = null;
const problems = []; // console errors and page errors, from every page
/** Figures measured by the tests, written to SHOTS/figures-NAME.json at the end. */
export const figures = {};

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

async function waitHealthy(url, ms = 20000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('hupai serve did not come up');
}

/** Starts the server and the browser before the file's tests and stops them after; the
 * figures go to `figures-NAME.json`, and any console error fails the file. */
export function setup(name) {
  before(async () => {
    assert.ok(existsSync(BIN), `no hupai binary at ${BIN}: cargo build -p hupai-cli`);
    const port = await freePort();
    dir = mkdtempSync(join(tmpdir(), 'hupai-web-'));
    // HUPAI_WEB_LIVE=1: the client's files come from the disk through a proxy (tests/live-
    // assets.mjs), so a change to them needs no rebuild of the binary.
    const live = process.env.HUPAI_WEB_LIVE === '1' ? await freePort() : null;
    // Run from the repository, serving its models as an operator would: --models models.
    const args = ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 'web.db'), '--allow-seed', '--models', 'models'];
    if (live) args.push('--public-url', `http://127.0.0.1:${live}`);
    server = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'inherit'], cwd: repo });
    base = `http://127.0.0.1:${port}`;
    await waitHealthy(base);
    if (live) {
      stopLive = await liveAssets({ port: live, upstream: `127.0.0.1:${port}`, web: resolve(here, '..') });
      base = `http://127.0.0.1:${live}`;
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });

  after(async () => {
    if (Object.keys(figures).length) writeFileSync(join(SHOTS, `figures-${name}.json`), JSON.stringify(figures, null, 2) + '\n');
    if (browser) await browser.close();
    if (server) {
      const gone = new Promise((res) => server.once('exit', res));
      server.kill('SIGTERM');
      await gone;
    }
    if (stopLive) await stopLive();
    if (dir) rmSync(dir, { recursive: true, force: true }); // the server's database
    assert.deepEqual(problems, [], 'console errors');
  });
}

export async function newPage({ init, ...opts } = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...opts });
  if (init) await ctx.addInitScript(init);
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  return page;
}

export async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A table of the person at seat 0 and three bots, fast (no bot pause, no claim hold). */
export async function fastTable(seed, extra = {}) {
  const r = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rules: 'riichi',
      length: 'hand',
      seats: ['human', 'bot:defensive', 'bot:defensive', 'bot:defensive'],
      seed,
      time: { bot_delay_ms: 0, claim_hold_ms: 0, turn_ms: 20000, call_ms: 20000 },
      ...extra,
    }),
  });
  assert.equal(r.status, 201, await r.clone().text());
  return r.json();
}

/** What the page offers now: 'turn' (tiles to click), 'call' (buttons), 'over', or null. */
export async function offer(page) {
  return page.evaluate(() => {
    if (document.querySelector('[data-result="end_game"]')) return 'over';
    if (document.querySelector('[data-action="hora"]')) return 'hora';
    if (document.querySelector('[data-action="none"]')) return 'call';
    if (document.querySelector('[data-hand] [data-tile].can')) return 'turn';
    return null;
  });
}

export async function waitOffer(page, ms = 30000) {
  const until = Date.now() + ms;
  for (;;) {
    const o = await offer(page);
    if (o) return o;
    if (Date.now() > until) throw new Error('nothing to do and the game is not over');
    await page.waitForTimeout(40);
  }
}

/** Clicks (or taps) what `selector` names, if it is there within a moment: the table may
 * move on (a bot's discard ends a call window) between looking and clicking. */
export async function press(page, selector, tap = false) {
  try {
    const l = page.locator(selector).first();
    await (tap ? l.tap({ timeout: 1500 }) : l.click({ timeout: 1500 }));
    return true;
  } catch {
    return false;
  }
}

/** Waits until `fn` (run in the page) is true: the page's CSP forbids Playwright's own
 * waitForFunction, which evaluates strings. */
export async function until(page, fn, arg, ms = 20000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await page.evaluate(fn, arg)) return;
    await page.waitForTimeout(40);
  }
  throw new Error(`timed out waiting for ${fn}`);
}

/** Plays by clicks until the match is over; `onCall` may answer a call prompt (return true). */
export async function playOut(page, { onCall = async () => false, onTurn = async () => false, limit = 400 } = {}) {
  let clicks = 0;
  for (let i = 0; i < limit; i++) {
    const o = await waitOffer(page);
    if (o === 'over') return clicks;
    if (o === 'hora') {
      await press(page, '[data-action="hora"]');
    } else if (o === 'call') {
      if (!(await onCall(page))) await press(page, '[data-action="none"]');
    } else if (!(await onTurn(page))) {
      // Throw the drawn tile when it may go, else the first tile that may.
      if (!(await press(page, '[data-hand] [data-index="drawn"].can'))) await press(page, '[data-hand] [data-tile].can');
    }
    clicks += 1;
    await page.waitForTimeout(30);
  }
  throw new Error('the hand did not end');
}

/** The move the engine's default action makes (what the `tsumogiri` agent plays: pass every
 * call and win, the drawn tile, else the first discard offered, else the first option), as
 * the page offers it; null when nothing is asked. tools/find-seeds.mjs finds seeds by
 * playing a `bot:tsumogiri` in the person's seat, so a test that plays this way sees the
 * game the seed was chosen for. */
export async function defaultMove(page) {
  return page.evaluate(() => {
    const h = globalThis.__hupai;
    const p = h.prompt;
    if (!p) return null;
    const o = p.options;
    const at = { decision: p.decision, types: o.map((x) => x.type) };
    if (o.some((x) => x.type === 'pass')) return { ...at, kind: 'pass' };
    if (o.some((x) => x.type === 'discard' && x.tsumogiri)) return { ...at, kind: 'drawn' };
    const d = o.find((x) => x.type === 'discard');
    if (d) return { ...at, kind: 'tile', index: h.state.hands[h.state.seat].indexOf(d.pai) };
    if (o[0].type === 'void') return { ...at, kind: 'void', suit: o[0].suit };
    return { ...at, kind: 'other' };
  });
}

/** Makes a move by clicks or by keys only. */
export async function makeMove(page, m, via = 'click') {
  if (via === 'click') {
    const sel = {
      pass: '[data-action="none"]',
      drawn: '[data-hand] [data-index="drawn"]',
      tile: `[data-hand] [data-index="${m.index}"]`,
      void: `[data-action="void"][data-suit="${m.suit}"]`,
    }[m.kind];
    assert.ok(sel, `no way to play ${JSON.stringify(m)}`);
    try {
      await page.click(sel, { timeout: 5000 });
    } catch (e) {
      // The table moved past the question (a call window another seat's claim closed).
      if ((await page.evaluate(() => globalThis.__hupai.prompt?.decision)) === m.decision) throw e;
    }
    return;
  }
  if (m.kind === 'pass') await page.keyboard.press('Space');
  else if (m.kind === 'void') await page.keyboard.press(m.suit.toUpperCase());
  else if (m.kind === 'drawn' || m.kind === 'tile') {
    const want = m.kind === 'drawn' ? 'drawn' : String(m.index);
    if (m.kind === 'tile' && m.index < 10) await page.keyboard.press(m.index === 9 ? '0' : String(m.index + 1));
    for (let i = 0; i < 20 && (await page.evaluate(() => globalThis.__hupai.selected)) !== want; i++) await page.keyboard.press('ArrowLeft');
    await until(page, (w) => document.activeElement?.dataset?.index === w, want, 5000);
    await page.keyboard.press('Enter');
  } else throw new Error(`no key for ${JSON.stringify(m)}`);
}

/** Plays the engine's default moves until the match is over; `each(page, move)` sees every
 * move first and may play it itself (returns true). */
export async function playDefault(page, { via = 'click', each = async () => false, limit = 800 } = {}) {
  let moves = 0;
  for (let i = 0; i < limit; i++) {
    await until(page, () => !!globalThis.__hupai.prompt || !!globalThis.__hupai.state.final, null, 30000);
    const m = await defaultMove(page);
    if (!m) {
      if (await page.evaluate(() => !!globalThis.__hupai.state.final)) return moves;
      continue;
    }
    if (!(await each(page, m))) await makeMove(page, m, via);
    moves += 1;
    await until(page, (d) => globalThis.__hupai.prompt?.decision !== d, m.decision, 10000);
  }
  throw new Error('the match did not end');
}

/** A table of the person at seat 0 and three bots with `rules` and `seed`, fast. */
export async function table(rules, seed, extra = {}) {
  return fastTable(seed, { rules, ...extra });
}

export async function handTiles(page) {
  return page.$$eval('[data-hand] [data-tile]', (xs) => xs.map((x) => x.dataset.tile));
}

/** An init script: records every announcement shown (its kind, seat, words and where it sits
 * against each seat's river), every flying tile, and what the live region says. */
export function recordAnnouncements() {
  globalThis.__said = [];
  globalThis.__flights = [];
  globalThis.__spoken = [];
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.target.id === 'announcer' && m.target.textContent) globalThis.__spoken.push(m.target.textContent);
      for (const n of m.addedNodes) {
        if (!(n instanceof Element)) continue;
        if (n.dataset.announce) {
          const seats = {};
          for (const s of document.querySelectorAll('.board .seat')) seats[s.dataset.seat] = centre(s.querySelector('.river').children.length ? s.querySelector('.river') : s.querySelector('.seat-head'));
          globalThis.__said.push({ kind: n.dataset.announce, seat: n.dataset.announceSeat, text: n.textContent, at: centre(n), seats, visible: getComputedStyle(n).visibility === 'visible' });
        }
        if (n.dataset.flight) globalThis.__flights.push({ pai: n.dataset.flight, reduced: matchMedia('(prefers-reduced-motion: reduce)').matches });
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}
