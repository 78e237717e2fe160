// Sound and motion: a chime when it becomes your turn (and the tab title blinks while the
// tab is in the background), short sounds for 掀 / 过 / 占 / 胡 / 碰, a deal animation.
// Both switch off from the header; the choice is kept in localStorage. Sounds are made
// with Web Audio (no sound files). Every sound played is counted on <body> as
// data-sounds / data-last-sound, which is how the browser tests hear them.

const KEYS = { sound: "huapai.sound", motion: "huapai.motion" };

/** Tones per sound: [frequency Hz, start s, length s]. */
const TONES = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.18]],
  xian: [[523, 0, 0.09], [784, 0.08, 0.14]],
  pass: [[330, 0, 0.08]],
  win: [[587, 0, 0.1], [740, 0.1, 0.1], [880, 0.2, 0.16]],
  hu: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.12], [1047, 0.36, 0.28]],
  peng: [[440, 0, 0.07], [440, 0.1, 0.1]],
};

/** Which sound an event makes (structured event kinds of every family; null: none). */
export function soundOf(event) {
  switch (event?.kind) {
    case "xian": return "xian";
    case "passed":
    case "declined": return "pass";
    case "trick_won": return "win";
    case "won": return "hu";
    case "claimed": return "peng";
    default: return null;
  }
}

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

export function isOn(what) {
  const kept = localStorage.getItem(KEYS[what]);
  if (kept !== null) return kept === "on";
  return what === "motion" ? !reducedMotion() : true;
}

export function setOn(what, on) {
  localStorage.setItem(KEYS[what], on ? "on" : "off");
  applyMotion();
}

/** <body class="no-motion"> turns every animation and transition of the client off. */
export function applyMotion() {
  document.body.classList.toggle("no-motion", !isOn("motion"));
}

let audio = null;

function context() {
  const Ctx = window.AudioContext ?? window.webkitAudioContext;
  if (!Ctx) return null;
  audio ??= new Ctx();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

function tone(ctx, freq, start, length) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  const at = ctx.currentTime + start;
  osc.type = "sine";
  osc.frequency.value = freq;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.18, at + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** Play sound `name` if sound is on. */
export function play(name) {
  if (!isOn("sound") || !TONES[name]) return;
  const body = document.body.dataset;
  body.sounds = String(Number(body.sounds ?? 0) + 1);
  body.lastSound = name;
  const ctx = context();
  if (!ctx) return;
  for (const [freq, start, length] of TONES[name]) tone(ctx, freq, start, length);
}

/** The sounds of a batch of events, at most one of each kind. */
export function playEvents(events) {
  const names = new Set(events.map(soundOf).filter(Boolean));
  for (const name of names) play(name);
}

// ------------------------------------------------------------------ the tab title
let blink = null;

/** While it is my turn and the tab is hidden, the title alternates with `text`. */
export function turnTitle(myTurn, text) {
  if (!myTurn || !document.hidden) return stopBlink();
  if (blink) return;
  const plain = document.title;
  let shown = false;
  blink = {
    plain,
    timer: setInterval(() => {
      shown = !shown;
      document.title = shown ? text : plain;
    }, 900),
  };
  document.title = text;
}

function stopBlink() {
  if (!blink) return;
  clearInterval(blink.timer);
  document.title = blink.plain;
  blink = null;
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) stopBlink();
});
