// Browser tests of what the table draws and says, on a machine as CI has it (Latin fonts only:
// DejaVu and Liberation, no CJK font): every tile face drawn by the sprite itself and told
// apart from every other, no symbol left to the visitor's fonts, the calls, riichi and wins
// announced at the acting seat (and to screen readers), the last discard marked, the riichi
// tile turned and the called tile flying to the caller's melds (not under reduced motion).
//
//   HUPAI_BIN=target/debug/hupai node --test crates/hupai-server/web/tests/table-art.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { setup, base, SHOTS, newPage, shot, table, playDefault, until, recordAnnouncements } from './harness.mjs';

setup('table-art');

/** In the page: every face of the sprite `svg` (its text as served) drawn to a canvas at twice
 * its size, and measured inside its picture (the border, the corner index and the red-five
 * mark left out): the share of inked pixels (unlike the face's ground), and for every pair of
 * faces the share of pixels that differ in colour and in shape (inked in one, not the other). */
async function measureFaces(svg) {
  const ids = [...svg.matchAll(/<symbol id="t-([^"]+)"/g)].map((m) => m[1]).filter((id) => id !== 'joker');
  const S = 2;
  const W = 60 * S;
  const H = 80 * S;
  const inside = (x, y) => x >= 4 * S && x < 56 * S && y >= 4 * S && y < 76 * S && !(x < 17 * S && y < 15 * S) && !(x >= 46 * S && y < 14 * S);
  const cells = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (inside(x, y)) cells.push((y * W + x) * 4);
  const faces = {};
  for (const id of ids) {
    const doc = svg
      .replace(/<svg[^>]*>/, `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 60 80">`)
      .replace('</svg>', `<use href="#t-${id}" width="60" height="80"/></svg>`);
    const img = new Image();
    img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(doc)))}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = W;
    c.height = H;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, W, H).data;
    const ink = cells.map((i) => Math.abs(d[i] - 0xfb) + Math.abs(d[i + 1] - 0xf7) + Math.abs(d[i + 2] - 0xea) > 90);
    faces[id] = { d, ink };
  }
  const n = cells.length;
  const pairs = [];
  for (let a = 0; a < ids.length; a++) {
    for (let b = a + 1; b < ids.length; b++) {
      const A = faces[ids[a]];
      const B = faces[ids[b]];
      let colour = 0;
      let shape = 0;
      cells.forEach((i, k) => {
        if (Math.abs(A.d[i] - B.d[i]) + Math.abs(A.d[i + 1] - B.d[i + 1]) + Math.abs(A.d[i + 2] - B.d[i + 2]) > 90) colour += 1;
        if (A.ink[k] !== B.ink[k]) shape += 1;
      });
      pairs.push([ids[a], ids[b], colour / n, shape / n]);
    }
  }
  return { ids, ink: Object.fromEntries(ids.map((id) => [id, faces[id].ink.filter(Boolean).length / n])), pairs };
}

test('every tile face is drawn by the sprite, inked, and unlike every other face, with no CJK font installed', async () => {
  const page = await newPage();
  await page.goto(base + '/');
  const svg = await (await fetch(`${base}/assets/tiles.svg`)).text();
  assert.doesNotMatch(svg, /<text|font-family/, 'the faces are shapes, not text for the fonts to draw');
  const m = await page.evaluate(measureFaces, svg);
  const want = [];
  for (const s of 'mps') for (let n = 0; n <= 9; n++) want.push(`${n}${s}`);
  for (let n = 1; n <= 7; n++) want.push(`${n}z`);
  for (let n = 1; n <= 8; n++) want.push(`${n}f`);
  want.push('back');
  assert.deepEqual([...m.ids].sort(), want.sort(), 'the 34 kinds, the red fives, eight flowers and the back');
  for (const id of m.ids) assert.ok(m.ink[id] > 0.03, `t-${id} has ink in its picture: ${m.ink[id]}`);
  // A face whose characters fell back to the empty box would match another face's picture:
  // the numerals of the characters suit all the same box, the winds, the dragons' shapes, the
  // flowers, and then differ in no pixel. Every pair differs in colour and in shape in over 1%
  // of the picture (the closest, 1m and 2m, in 4%), but a red five from its five only in
  // colour.
  const redPair = (a, b) => a[0] !== b[0] && a[1] === b[1] && [a[0], b[0]].sort().join('') === '05';
  for (const [a, b, colour, shape] of m.pairs) {
    assert.ok(colour > 0.01, `t-${a} and t-${b} differ in ${(colour * 100).toFixed(2)}% of their pixels`);
    if (!redPair(a, b)) assert.ok(shape > 0.01, `t-${a} and t-${b} differ in shape in ${(shape * 100).toFixed(2)}% of their pixels`);
  }
  // For people to look at: every face at the size of a hand tile and of a river tile.
  await page.evaluate((ids) => {
    const face = (id, w) => `<svg width="${w}" height="${(w * 4) / 3}" viewBox="0 0 60 80"><use href="/assets/tiles.svg#t-${id}"/></svg>`;
    const row = (w) => `<div style="display:flex;flex-wrap:wrap;gap:3px;margin:6px 0">${ids.map((id) => face(id, w)).join('')}</div>`;
    document.body.innerHTML = `<div id="sheet" style="padding:8px;background:#1d5c46">${row(52)}${row(22)}</div>`;
  }, [...m.ids, 'joker']);
  await page.waitForTimeout(100);
  await page.locator('#sheet').screenshot({ path: join(SHOTS, 'tiles.png') });
  await page.context().close();
});

/** In the page: the characters drawn on it (text, titles, generated content) that a visitor
 * with Latin fonts only may lack: anything but ASCII and the common punctuation · – — …,
 * and with `cjk` the page's own Chinese or Japanese text too. */
function strayGlyphs(cjk) {
  const ok = cjk
    ? /[\x20-\x7e\n\t\u00a0\u202f\u00b7\u2013\u2014\u2026\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\u30fb\u30fc\uff01-\uff5e]/u
    : /[\x20-\x7e\n\t\u00a0\u202f\u00b7\u2013\u2014\u2026]/u;
  const bad = new Set();
  const check = (text, where) => {
    for (const ch of text) if (!ok.test(ch)) bad.add(`'${ch}' U+${ch.codePointAt(0).toString(16)} in ${where}: ${text.trim().slice(0, 50)}`);
  };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.parentElement.closest('script, style, noscript')) check(n.data, n.parentElement.tagName.toLowerCase());
  }
  for (const el of document.querySelectorAll('[title], [placeholder]')) {
    for (const a of ['title', 'placeholder']) if (el.getAttribute(a)) check(el.getAttribute(a), `${a}=`);
  }
  for (const el of document.querySelectorAll('body *')) {
    for (const p of ['::before', '::after']) {
      const c = getComputedStyle(el, p).content;
      if (c && c !== 'none' && c !== 'normal') check(c, p);
    }
  }
  return [...bad];
}

/** In the page: the last discard is marked in its river, exactly once (none after a call took
 * it), with a pointer drawn over it. */
function lastDiscardMarked() {
  const h = globalThis.__hupai;
  const last = [...h.events].reverse().find((e) => e && ['dahai', 'chi', 'pon', 'daiminkan', 'start_kyoku'].includes(e.type));
  const marked = [...document.querySelectorAll('.river .tile[data-last]')];
  if (!last || last.type !== 'dahai') return marked.length === 0 ? 'none' : `marked after ${last && last.type}`;
  if (marked.length !== 1) return `${marked.length} marked`;
  const el = marked[0];
  const river = el.closest('.seat');
  if (Number(river.dataset.seat) !== last.actor) return `marked in seat ${river.dataset.seat}, discarded by ${last.actor}`;
  if (el !== el.parentElement.lastElementChild) return 'not the newest tile of the river';
  if (el.dataset.pai !== last.pai) return `marked ${el.dataset.pai}, discarded ${last.pai}`;
  const after = getComputedStyle(el, '::after');
  if (after.content === 'none' || parseFloat(after.borderTopWidth) <= 0) return 'no pointer';
  return 'marked';
}

/** Plays the hand of `seed` by the engine's default moves, collecting the marks seen. */
async function playWatching(page, name, { reduceAfterFirstFlight = false } = {}) {
  const marks = new Set();
  let reduced = false;
  let shotAt = null;
  await playDefault(page, {
    each: async (p) => {
      // The table is drawn once per animation frame: two frames on, it shows every event.
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const m = await p.evaluate(lastDiscardMarked);
      assert.ok(m === 'marked' || m === 'none', `the last discard: ${m}`);
      marks.add(m);
      if (reduceAfterFirstFlight && !reduced && (await p.evaluate(() => globalThis.__flights.length)) > 0) {
        await p.emulateMedia({ reducedMotion: 'reduce' });
        reduced = true;
      }
      const kind = await p.evaluate(() => document.querySelector('.callout:not(.gone)')?.dataset.announce);
      if (kind && shotAt !== 'riichi' && (kind === 'riichi' || !shotAt)) {
        shotAt = kind;
        await shot(p, `table-announce-${name}`);
      }
      return false;
    },
  });
  return { marks, shotAt };
}

/** The announcements seen against the events: each kind at its acting seat, nearer that
 * seat's river than any other. */
async function checkSaid(page, expected) {
  // The table draws once per animation frame, so the last event's announcement (the win) may
  // come a frame after the match is known to be over: wait until every kind has been said
  // (a kind never said still fails below, naming what was said instead).
  const kinds = Object.keys(expected);
  await until(page, (ks) => ks.every((k) => globalThis.__said.some((x) => x.kind === k)), kinds, 10000).catch(() => {});
  const { said, events } = await page.evaluate(() => ({ said: globalThis.__said, events: globalThis.__hupai.events.filter(Boolean) }));
  const kindOf = (e) =>
    ({ chi: 'chi', pon: 'pon', daiminkan: 'kan', ankan: 'kan', kakan: 'kan', reach: 'riichi', hora: e.actor === e.target ? 'tsumo' : 'ron', ryukyoku: 'draw' })[e.type];
  const acts = events.filter((e) => kindOf(e));
  for (const [kind, text] of Object.entries(expected)) {
    const act = acts.find((e) => kindOf(e) === kind);
    assert.ok(act, `the hand has a ${kind}`);
    const s = said.find((x) => x.kind === kind && Number(x.seat) === act.actor);
    assert.ok(s, `${kind} announced at seat ${act.actor}: ${JSON.stringify(said.map((x) => [x.kind, x.seat]))}`);
    assert.equal(s.text, text);
    assert.ok(s.visible, `${kind} is shown`);
    const d = (q) => Math.hypot(q[0] - s.at[0], q[1] - s.at[1]);
    for (const [other, at] of Object.entries(s.seats)) {
      if (Number(other) !== act.actor) assert.ok(d(s.seats[act.actor]) < d(at), `${kind} sits at seat ${act.actor}, not ${other}: ${JSON.stringify(s)}`);
    }
  }
  return { said, events };
}

test('calls, riichi and a ron are announced at the acting seat and read out; the last discard is marked; the called tile flies, and not under reduced motion', async () => {
  // Seed 45, from tools/find-seeds.mjs (announce): South chis the person's discard, then pons
  // a wind; West declares riichi; South wins by ron off West.
  const t = await table('riichi', 45);
  const page = await newPage({ init: recordAnnouncements, locale: 'en-US' });
  await page.goto(t.seats[0].join_url);
  await page.waitForSelector('[data-hand] [data-tile]');
  await page.check('#opt-help');
  const { marks } = await playWatching(page, 'en', { reduceAfterFirstFlight: true });
  assert.ok(marks.has('marked'), 'a marked last discard was seen');
  const { events } = await checkSaid(page, { chi: 'Chi', pon: 'Pon', riichi: 'Riichi', ron: 'Ron' });
  const spoken = await page.evaluate(() => globalThis.__spoken);
  assert.ok(spoken.includes('South, right: Chi'), JSON.stringify(spoken));
  assert.ok(spoken.includes('West, across: Riichi'), JSON.stringify(spoken));
  assert.equal(await page.getAttribute('#announcer', 'aria-live'), 'polite');
  // The chi's tile flew from the person's river to South's melds; after the switch to
  // reduced motion the pon's did not.
  const flights = await page.evaluate(() => globalThis.__flights);
  const chi = events.find((e) => e.type === 'chi');
  assert.deepEqual(flights, [{ pai: chi.pai.replace(/^5(.)r$/, '0$1'), reduced: false }]);
  // The riichi tile lies sideways in West's river: the discard that followed the declaration.
  const reach = events.findIndex((e) => e.type === 'reach');
  const riichiTile = events.slice(reach).find((e) => e.type === 'dahai' && e.actor === events[reach].actor);
  const turned = await page.$$eval(`.seat[data-seat="${events[reach].actor}"] .river .tile.turned`, (xs) => xs.map((x) => x.dataset.pai));
  assert.deepEqual(turned, [riichiTile.pai]);
  // The result: a yaku named for a tile shows the tile beside its name.
  await page.waitForSelector('[data-result="hora"]');
  const named = await page.$$eval('[data-result="hora"] .yaku li', (xs) =>
    xs.map((x) => [x.dataset.yaku, x.querySelector('[data-named]')?.dataset.pai ?? null]),
  );
  for (const [id, pai] of named) {
    if (/^(yakuhai_|seat_wind_|round_wind_)/.test(id)) assert.match(pai ?? '', /^[1-7]z$/, `${id} is drawn beside its name`);
  }
  assert.deepEqual(await page.evaluate(strayGlyphs, false), [], 'no symbol left to the fonts on the table and its result');
  await shot(page, 'table-announce-result');
  // The replay of the same game, and the lobby: no symbol left to the fonts either.
  await page.goto(`${base}/replay?game=${t.table}`);
  await page.waitForSelector('[data-hand] [data-tile]');
  assert.deepEqual(await page.evaluate(strayGlyphs, false), [], 'replay');
  await page.goto(base + '/');
  await page.waitForSelector('#games li, #games p');
  assert.deepEqual(await page.evaluate(strayGlyphs, false), [], 'lobby');
  await page.context().close();
});

test('a kan, a riichi and a tsumo are announced in Japanese at the acting seat, on a phone-sized window', async () => {
  // Seed 396, from tools/find-seeds.mjs (announce): West declares riichi, makes a closed kan
  // and wins by tsumo.
  const t = await table('riichi', 396);
  // On a window as narrow as a phone held upright (the seats as panels).
  const page = await newPage({ init: recordAnnouncements, locale: 'ja-JP', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await page.goto(t.seats[0].join_url);
  await page.waitForSelector('[data-hand] [data-tile]');
  await until(page, () => document.documentElement.lang === 'ja');
  const { marks } = await playWatching(page, 'ja');
  assert.ok(marks.has('marked'));
  await checkSaid(page, { riichi: 'リーチ', kan: 'カン', tsumo: 'ツモ' });
  const spoken = await page.evaluate(() => globalThis.__spoken);
  assert.ok(spoken.includes('西, 対面: ツモ'), JSON.stringify(spoken));
  // A closed kan takes no tile from a river: nothing flies.
  assert.deepEqual(await page.evaluate(() => globalThis.__flights), []);
  await page.waitForSelector('[data-result="hora"]');
  assert.deepEqual(await page.evaluate(strayGlyphs, true), [], 'nothing but the page\'s own Japanese');
  await page.context().close();
});
