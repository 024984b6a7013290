import type { SemanticColors } from './tokens';

/** `surfaceRaised` -> `--vw-color-surface-raised`. */
export function colorVarName(name: keyof SemanticColors): string {
  return `--vw-color-${name.replace(/[A-Z]/g, '-$&').toLowerCase()}`;
}

/** The custom-property declarations GlobalStyle emits for one colour mode. */
export function colorVarDeclarations(colors: SemanticColors): string {
  return (Object.keys(colors) as (keyof SemanticColors)[]).map((name) => `${colorVarName(name)}:${colors[name]};`).join('');
}

/** Theme values point at the custom properties, with the light value as fallback so a component looks right even without GlobalStyle. */
export function colorVarReferences(fallbacks: SemanticColors): SemanticColors {
  const entries = (Object.keys(fallbacks) as (keyof SemanticColors)[]).map((name) => [
    name,
    `var(${colorVarName(name)}, ${fallbacks[name]})`,
  ]);
  return Object.fromEntries(entries) as SemanticColors;
}
