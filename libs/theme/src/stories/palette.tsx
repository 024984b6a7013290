import styled from 'styled-components';
import { colorVarName } from '../css-vars';
import { useColorMode } from '../color-mode/color-mode-provider';
import { darkColors, lightColors, type SemanticColors } from '../tokens';
import { BrandSwatches } from './brand-swatches';
import { Chip, Code, Grid, Muted, Page, SectionTitle, Title } from './story-layout';

const Swatch = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
`;

const Samples = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space[3]};
`;

const Sample = styled.div<{ $surface: keyof SemanticColors; $text?: keyof SemanticColors }>`
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $surface }) => theme.colors[$surface]};
  color: ${({ theme, $text = 'text' }) => theme.colors[$text]};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  p {
    margin: 0;
  }
`;

const MutedText = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const names = Object.keys(lightColors) as (keyof SemanticColors)[];
const surfaces = ['bg', 'surface', 'surfaceRaised'] as const;
const notices = [
  ['info', 'infoSurface', 'Returning to Admin Account'],
  ['success', 'successSurface', 'Welcome Back!'],
  ['error', 'errorSurface', 'Failed to return to admin account.'],
] as const;

/** Every semantic colour in the mode on screen, the pairs they are meant for, and the brand shades. */
export function Palette() {
  const { colorMode } = useColorMode();
  const values = colorMode === 'dark' ? darkColors : lightColors;
  return (
    <Page>
      <header>
        <Title>Palette</Title>
        <Muted>{`Semantic colours in ${colorMode} mode, as the CSS variables GlobalStyle defines.`}</Muted>
      </header>

      <section aria-labelledby="palette-semantic">
        <SectionTitle id="palette-semantic">Semantic colours</SectionTitle>
        <Grid>
          {names.map((name) => (
            <Swatch key={name}>
              <Chip $color={`var(${colorVarName(name)})`} />
              <Code>{name}</Code>
              <Muted>{values[name]}</Muted>
            </Swatch>
          ))}
        </Grid>
      </section>

      <section aria-labelledby="palette-text">
        <SectionTitle id="palette-text">Text on surfaces</SectionTitle>
        <Samples>
          {surfaces.map((surface) => (
            <Sample key={surface} $surface={surface}>
              <p>{`text on ${surface}`}</p>
              <MutedText>{`textMuted on ${surface}`}</MutedText>
            </Sample>
          ))}
        </Samples>
      </section>

      <section aria-labelledby="palette-notices">
        <SectionTitle id="palette-notices">Notices</SectionTitle>
        <Samples>
          {notices.map(([text, surface, message]) => (
            <Sample key={text} $surface={surface} $text={text}>
              <p>{message}</p>
            </Sample>
          ))}
        </Samples>
      </section>

      <section aria-labelledby="palette-brand">
        <SectionTitle id="palette-brand">Brand</SectionTitle>
        <BrandSwatches />
      </section>
    </Page>
  );
}
