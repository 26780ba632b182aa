/** Plays a short, quiet two-tone chime (Web Audio; nothing to download). Never throws. */
export function playChime(): void {
  try {
    const Ctx =
      globalThis.AudioContext ??
      (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const start = ctx.currentTime;
    [880, 1320].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, start + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.12 + 0.2);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start + i * 0.12);
      osc.stop(start + i * 0.12 + 0.22);
    });
    setTimeout(() => void ctx.close().catch(() => undefined), 800);
  } catch {
    // No audio device or autoplay blocked: the sound is a nicety.
  }
}
