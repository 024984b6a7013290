import * as React from 'react';
import { formatRemaining, msUntilNextChange } from '../core/countdown';
import type { BannerTexts } from '../defaults';

/**
 * The remaining time until `expiresAt` as text ("Ends in 42 min"), re-rendering only when that
 * text changes. `null` without a valid `expiresAt`.
 */
export function useCountdown(
  expiresAt: string | undefined,
  now: () => number = Date.now,
  /** Without it, `formatRemaining`'s default: `BANNER_DEFAULTS.texts`. */
  texts?: BannerTexts,
): string | null {
  // NaN when `expiresAt` is missing ('') or not a date.
  const remainingMs = Date.parse(expiresAt ?? '') - now();
  const valid = Number.isFinite(remainingMs);
  const [, rerender] = React.useState({});

  // After every render: one timer, for the moment the text changes next (none once it says "Ended").
  React.useEffect(() => {
    const wait = valid ? msUntilNextChange(remainingMs) : null;
    if (wait === null) return;
    const timer = setTimeout(() => rerender({}), wait);
    return () => clearTimeout(timer);
  });

  return valid ? formatRemaining(remainingMs, texts) : null;
}
