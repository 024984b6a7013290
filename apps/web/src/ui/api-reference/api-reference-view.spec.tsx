/** @jest-environment jsdom */
import { ADMIN_API_ROUTES, createOpenApiDocument } from '@viewas/admin-api/server';
import { screen, within } from '@testing-library/react';
import { axe } from '../../../testing/ui/axe';
import { renderWithApp } from '../../../testing/ui/render';
import { ApiReferenceView, OPENAPI_DOCUMENT_PATH } from './api-reference-view';

const apiDocument = createOpenApiDocument({
  routes: Object.values(ADMIN_API_ROUTES),
  info: { title: 'Viewas admin and account API', version: '0.1.0' },
});

describe('ApiReferenceView', () => {
  it('gives every operation a heading with its method, path and summary, and a contents link to it', () => {
    renderWithApp(<ApiReferenceView document={apiDocument} />);
    const contents = screen.getByRole('navigation', { name: 'Operations' });
    for (const route of Object.values(ADMIN_API_ROUTES)) {
      const heading = screen.getByRole('heading', { level: 3, name: `${route.method} ${route.path} ${route.summary}` });
      expect(heading.closest('section')).toHaveAttribute('id', route.operationId);
      expect(within(contents).getByRole('link', { name: `${route.summary} (${route.method} ${route.path})` })).toHaveAttribute(
        'href',
        `#${route.operationId}`,
      );
    }
  });

  it('shows the request body fields with their rules, the answer fields and the failures of an operation', () => {
    renderWithApp(<ApiReferenceView document={apiDocument} />);
    const section = screen.getByRole('region', { name: /POST \/api\/admin\/impersonate/ });
    expect(
      within(section)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Request body (JSON)', 'Answer 200 (JSON)', 'Example request', 'Example answer (200)', 'Failures']);
    const body = within(section).getByRole('table', { name: 'Request body (JSON)' });
    const reason = within(body).getByRole('row', { name: /reason/ });
    expect(within(reason).getByRole('cell', { name: '3-500 characters' })).toBeInTheDocument();
    const answer = within(section).getByRole('table', { name: 'Answer 200 (JSON)' });
    expect(within(answer).getByRole('cell', { name: 'targetUser.email' })).toBeInTheDocument();
    // A timestamp is described by its format, not by zod's long regex for it.
    expect(
      within(within(answer).getByRole('row', { name: /expiresAt/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['expiresAt', 'string (date-time)', 'yes', '-']);
    const failures = within(section).getByRole('table', { name: /Failures/ });
    expect(within(failures).getByRole('row', { name: /^409/ })).toBeInTheDocument();
    expect(within(section).getByText(/Who may call it:/).parentElement).toHaveTextContent(
      'Staff (support or administrator), in their own session.',
    );
  });

  it('shows an example request and answer per operation, from the examples in the document', () => {
    renderWithApp(<ApiReferenceView document={apiDocument} />);
    const start = screen.getByRole('region', { name: /POST \/api\/admin\/impersonate/ });
    const request = within(start).getByLabelText('Example request');
    expect(request.textContent).toMatch(/^POST \/api\/admin\/impersonate\nContent-Type: application\/json\n\n\{/);
    expect(JSON.parse(request.textContent?.split('\n\n')[1] ?? '')).toEqual(
      (apiDocument.paths['/api/admin/impersonate']?.['post']?.requestBody as { content: Record<string, { example: unknown }> }).content[
        'application/json'
      ]?.example,
    );
    expect(JSON.parse(within(start).getByLabelText('Example answer (200)').textContent ?? '')).toMatchObject({ success: true });

    const end = screen.getByRole('region', { name: /POST \/api\/admin\/impersonations\/\{id\}\/end/ });
    expect(within(end).getByLabelText('Example request').textContent).toMatch(/^POST \/api\/admin\/impersonations\/[^{}/]+\/end$/);
    for (const route of Object.values(ADMIN_API_ROUTES)) {
      const section = screen.getByRole('region', { name: new RegExp(`^${route.method} ${route.path.replace(/[{}]/g, '\\$&')} `) });
      expect(within(section).getByLabelText('Example request')).toBeInTheDocument();
    }
  });

  it('groups the contents by tag, each linking its part of the page, and each part links back', () => {
    renderWithApp(<ApiReferenceView document={apiDocument} />);
    const contents = screen.getByRole('navigation', { name: 'Operations' });
    const tags = [...new Set(Object.values(ADMIN_API_ROUTES).map((route) => route.tag))];
    for (const tag of tags) {
      const link = within(contents).getByRole('link', { name: tag });
      const part = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
      expect(within(part as HTMLElement).getByRole('heading', { level: 2, name: tag })).toBeInTheDocument();
      expect(within(part as HTMLElement).getByRole('link', { name: 'Back to the contents' })).toHaveAttribute('href', '#api-contents');
    }
    expect(contents).toHaveAttribute('id', 'api-contents');
  });

  it('links the machine-readable document and has no axe violations', async () => {
    const { container } = renderWithApp(<ApiReferenceView document={apiDocument} />);
    expect(screen.getByRole('link', { name: OPENAPI_DOCUMENT_PATH })).toHaveAttribute('href', OPENAPI_DOCUMENT_PATH);
    expect(await axe(container)).toHaveNoViolations();
    // axe reads every operation's tables and examples: a long page.
  }, 90_000);
});
