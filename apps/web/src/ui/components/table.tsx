import styled from 'styled-components';
import { onPhone, visuallyHidden } from './styles';

/**
 * A data table that becomes stacked rows on phones. Each `<Td>` needs `data-label` (its column
 * name), which the phone layout shows in front of the value; the column headers are then hidden
 * visually but stay in the accessibility tree, so screen readers keep the table semantics.
 */
export const TableScroller = styled.div`
  overflow-x: auto;
  margin: 0 calc(-1 * ${({ theme }) => theme.space[5]});
  padding: 0 ${({ theme }) => theme.space[5]};
  ${onPhone} {
    margin: 0;
    padding: 0;
    overflow: visible;
  }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  ${onPhone} {
    display: block;

    tbody {
      display: flex;
      flex-direction: column;
      gap: 12px;
    }
  }
  /* Compact phone rows: the first cell on a line of its own, the others side by side without their labels
     (short values that say what they are: tags, buttons), so more rows fit a screen. */
  ${onPhone} {
    &[data-phone-layout='compact'] {
      tbody {
        gap: 8px;
      }
      tr {
        flex-direction: row;
        flex-wrap: wrap;
        align-items: center;
        gap: 6px 8px;
        padding: 10px 12px;
      }
      td {
        display: block;
        &::before {
          content: none;
        }
      }
      td:first-child {
        flex-basis: 100%;
      }
    }
  }
`;

export const Caption = styled.caption`
  ${visuallyHidden}
`;

export const Thead = styled.thead`
  ${onPhone} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`;

export const Th = styled.th`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  letter-spacing: 0.04em;
  text-align: left;
  text-transform: uppercase;
  white-space: nowrap;

  &:first-child {
    padding-left: 0;
  }
  &:last-child {
    padding-right: 0;
  }
`;

export const Tbody = styled.tbody``;

export const Tr = styled.tr`
  /* The row a link points at (\`#id\`): marked so the eye lands on it. */
  /* Scrolled to clear of the sticky top bar. */
  scroll-margin-top: var(--app-notice-top);
  &:target {
    outline: 2px solid ${({ theme }) => theme.colors.warningEmphasis};
    outline-offset: -2px;
    background: ${({ theme }) => theme.colors.warningSurface};
  }
  ${onPhone} {
    display: flex;
    flex-direction: column;
    gap: 6px;
    padding: 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
  /* A closed disclosure row: the phone layout's display would otherwise show it. */
  &[hidden] {
    display: none;
  }
  /* A row whose disclosure is open joins it on phones: one card. */
  ${onPhone} {
    &[data-has-detail='open'] {
      border-bottom: 0;
      border-radius: ${({ theme }) => `${theme.radii.md} ${theme.radii.md} 0 0`};
    }
    &[data-has-detail='open'] + & {
      margin-top: -12px;
      border-top: 0;
      border-radius: ${({ theme }) => `0 0 ${theme.radii.md} ${theme.radii.md}`};
    }
  }
`;

export const Td = styled.td`
  padding: ${({ theme }) => `${theme.space[3]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  vertical-align: top;
  overflow-wrap: break-word;

  &:first-child {
    padding-left: 0;
  }
  &:last-child {
    padding-right: 0;
  }
  time {
    white-space: nowrap;
  }

  ${onPhone} {
    display: grid;
    grid-template-columns: minmax(96px, 35%) minmax(0, 1fr);
    justify-items: start;
    gap: 2px 8px;
    padding: 0;
    border: 0;
    overflow-wrap: anywhere;

    &::before {
      content: attr(data-label);
      grid-row: span 2;
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: ${({ theme }) => theme.fontSizes.xs};
      font-weight: ${({ theme }) => theme.fontWeights.semibold};
      line-height: 1.8;
    }
    & > * {
      grid-column: 2;
    }
    time {
      white-space: normal;
    }
  }
`;

/** The full-width cell of a row's disclosure (its entries, say): no column label on phones. */
export const DetailTd = styled.td`
  padding: ${({ theme }) => `0 0 ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${onPhone} {
    display: block;
    padding: 0;
    border: 0;
  }
`;

/** Secondary text inside a cell (a name under an e-mail, a time zone, ...). */
export const CellNote = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

/** Keeps a row of cell actions or a table footer's buttons together. */
export const TableFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  padding-top: ${({ theme }) => theme.space[2]};
`;
