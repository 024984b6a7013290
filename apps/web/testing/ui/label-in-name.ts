/**
 * WCAG 2.5.3 Label in Name for component tests. axe's `label-content-name-mismatch` needs a canvas
 * (to tell icon-font ligatures from words), which jsdom lacks, so it runs only in the browser checks;
 * this finds the same mistake here, and holds the app to the stricter form of it: a control named
 * with aria-label or aria-labelledby starts its name with the text it shows, so a speech-input user
 * can say what they see ("click View as") and the rest of the name adds detail for screen readers.
 */

const CONTROLS = [
  'button',
  'a[href]',
  'summary',
  ...['button', 'link', 'tab', 'menuitem', 'checkbox', 'radio', 'switch', 'option'].map((role) => `[role="${role}"]`),
];

export interface LabelInNameMismatch {
  element: Element;
  visibleText: string;
  accessibleName: string;
}

const normalise = (text: string): string => text.replace(/\s+/g, ' ').trim().toLowerCase();

function authoredName(element: Element): string | null {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    return labelledBy
      .split(/\s+/)
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ');
  }
  return element.getAttribute('aria-label');
}

/** Every control under `root` (itself included) whose authored accessible name does not start with its visible text. */
export function labelInNameMismatches(root: Element): LabelInNameMismatch[] {
  const selector = CONTROLS.join(', ');
  const controls = [...(root.matches(selector) ? [root] : []), ...root.querySelectorAll(selector)];
  return controls.flatMap((element) => {
    const name = authoredName(element);
    const visibleText = normalise(element.textContent ?? '');
    if (name === null || visibleText === '') return [];
    const accessibleName = normalise(name);
    return accessibleName.startsWith(visibleText) ? [] : [{ element, visibleText, accessibleName }];
  });
}
