import { DEFAULT_COLOR_MODE_STORAGE_KEY } from './color-mode';

export interface ColorModeScriptOptions {
  /** Must match the storage manager's key. Default `viewas-color-mode`. */
  storageKey?: string;
  /** Must match the storage manager's type. Default `localStorage`. */
  type?: 'localStorage' | 'cookie';
}

export interface ColorModeScriptProps extends ColorModeScriptOptions {
  /** The CSP nonce of this response, when the page sends a `script-src 'nonce-...'` policy. */
  nonce?: string;
}

/**
 * The inline script's source. It reads the saved choice, falls back to `prefers-color-scheme` for
 * 'system', none or a tampered value, and sets `data-theme` and `color-scheme` on `<html>`. Hand-written
 * ES5 so it runs unchanged in any browser and stays a few hundred bytes; errors leave the CSS media-query fallback.
 */
export function getColorModeScript({
  storageKey = DEFAULT_COLOR_MODE_STORAGE_KEY,
  type = 'localStorage',
}: ColorModeScriptOptions = {}): string {
  const read = type === 'cookie' ? "v=('; '+document.cookie).split('; '+k+'=')[1];v=v&&v.split(';')[0]" : 'v=localStorage.getItem(k)';
  const key = type === 'cookie' ? encodeURIComponent(storageKey) : storageKey;
  // JSON is a valid JS string literal; escaping '<' keeps a key from closing the <script> element.
  const literal = JSON.stringify(key).replace(/</g, '\\u003c');
  return `(function(k){try{var v;${read};var m=v==='light'||v==='dark'?v:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light',d=document.documentElement;d.dataset.theme=m;d.style.colorScheme=m}catch(e){}})(${literal})`;
}

/** Put it in `<head>`, before any stylesheet, so the right mode applies on the first paint. */
export function ColorModeScript({ nonce, ...options }: ColorModeScriptProps) {
  // Browsers hide the nonce attribute after parsing, so hydration would otherwise report a mismatch.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: getColorModeScript(options) }} />;
}
