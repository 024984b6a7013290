import styled, { ThemeProvider as StyledThemeProvider } from 'styled-components';
import { createTheme, type BrandOptions } from '../brand/create-theme';
import { BrandSwatches } from './brand-swatches';
import { Muted, Page, SectionTitle, Title } from './story-layout';

const Warnings = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.errorSurface};
  color: ${({ theme }) => theme.colors.error};
`;

/** What `createTheme` makes of two brand values: the resulting shades and every warning it reports. */
export function BrandPreview(options: BrandOptions) {
  const { theme, warnings } = createTheme(options);
  return (
    <Page>
      <header>
        <Title>Brand</Title>
        <Muted>Change brand200 and brand500 in the controls, as NEXT_PUBLIC_BRAND_200 and NEXT_PUBLIC_BRAND_500 would.</Muted>
      </header>
      <StyledThemeProvider theme={theme}>
        <BrandSwatches />
      </StyledThemeProvider>
      <section aria-labelledby="brand-warnings">
        <SectionTitle id="brand-warnings">{`Warnings (${warnings.length})`}</SectionTitle>
        {warnings.length ? (
          <Warnings>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </Warnings>
        ) : (
          <Muted>createTheme reported no warnings.</Muted>
        )}
      </section>
    </Page>
  );
}
