import { useId } from 'react';
import styled from 'styled-components';
import { useColorMode } from '../color-mode/color-mode-provider';
import type { ColorModePreference } from '../color-mode/color-mode';
import { Muted, Page, Title } from './story-layout';

const Fieldset = styled.fieldset`
  display: flex;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};

  label {
    display: flex;
    gap: ${({ theme }) => theme.space[2]};
    align-items: center;
  }

  input:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Button = styled.button`
  justify-self: start;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brand500};
  color: ${({ theme }) => theme.colors.onBrand500};
  font: inherit;
  cursor: pointer;
  transition: opacity ${({ theme }) => `${theme.motion.durationFast} ${theme.motion.easing}`};

  &:hover {
    opacity: 0.9;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const choices: [ColorModePreference, string][] = [
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['system', 'System'],
];

/** A colour-mode switch built on useColorMode: the three preferences, and a one-click toggle. */
export function ColorModeSwitch() {
  const { colorMode, preference, setPreference, toggle } = useColorMode();
  const name = useId();
  return (
    <Page>
      <Title>Colour mode</Title>
      <Fieldset>
        <legend>Preference</legend>
        {choices.map(([value, label]) => (
          <label key={value}>
            <input type="radio" name={name} value={value} checked={preference === value} onChange={() => setPreference(value)} />
            {label}
          </label>
        ))}
      </Fieldset>
      <Button type="button" onClick={toggle}>
        {colorMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
      </Button>
      <Muted role="status">
        {preference === 'system' ? `Showing ${colorMode} mode, following the system setting.` : `Showing ${colorMode} mode.`}
      </Muted>
    </Page>
  );
}
