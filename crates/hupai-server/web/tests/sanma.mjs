// Three-player riichi (三人麻雀) in real headless Chromium against a real `hupai serve`: the
// lobby makes a sanma table (two bots), the table lays out three seats (the next one on the
// right, the one before on the left, nothing across) on a desktop and on a phone, the person
// sets a North aside by the kita button and it lies beside the melds, and the hand's result
// and the standings have three rows.
//
// The seed is found here, not hard-coded: tables of bots are played with the person's seat
// taken by a bot until one deals seat 0 a North, read from the log the server serves once that
// game is over (the deal depends on the seed alone), and the person's table then uses it.
//
// Screenshots: target/web-screenshots/sanma-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, base, newPage, shot, until, playOut, press, handTiles, waitOffer } from './harness.mjs';

setup('sanma');

const FAST = { bot_delay_ms: 0, claim_hold_ms: 0, turn_ms: 20000, call_ms: 20000 };

async function create(body) {
  const r = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: 'sanma', length: 'hand', time: FAST, ...body }),
  });
  assert.equal(r.status, 201, await r.clone().text());
  return r.json();
}

/** The log of a finished table (served once its match is over). */
async function logOf(id) {
  for (let i = 0; i < 400; i++) {
    const r = await fetch(`${base}/api/games/${id}/log`);
    if (r.ok) return (await r.text()).trim().split('\n').map((l) => JSON.parse(l));
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`no log for ${id}`);
}

/** The first seed from `from` whose first deal gives seat 0 a North. */
async function seedWithNorth(from = 1) {
  for (let seed = from; seed < from + 40; seed++) {
    const t = await create({ seed, seats: ['bot:tsumogiri', 'bot:tsumogiri', 'bot:tsumogiri'] });
    const log = await logOf(t.table);
    const deal = log.find((e) => e.type === 'start_kyoku');
    if (deal.tehais[0].includes('N')) return seed;
  }
  throw new Error('no seed in 40 deals seat 0 a North');
}

/** The screen box of each seat panel, by place, and the board's. */
async function layout(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height };
    };
    const seats = {};
    for (const el of document.querySelectorAll('.board .seat')) {
      const head = el.querySelector('.seat-head');
      seats[[...el.classList].find((c) => c.startsWith('place-'))] = { seat: el.dataset.seat, head: box(head) };
    }
    const board = document.querySelector('.board');
    return { seats, board: box(board), seatsAttr: board.dataset.seats, cells: [...document.querySelectorAll('.centre .c')].map((c) => c.className) };
  });
}

/** The three seats are where they belong: self at the bottom, the next seat right, the one
 * before left, nobody across. */
function checkThreeSeats(l, me) {
  assert.equal(l.seatsAttr, '3');
  assert.deepEqual(Object.keys(l.seats).sort(), ['place-0', 'place-1', 'place-3']);
  assert.equal(l.seats['place-0'].seat, String(me));
  assert.equal(l.seats['place-1'].seat, String((me + 1) % 3));
  assert.equal(l.seats['place-3'].seat, String((me + 2) % 3));
  const [own, right, left] = ['place-0', 'place-1', 'place-3'].map((p) => l.seats[p].head);
  assert.ok(right.x > left.x, `the next seat (${right.x}) is right of the one before (${left.x})`);
  assert.ok(own.y > right.y && own.y > left.y, 'the own seat is at the bottom');
  assert.equal(l.cells.length, 3);
  assert.ok(!l.cells.some((c) => c.includes('c-2')), 'nobody across in the centre');
}

test('the lobby makes a three-player table against two bots', async () => {
  const page = await newPage();
  await page.goto(base + '/');
  await page.selectOption('#rules', 'sanma');
  await until(page, () => document.querySelector('#seats-note').dataset.players === '3');
  assert.equal((await page.textContent('[data-lobby="bots"]')).trim(), 'Play against two bots');
  assert.deepEqual(await page.$$eval('#friends option', (xs) => xs.map((x) => x.textContent)), ['1', '2']);
  await shot(page, 'sanma-lobby');
  await page.click('[data-lobby="bots"]');
  await page.waitForURL(/\/t\/[^/]+\?seat=0#token=/);
  await page.waitForSelector('[data-hand] [data-tile]', { timeout: 20000 });
  const id = page.url().split('/t/')[1].split('?')[0];
  const info = await (await fetch(`${base}/api/tables/${id}`)).json();
  assert.equal(info.seats.length, 3);
  assert.equal(info.rules, 'sanma');
  await until(page, () => document.querySelectorAll('.board .seat').length === 3);
  // Back to four players: the button and the friends' seats follow.
  await page.goto(base + '/');
  await page.selectOption('#rules', 'sanma');
  await until(page, () => document.querySelector('#seats-note').dataset.players === '3');
  await page.selectOption('#rules', 'riichi');
  await until(page, () => document.querySelector('#seats-note').dataset.players === '4');
  assert.equal((await page.textContent('[data-lobby="bots"]')).trim(), 'Play against three bots');
  assert.equal(await page.$$eval('#friends option', (xs) => xs.length), 3);
  await page.context().close();
});

test('a three-player hand by clicks: three seats laid out, a kita by its button, the result in three rows', async () => {
  const seed = await seedWithNorth(1);
  const t = await create({ seed, seats: ['human', 'bot:defensive', 'bot:defensive'] });
  assert.equal(t.seats.length, 3);
  const page = await newPage();
  await page.goto(t.seats[0].join_url);
  await page.waitForSelector('[data-hand] [data-tile]', { timeout: 20000 });
  assert.ok((await handTiles(page)).includes('4z'), 'the deal holds a North');
  checkThreeSeats(await layout(page), 0);
  // The dealer's first turn offers the North aside.
  await page.waitForSelector('[data-action="kita"]', { timeout: 20000 });
  await shot(page, 'sanma-kita-offered');
  const norths = (await handTiles(page)).filter((x) => x === '4z').length;
  await page.click('[data-action="kita"]');
  await page.waitForSelector('.own-melds [data-kita="1"]');
  // The replacement draw follows: thirteen tiles and the drawn one, one North fewer among the
  // thirteen the hand kept (the replacement may be a North again).
  await until(page, () => globalThis.__hupai.state.kita[0].length === 1 && globalThis.__hupai.state.lastKita === null);
  const after = await handTiles(page);
  assert.equal(after.length, 14);
  const kept = await page.evaluate(() => globalThis.__hupai.state.hands[0].filter((x) => x === 'N').length);
  assert.equal(kept, norths - 1, 'one North left the hand');
  await shot(page, 'sanma-kita');
  let kitas = 1;
  let shownOthers = false;
  let clicks = await playOut(page, {
    onTurn: async (p) => {
      // Another seat's North set aside lies beside its melds, turned with its seat.
      if (!shownOthers && (await p.$('.board .seat .melds .kita'))) {
        shownOthers = true;
        checkThreeSeats(await layout(p), 0);
        await shot(p, 'sanma-table');
      }
      if (await p.$('[data-action="kita"]')) {
        if (await press(p, '[data-action="kita"]')) {
          kitas += 1;
          await until(p, (n) => globalThis.__hupai.state.kita[0].length === n, kitas);
          return true;
        }
      }
      return false;
    },
  });
  assert.ok(clicks > 3, `${clicks} clicks`);
  assert.ok(shownOthers, 'a bot set a North aside during the hand');
  // The end: the hand's result and the standings, three players each.
  await page.waitForSelector('[data-result="end_game"]');
  const rows = await page.$$eval('[data-result="end_game"] tr[data-player]', (xs) => xs.length);
  assert.equal(rows, 3);
  const result = await page.$$eval('#result .payments', (ts) => ts.map((t) => t.querySelectorAll('tr').length));
  assert.ok(result.every((n) => n <= 3), `payment rows ${result}`);
  const ready = await page.$$eval('#result .ready li', (xs) => xs.length);
  assert.ok(ready === 0 || ready === 3, `ready rows ${ready}`);
  await shot(page, 'sanma-result');
  // The log the server stored has the person's kita.
  const log = await logOf(t.table);
  assert.ok(log.filter((e) => e.type === 'kita' && e.actor === 0).length >= kitas);
  assert.equal(log[0].names.length, 3);
  await page.context().close();
});

test('on a phone held upright three seats fit without sideways scrolling, the kita beside the melds', async () => {
  const seed = await seedWithNorth(1);
  const t = await create({ seed, seats: ['human', 'bot:defensive', 'bot:defensive'] });
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await page.goto(t.seats[0].join_url);
  await page.waitForSelector('[data-action="kita"]', { timeout: 20000 });
  const l = await layout(page);
  checkThreeSeats(l, 0);
  // Side by side above the centre, the own seat below it.
  assert.ok(Math.abs(l.seats['place-1'].head.y - l.seats['place-3'].head.y) < 4, 'the two others on one row');
  await page.locator('[data-action="kita"]').tap();
  await page.waitForSelector('.own-melds [data-kita="1"]');
  for (let i = 0; i < 8; i++) {
    const o = await waitOffer(page);
    if (o === 'over') break;
    if (o === 'call' || o === 'hora') {
      await press(page, o === 'hora' ? '[data-action="hora"]' : '[data-action="none"]', true);
    } else if (await page.$('[data-action="kita"]')) {
      await press(page, '[data-action="kita"]', true);
    } else {
      await press(page, '[data-hand] [data-tile].can >> nth=-1', true);
      await press(page, '[data-hand] [data-tile].selected', true);
    }
    await page.waitForTimeout(60);
  }
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
  await shot(page, 'sanma-phone');
  // Between a phone and a desktop (641 to 899 px): the seats as panels around the centre.
  await page.setViewportSize({ width: 800, height: 900 });
  await page.waitForTimeout(100);
  checkThreeSeats(await layout(page), 0);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 800);
  await shot(page, 'sanma-tablet');
  await page.context().close();
});

test('a spectator of a three-player table of bots sees three seats and each kita', async () => {
  const seed = await seedWithNorth(1);
  const t = await create({ seed, seats: ['bot:defensive', 'bot:defensive', 'bot:defensive'], time: { ...FAST, bot_delay_ms: 0 } });
  const page = await newPage();
  await page.goto(`${base}/t/${t.table}?watch`);
  await until(page, () => !!globalThis.__hupai?.state.final, null, 30000);
  const s = await page.evaluate(() => ({ seats: globalThis.__hupai.state.seats, names: globalThis.__hupai.state.names.length }));
  assert.equal(s.seats, 3);
  assert.equal(s.names, 3);
  checkThreeSeats(await layout(page), 0);
  await shot(page, 'sanma-spectator-end');
  const log = await logOf(t.table);
  const kita = log.filter((e) => e.type === 'kita');
  assert.ok(kita.length > 0, 'the seed deals a North that a bot sets aside');
  await page.context().close();
});

test('a finished three-player game replays with three seats and its kita, and reviews seat 2', async () => {
  const seed = await seedWithNorth(1);
  const t = await create({ seed, seats: ['bot:defensive', 'bot:efficiency', 'bot:defensive'] });
  const log = await logOf(t.table);
  const page = await newPage();
  // A link naming seat 3 falls back to seat 0: the game has no seat 3.
  await page.goto(`${base}/replay?game=${t.table}&player=3`);
  await page.waitForSelector('[data-hand] [data-tile]');
  assert.deepEqual(await page.$$eval('#seat option', (xs) => xs.map((x) => x.value)), ['0', '1', '2']);
  assert.equal(await page.inputValue('#seat'), '0');
  await page.selectOption('#seat', '2');
  await page.click('[data-step="end"]');
  await page.waitForSelector('[data-result="end_game"]');
  assert.equal(await page.$$eval('.board .seat', (xs) => xs.length), 3);
  assert.equal(await page.getAttribute('.board', 'data-seats'), '3');
  // The Norths set aside in the log lie beside the melds at the end.
  const kita = log.filter((e) => e.type === 'kita');
  const shown = await page.$$eval('[data-kita]', (xs) => xs.reduce((a, x) => a + Number(x.dataset.kita), 0));
  const won = log.filter((e) => e.type === 'hora' && e.pai === 'N' && e.actor !== e.target && log[log.indexOf(e) - 1]?.type === 'kita').length;
  assert.equal(shown, kita.length - won);
  await page.click('#do-review');
  await page.waitForSelector('.review h3');
  assert.match(await page.textContent('.review h3'), /2/);
  await shot(page, 'sanma-replay');
  await page.context().close();
});
