// A short tone after a scan, as a till beeps: high and brief when the code was found, low and longer when not.
// WebAudio only; when the browser has no audio or blocks it (no user gesture yet, autoplay policy) nothing sounds
// and nothing fails — the form's visible flash says the same.
type AudioContextClass = new () => AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext
    ?? (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Called from the key press that starts a scan: a context made or resumed inside a user gesture may play. */
export function primeScanAudio(): void {
  const ctx = audio();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
}

export function scanBeep(found: boolean): void {
  const ctx = audio();
  if (!ctx) return;
  try {
    // A context the autoplay policy holds suspended stays silent: no sound rather than a late one.
    if (ctx.state !== 'running') return;
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.type = 'square';
    tone.frequency.value = found ? 1760 : 220;
    const length = found ? 0.07 : 0.25;
    gain.gain.setValueAtTime(0.05, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + length);
    tone.connect(gain).connect(ctx.destination);
    tone.start();
    tone.stop(ctx.currentTime + length);
  } catch {
    // Audio is a courtesy; the flash carries the news.
  }
}
