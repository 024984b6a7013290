import { configureAxe, toHaveNoViolations } from 'jest-axe';
import { labelInNameMismatches } from './label-in-name';

expect.extend(toHaveNoViolations);

/** axe for component tests; `region` is off because a component is not a whole page with landmarks. */
const runAxe = configureAxe({ rules: { region: { enabled: false } } });

type AxeResults = Awaited<ReturnType<typeof runAxe>>;

/** axe's results, plus a violation for every control whose name does not start with its visible text (./label-in-name.ts). */
export async function axe(element: Element): Promise<AxeResults> {
  const results = await runAxe(element);
  const mismatches = labelInNameMismatches(element);
  if (mismatches.length === 0) return results;
  const labelInName: AxeResults['violations'][number] = {
    id: 'label-in-name',
    impact: 'serious',
    // WCAG 2.1 level A (2.5.3); the tag names @types/jest-axe knows stop at WCAG 2.0.
    tags: ['wcag2a'],
    description: 'A control named with aria-label or aria-labelledby starts its accessible name with its visible text',
    help: 'The accessible name must start with the visible text (WCAG 2.5.3 Label in Name)',
    helpUrl: 'https://www.w3.org/WAI/WCAG22/Understanding/label-in-name.html',
    nodes: mismatches.map(({ element: control, visibleText, accessibleName }) => ({
      html: control.outerHTML,
      target: [control.tagName.toLowerCase()],
      impact: 'serious',
      any: [],
      all: [],
      none: [],
      failureSummary: `Visible text "${visibleText}" does not start the accessible name "${accessibleName}"`,
    })),
  };
  return { ...results, violations: [...results.violations, labelInName] };
}
