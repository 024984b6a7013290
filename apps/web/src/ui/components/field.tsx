import { useId, type ComponentProps, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { focusRing } from './styles';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.error};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const control = css<{ $invalid: boolean }>`
  box-sizing: border-box;
  width: 100%;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.md};
  ${focusRing}

  &::placeholder {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.8;
  }
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${control}
  min-height: 40px;
`;

const Textarea = styled.textarea<{ $invalid: boolean }>`
  ${control}
  min-height: 96px;
  resize: vertical;
  line-height: ${({ theme }) => theme.lineHeights.normal};
`;

interface FieldFrame {
  label: ReactNode;
  /** Help shown under the control (and read with it). */
  hint?: ReactNode;
  /** Shown under the control; marks it invalid. */
  error?: ReactNode;
  /** Shown at the end of the hint row, e.g. a character count. */
  aside?: ReactNode;
}

function useFieldIds(id: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

function describedBy(ids: ReturnType<typeof useFieldIds>, { hint, error, aside }: FieldFrame) {
  return [hint || aside ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;
}

/** The control's id, its invalid state and what describes it: the same for every kind of control. */
function controlProps(ids: ReturnType<typeof useFieldIds>, frame: FieldFrame) {
  return {
    id: ids.controlId,
    $invalid: Boolean(frame.error),
    'aria-invalid': frame.error ? true : undefined,
    'aria-describedby': describedBy(ids, frame),
  };
}

function Frame({ ids, label, hint, error, aside, children }: FieldFrame & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <Wrapper>
      <Label htmlFor={ids.controlId}>{label}</Label>
      {children}
      {hint || aside ? (
        <Row id={ids.hintId}>
          <span>{hint}</span>
          {aside ? <span>{aside}</span> : null}
        </Row>
      ) : null}
      {error ? <ErrorText id={ids.errorId}>{error}</ErrorText> : null}
    </Wrapper>
  );
}

export type TextFieldProps = FieldFrame & ComponentProps<'input'>;

/** A labelled text input with optional hint and inline error. */
export function TextField({ label, hint, error, aside, id, ...props }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Frame ids={ids} label={label} hint={hint} error={error} aside={aside}>
      <Input {...controlProps(ids, { label, hint, error, aside })} {...props} />
    </Frame>
  );
}

export type TextAreaFieldProps = FieldFrame & ComponentProps<'textarea'>;

/** A labelled multi-line input with optional hint, count and inline error. */
export function TextAreaField({ label, hint, error, aside, id, ...props }: TextAreaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Frame ids={ids} label={label} hint={hint} error={error} aside={aside}>
      <Textarea {...controlProps(ids, { label, hint, error, aside })} {...props} />
    </Frame>
  );
}

/** A labelled group of radio buttons or checkboxes: a borderless fieldset whose legend reads like a field label. */
export const ChoiceGroup = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

export const ChoiceGroupLegend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;
