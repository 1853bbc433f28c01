// The page's own fold of the events (js/state.js) against the engine's: for about 250 logs of
// every preset (Sichuan wins the hand plays on after, robbed kongs, MCR's re-seating, and
// three-player tables with Norths set aside and won on among them) the engine wrote, after
// every event, what each table looks like (crates/hupai-ai/tests/web_fold.rs writes
// test/data/folds.jsonl.gz, and checks that it is still the engine's fold). Here every stream
// a page is sent is folded again, each player's, a spectator's and the full record of a
// replay, and must agree at every event: the seats at the table, rivers with their marks,
// melds, concealed counts, scores, sticks, dora, riichi, the wins so far, flowers, void
// suits, Norths set aside (kita), and every concealed tile the viewer may see.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { initial, apply, seatsOf } from '../js/state.js';
import { sorted } from '../js/tiles.js';

const folds = gunzipSync(readFileSync(new URL('./data/folds.jsonl.gz', import.meta.url)))
  .toString('utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

/** A table in the fixture's one-line form (see web_fold.rs): only the seats at the table, as
 * the page lists and draws them (its per-seat lists keep four slots; a fourth at a table of
 * three must stay empty, which the last check of `disagreement` asserts). */
function table(s) {
  const scores = seatsOf(s).map((seat) => s.scores[seat]);
  const head = [scores.join(','), s.round ? s.round.kyotaku : 0, s.doras.join(',')].join('|');
  const seats = seatsOf(s).map((seat) => {
    const river = s.rivers[seat]
      .map((r) => `${r.pai}${r.tsumogiri ? '~' : ''}${r.riichi ? '*' : ''}${r.called ? "'" : ''}`)
      .join(',');
    const melds = s.melds[seat]
      .map((m) => {
        const tiles = m.type === 'ankan' ? m.consumed : [m.pai, ...m.consumed, ...(m.added ? [m.added] : [])];
        const from = m.type === 'ankan' ? '-' : m.target;
        return `${m.type}:${tiles.join('+')}:${from}`;
      })
      .join(',');
    const concealed = s.hands[seat].length + (s.drawn[seat] !== null ? 1 : 0);
    const riichi = s.riichi[seat] ? 1 : 0;
    const won = s.won[seat].join(',');
    const flowers = s.flowers[seat].join(',');
    const voided = s.voids[seat] ?? '-';
    const kita = s.kita[seat].length;
    return [river, melds, concealed, riichi, won, flowers, voided, kita].join('|');
  });
  return [head, ...seats].join(';');
}

/** The concealed tiles of `seat` in tile order, the drawn one among them. */
function hand(s, seat) {
  const tiles = s.drawn[seat] !== null ? [...s.hands[seat], s.drawn[seat]] : s.hands[seat];
  return sorted(tiles).join(',');
}

/** The seat slots the page keeps for a table of three that must stay empty (North's). */
function strayNorth(s) {
  if (s.seats !== 3) return null;
  const lists = { hands: s.hands, melds: s.melds, rivers: s.rivers, flowers: s.flowers, kita: s.kita, won: s.won };
  const full = Object.entries(lists).filter(([, l]) => l[3].length > 0);
  if (s.drawn[3] !== null) full.push(['drawn']);
  return full.length ? full.map(([k]) => k).join(', ') : null;
}

/** Folds the stream `viewer` is sent (a player `"0"`..`"3"`, `"spectator"`, or `"record"` for
 * a replay of the full record) and returns the first disagreement, or null. */
function disagreement(f, viewer) {
  const player = /^[0-3]$/.test(viewer) ? Number(viewer) : null;
  const shown = f.shown[viewer] || {};
  const s = initial(player);
  for (let i = 0; i < f.record.length; i++) {
    const e = shown[i] ?? f.record[i];
    apply(s, e, i);
    const at = `${f.name}, ${viewer}, event ${i} ${JSON.stringify(e)}`;
    if (f.tables[i] !== '' && table(s) !== f.tables[i]) {
      return `${at}:\n  page   ${table(s)}\n  engine ${f.tables[i]}`;
    }
    if (strayNorth(s) !== null) {
      return `${at}: a table of three has tiles in North's slot: ${strayNorth(s)}`;
    }
    if (player !== null && hand(s, s.seat) !== f.hands[player][i]) {
      return `${at}: own hand\n  page   ${hand(s, s.seat)}\n  engine ${f.hands[player][i]}`;
    }
    if (viewer === 'record') {
      for (const seat of seatsOf(s)) {
        const p = s.players[seat];
        if (f.tables[i] !== '' && hand(s, seat) !== f.hands[p][i]) {
          return `${at}: seat ${seat}'s hand\n  page   ${hand(s, seat)}\n  engine ${f.hands[p][i]}`;
        }
      }
    }
  }
  return null;
}

/** The players of a log: four, or three at a three-player table. */
const playersOf = (f) => f.hands.length;

test('the fixture holds every preset, Sichuan wins played on, robbed kongs, re-seating and kita', () => {
  assert.ok(folds.length >= 200, `${folds.length} logs`);
  const presets = new Set(folds.map((f) => f.name.split(' ')[0]));
  assert.ok(presets.size >= 13, [...presets].join(' '));
  for (const name of ['sanma', 'sanma-majsoul']) {
    const logs = folds.filter((f) => f.name.split(' ')[0] === name);
    assert.ok(logs.length > 0 && logs.every((f) => playersOf(f) === 3), `${name}: three players`);
    assert.ok(logs.some((f) => f.record.some((e) => e.type === 'kita')), `${name}: a North set aside`);
  }
  let robbed = 0;
  let reseated = 0;
  let wonOnKita = 0;
  for (const f of folds) {
    f.record.forEach((e, i) => {
      const before = f.record.slice(0, i).reverse().find((x) => x.type !== 'hora' && x.type !== 'dora');
      if (e.type === 'hora' && e.actor !== e.target && before?.type === 'kakan') robbed += 1;
      if (e.type === 'hora' && e.actor !== e.target && before?.type === 'kita') wonOnKita += 1;
    });
    if (f.record.some((e) => e.type === 'start_kyoku' && Array.isArray(e.players) && e.players.join() !== '0,1,2,3')) {
      reseated += 1;
    }
  }
  assert.ok(robbed >= 10, `${robbed} robbed kongs`);
  assert.ok(reseated >= 3, `${reseated} logs re-seat the players`);
  assert.ok(wonOnKita >= 2, `${wonOnKita} wins on a North set aside`);
});

for (const viewer of ['0', '1', '2', '3', 'spectator', 'record']) {
  test(`the page folds every ${viewer === 'record' ? 'full record' : `${viewer} stream`} as the engine does`, () => {
    // Player 3 sits only at tables of four.
    const logs = folds.filter((f) => !/^[0-3]$/.test(viewer) || Number(viewer) < playersOf(f));
    const wrong = logs.map((f) => disagreement(f, viewer)).filter((d) => d !== null);
    assert.deepEqual(wrong.slice(0, 3), [], `${wrong.length} logs disagree`);
  });
}
