import styled, { useTheme } from 'styled-components';
import { getContrastRatio } from '../brand/contrast';
import { Code, Grid, Muted } from './story-layout';

const BrandChip = styled.div<{ $background: string; $foreground: string }>`
  display: grid;
  place-items: center;
  height: 88px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ $background }) => $background};
  color: ${({ $foreground }) => $foreground};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Item = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
`;

/** brand200 and brand500 from the theme in context, each with its foreground and their contrast. */
export function BrandSwatches() {
  const { colors } = useTheme();
  const shades = [
    ['brand200', colors.brand200, 'onBrand200', colors.onBrand200],
    ['brand500', colors.brand500, 'onBrand500', colors.onBrand500],
  ] as const;
  return (
    <Grid>
      {shades.map(([name, background, foregroundName, foreground]) => (
        <Item key={name}>
          <BrandChip $background={background} $foreground={foreground}>
            Return to Admin
          </BrandChip>
          <Code>{`${name} ${background}`}</Code>
          <Muted>{`${foregroundName} ${foreground}, contrast ${getContrastRatio(foreground, background).toFixed(2)}:1`}</Muted>
        </Item>
      ))}
    </Grid>
  );
}
