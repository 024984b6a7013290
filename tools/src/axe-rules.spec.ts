import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { AXE_TAGS, PAGE_ONLY_RULES, WCAG_TAGS } from '../a11y/axe-rules.mjs';

interface AxeRule {
  ruleId: string;
  tags: string[];
}

/** The axe-core that @axe-core/playwright injects into pages (it pins its own version). */
function injectedAxeRules(): AxeRule[] {
  const fromWorkspace = createRequire(__filename);
  const playwrightAxe = dirname(fromWorkspace.resolve('@axe-core/playwright'));
  const axe = createRequire(`${playwrightAxe}/`)('axe-core') as { getRules: () => AxeRule[] };
  return axe.getRules();
}

describe('the axe rules the browser checks run', () => {
  const rules = injectedAxeRules();

  it('include WCAG 2.5.3 Label in Name', () => {
    const labelInName = rules.find((rule) => rule.ruleId === 'label-content-name-mismatch');
    expect(labelInName?.tags.some((tag) => AXE_TAGS.includes(tag))).toBe(true);
  });

  it('take in no experimental rule beyond WCAG A/AA and best practice (an axe upgrade that adds one fails here)', () => {
    const beyond = rules.filter(
      (rule) => rule.tags.includes('experimental') && !rule.tags.some((tag) => [...WCAG_TAGS, 'best-practice'].includes(tag)),
    );
    expect(beyond.map((rule) => rule.ruleId)).toEqual([]);
  });

  it('leave out, in stories, only best-practice rules about a whole page', () => {
    for (const id of PAGE_ONLY_RULES) {
      const rule = rules.find((candidate) => candidate.ruleId === id);
      expect(rule?.tags).toContain('best-practice');
      expect(rule?.tags.some((tag) => WCAG_TAGS.includes(tag))).toBe(false);
    }
  });
});
