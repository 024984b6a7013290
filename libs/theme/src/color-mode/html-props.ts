import type { ColorMode, ColorModePreference } from './color-mode';

export interface ColorModeHtmlProps {
  'data-theme'?: ColorMode;
  style?: { colorScheme: ColorMode };
}

/**
 * Props for the server-rendered `<html>`: the saved mode when there is one. For 'system' or no choice
 * it returns none, and ColorModeScript resolves `prefers-color-scheme` before first paint.
 */
export function getColorModeHtmlProps(preference: ColorModePreference | undefined): ColorModeHtmlProps {
  return preference === 'light' || preference === 'dark' ? { 'data-theme': preference, style: { colorScheme: preference } } : {};
}

/** The same two attributes on the live document, as the inline script sets them. */
export function applyColorMode(root: HTMLElement, mode: ColorMode): void {
  root.dataset['theme'] = mode;
  root.style.colorScheme = mode;
}
