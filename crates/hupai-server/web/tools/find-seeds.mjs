// Finds the seeds the browser tests play (run once by hand; the tests hard-code what it
// prints). The tests' person plays exactly as the `tsumogiri` agent does (the engine's
// default action: pass every call and every win, discard the drawn tile, else the first
// discard offered, else the first option), so a table with `bot:tsumogiri` in seat 0 and the
// same seed and bots plays the same game, and its log says what the browser will see.
//
//   cargo build -p hupai-cli
//   node crates/hupai-server/web/tools/find-seeds.mjs [FIRST] [LAST]    (ONLY=NAME: one scenario)

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../../..');
const BIN = process.env.HUPAI_BIN || join(repo, 'target/debug/hupai');
const first = Number(process.argv[2] || 1);
const last = Number(process.argv[3] || 200);

/** What each test needs of its hand, judged from the full log. */
const SCENARIOS = {
  // An exhaustive draw with a ready seat (its hand is shown) and a not-ready one (it pays).
  riichi_draw: {
    rules: 'riichi',
    ok: (log) => {
      const d = log.find((e) => e.type === 'ryukyoku');
      return d && d.reason === 'exhaustive' && d.tenpai.some(Boolean) && !d.tenpai.every(Boolean);
    },
  },
  // A win with flowers beside the person's seat.
  mcr: {
    rules: 'mcr',
    ok: (log) => log.some((e) => e.type === 'hora') && log.some((e) => e.type === 'flower' && e.actor === 0),
  },
  // The announcement tests: a hand with a chi, a pon, a kan and a riichi between them and one
  // won by ron, one by tsumo (prints what each seed's hand holds).
  announce: {
    rules: 'riichi',
    ok: (log) => {
      const has = (f) => log.some(f);
      const n = [
        has((e) => e.type === 'chi'),
        has((e) => e.type === 'pon'),
        has((e) => ['daiminkan', 'ankan', 'kakan'].includes(e.type)),
        has((e) => e.type === 'reach'),
      ].filter(Boolean).length;
      return has((e) => e.type === 'hora') && n >= 2;
    },
    extra: (log) => {
      const kinds = new Set(log.map((e) => (['daiminkan', 'ankan', 'kakan'].includes(e.type) ? 'kan' : e.type)));
      const h = log.find((e) => e.type === 'hora');
      const said = ['chi', 'pon', 'kan', 'reach'].filter((k) => kinds.has(k));
      return ` (${[...said, h.actor === h.target ? 'tsumo' : 'ron'].join(' ')}, ${log.length} events)`;
    },
  },
  // A kan (rarer: its own seed).
  announce_kan: {
    rules: 'riichi',
    ok: (log) => log.some((e) => ['daiminkan', 'ankan', 'kakan'].includes(e.type)),
    extra: (log) => ` (${log.find((e) => ['daiminkan', 'ankan', 'kakan'].includes(e.type)).type} at event ${log.findIndex((e) => ['daiminkan', 'ankan', 'kakan'].includes(e.type))} of ${log.length})`,
  },
  // Somebody wins and the hand goes on; at the wall's end a seat not ready pays (查大叫).
  sichuan: {
    rules: 'sichuan',
    ok: (log) => {
      const wins = log.filter((e) => e.type === 'hora');
      return wins.length >= 1 && wins.length < 3 && log.some((e) => e.type === 'payment' && e.reason === 'not_ready');
    },
    extra: (log) => (log.some((e) => e.type === 'payment' && e.reason === 'flower_pig') ? ' (and a flower pig)' : ''),
  },
};

function freePort() {
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'hupai-seeds-'));
const port = await freePort();
const server = spawn(BIN, ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(dir, 's.db'), '--allow-seed', '--tables-per-minute', '100000'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    /* not yet */
  }
  if (i > 200) throw new Error('no server');
  await new Promise((r) => setTimeout(r, 100));
}

async function play(sc, seed) {
  const r = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rules: sc.rules,
      length: sc.length || 'hand',
      seats: sc.seats || ['bot:tsumogiri', 'bot:defensive', 'bot:defensive', 'bot:defensive'],
      seed,
      time: { bot_delay_ms: 0, claim_hold_ms: 0 },
    }),
  });
  if (r.status !== 201) throw new Error(await r.text());
  const { table } = await r.json();
  for (let i = 0; i < 600; i++) {
    const l = await fetch(`${base}/api/games/${table}/log`);
    if (l.ok) return (await l.text()).trim().split('\n').map((x) => JSON.parse(x));
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`seed ${seed}: no log`);
}

try {
  for (const [name, sc] of Object.entries(SCENARIOS)) {
    if (process.env.ONLY && process.env.ONLY !== name) continue;
    const found = [];
    for (let seed = first; seed <= last && found.length < (process.env.ALL ? 1e9 : 5); seed++) {
      const log = await play(sc, seed);
      if (sc.ok(log)) found.push(`${seed}${sc.extra ? sc.extra(log) : ''}`);
    }
    console.log(`${name}: ${found.join(', ') || 'none'}`);
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
