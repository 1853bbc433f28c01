// The table as the page shows it, folded from the events of one stream (a seat's, a
// spectator's, or a full record in a replay). Only display: which tiles lie where, whose turn
// it is, the scores and the last result. The rules are the server's; nothing here decides
// what is legal (the prompt's options say that).

import { sorted, mpsz, kindOf } from './tiles.js';

/** A fresh table before any event; `player` is the viewer's player number (null: spectator).
 * Per-seat lists always have four slots; `seats` says how many are at the table (3 at a
 * three-player table: East, South and West, no North). */
export function initial(player = null, liveBeforeDeal = null, seats = 4) {
  return {
    player,
    seat: player ?? 0,
    seats,
    players: seatList(seats),
    names: ['', '', '', ''],
    rules: '',
    liveBeforeDeal,
    round: null,
    scores: [0, 0, 0, 0],
    hands: [[], [], [], []],
    drawn: [null, null, null, null],
    melds: [[], [], [], []],
    rivers: [[], [], [], []],
    flowers: [[], [], [], []],
    kita: [[], [], [], []],
    won: [[], [], [], []],
    voids: [null, null, null, null],
    riichi: [false, false, false, false],
    pendingRiichi: [false, false, false, false],
    doras: [],
    jokerMarker: null,
    draws: 0,
    turn: null,
    lastDiscard: null,
    lastKan: null,
    lastKita: null,
    ronTaken: false,
    result: null,
    shown: null,
    handOver: false,
    final: null,
    seq: -1,
    events: 0,
  };
}

/** The seat numbers of a table of `n` seats (3 or 4), in turn order. */
export function seatList(n) {
  return n === 3 ? [0, 1, 2] : [0, 1, 2, 3];
}

/** The seats at the table, in turn order. */
export function seatsOf(s) {
  return seatList(s.seats);
}

/** How many seats an event's per-seat list says the table has (3 or 4; null: it does not say). */
function seatCount(list) {
  return Array.isArray(list) && (list.length === 3 || list.length === 4) ? list.length : null;
}

/** Removes one `pai` from a seat's tiles (exact first, then a hidden one), the drawn tile
 * included; returns whether a tile was taken. The drawn tile joins the hand afterwards. */
function take(s, seat, pai) {
  const hand = s.hands[seat];
  let i = hand.indexOf(pai);
  if (i >= 0) {
    hand.splice(i, 1);
    return true;
  }
  if (s.drawn[seat] === pai) {
    s.drawn[seat] = null;
    return true;
  }
  i = hand.indexOf('?');
  if (i >= 0) {
    hand.splice(i, 1);
    return true;
  }
  if (s.drawn[seat] === '?') {
    s.drawn[seat] = null;
    return true;
  }
  return false;
}

/** A win's tile leaves where it lay and joins the winner's won tiles (the event names it,
 * also when the draw was hidden from this stream): the winner's drawn tile, the robbed added
 * kan (a pon again; a robbed closed kan keeps its tiles), or the discarder's river (once, when
 * several win on one discard). The engine's fold does the same (a hand may go on after a win). */
function takeWinTile(s, e) {
  if (e.actor === e.target) {
    if (s.drawn[e.actor] !== null) s.drawn[e.actor] = null;
    else take(s, e.actor, e.pai);
  } else if (s.lastKita === e.target) {
    // A win on a North set aside (三人麻雀): it leaves the seat's kita.
    if (!s.ronTaken) s.kita[e.target].pop();
    s.ronTaken = true;
  } else if (s.lastKan && s.lastKan.seat === e.target) {
    if (!s.lastKan.closed && !s.ronTaken) {
      const k = kindOf(mpsz(e.pai));
      const m = s.melds[e.target].find((x) => x.type === 'kakan' && kindOf(mpsz(x.pai)) === k);
      if (m) {
        m.type = 'pon';
        delete m.added;
      }
    }
    s.ronTaken = true;
  } else if (!s.ronTaken) {
    s.rivers[e.target].pop();
    s.lastDiscard = null;
    s.ronTaken = true;
  }
  s.won[e.actor].push(e.pai);
}

function merge(s, seat) {
  if (s.drawn[seat] !== null) {
    s.hands[seat].push(s.drawn[seat]);
    s.drawn[seat] = null;
  }
  s.hands[seat] = sorted(s.hands[seat]);
}

/** Folds one event into the table (in place) and returns it. Unknown events are ignored
 * (a later protocol may add some). */
export function apply(s, e, seq = s.seq + 1) {
  s.seq = seq;
  s.events += 1;
  switch (e.type) {
    case 'start_game':
      if (Array.isArray(e.names)) s.names = e.names.slice(0, 4);
      s.seats = seatCount(e.names) ?? s.seats;
      s.rules = e.hupai_rules || s.rules;
      break;
    case 'start_kyoku': {
      s.round = {
        bakaze: e.bakaze,
        kyoku: e.kyoku,
        honba: e.honba ?? 0,
        kyotaku: e.kyotaku ?? 0,
        oya: e.oya,
      };
      s.seats = seatCount(e.tehais) ?? seatCount(e.scores) ?? s.seats;
      if (Array.isArray(e.scores)) s.scores = e.scores.slice();
      s.players = Array.isArray(e.players) ? e.players.slice() : seatList(s.seats);
      if (s.player !== null) {
        const at = s.players.indexOf(s.player);
        s.seat = at >= 0 ? at : s.player;
      }
      s.hands = [0, 1, 2, 3].map((i) => sorted((e.tehais || [])[i] || []));
      s.drawn = [null, null, null, null];
      s.melds = [[], [], [], []];
      s.rivers = [[], [], [], []];
      s.flowers = [[], [], [], []];
      s.kita = [[], [], [], []];
      s.won = [[], [], [], []];
      s.voids = [null, null, null, null];
      s.riichi = [false, false, false, false];
      s.pendingRiichi = [false, false, false, false];
      s.doras = e.dora_marker ? [e.dora_marker] : [];
      s.jokerMarker = e.joker_marker ?? null;
      s.draws = 0;
      s.turn = null;
      s.lastDiscard = null;
      s.lastKan = null;
      s.lastKita = null;
      s.ronTaken = false;
      s.result = null;
      s.shown = null;
      s.handOver = false;
      break;
    }
    case 'tsumo':
      merge(s, e.actor);
      s.drawn[e.actor] = e.pai;
      s.draws += 1;
      s.turn = e.actor;
      s.lastKan = null;
      s.lastKita = null;
      break;
    case 'flower':
    case 'lone_kong': // Wuhan: set aside like a flower, a replacement draw follows
      take(s, e.actor, e.pai);
      merge(s, e.actor);
      s.flowers[e.actor].push(e.pai);
      break;
    case 'kita':
      // 三人麻雀 抜きドラ: a North set aside beside the melds; the others may win on it until
      // the replacement draw.
      take(s, e.actor, e.pai);
      merge(s, e.actor);
      s.kita[e.actor].push(e.pai);
      s.lastKita = e.actor;
      s.ronTaken = false;
      break;
    case 'dahai': {
      const seat = e.actor;
      if (e.tsumogiri && s.drawn[seat] !== null) {
        s.drawn[seat] = null;
      } else {
        take(s, seat, e.pai);
      }
      merge(s, seat);
      const riichi = s.pendingRiichi[seat];
      s.pendingRiichi[seat] = false;
      s.rivers[seat].push({ pai: e.pai, tsumogiri: !!e.tsumogiri, riichi, called: false });
      s.lastDiscard = { seat, index: s.rivers[seat].length - 1 };
      s.ronTaken = false;
      s.turn = null;
      break;
    }
    case 'chi':
    case 'pon':
    case 'daiminkan': {
      for (const p of e.consumed || []) take(s, e.actor, p);
      merge(s, e.actor);
      const river = s.rivers[e.target];
      if (river && river.length) river[river.length - 1].called = true;
      s.melds[e.actor].push({ type: e.type, pai: e.pai, consumed: e.consumed || [], target: e.target });
      s.turn = e.actor;
      s.lastDiscard = null;
      break;
    }
    case 'kakan': {
      take(s, e.actor, e.pai);
      merge(s, e.actor);
      const k = kindOf(mpsz(e.pai));
      const m = s.melds[e.actor].find((x) => x.type === 'pon' && kindOf(mpsz(x.pai)) === k);
      if (m) {
        m.type = 'kakan';
        m.added = e.pai;
      } else {
        s.melds[e.actor].push({ type: 'kakan', pai: e.pai, consumed: e.consumed || [], target: e.actor, added: e.pai });
      }
      // Others may rob it until the next draw.
      s.lastKan = { seat: e.actor, closed: false };
      s.ronTaken = false;
      break;
    }
    case 'ankan':
      for (const p of e.consumed || []) take(s, e.actor, p);
      merge(s, e.actor);
      s.melds[e.actor].push({ type: 'ankan', pai: null, consumed: e.consumed || [], target: e.actor });
      s.lastKan = { seat: e.actor, closed: true };
      s.ronTaken = false;
      break;
    case 'dora':
      s.doras.push(e.dora_marker);
      break;
    case 'reach':
      s.pendingRiichi[e.actor] = true;
      s.riichi[e.actor] = true;
      break;
    case 'reach_accepted': {
      if (Array.isArray(e.scores)) s.scores = e.scores.slice();
      // 报听 in the Chinese families puts no stick on the table (all deltas zero).
      const noStick = Array.isArray(e.deltas) && e.deltas.every((d) => d === 0);
      if (s.round && !noStick) s.round.kyotaku += 1;
      break;
    }
    case 'exchange':
      // 换三张: the giver's tiles (other copies before the drawn tile, as the server takes
      // them) go to the receiver's hand.
      for (const p of e.pai || []) take(s, e.actor, p);
      // A hidden hand stays hidden: the tiles the player passed are not shown in it.
      {
        const hidden = s.hands[e.target].includes('?');
        const got = (e.pai || []).map((p) => (hidden ? '?' : p));
        s.hands[e.target] = sorted([...s.hands[e.target], ...got]);
      }
      break;
    case 'void':
      s.voids[e.actor] = e.suit;
      break;
    case 'hora': {
      // A hand may go on after a win (Sichuan): the wins and payments of the hand add up.
      if (!s.result) s.result = { kind: 'hora', wins: [], payments: [], order: [] };
      if (s.result.kind !== 'draw') s.result.kind = 'hora';
      s.result.wins.push(e);
      s.result.order.push(e);
      if (Array.isArray(e.scores)) s.scores = e.scores.slice();
      takeWinTile(s, e);
      s.turn = null;
      break;
    }
    case 'payment':
      if (!s.result) s.result = { kind: 'payments', wins: [], payments: [], order: [] };
      s.result.payments.push(e);
      s.result.order.push(e);
      if (Array.isArray(e.scores)) s.scores = e.scores.slice();
      break;
    case 'ryukyoku':
      s.result = { kind: 'draw', draw: e, wins: s.result?.wins || [], payments: s.result?.payments || [], order: s.result?.order || [] };
      if (Array.isArray(e.scores)) s.scores = e.scores.slice();
      s.turn = null;
      break;
    case 'end_kyoku':
      s.handOver = true;
      s.turn = null;
      break;
    case 'end_game':
      s.final = Array.isArray(e.scores) ? e.scores.slice() : s.scores.slice();
      s.turn = null;
      break;
    default:
      break;
  }
  return s;
}

/** Folds a list of events (`[seq, event]` pairs or plain events) from a fresh table. */
export function fold(events, player = null, liveBeforeDeal = null, upto = Infinity, seats = 4) {
  const s = initial(player, liveBeforeDeal, seats);
  let i = 0;
  for (const x of events) {
    if (i >= upto) break;
    if (x === undefined) continue;
    const [seq, e] = Array.isArray(x) ? x : [i, x];
    apply(s, e, seq);
    i += 1;
  }
  return s;
}

/** Tiles left in the live wall (null when the rules' wall size is unknown). */
export function wallLeft(s) {
  if (s.liveBeforeDeal == null || !s.round) return null;
  return Math.max(0, s.liveBeforeDeal - 13 * s.seats - s.draws);
}

/** Where a seat sits on the screen from the viewer's seat: 0 bottom, 1 right, 2 top, 3 left.
 * At a table of three the next seat (下家) sits on the right and the one before (上家) on the
 * left, as Tenhou and Mahjong Soul lay out 三人麻雀: the top, North's side, stays empty. */
export function place(s, seat) {
  const n = s.seats;
  const rel = (seat - s.seat + n) % n;
  return n === 3 && rel === 2 ? 3 : rel;
}

/** The seat's wind this hand (0 East .. 3 North; at a table of three East, South or West). */
export function seatWind(s, seat) {
  const n = s.seats;
  return s.round ? (seat - s.round.oya + n) % n : seat;
}

/** The position of a meld's called tile among its tiles, from where it came: 0 the left
 * (the player before), 1 the middle (across), 2 the right (the player after); null when the
 * meld was not called from another seat. */
export function calledFrom(meld, actor, seats = 4) {
  if (meld.type === 'ankan' || meld.target === actor || meld.target == null) return null;
  const rel = (meld.target - actor + seats) % seats;
  return rel === seats - 1 ? 0 : rel === 1 ? 2 : 1;
}

/** A meld's tiles in display order, each `{pai, turned, back}`; `seats` at the table. */
export function meldTiles(meld, actor, seats = 4) {
  if (meld.type === 'ankan') {
    const c = meld.consumed;
    return c.map((pai, i) => ({ pai, turned: false, back: i === 0 || i === 3 }));
  }
  const own = meld.consumed.map((pai) => ({ pai, turned: false, back: false }));
  const at = calledFrom(meld, actor, seats);
  const called = { pai: meld.pai, turned: true, back: false };
  if (meld.type === 'kakan' && meld.added) called.added = meld.added;
  const pos = at === null ? own.length : at === 0 ? 0 : at === 1 ? 1 : own.length;
  own.splice(Math.min(pos, own.length), 0, called);
  return own;
}

/** Parses a `hora` event's hand text (`123m456p11z pon:777s`) into groups of MPSZ tiles. */
export function parseHand(text) {
  const groups = [];
  for (const part of String(text || '').trim().split(/\s+/)) {
    if (!part) continue;
    const [label, body] = part.includes(':') ? part.split(':', 2) : ['', part];
    const tiles = [];
    let digits = '';
    for (const ch of body) {
      if (/[0-9]/.test(ch)) digits += ch;
      else if (/[mpszf]/.test(ch)) {
        for (const d of digits) tiles.push(`${d}${ch}`);
        digits = '';
      }
    }
    groups.push({ label, tiles });
  }
  return groups;
}
