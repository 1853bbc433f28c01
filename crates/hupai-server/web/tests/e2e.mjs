// End-to-end tests of the web client in real headless Chromium (Debian's `chromium`, driven by
// npm `playwright-core`), against a real `hupai serve` on a free loopback port.
//
//   HUPAI_BIN=target/debug/hupai node --test crates/hupai-server/web/tests/
//
// Screenshots and the measured figures go to target/web-screenshots/ (HUPAI_SHOTS to move it).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../../..');
const BIN = process.env.HUPAI_BIN || join(repo, 'target/debug/hupai');
const SHOTS = process.env.HUPAI_SHOTS || join(repo, 'target/web-screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
mkdirSync(SHOTS, { recursive: true });

let server;
let base;
let browser;
const problems = []; // console errors and page errors, from every page
const figures = {};

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

before(async () => {
  assert.ok(existsSync(BIN), `no hupai binary at ${BIN}: cargo build -p hupai-cli`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hupai-web-'));
  server = spawn(BIN, ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 'web.db'), '--allow-seed'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = `http://127.0.0.1:${port}`;
  await waitHealthy(base);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});

after(async () => {
  writeFileSync(join(SHOTS, 'figures.json'), JSON.stringify(figures, null, 2) + '\n');
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
  assert.deepEqual(problems, [], 'console errors');
});

async function newPage(opts = {}) {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...opts });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  return page;
}

async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A table of the person at seat 0 and three bots, fast (no bot pause, no claim hold). */
async function fastTable(seed, extra = {}) {
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
async function offer(page) {
  return page.evaluate(() => {
    if (document.querySelector('[data-result="end_game"]')) return 'over';
    if (document.querySelector('[data-action="hora"]')) return 'hora';
    if (document.querySelector('[data-action="none"]')) return 'call';
    if (document.querySelector('[data-hand] [data-tile].can')) return 'turn';
    return null;
  });
}

async function waitOffer(page, ms = 30000) {
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
async function press(page, selector, tap = false) {
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
async function until(page, fn, arg, ms = 20000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await page.evaluate(fn, arg)) return;
    await page.waitForTimeout(40);
  }
  throw new Error(`timed out waiting for ${fn}`);
}

/** Plays by clicks until the match is over; `onCall` may answer a call prompt (return true). */
async function playOut(page, { onCall = async () => false, onTurn = async () => false, limit = 400 } = {}) {
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

async function handTiles(page) {
  return page.$$eval('[data-hand] [data-tile]', (xs) => xs.map((x) => x.dataset.tile));
}

test('the lobby makes a table against three bots in one click, and the first load is light', async () => {
  const lobby = await newPage();
  await lobby.goto(base + '/');
  await shot(lobby, 'lobby');
  await lobby.click('[data-lobby="bots"]');
  await lobby.waitForURL(/\/t\/[^/]+\?seat=0#token=/);
  // The first load of the table, as a browser with nothing cached gets the join link.
  const page = await newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    requests += 1;
  });
  await page.goto(lobby.url());
  await page.waitForSelector('[data-hand] [data-tile]', { timeout: 20000 });
  await page.waitForLoadState('networkidle');
  await lobby.context().close();
  figures.first_table_load_bytes = bytes;
  figures.first_table_load_requests = requests;
  assert.ok(bytes < 300 * 1024, `first table load transfers ${bytes} bytes`);
  const tiles = await handTiles(page);
  assert.ok(tiles.length === 13 || tiles.length === 14, `hand of ${tiles.length}`);
  for (const x of tiles) assert.match(x, /^[0-9][mpsz]$/);
  // Every tile has a name for screen readers.
  const unnamed = await page.$$eval('.tile', (xs) => xs.filter((x) => !x.getAttribute('aria-label')).length);
  assert.equal(unnamed, 0);
  await shot(page, 'table-start');
  await page.context().close();
});

test('a whole hand against three bots by clicks, with a call, the help and a reload that resumes', async () => {
  const t = await fastTable(9);
  const me = t.seats[0];
  const page = await newPage();
  await page.goto(me.join_url);
  await page.waitForSelector('[data-hand] [data-tile]');
  // The help: shanten and the AI's suggestion, computed by the server.
  await page.check('#opt-help');
  await page.waitForSelector('.h-shanten');
  let called = false;
  let reloaded = false;
  let helped = false;
  let dropped = false;
  const clicks = await playOut(page, {
    onTurn: async (p) => {
      if (!helped && (await p.$('.h-suggestion'))) {
        helped = true;
        await shot(p, 'table-help');
      }
      if (!reloaded && called) {
        // Reload mid-hand: the same seat, the same tiles, the prompt again.
        reloaded = true;
        const before = await handTiles(p);
        await p.reload();
        await p.waitForSelector('[data-hand] [data-tile].can', { timeout: 20000 });
        assert.deepEqual(await handTiles(p), before);
        await shot(p, 'table-reloaded');
      } else if (reloaded && !dropped) {
        // A dropped connection (same page) resumes from the last event it saw.
        dropped = true;
        const seen = await p.evaluate(() => globalThis.__hupai.conn.lastSeq);
        const before = await handTiles(p);
        await p.evaluate(() => globalThis.__hupai.conn.ws.close());
        await until(p, (n) => globalThis.__hupai.conn.ws.readyState === 1 && globalThis.__hupai.conn.lastSeq >= n && !!globalThis.__hupai.prompt, seen);
        assert.deepEqual(await handTiles(p), before);
        const events = await p.evaluate(() => globalThis.__hupai.state.events);
        const last = await p.evaluate(() => globalThis.__hupai.state.seq);
        assert.equal(events, last + 1, 'every event folded once');
      }
      return false;
    },
    onCall: async (p) => {
      if (called) return false;
      const which = (await p.$('[data-action="pon"]')) ? 'pon' : (await p.$('[data-action="chi"]')) ? 'chi' : null;
      if (!which) return false;
      await shot(p, 'table-call-offered');
      if (!(await press(p, `[data-action="${which}"]`))) return false;
      if (await p.$('.choice')) await press(p, '.choice');
      await p.waitForSelector('.own-melds .meld');
      called = true;
      await shot(p, 'table-called');
      return true;
    },
  });
  assert.ok(called, 'a call was offered and made');
  assert.ok(reloaded, 'reloaded mid-hand');
  assert.ok(dropped, 'dropped the connection mid-hand');
  assert.ok(helped, 'the help showed a suggestion');
  assert.ok(clicks > 3);
  await page.waitForSelector('[data-result="hora"], [data-result="ryukyoku"]');
  await shot(page, 'table-result');
  const renders = await page.evaluate(() => globalThis.__hupai.renders.slice());
  renders.sort((a, b) => a - b);
  figures.render_ms = {
    count: renders.length,
    median: renders[Math.floor(renders.length / 2)],
    p95: renders[Math.floor(renders.length * 0.95)],
    max: renders[renders.length - 1],
  };
  // Re-render times by what changed, 30 times each on the finished table (median, p95):
  // one seat's panel (an opponent's discard), the own hand (a draw), everything.
  figures.rerender_ms = await page.evaluate(() => {
    const h = globalThis.__hupai;
    const time = (dirty) => {
      const a = [];
      for (let i = 0; i < 30; i++) {
        dirty();
        const t0 = performance.now();
        h.render();
        a.push(performance.now() - t0);
      }
      a.sort((x, y) => x - y);
      return { median: a[15], p95: a[28] };
    };
    return {
      one_seat: time(() => (h.el.seats[1].__html = null)),
      own_hand: time(() => (h.el.hand.__html = null)),
      whole_table: time(() => [h.el.info, h.el.hand, h.el.actions, h.el.help, h.el.centre, ...h.el.seats].forEach((e) => (e.__html = null))),
    };
  });
  await page.context().close();
});

test('a spectator sees no hidden tile while the hand runs, and the hands once it is over', async () => {
  const t = await fastTable(4);
  const player = await newPage();
  const watcher = await newPage();
  await watcher.goto(t.watch_url);
  await player.goto(t.seats[0].join_url);
  await player.waitForSelector('[data-hand] [data-tile]');
  let checked = false;
  await playOut(player, {
    onTurn: async () => {
      const rivers = await watcher.$$eval('.seat .river .tile', (xs) => xs.length);
      if (!checked && rivers >= 4) {
        checked = true;
        assert.equal(await watcher.$('[data-hand]'), null, 'a spectator has no hand to play');
        const faces = await watcher.$$eval('.hidden-hand .tile:not(.back), .hand.spectator .tile:not(.back)', (xs) => xs.length);
        assert.equal(faces, 0, 'no hidden tile is shown face up');
        await shot(watcher, 'spectator');
      }
      return false;
    },
  });
  assert.ok(checked, 'the spectator saw the rivers grow');
  await watcher.waitForSelector('[data-result="end_game"]', { timeout: 20000 });
  // Once the hand is over the spectator is shown every hand.
  await until(
    watcher,
    () =>
      document.querySelectorAll('.hidden-hand .tile.back, .hand.spectator .tile.back').length === 0 &&
      document.querySelectorAll('.hidden-hand .tile, .hand.spectator .tile').length > 12,
  );
  await shot(watcher, 'spectator-end');
  await player.context().close();
  await watcher.context().close();
});

test('a replay steps forward and back through the game, and the review marks the decisions', async () => {
  // A game of four bots is over at once; its log is then served.
  const t = await fastTable(3, { seats: ['bot:defensive', 'bot:efficiency', 'bot:defensive', 'bot:efficiency'] });
  let ok = false;
  for (let i = 0; i < 100 && !ok; i++) {
    ok = (await fetch(`${base}/api/games/${t.table}/log`)).ok;
    if (!ok) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(ok, 'the bots finished their game');
  const page = await newPage();
  await page.goto(`${base}/replay?game=${t.table}&player=1`);
  await page.waitForSelector('[data-hand] [data-tile]');
  const pos = () => page.textContent('#pos');
  const first = await pos();
  for (let i = 0; i < 12; i++) await page.click('[data-step="forward"]');
  const later = await pos();
  assert.notEqual(first, later);
  await page.click('[data-step="back"]');
  assert.notEqual(await pos(), later);
  await page.click('[data-step="end"]');
  await page.waitForSelector('[data-result="end_game"]');
  await page.click('#do-review');
  await page.waitForSelector('.review h3');
  await shot(page, 'replay-review');
  const jump = await page.$('.review [data-seq]');
  if (jump) {
    await jump.click();
    await shot(page, 'replay-decision');
  }
  // Another seat at the bottom, hands closed: the others' tiles are backs.
  await page.selectOption('#seat', '2');
  await page.uncheck('#open');
  await page.click('[data-step="start"]');
  for (let i = 0; i < 3; i++) await page.click('[data-step="forward"]');
  const faces = await page.$$eval('.hidden-hand .tile:not(.back)', (xs) => xs.length);
  assert.equal(faces, 0);
  // The same log uploaded from the lobby replays and reviews the same way.
  const log = await (await fetch(`${base}/api/games/${t.table}/log`)).text();
  await page.goto(base + '/');
  await page.setInputFiles('#upload', { name: 'game.jsonl', mimeType: 'text/plain', buffer: Buffer.from(log) });
  await page.waitForURL(/\/replay\?upload=1/);
  await page.waitForSelector('[data-hand] [data-tile]');
  await page.click('#do-review');
  await page.waitForSelector('.review h3');
  await page.context().close();
});

test('on a phone held upright the table fits without sideways scrolling, and tap-tap discards', async () => {
  const t = await fastTable(5);
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  await page.goto(t.seats[0].join_url);
  await page.waitForSelector('[data-hand] [data-tile].can', { timeout: 20000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  assert.equal((await handTiles(page)).length, 14);
  const tile = page.locator('[data-hand] [data-index="drawn"]');
  await tile.tap();
  await page.waitForSelector('[data-hand] .selected');
  await shot(page, 'phone-selected');
  await tile.tap();
  // The second tap discarded it: it lies in the player's river.
  await until(page, () => document.querySelectorAll('.place-0 .river .tile').length === 1);
  // A few turns later the rivers have grown: still no sideways scroll.
  for (let i = 0; i < 6; i++) {
    const o = await waitOffer(page);
    if (o === 'over') break;
    if (o === 'call' || o === 'hora') {
      await press(page, o === 'hora' ? '[data-action="hora"]' : '[data-action="none"]', true);
    } else {
      await press(page, '[data-hand] [data-tile].can >> nth=-1', true);
      await press(page, '[data-hand] [data-tile].selected', true);
    }
    await page.waitForTimeout(60);
  }
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
  await shot(page, 'phone');
  await page.goto(base + '/');
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
  await shot(page, 'phone-lobby');
  await page.context().close();
});

test('the language follows the browser and the switch; tile names change with it', async () => {
  const page = await newPage({ locale: 'zh-CN' });
  const t = await fastTable(6);
  await page.goto(t.seats[0].join_url);
  await page.waitForSelector('[data-hand] [data-tile]');
  const label = await page.getAttribute('[data-hand] [data-tile]', 'aria-label');
  assert.match(label, /[一二三四五六七八九][万筒条]|[东南西北白发中]/);
  await page.click('[data-lang="ja"]');
  await page.waitForSelector('[data-hand] [data-tile]');
  assert.equal(await page.getAttribute('html', 'lang'), 'ja');
  await shot(page, 'table-ja');
  await page.context().close();
});
