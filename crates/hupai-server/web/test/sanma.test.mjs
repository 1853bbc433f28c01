// Three-player riichi (三人麻雀) in the page's own logic: a table of three seats (East, South,
// West) laid out with the next seat on the right and the one before on the left and nothing
// across, the Norths set aside (kita) folded beside each seat's melds and taken back by a win
// on one, the kita button, the wall of 13 x 3 dealt tiles, and results of three rows.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { initial, apply, fold, wallLeft, place, seatWind, seatsOf, calledFrom, meldTiles } from '../js/state.js';
import { group, buttons, automatic } from '../js/options.js';
import { setLanguage, t, keys } from '../js/i18n.js';
import { seatPanel, centre, kitaHtml } from '../js/render.js';
import { resultHtml, standingsHtml, who } from '../js/result.js';
import { announcement } from '../js/announce.js';
import { seatsFor } from '../js/lobby.js';

setLanguage('en');

const GAME = { type: 'start_game', names: ['me', 'bot1', 'bot2'] };
const DEAL = {
  type: 'start_kyoku', bakaze: 'E', dora_marker: '2s', kyoku: 1, honba: 0, kyotaku: 0, oya: 0,
  scores: [35000, 35000, 35000],
  tehais: [
    ['1m', '9m', '2p', '3p', '3p', '2s', '4s', '6s', '9s', 'E', 'N', 'N', 'P'],
    Array(13).fill('?'), Array(13).fill('?'),
  ],
};

test('a table of three: seats, turn order, winds and the wall come from the events', () => {
  const s = fold([GAME, DEAL], 0, 55);
  assert.equal(s.seats, 3);
  assert.deepEqual(seatsOf(s), [0, 1, 2]);
  assert.deepEqual(s.players, [0, 1, 2]);
  assert.deepEqual(s.hands[3], []);
  assert.equal(s.hands[0].length, 13);
  // 55 live tiles before the deal (108 less the dead wall of 14, a flower-less sanma wall):
  // 39 dealt.
  assert.equal(wallLeft(s), 55 - 39);
  apply(s, { type: 'tsumo', actor: 0, pai: '5p' });
  assert.equal(wallLeft(s), 55 - 40);
  // The dealer is East; the seat before it is West (there is no North).
  const dealt = fold([GAME, { ...DEAL, oya: 1, kyoku: 2 }], 0);
  assert.deepEqual([0, 1, 2].map((x) => seatWind(dealt, x)), [2, 0, 1]);
  // A four-player table is unchanged.
  const four = fold([{ type: 'start_game', names: ['a', 'b', 'c', 'd'] }], 0);
  assert.equal(four.seats, 4);
});

test('three seats lay out self at the bottom, the next seat right, the one before left, nobody across', () => {
  for (const me of [0, 1, 2]) {
    const s = fold([GAME, DEAL], me);
    const next = (me + 1) % 3;
    const before = (me + 2) % 3;
    assert.equal(place(s, me), 0, `seat ${me}`);
    assert.equal(place(s, next), 1, `seat ${me}: the next seat on the right`);
    assert.equal(place(s, before), 3, `seat ${me}: the seat before on the left`);
    // Across (place 2) is nobody's.
    assert.ok(![0, 1, 2].some((x) => place(s, x) === 2));
    // No panel for a North seat; the centre names three seats, none across.
    assert.equal(seatPanel(s, 3), '');
    const c = centre(s, '');
    assert.equal((c.match(/class="c c-/g) || []).length, 3);
    assert.doesNotMatch(c, /c-2/);
    assert.match(c, /seats-3/);
  }
  // A spectator sees East at the bottom.
  const watch = fold([GAME, DEAL], null);
  assert.deepEqual([0, 1, 2].map((x) => place(watch, x)), [0, 1, 3]);
  // The result names where each sits: right and left, never across.
  const mine = fold([GAME, DEAL], 1);
  assert.match(who(mine, 2), /right/);
  assert.match(who(mine, 0), /left/);
});

test('a called tile is turned toward the seat it came from: the one before left, the next one right', () => {
  // At three seats, seat 2 is the one before seat 0.
  const fromBefore = { type: 'pon', pai: '3p', consumed: ['3p', '3p'], target: 2 };
  assert.equal(calledFrom(fromBefore, 0, 3), 0);
  assert.deepEqual(meldTiles(fromBefore, 0, 3).map((x) => x.turned), [true, false, false]);
  const fromNext = { type: 'pon', pai: '3p', consumed: ['3p', '3p'], target: 1 };
  assert.equal(calledFrom(fromNext, 0, 3), 2);
  assert.deepEqual(meldTiles(fromNext, 0, 3).map((x) => x.turned), [false, false, true]);
  // At four seats the seat two after is across (the middle).
  assert.equal(calledFrom({ ...fromBefore, target: 2 }, 0, 4), 1);
});

test('a kita sets a North aside beside the melds, and the replacement draw follows', () => {
  const s = fold([GAME, DEAL, { type: 'tsumo', actor: 0, pai: '5p' }], 0, 55);
  apply(s, { type: 'kita', actor: 0, pai: 'N' });
  assert.deepEqual(s.kita[0], ['N']);
  assert.equal(s.hands[0].filter((p) => p === 'N').length, 1, 'one North left in the hand');
  assert.equal(s.hands[0].length + (s.drawn[0] ? 1 : 0), 13);
  apply(s, { type: 'tsumo', actor: 0, pai: '7s' });
  assert.equal(s.drawn[0], '7s');
  assert.equal(s.lastKita, null);
  // An opponent's kita from a hidden hand.
  apply(s, { type: 'dahai', actor: 0, pai: '7s', tsumogiri: true });
  apply(s, { type: 'tsumo', actor: 1, pai: '?' });
  apply(s, { type: 'kita', actor: 1, pai: 'N' });
  apply(s, { type: 'tsumo', actor: 1, pai: '?' });
  apply(s, { type: 'kita', actor: 1, pai: 'N' });
  assert.equal(s.kita[1].length, 2);
  assert.equal(s.hands[1].length + (s.drawn[1] ? 1 : 0), 13);
  // Drawn beside the seat's melds, with the count.
  const panel = seatPanel(s, 1);
  const melds = panel.split('class="melds"')[1].split('class="river"')[0];
  assert.match(melds, /data-kita="2"/);
  assert.equal((melds.match(/data-pai="N"/g) || []).length, 2);
  assert.match(kitaHtml(s, 1), /Kita x2/);
  assert.equal(kitaHtml(s, 2), '');
  // The next deal clears them.
  apply(s, DEAL);
  assert.deepEqual(s.kita, [[], [], [], []]);
});

test('a win on a kita takes the North back from the seat that set it aside, not its river', () => {
  const s = fold([GAME, DEAL, { type: 'tsumo', actor: 0, pai: '5p' }, { type: 'dahai', actor: 0, pai: '5p', tsumogiri: true },
    { type: 'tsumo', actor: 1, pai: '?' }, { type: 'kita', actor: 1, pai: 'N' }], 0, 55);
  const river = s.rivers[1].length;
  apply(s, { type: 'hora', actor: 0, target: 1, pai: 'N', deltas: [8000, -8000, 0], scores: [43000, 27000, 35000], yaku: [['chankan', 1]], han: 3, fu: 40 });
  assert.deepEqual(s.kita[1], []);
  assert.equal(s.rivers[1].length, river);
  assert.equal(s.rivers[0].length, 1, "the winner's river keeps its discard");
  assert.deepEqual(s.won[0], ['N']);
});

test('the kita option is a button of its own (key B), never taken by auto-discard', () => {
  const options = [{ type: 'discard', pai: '5p', tsumogiri: true }, { type: 'discard', pai: 'N', tsumogiri: false }, { type: 'kita' }];
  const g = group(options);
  assert.deepEqual(g.kita, { type: 'kita' });
  const b = buttons(g);
  assert.deepEqual(b.map((x) => x.action), ['kita']);
  assert.deepEqual(b[0].options, [{ type: 'kita' }]);
  assert.deepEqual(automatic(g, { autoPass: true, autoDiscard: true }), options[0]);
  // A win on a kita is offered as ron or pass.
  const ron = buttons(group([{ type: 'ron' }, { type: 'pass' }]));
  assert.deepEqual(ron.map((x) => x.action), ['hora', 'none']);
  assert.equal(automatic(group([{ type: 'ron' }, { type: 'pass' }]), { autoPass: true }), null);
  assert.deepEqual(announcement({ type: 'kita', actor: 2, pai: 'N' }), { kind: 'kita', seat: 2, text: 'Kita' });
  for (const l of ['en', 'zh', 'ja']) {
    assert.ok(keys(l).includes('kita'), l);
    assert.ok(keys(l).includes('play_bots_two'), l);
  }
  setLanguage('en');
  assert.match(t('keys'), /B kita/);
});

test('results and standings of a three-player hand have three rows', () => {
  // A double ron on seat 2's discard: each win's payments, then the hand's total, three rows.
  const s = fold([GAME, DEAL, { type: 'tsumo', actor: 2, pai: '?' }, { type: 'dahai', actor: 2, pai: '1m', tsumogiri: true },
    { type: 'hora', actor: 0, target: 2, pai: '1m', deltas: [3900, 0, -3900], scores: [38900, 35000, 31100], yaku: [['riichi', 1]], han: 2, fu: 40 },
    { type: 'hora', actor: 1, target: 2, pai: '1m', deltas: [0, 2000, -2000], scores: [38900, 37000, 29100], yaku: [['riichi', 1]], han: 1, fu: 40 },
    { type: 'end_kyoku' }, { type: 'end_game', scores: [38900, 37000, 29100] }], 0);
  const html = resultHtml(s, { rules: { family: 'riichi' }, names: {} });
  const tables = html.split('class="payments"').slice(1).map((x) => x.split('</table>')[0]);
  assert.equal(tables.length, 3, 'two wins and the total');
  for (const table of tables) assert.equal((table.match(/<tr>/g) || []).length, 3);
  assert.match(html, /data-result="total"/);
  const standings = standingsHtml(s);
  assert.equal((standings.match(/<tr data-player=/g) || []).length, 3);
  assert.match(standings, /data-player="0"><td>1</);
  // An exhaustive draw lists the three seats ready or not.
  const d = fold([GAME, DEAL, { type: 'ryukyoku', reason: 'exhaustive', tenpai: [true, false, true], deltas: [1000, -2000, 1000], scores: [36000, 33000, 36000] }], 0);
  const ready = resultHtml(d, null).split('class="ready"')[1].split('</ul>')[0];
  assert.equal((ready.match(/<li/g) || []).length, 3);
});

test('a new table seats as many as the rules: three under sanma, four otherwise', () => {
  assert.deepEqual(seatsFor(3, 'defensive'), ['human', 'bot:defensive', 'bot:defensive']);
  assert.deepEqual(seatsFor(3, 'search', 2), ['human', 'open', 'open']);
  assert.deepEqual(seatsFor(4, 'defensive', 1), ['human', 'open', 'bot:defensive', 'bot:defensive']);
  const s = initial(0, null, 3);
  assert.equal(s.seats, 3);
});
