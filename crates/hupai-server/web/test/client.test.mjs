// Unit tests of the client's own logic, in Node (`node --test test/`): tile names and
// notation, the event fold, the options' grouping, the languages, the announcements, and that
// the committed tile sprite is what the generator draws.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mpsz, mjai, tileName, sorted, indicated, sameKind } from '../js/tiles.js';
import { initial, apply, fold, wallLeft, place, meldTiles, calledFrom, parseHand } from '../js/state.js';
import { group, pick, buttons, automatic, riichiTiles, exchangeOf, exchangeAllows } from '../js/options.js';
import { LANGS, keys, pickLanguage, setLanguage, t } from '../js/i18n.js';
import { parseLog, stops } from '../js/replay.js';
import { draw } from '../tools/tiles.mjs';
import { resultHtml, standingsHtml, paymentLabel, who, yakuTile } from '../js/result.js';
import { announcement, spoken } from '../js/announce.js';
import { ownHand, seatPanel } from '../js/render.js';
import { botsFor } from '../js/lobby.js';

test('mjai names and MPSZ convert both ways, red fives as 0', () => {
  assert.equal(mpsz('5mr'), '0m');
  assert.equal(mpsz('5p'), '5p');
  assert.equal(mpsz('E'), '1z');
  assert.equal(mpsz('C'), '7z');
  assert.equal(mpsz('?'), '?');
  assert.equal(mpsz('3f'), '3f');
  assert.equal(mpsz('4mr'), null);
  assert.equal(mpsz('8z'), null);
  assert.equal(mpsz(7), null);
  for (const p of ['1m', '9s', '5sr', 'P', 'F', 'N', '8f']) assert.equal(mjai(mpsz(p)), p);
  assert.equal(mjai('0z'), null);
  assert.ok(sameKind('5m', '5mr'));
  assert.ok(!sameKind('5m', '5p'));
});

test('tile names in three languages', () => {
  assert.equal(tileName('5m', 'en'), '5-man');
  assert.equal(tileName('5mr', 'en'), 'red 5-man');
  assert.equal(tileName('5m', 'zh'), '五万');
  assert.equal(tileName('0s', 'zh'), '红五条');
  assert.equal(tileName('5pr', 'ja'), '赤五筒');
  assert.equal(tileName('F', 'zh'), '发');
  assert.equal(tileName('1z', 'ja'), '東');
  assert.equal(tileName('?', 'en'), 'hidden tile');
  assert.equal(tileName('2f', 'en'), 'orchid');
});

test('sorting keeps suits in MPSZ order with the red five among the fives', () => {
  assert.deepEqual(sorted(['E', '5mr', '1p', '5m', '9m', 'C', '3s']), ['5m', '5mr', '9m', '1p', '3s', 'E', 'C']);
});

test('indicators point at the next kind', () => {
  assert.equal(indicated('9m'), '1m');
  assert.equal(indicated('5pr'), '6p');
  assert.equal(indicated('N'), '1z');
  assert.equal(indicated('C'), '5z');
  assert.equal(indicated('P'), '6z');
});

const DEAL = {
  type: 'start_kyoku', bakaze: 'E', dora_marker: '2s', kyoku: 1, honba: 0, kyotaku: 0, oya: 0,
  scores: [25000, 25000, 25000, 25000],
  tehais: [
    ['1m', '4m', '8m', '2p', '3p', '3p', '2s', '4s', '6s', '9s', 'E', 'N', 'P'],
    Array(13).fill('?'), Array(13).fill('?'), Array(13).fill('?'),
  ],
};

test('the fold keeps the drawn tile apart and moves tiles by the events', () => {
  const s = initial(0, 122);
  apply(s, { type: 'start_game', names: ['a', 'b', 'c', 'd'] });
  apply(s, DEAL);
  apply(s, { type: 'tsumo', actor: 0, pai: '5mr' });
  assert.equal(s.drawn[0], '5mr');
  assert.equal(s.hands[0].length, 13);
  assert.equal(wallLeft(s), 122 - 52 - 1);
  apply(s, { type: 'dahai', actor: 0, pai: 'E', tsumogiri: false });
  assert.equal(s.drawn[0], null);
  assert.equal(s.hands[0].length, 13);
  assert.ok(s.hands[0].includes('5mr'));
  assert.ok(!s.hands[0].includes('E'));
  assert.deepEqual(s.rivers[0][0], { pai: 'E', tsumogiri: false, riichi: false, called: false });
  // An opponent draws a hidden tile and calls.
  apply(s, { type: 'tsumo', actor: 1, pai: '?' });
  apply(s, { type: 'dahai', actor: 1, pai: '3p', tsumogiri: true });
  apply(s, { type: 'pon', actor: 0, target: 1, pai: '3p', consumed: ['3p', '3p'] });
  assert.equal(s.hands[0].length, 11);
  assert.equal(s.rivers[1][0].called, true);
  assert.equal(s.turn, 0);
  const m = s.melds[0][0];
  assert.equal(calledFrom(m, 0), 2); // from the player after: the right-hand tile is turned
  assert.deepEqual(meldTiles(m, 0).map((x) => x.turned), [false, false, true]);
  apply(s, { type: 'dahai', actor: 0, pai: '9s', tsumogiri: false });
  // Riichi turns the declaring discard; the stick goes on the table when it passes.
  apply(s, { type: 'tsumo', actor: 1, pai: '?' });
  apply(s, { type: 'reach', actor: 1 });
  apply(s, { type: 'dahai', actor: 1, pai: 'W', tsumogiri: false });
  apply(s, { type: 'reach_accepted', actor: 1, deltas: [0, -1000, 0, 0], scores: [25000, 24000, 25000, 25000] });
  assert.equal(s.rivers[1][1].riichi, true);
  assert.equal(s.round.kyotaku, 1);
  assert.equal(s.scores[1], 24000);
  assert.equal(s.hands[1].length, 13);
  // A closed kan shows two backs.
  const k = meldTiles({ type: 'ankan', consumed: ['E', 'E', 'E', 'E'] }, 2);
  assert.deepEqual(k.map((x) => x.back), [true, false, false, true]);
});

test('wins and draws are kept for the result panel; the next deal clears them', () => {
  const s = fold([{ type: 'start_game', names: [] }, DEAL, { type: 'tsumo', actor: 0, pai: '1m' },
    { type: 'hora', actor: 0, target: 0, pai: '1m', deltas: [3000, -1000, -1000, -1000], scores: [28000, 24000, 24000, 24000], yaku: [['riichi', 1]], han: 1, fu: 30 },
    { type: 'end_kyoku' }], 0, 122);
  assert.equal(s.result.kind, 'hora');
  assert.equal(s.result.wins.length, 1);
  assert.equal(s.scores[0], 28000);
  assert.ok(s.handOver);
  apply(s, DEAL);
  assert.equal(s.result, null);
  const d = fold([DEAL, { type: 'ryukyoku', reason: 'exhaustive', tenpai: [true, false, false, true], deltas: [1500, -1500, -1500, 1500] }]);
  assert.equal(d.result.kind, 'draw');
});

test('a seat is placed relative to the viewer, and MCR players move seats', () => {
  const s = fold([{ ...DEAL, players: [2, 3, 0, 1] }], 0);
  assert.equal(s.seat, 2);
  assert.equal(place(s, 2), 0);
  assert.equal(place(s, 3), 1);
  assert.equal(place(s, 1), 3);
});

test('hand text of a win parses into groups', () => {
  assert.deepEqual(parseHand('33m234567s777z chi:678p'), [
    { label: '', tiles: ['3m', '3m', '2s', '3s', '4s', '5s', '6s', '7s', '7z', '7z', '7z'] },
    { label: 'chi', tiles: ['6p', '7p', '8p'] },
  ]);
  assert.deepEqual(parseHand(''), []);
});

const TURN = [
  { type: 'discard', pai: '1m', tsumogiri: true },
  { type: 'discard', pai: '1m', tsumogiri: false },
  { type: 'discard', pai: '5pr', tsumogiri: false },
  { type: 'riichi', pai: '1m', tsumogiri: true },
  { type: 'riichi', pai: '5pr', tsumogiri: false },
  { type: 'tsumo' },
  { type: 'closed_kan', pai: 'E' },
];

test('options group into tile clicks and exactly the legal buttons', () => {
  const g = group(TURN);
  assert.deepEqual(pick(g.discards, '1m', true), TURN[0]);
  assert.deepEqual(pick(g.discards, '1m', false), TURN[1]);
  assert.deepEqual(pick(g.discards, '5pr', true), TURN[2]);
  assert.equal(pick(g.discards, '5p', false), null); // a plain 5p is not the red one
  assert.deepEqual(buttons(g).map((b) => b.action), ['hora', 'reach', 'kan']);
  assert.deepEqual(riichiTiles(g), ['1m', '5pr']);
  const call = group([{ type: 'chi', consumed: ['2p', '3p'] }, { type: 'chi', consumed: ['3p', '5p'] }, { type: 'pon', consumed: ['4p', '4p'] }, { type: 'pass' }]);
  assert.deepEqual(buttons(call).map((b) => [b.action, b.options.length]), [['pon', 1], ['chi', 2], ['none', 1]]);
  // Wuhan: a lone kong (红中杠 / 赖子杠) is a kan button.
  const lone = group([{ type: 'lone_kong', pai: 'C' }, { type: 'discard', pai: '1m', tsumogiri: true }]);
  assert.deepEqual(buttons(lone).map((b) => [b.action, b.options.length]), [['kan', 1]]);
});

test('auto-pass never passes a win, auto-discard throws only the drawn tile', () => {
  assert.equal(automatic(group([{ type: 'ron' }, { type: 'pass' }]), { autoPass: true }), null);
  assert.deepEqual(automatic(group([{ type: 'pon', consumed: ['4p', '4p'] }, { type: 'pass' }]), { autoPass: true }), { type: 'pass' });
  assert.equal(automatic(group(TURN), { autoDiscard: true }), null); // a tsumo is offered
  assert.deepEqual(automatic(group(TURN.slice(0, 3)), { autoDiscard: true }), TURN[0]);
  assert.equal(automatic(group(TURN.slice(1, 3)), { autoDiscard: true }), null);
  assert.equal(automatic(group(TURN.slice(0, 3)), {}), null);
});

test('every language has every key, and the browser picks it', () => {
  const en = keys('en').sort();
  for (const l of LANGS) assert.deepEqual(keys(l).sort(), en, l);
  assert.equal(pickLanguage(null, ['ja-JP', 'en']), 'ja');
  assert.equal(pickLanguage(null, ['fr', 'zh-TW']), 'zh');
  assert.equal(pickLanguage('en', ['zh']), 'en');
  assert.equal(pickLanguage(null, ['fr']), 'en');
  setLanguage('zh');
  assert.equal(t('pon'), '碰');
  setLanguage('en');
});

test('a log parses or says which line is wrong', () => {
  const ok = parseLog('{"type":"start_game"}\n\n{"type":"end_game"}\n');
  assert.equal(ok.length, 2);
  assert.throws(() => parseLog('{"type":"start_game"}\nnope'), /line 2/);
  assert.throws(() => parseLog('{"type":"dahai"}'), /start_game/);
  assert.deepEqual(stops([{ type: 'start_game' }, { type: 'dora' }, { type: 'tsumo' }]), [0, 2]);
});

test('the committed tile sprite is what the generator draws, with every face', () => {
  const svg = readFileSync(new URL('../tiles.svg', import.meta.url), 'utf8');
  assert.equal(svg, draw(), 'run node tools/tiles.mjs');
  const ids = [...svg.matchAll(/<symbol id="t-([^"]+)"/g)].map((m) => m[1]);
  const want = [];
  for (const s of 'mps') for (let n = 0; n <= 9; n++) want.push(`${n}${s}`);
  for (let n = 1; n <= 7; n++) want.push(`${n}z`);
  for (let n = 1; n <= 8; n++) want.push(`${n}f`);
  want.push('back', 'joker');
  assert.deepEqual(ids.sort(), want.sort());
  // Every face and mark is drawn: no text for the visitor's fonts to render, nothing outside
  // ASCII (the characters are outlines).
  assert.doesNotMatch(svg, /<text|<tspan|font-family/);
  assert.doesNotMatch(svg, /[^\x00-\x7f]/);
  const icons = [...svg.matchAll(/<symbol id="i-([^"]+)"/g)].map((m) => m[1]);
  for (const i of ['mark', 'title', 'zh', 'ja', 'lang', 'sound', 'mute', 'help', 'first', 'prev', 'next', 'last', 'arrow', 'warn', 'star', 'flag', 'swap']) {
    assert.ok(icons.includes(i), `icon ${i}`);
  }
  // Each character face carries outlines (a path with curves), not an empty shape.
  for (const id of ['1m', '9m', '0m', '1z', '4z', '6z', '7z', '1f', '8f']) {
    const body = new RegExp(`<symbol id="t-${id}"[^>]*>(.*?)</symbol>`).exec(svg)[1];
    assert.ok((body.match(/[QC]/g) || []).length > 20, `t-${id} has drawn characters`);
  }
});

test('a win is laid out with the win tile apart, its yaku named, fu, points and payments', () => {
  const s = fold([{ type: 'start_game', names: ['me', 'b', 'c', 'd'] }, DEAL,
    { type: 'hora', actor: 3, target: 0, pai: 'C', deltas: [-2000, 0, 0, 2000], hand: '33m234567s777z chi:678p',
      yaku: [['yakuhai_chun', 1], ['dora', 1]], han: 2, fu: 30, points: 2000, scores: [23000, 25000, 25000, 27000] },
    { type: 'end_kyoku' }, { type: 'end_game', scores: [23000, 25000, 25000, 27000] }], 0, 122);
  const names = { yakuhai_chun: { en: 'Yakuhai (Red)', zh: '役牌 中', ja: '役牌 中' } };
  const html = resultHtml(s, { rules: { family: 'riichi' }, names });
  assert.match(html, /Yakuhai \(Red\)/);
  assert.match(html, /dora/);
  assert.match(html, /2 han · 30 fu · 2000 points/);
  assert.match(html, /-2000/);
  // 11 concealed tiles in the text, less the win tile shown apart, plus the chi.
  const concealed = html.split('class="group"')[1].split('</span><span class="group')[0];
  assert.equal((concealed.match(/data-pai=/g) || []).length, 10);
  // Every player is named with the seat's wind and where it sits from the viewer.
  assert.match(standingsHtml(s), /d <small class="where">\(North · left\)<\/small><\/span><\/td><td>27000/);
  assert.match(html, /me <small class="where">\(East · you\)/);
  assert.match(html, /Discarded by: <span class="who" data-who="0">me/);
});

test('a Guangdong win shows its horses (买马) and how many named the winner', () => {
  const s = fold([DEAL,
    { type: 'hora', actor: 1, target: 0, pai: '4s', deltas: [-3, 3, 0, 0], hand: '123m456p789s234s55z',
      yaku: [['ji_hu', 0]], han: 0, points: 3, horses: { pai: ['2m', '6s', '1m', 'N'], hits: 2 } }], 0);
  const html = resultHtml(s, { rules: { family: 'chinese' }, names: {} });
  const horses = html.split('class="horses"')[1].split('</div>')[0];
  assert.match(horses, /data-horses="2"|^ data-horses="2"/);
  assert.equal((horses.match(/data-pai=/g) || []).length, 4);
  assert.match(horses, /2 name the winner/);
});

test('an exhaustive draw shows who was ready, with the hands the server showed', () => {
  const s = fold([DEAL, { type: 'ryukyoku', reason: 'exhaustive', tenpai: [false, true, false, false], deltas: [-1000, 3000, -1000, -1000] }], 0);
  s.shown = [[1, ['1m', '2m', '3m']]];
  const html = resultHtml(s, null);
  assert.match(html, /data-result="ryukyoku"/);
  assert.match(html, /class="tenpai"/);
  assert.equal((html.match(/data-pai="[123]m"/g) || []).length, 3);
});

test('the own hand carries the test hooks and marks the wild tiles', () => {
  const s = fold([{ ...DEAL, dora_marker: undefined, joker_marker: '3m', tehais: [['4m', '5mr', 'E'], [], [], []] },
    { type: 'tsumo', actor: 0, pai: '4m' }], 0);
  const html = ownHand(s, { can: () => true });
  assert.match(html, /^<div class="hand" data-hand>/);
  assert.deepEqual([...html.matchAll(/data-tile="([^"]+)"/g)].map((m) => m[1]), ['4m', '0m', '1z', '4m']);
  assert.equal((html.match(/#t-joker/g) || []).length, 2);
  assert.match(html, /data-index="drawn"/);
});

test('a spectator sees each player with the wind only; a player with the place too', () => {
  const s = fold([{ type: 'start_game', names: ['a', 'b', 'c', 'd'] }, { ...DEAL, oya: 1 }], null);
  assert.match(who(s, 1), /b <small class="where">\(East\)<\/small>/);
  const p = fold([{ type: 'start_game', names: ['a', 'b', 'c', 'd'] }, { ...DEAL, oya: 1 }], 2);
  assert.match(who(p, 1), /\(East · left\)/);
  assert.match(who(p, 2), /\(South · you\)/);
  assert.match(who(p, 0), /\(North · across\)/);
  setLanguage('zh');
  assert.match(who(p, 3), /\(西 · 下家\)/);
  setLanguage('en');
});

test('every settlement outside a win has a label in every language (查大叫, 查花猪, ...)', () => {
  const reasons = ['kong', 'kong_transfer', 'kong_refund', 'flower_pig', 'not_ready'];
  for (const l of LANGS) {
    setLanguage(l);
    for (const r of reasons) {
      const label = paymentLabel(r);
      assert.ok(label && label !== r && !label.includes('_'), `${l} ${r}: ${label}`);
    }
  }
  setLanguage('zh');
  assert.equal(paymentLabel('flower_pig'), '查花猪');
  assert.equal(paymentLabel('not_ready'), '查大叫');
  setLanguage('en');
  assert.equal(paymentLabel('something_new'), 'something new');
});

test('a Sichuan hand keeps every win and payment until it ends, and marks who has left', () => {
  const deal = { ...DEAL, dora_marker: undefined, tehais: [Array(13).fill('1m'), Array(13).fill('?'), Array(13).fill('?'), Array(13).fill('?')] };
  const s = fold([{ type: 'start_game', names: ['me', 'b', 'c', 'd'] }, deal,
    { type: 'payment', reason: 'kong', actor: 2, deltas: [-2, -2, 6, -2], scores: [-2, -2, 6, -2] },
    { type: 'tsumo', actor: 1, pai: '?' },
    { type: 'hora', actor: 1, target: 1, pai: '3p', deltas: [-1, 3, -1, -1], scores: [-3, 1, 5, -3], yaku: [['ping_hu', 0]], han: 0, points: 3, hand: '11m123456p789s33p' },
    { type: 'tsumo', actor: 2, pai: '?' },
    { type: 'dahai', actor: 2, pai: '9s', tsumogiri: true },
    { type: 'payment', reason: 'flower_pig', actor: 3, deltas: [16, 0, 0, -16] },
    { type: 'payment', reason: 'not_ready', actor: 0, deltas: [-2, 0, 2, 0] },
  ], 0);
  assert.equal(s.result.wins.length, 1);
  assert.deepEqual(s.result.payments.map((p) => p.reason), ['kong', 'flower_pig', 'not_ready']);
  assert.deepEqual(s.won[1], ['3p']);
  assert.equal(s.drawn[1], null);
  assert.equal(s.hands[1].length, 13, 'the winner keeps 13 tiles');
  const panel = seatPanel(s, 1, { afterWin: 'leave' });
  assert.match(panel, /class="seat place-1 out"/);
  assert.match(panel, /data-won="1">Out of the hand/);
  assert.doesNotMatch(seatPanel(s, 1, { afterWin: 'stay' }), / out"/);
  const html = resultHtml(s, { rules: { family: 'chinese' }, names: { ping_hu: { en: 'Plain Win', zh: '平胡', ja: '平胡' } } });
  assert.match(html, /Wins this hand/, 'the hand is not over: the wins so far');
  assert.match(html, /Plain Win/);
  assert.match(html, /data-payment="flower_pig"><h4>Flower pig/);
  assert.match(html, /data-payment="not_ready"><h4>Not ready/);
  // A settlement lists only the seats that paid or got something.
  const pig = html.split('data-payment="flower_pig"')[1].split('</section>')[0];
  assert.equal((pig.match(/<tr>/g) || []).length, 2);
});

test('the void suit is a button per suit, named in every language', () => {
  const g = group([{ type: 'void', suit: 'm' }, { type: 'void', suit: 'p' }, { type: 'void', suit: 's' }]);
  assert.deepEqual(buttons(g).map((b) => [b.action, b.suit, b.options.length]), [['void', 'm', 1], ['void', 'p', 1], ['void', 's', 1]]);
  const want = { en: ['Characters', 'Dots', 'Bamboo'], zh: ['万', '筒', '条'], ja: ['萬子', '筒子', '索子'] };
  for (const l of LANGS) {
    setLanguage(l);
    assert.deepEqual(['m', 'p', 's'].map((x) => t(`suit_${x}`)), want[l]);
  }
  setLanguage('en');
});

test('换三张: one button, tiles chosen only while some option holds them, any order', () => {
  const options = [
    { type: 'exchange', pai: ['1s', '2s', '7s'] },
    { type: 'exchange', pai: ['1s', '1s', '2s'] },
    { type: 'exchange', pai: ['3m', '5m', '9m'] },
  ];
  const g = group(options);
  assert.deepEqual(buttons(g).map((b) => [b.action, b.options.length]), [['exchange', 3]]);
  assert.ok(exchangeAllows(g, [], '1s') && exchangeAllows(g, ['1s'], '1s') && exchangeAllows(g, ['1s'], '7s'));
  assert.ok(!exchangeAllows(g, ['1s'], '3m'), 'one suit');
  assert.ok(!exchangeAllows(g, ['1s', '1s'], '7s'), 'no option has 1s 1s 7s');
  assert.equal(exchangeOf(g, ['7s', '1s', '2s']), options[0]);
  assert.equal(exchangeOf(g, ['1s', '2s']), null);
  // The fold: the giver's tiles leave (other copies before the drawn one), the receiver's arrive.
  const s = initial(0, 108);
  apply(s, { type: 'start_game', names: ['a', 'b', 'c', 'd'] });
  apply(s, { ...DEAL, tehais: [['1s', '2s', '7s', '1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m', '9m'], ...DEAL.tehais.slice(1)] });
  apply(s, { type: 'tsumo', actor: 0, pai: '7s' });
  apply(s, { type: 'exchange', actor: 0, target: 1, pai: ['1s', '2s', '7s'] });
  assert.equal(s.drawn[0], '7s', 'the drawn 7s stays apart: the hand gave its other 7s');
  assert.equal(s.hands[0].length, 10);
  assert.equal(s.hands[1].length, 16);
  assert.ok(s.hands[1].every((x) => x === '?'), "a hidden hand shows no tile the player passed into it");
  apply(s, { type: 'exchange', actor: 3, target: 0, pai: ['?', '?', '?'] });
  assert.equal(s.hands[0].length, 13);
  // 报听 costs no stick; a riichi stick is counted.
  apply(s, { type: 'reach_accepted', actor: 0, deltas: [0, 0, 0, 0], scores: [0, 0, 0, 0] });
  assert.equal(s.round.kyotaku, 0);
});

test('the wins and settlements of a hand are listed in the order they happened, with the total', () => {
  const s = fold([{ type: 'start_game', names: ['me', 'b', 'c', 'd'] }, DEAL,
    { type: 'payment', reason: 'kong', actor: 2, deltas: [-2, -2, 6, -2] },
    { type: 'hora', actor: 1, target: 0, pai: '3p', deltas: [-1, 1, 0, 0], yaku: [], hand: '' },
    { type: 'payment', reason: 'not_ready', actor: 3, deltas: [0, 0, 2, -2] },
    { type: 'ryukyoku', reason: 'exhaustive', tenpai: [false, true, true, false], deltas: [0, 0, 0, 0] },
    { type: 'end_kyoku' }], 0);
  const html = resultHtml(s, null);
  const at = (x) => html.indexOf(x);
  assert.ok(at('data-payment="kong"') < at('data-result="hora"') && at('data-result="hora"') < at('data-payment="not_ready"'));
  const total = html.split('data-result="total"')[1];
  assert.deepEqual([...total.matchAll(/class="(?:plus|minus|zero)">([^<]+)</g)].map((m) => Number(m[1])), [-3, -1, 8, -4]);
});

test('each call, riichi, win and draw is announced at its seat in the page\'s language, by the rules\' family', () => {
  const say = (e, family = 'riichi') => {
    const a = announcement(e, family);
    return a && [a.kind, a.seat, a.text];
  };
  setLanguage('en');
  assert.deepEqual(say({ type: 'chi', actor: 1, target: 0, pai: '3m', consumed: ['1m', '2m'] }), ['chi', 1, 'Chi']);
  assert.deepEqual(say({ type: 'pon', actor: 2, target: 0, pai: 'E', consumed: ['E', 'E'] }), ['pon', 2, 'Pon']);
  for (const type of ['daiminkan', 'ankan', 'kakan']) assert.deepEqual(say({ type, actor: 3, pai: '5p', consumed: [] }), ['kan', 3, 'Kan']);
  assert.deepEqual(say({ type: 'reach', actor: 0 }), ['riichi', 0, 'Riichi']);
  assert.deepEqual(say({ type: 'hora', actor: 1, target: 2, pai: '4p' }), ['ron', 1, 'Ron']);
  assert.deepEqual(say({ type: 'hora', actor: 1, target: 1, pai: '4p' }), ['tsumo', 1, 'Tsumo']);
  assert.deepEqual(say({ type: 'ryukyoku', reason: 'exhaustive' }), ['draw', null, 'Exhaustive draw']);
  assert.deepEqual(say({ type: 'ryukyoku', reason: 'four_winds' }), ['draw', null, 'Four winds']);
  for (const type of ['dahai', 'tsumo', 'dora', 'reach_accepted', 'start_kyoku', 'end_kyoku']) assert.equal(say({ type, actor: 0 }), null);
  setLanguage('zh');
  assert.deepEqual(say({ type: 'hora', actor: 1, target: 2, pai: '4p' }, 'chinese'), ['ron', 1, '胡']);
  assert.deepEqual(say({ type: 'hora', actor: 1, target: 1, pai: '4p' }, 'chinese'), ['tsumo', 1, '自摸']);
  assert.deepEqual(say({ type: 'hora', actor: 1, target: 2, pai: '4p' }), ['ron', 1, '荣和']);
  assert.deepEqual(say({ type: 'reach', actor: 0 }, 'chinese'), ['riichi', 0, '报听']);
  assert.deepEqual(say({ type: 'pon', actor: 2, target: 0, pai: 'E' }), ['pon', 2, '碰']);
  assert.deepEqual(say({ type: 'ryukyoku', reason: 'exhaustive' }), ['draw', null, '荒牌流局']);
  assert.deepEqual(say({ type: 'lone_kong', actor: 0, pai: 'C' }, 'chinese'), ['kan', 0, '红中杠']);
  setLanguage('ja');
  assert.deepEqual(say({ type: 'chi', actor: 1, target: 0, pai: '3m' }), ['chi', 1, 'チー']);
  assert.deepEqual(say({ type: 'hora', actor: 3, target: 3, pai: '4p' }), ['tsumo', 3, 'ツモ']);
  // What a screen reader hears: who (the seat's wind, and for a player where it sits) and what.
  const s = fold([DEAL], 0);
  assert.equal(spoken(s, announcement({ type: 'hora', actor: 2, target: 2, pai: '1m' })), '西, 対面: ツモ');
  setLanguage('en');
  assert.equal(spoken(s, announcement({ type: 'pon', actor: 1, target: 0, pai: 'E' })), 'South, right: Pon');
  assert.equal(spoken(fold([DEAL], null), announcement({ type: 'pon', actor: 3, target: 0, pai: 'E' })), 'North: Pon');
  assert.equal(spoken(s, announcement({ type: 'ryukyoku', reason: 'exhaustive' })), 'Exhaustive draw');
});

test('a yaku named for a tile is shown with that tile drawn beside its name', () => {
  assert.equal(yakuTile('yakuhai_chun'), '7z');
  assert.equal(yakuTile('yakuhai_haku'), '5z');
  assert.equal(yakuTile('seat_wind_south'), '2z');
  assert.equal(yakuTile('round_wind_north'), '4z');
  assert.equal(yakuTile('tanyao'), null);
  const s = fold([DEAL, { type: 'hora', actor: 0, target: 0, pai: '1m', hand: '123m456p789s11m777z', yaku: [['yakuhai_chun', 1], ['menzen_tsumo', 1]], han: 2, fu: 30, points: 2000 }], 0);
  const html = resultHtml(s, { rules: { family: 'riichi' }, names: {} });
  const chun = html.split('data-yaku="yakuhai_chun"')[1].split('</li>')[0];
  assert.match(chun, /data-named="true"/);
  assert.match(chun, /#t-7z/);
  assert.doesNotMatch(html.split('data-yaku="menzen_tsumo"')[1].split('</li>')[0], /data-named/);
});

test('the English page needs no CJK or symbol glyph: its words are ASCII and common punctuation', () => {
  setLanguage('en');
  for (const k of keys('en')) assert.match(t(k), /^[\x20-\x7e\u00b7\u2013\u2014\u2026]*$/, `en ${k}: ${t(k)}`);
  for (const p of ['5m', '0p', '1z', '7z', '3f', '?']) assert.match(tileName(p, 'en'), /^[\x20-\x7e]*$/);
});

test('the river marks the last discard and lays the riichi tile sideways', () => {
  const s = fold([DEAL, { type: 'tsumo', actor: 0, pai: '5s' }, { type: 'reach', actor: 0 }, { type: 'dahai', actor: 0, pai: '5s', tsumogiri: true },
    { type: 'tsumo', actor: 1, pai: '?' }, { type: 'dahai', actor: 1, pai: '9m', tsumogiri: true }], 0);
  const mine = seatPanel(s, 0);
  assert.match(mine, /class="tile [^"]*\bturned\b[^"]*" data-pai="5s"/);
  assert.doesNotMatch(mine, /data-last/);
  const right = seatPanel(s, 1);
  assert.equal((right.match(/data-last="true"/g) || []).length, 1);
  assert.match(right, /class="tile tsumogiri last"[^>]*data-pai="9m"[^>]*aria-description="last discard"/);
});

test("the lobby offers a server's learned models under the presets they play, after search", () => {
  setLanguage('en');
  const models = [
    { spec: 'model:models/riichi-clone-search.onnx', name: 'riichi-clone-search', presets: ['riichi', 'riichi-majsoul'] },
    { spec: 'model:models/old.onnx', name: 'old', presets: [] },
  ];
  const specs = (rules) => botsFor(rules, models).map((b) => b.spec);
  assert.deepEqual(specs('riichi'), ['defensive', 'search', 'model:models/riichi-clone-search.onnx', 'efficiency', 'random']);
  assert.deepEqual(specs('riichi-majsoul'), specs('riichi'));
  assert.deepEqual(specs('mcr'), ['defensive', 'search', 'efficiency', 'random']);
  assert.deepEqual(botsFor('riichi').map((b) => b.spec), specs('mcr'));
  assert.equal(botsFor('riichi', models)[2].label, 'Learned (fast): riichi-clone-search');
  setLanguage('zh');
  assert.equal(botsFor('riichi', models)[2].label, '学习模型（快速）: riichi-clone-search');
  setLanguage('en');
});
