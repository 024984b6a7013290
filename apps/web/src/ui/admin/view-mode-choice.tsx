'use client';

import type { ViewMode } from '@viewas/admin-api';
import styled from 'styled-components';
import { useI18n } from '../../i18n/i18n-context';
import { ChoiceGroup as Fieldset, ChoiceGroupLegend as Legend } from '../components/field';

const Choice = styled.label`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `0 ${theme.space[2]}`};
  align-items: start;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;

  input {
    margin: 3px 0 0;
  }
`;

const Note = styled.span`
  grid-column: 2;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

/**
 * How to view: only the modes the access policy offers this staff member for this user (the server says
 * which, per user), as native radios so arrow keys and screen readers just work. A single allowed mode is
 * said, not offered.
 */
export function ViewModeChoice({
  modes,
  value,
  onChange,
  disabled,
}: {
  modes: readonly ViewMode[];
  value: ViewMode;
  onChange: (mode: ViewMode) => void;
  disabled?: boolean;
}) {
  const { messages } = useI18n();
  const t = messages.admin.reason.mode;
  return (
    <Fieldset disabled={disabled}>
      <Legend>{t.legend}</Legend>
      {modes.map((mode) => (
        <Choice key={mode}>
          <input type="radio" name="view-mode" value={mode} checked={value === mode} onChange={() => onChange(mode)} />
          <span>{messages.viewModes[mode]}</span>
          <Note>{modes.length === 1 ? t.onlyOne : t.explain[mode]}</Note>
        </Choice>
      ))}
    </Fieldset>
  );
}
