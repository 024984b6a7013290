'use client';

import { useServerInsertedHTML } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { ServerStyleSheet, StyleSheetManager } from 'styled-components';

/**
 * Collects the styles styled-components renders on the server and inlines them in the first
 * HTML, so the page is styled before any JavaScript runs (no flash of unstyled content).
 */
export function StyledComponentsRegistry({ children, nonce }: { children: ReactNode; nonce?: string }) {
  const [sheet] = useState(() => new ServerStyleSheet());

  useServerInsertedHTML(() => {
    const styles = sheet.getStyleElement();
    sheet.instance.clearTag();
    return <>{nonce ? styles.map((style) => ({ ...style, props: { ...style.props, nonce } })) : styles}</>;
  });

  if (typeof window !== 'undefined') return <>{children}</>;
  return <StyleSheetManager sheet={sheet.instance}>{children}</StyleSheetManager>;
}
