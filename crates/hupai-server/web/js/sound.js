// Sounds, synthesised with WebAudio (no sound files): a click for a discard, a two-note call,
// a rising riichi chime, a chord for a win, a falling pair for a drawn hand. The mute switch
// is remembered in localStorage.

const KEY = 'hupai.mute';
let ctx = null;
// Browsers refuse audio before the person touches the page: start only after a gesture.
let unlocked = false;
if (typeof window !== 'undefined') {
  const unlock = () => {
    unlocked = true;
  };
  window.addEventListener('pointerdown', unlock, { once: true, capture: true });
  window.addEventListener('keydown', unlock, { once: true, capture: true });
}

/** Whether sound is muted (remembered). */
export function muted() {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Mutes or unmutes (remembered). */
export function setMuted(on) {
  try {
    localStorage.setItem(KEY, on ? '1' : '0');
  } catch {
    /* private mode: not remembered */
  }
}

function audio() {
  if (ctx) return ctx;
  const C = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!C) return null;
  ctx = new C();
  return ctx;
}

function tone(a, { freq, start = 0, dur = 0.12, type = 'sine', gain = 0.2, slide = 0 }) {
  const t0 = a.currentTime + start;
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slide) osc.frequency.exponentialRampToValueAtTime(freq * slide, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

function click(a) {
  // A short noise burst through a band-pass: a tile set down on the table.
  const len = Math.floor(a.sampleRate * 0.05);
  const buf = a.createBuffer(1, len, a.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < len; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 3;
  const src = a.createBufferSource();
  src.buffer = buf;
  const f = a.createBiquadFilter();
  f.type = 'bandpass';
  f.frequency.value = 2400;
  f.Q.value = 1.2;
  const g = a.createGain();
  g.gain.value = 0.6;
  src.connect(f).connect(g).connect(a.destination);
  src.start();
}

const SOUNDS = {
  discard: (a) => click(a),
  call: (a) => {
    tone(a, { freq: 520, dur: 0.1, type: 'triangle' });
    tone(a, { freq: 780, start: 0.09, dur: 0.14, type: 'triangle' });
  },
  riichi: (a) => {
    tone(a, { freq: 440, dur: 0.5, slide: 2, type: 'sawtooth', gain: 0.08 });
    tone(a, { freq: 880, start: 0.35, dur: 0.35, gain: 0.15 });
  },
  win: (a) => {
    for (const [i, f] of [523.25, 659.25, 783.99, 1046.5].entries()) {
      tone(a, { freq: f, start: i * 0.08, dur: 0.7, type: 'triangle', gain: 0.12 });
    }
  },
  turn: (a) => tone(a, { freq: 990, dur: 0.06, gain: 0.06 }),
  draw: (a) => {
    tone(a, { freq: 392, dur: 0.25, type: 'triangle', gain: 0.12 });
    tone(a, { freq: 294, start: 0.2, dur: 0.45, type: 'triangle', gain: 0.12 });
  },
};

/** Plays a sound by name (`discard call riichi win draw turn`), unless muted. */
export function play(name) {
  if (muted() || !unlocked) return;
  const a = audio();
  const f = SOUNDS[name];
  if (!a || !f) return;
  try {
    if (a.state === 'suspended') a.resume();
    f(a);
  } catch {
    /* audio refused (no user gesture yet): silence */
  }
}

/** The sound an event makes. */
export function soundOf(e) {
  switch (e.type) {
    case 'dahai':
      return 'discard';
    case 'chi':
    case 'pon':
    case 'daiminkan':
    case 'kakan':
    case 'ankan':
    case 'kita':
      return 'call';
    case 'reach':
      return 'riichi';
    case 'hora':
      return 'win';
    case 'ryukyoku':
      return 'draw';
    default:
      return null;
  }
}
