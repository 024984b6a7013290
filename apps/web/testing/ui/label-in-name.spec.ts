/** @jest-environment jsdom */
import { labelInNameMismatches } from './label-in-name';

function render(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

describe('labelInNameMismatches', () => {
  it('accepts a control whose name starts with its visible text, whatever the case and spacing', () => {
    const root = render(
      '<button aria-label="View as ada@example.com">  View\n as </button><a href="/x" aria-label="export csv of 3 entries">Export CSV</a>',
    );
    expect(labelInNameMismatches(root)).toEqual([]);
  });

  it('flags a name that only contains the visible text further on, or not at all', () => {
    const root = render(
      '<button aria-label="View the app as ada@example.com">View as</button><div role="button" aria-label="Account menu: ada@example.com">ada@example.com</div>',
    );
    expect(labelInNameMismatches(root).map(({ visibleText, accessibleName }) => [visibleText, accessibleName])).toEqual([
      ['view as', 'view the app as ada@example.com'],
      ['ada@example.com', 'account menu: ada@example.com'],
    ]);
  });

  it('counts visible text hidden from screen readers, and reads names from aria-labelledby', () => {
    const root = render(
      '<span id="t">Account menu</span><button aria-labelledby="t"><span aria-hidden="true">A</span> ada@example.com</button>',
    );
    expect(labelInNameMismatches(root).map(({ visibleText }) => visibleText)).toEqual(['a ada@example.com']);
  });

  it('leaves controls named by their content, or showing no text (icons), alone', () => {
    const root = render(
      '<button>Refresh</button><button aria-label="Close"><svg aria-hidden="true"></svg></button><p aria-label="x">Not a control</p>',
    );
    expect(labelInNameMismatches(root)).toEqual([]);
  });
});
