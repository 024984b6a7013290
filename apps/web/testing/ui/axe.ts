import { configureAxe, toHaveNoViolations } from 'jest-axe';

expect.extend(toHaveNoViolations);

/** axe for component tests; `region` is off because a component is not a whole page with landmarks. */
export const axe = configureAxe({ rules: { region: { enabled: false } } });
