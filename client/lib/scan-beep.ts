// A short tone after a scan, as a till beeps: high and brief when the code was found, low and longer when not.
// WebAudio only; when the browser has no audio or blocks it (no user gesture yet, autoplay policy) nothing sounds
// and nothing fails — the form's visible flash says the same. Audio stays off the scan's path to the screen: the
// context is made while the form waits for input (the first one in a browser starts its audio service, about half a
// second of main thread here), and the tone is made after the frame that shows the line.
import { whenIdle } from './when-idle';

type AudioContextClass = new () => AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor =
    (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** When the scan field takes the cursor: the context is made at the next idle moment (suspended until a key press). */
export function warmScanAudio(): void {
  if (!context) whenIdle(() => void audio(), 2_000);
}

/** Called from the key press that starts a scan: a context resumed inside a user gesture may play. One not yet made
 *  is made after this task, so the scan's lookup goes out first (the key press's activation lasts for seconds). */
export function primeScanAudio(): void {
  const resume = () => {
    const ctx = audio();
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
  };
  if (context) resume();
  else setTimeout(resume, 0);
}

/** The tone, once the frame with the scan's outcome has been drawn. */
export function scanBeep(found: boolean): void {
  const later = (globalThis as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame;
  if (later) later(() => setTimeout(() => tone(found), 0));
  else setTimeout(() => tone(found), 0);
}

function tone(found: boolean): void {
  const ctx = context;
  if (!ctx) return;
  try {
    // A context the autoplay policy holds suspended stays silent: no sound rather than a late one.
    if (ctx.state !== 'running') return;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = found ? 1760 : 220;
    const length = found ? 0.07 : 0.25;
    gain.gain.setValueAtTime(0.05, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start();
    oscillator.stop(ctx.currentTime + length);
  } catch {
    // Audio is a courtesy; the flash carries the news.
  }
}
