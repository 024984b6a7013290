import { useEffect, useState } from 'react';
import { formatRemaining, msUntilNextChange } from '../core/countdown';
import { BANNER_DEFAULTS, type BannerTexts } from '../defaults';

/**
 * The remaining time until `expiresAt` as text ("Ends in 42 min"), re-rendering only when that
 * text changes. `null` without a valid `expiresAt`.
 */
export function useCountdown(
  expiresAt: string | undefined,
  now: () => number = Date.now,
  texts: BannerTexts = BANNER_DEFAULTS.texts,
): string | null {
  const expiresAtMs = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const valid = Number.isFinite(expiresAtMs);
  const [remainingMs, setRemainingMs] = useState(() => expiresAtMs - now());

  useEffect(() => {
    if (!valid) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const remaining = expiresAtMs - now();
      setRemainingMs(remaining);
      const wait = msUntilNextChange(remaining);
      if (wait !== null) timer = setTimeout(tick, wait);
    };
    tick();
    return () => clearTimeout(timer);
  }, [expiresAtMs, valid, now]);

  return valid ? formatRemaining(remainingMs, texts) : null;
}
