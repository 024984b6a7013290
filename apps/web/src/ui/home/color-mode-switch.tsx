'use client';

import { useColorMode, type ColorModePreference } from '@viewas/theme';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { visuallyHidden } from '../components/styles';

const OPTIONS: readonly ColorModePreference[] = ['light', 'dark', 'system'];

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Segments = styled.div`
  display: inline-grid;
  grid-auto-flow: column;
  grid-auto-columns: 1fr;
  padding: 3px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Input = styled.input`
  ${visuallyHidden}
`;

const Option = styled.label`
  display: flex;
  align-items: center;
  justify-content: center;
  min-width: 72px;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
  transition: background-color ${({ theme }) => theme.motion.durationFast};

  input:checked + & {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }
  input:focus-visible + & {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 1px;
  }
`;

const Hint = styled.p`
  margin: ${({ theme }) => theme.space[2]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

/** Light, dark or follow the system: native radios, so arrow keys and screen readers just work. */
export function ColorModeSwitch() {
  const { messages } = useI18n();
  const t = messages.colorMode;
  const { preference, setPreference } = useColorMode();
  return (
    <Fieldset>
      <Legend>{t.legend}</Legend>
      <Segments>
        {OPTIONS.map((option) => (
          <span key={option}>
            <Input
              type="radio"
              id={`color-mode-${option}`}
              name="color-mode"
              value={option}
              checked={preference === option}
              onChange={() => setPreference(option)}
            />
            <Option htmlFor={`color-mode-${option}`}>{t[option]}</Option>
          </span>
        ))}
      </Segments>
      <Hint>{t.description}</Hint>
    </Fieldset>
  );
}
