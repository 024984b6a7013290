'use client';

import type { OpenApiDocument, OpenApiOperation } from '@viewas/admin-api';
import { Fragment } from 'react';
import styled from 'styled-components';
import { focusRing, onPhone } from '../components/styles';
import { VisuallyHidden } from '../components/visually-hidden';
import { Card } from '../components/card';
import { PageHeader } from '../components/page-header';
import { DataTable } from '../components/data-table';
import { Tag } from '../components/tag';
import { schemaFields, typeLabel, rules, type SchemaNode } from './describe-schema';

export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

interface Parameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: SchemaNode;
  example?: unknown;
}

interface Entry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

/* Wide screens: the contents stay beside the operations while they scroll. */
const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[5]};
  @media (min-width: 1024px) {
    grid-template-columns: 240px minmax(0, 1fr);
    align-items: start;
  }
`;

const Operations = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
  min-width: 0;
`;

const Contents = styled.nav`
  scroll-margin-top: calc(var(--app-notice-top, 64px) + 8px);
  font-size: ${({ theme }) => theme.fontSizes.sm};
  @media (min-width: 1024px) {
    position: sticky;
    top: calc(var(--app-notice-top, 64px) + ${({ theme }) => theme.space[2]});
    max-height: calc(100vh - var(--app-notice-top, 64px) - ${({ theme }) => theme.space[5]});
    overflow-y: auto;
  }
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  h3 {
    margin: ${({ theme }) => `${theme.space[3]} 0 ${theme.space[1]}`};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 2px;
  }
  a {
    display: block;
    padding: 2px 0;
    color: ${({ theme }) => theme.colors.text};
    border-radius: ${({ theme }) => theme.radii.sm};
    ${focusRing}
  }
`;

const Example = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  line-height: 1.5;
  ${focusRing}
`;

const TagGroup = styled.div`
  scroll-margin-top: calc(var(--app-notice-top, 64px) + 8px);
`;

const TopLink = styled.a`
  align-self: flex-start;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.sm};
  ${focusRing}
`;

const Operation = styled.section`
  /* A link to it lands clear of the sticky top bar. */
  scroll-margin-top: calc(var(--app-notice-top, 64px) + 8px);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  &:first-of-type {
    border-top: 0;
    padding-top: 0;
  }
  h3 {
    margin: 0;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  h4 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  p {
    margin: 0;
    max-width: 80ch;
  }
`;

const Code = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.92em;
  overflow-wrap: anywhere;
`;

/**
 * Field and parameter names: never broken inside a word where the table scrolls; on a phone, where the
 * table becomes stacked rows, a long path (`requests[].userDecision.by.email`) wraps rather than widen
 * the page.
 */
const Name = styled(Code)`
  white-space: nowrap;
  overflow-wrap: normal;

  ${onPhone} {
    white-space: normal;
    overflow-wrap: anywhere;
  }
`;

function methodTone(method: string) {
  return method === 'GET' ? 'info' : method === 'DELETE' ? 'error' : 'accent';
}

/** Inline `code` in the contracts' descriptions, as code. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, index) =>
          part.startsWith('`') && part.endsWith('`') && part.length > 1 ? <Code key={index}>{part.slice(1, -1)}</Code> : part,
        )}
    </>
  );
}

function FieldsTable({ caption, schema }: { caption: string; schema: SchemaNode }) {
  const fields = schemaFields(schema);
  if (fields.length === 0) return <p>{`${caption}: ${typeLabel(schema)}`}</p>;
  return (
    <>
      <h4>{caption}</h4>
      <DataTable
        caption={caption}
        columns={[
          { label: 'Field', cell: (field) => <Name>{field.path}</Name> },
          { label: 'Type', cell: (field) => <Code>{field.type}</Code> },
          { label: 'Required', cell: (field) => (field.required ? 'yes' : 'no') },
          { label: 'Rules', cell: (field) => [...field.rules, ...(field.description ? [field.description] : [])].join('; ') || '-' },
        ]}
        rows={fields}
        rowKey={(field) => field.path}
      />
    </>
  );
}

function ParametersTable({ parameters }: { parameters: Parameter[] }) {
  return (
    <>
      <h4>Parameters</h4>
      <DataTable
        caption="Parameters"
        columns={[
          { label: 'Name', cell: (parameter) => <Name>{parameter.name}</Name> },
          { label: 'In', cell: (parameter) => parameter.in },
          { label: 'Type', cell: (parameter) => <Code>{typeLabel(parameter.schema)}</Code> },
          { label: 'Required', cell: (parameter) => (parameter.required ? 'yes' : 'no') },
          { label: 'Rules', cell: (parameter) => rules(parameter.schema).join('; ') || '-' },
        ]}
        rows={parameters}
        rowKey={(parameter) => `${parameter.in}:${parameter.name}`}
      />
    </>
  );
}

function jsonBodySchema(holder: unknown): SchemaNode | undefined {
  const content = (holder as { content?: Record<string, { schema?: SchemaNode }> } | undefined)?.content;
  return content?.['application/json']?.schema;
}

function jsonExample(holder: unknown): { found: boolean; value: unknown } {
  const media = (holder as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.['application/json'];
  return media && 'example' in media ? { found: true, value: media.example } : { found: false, value: undefined };
}

/** The request line of the example: path parameters filled in, the query string from the parameters' examples. */
export function exampleRequestLine(method: string, path: string, parameters: readonly Parameter[]): string {
  const filled = path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    return parameter?.example === undefined ? whole : encodeURIComponent(String(parameter.example));
  });
  const query = new URLSearchParams();
  for (const parameter of parameters)
    if (parameter.in === 'query' && parameter.required && parameter.example !== undefined)
      query.set(parameter.name, String(parameter.example));
  const search = query.toString();
  return `${method} ${filled}${search ? `?${search}` : ''}`;
}

/** An operation's anchor in the page (its operationId), and its tag's. */
export const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function ExampleBlock({ label, text }: { label: string; text: string }) {
  return (
    <>
      <h4>{label}</h4>
      {/* Focusable: a long line scrolls sideways, and keyboard users scroll it too. */}
      <Example tabIndex={0} role="group" aria-label={label}>
        <code>{text}</code>
      </Example>
    </>
  );
}

function OperationSection({ method, path, operation }: Entry) {
  const parameters = (operation.parameters ?? []) as unknown as Parameter[];
  const body = jsonBodySchema(operation.requestBody);
  const success = jsonBodySchema(operation.responses['200']);
  const requestExample = jsonExample(operation.requestBody);
  const answerExample = jsonExample(operation.responses['200']);
  const failures = Object.entries(operation.responses).filter(([status]) => status !== '200');
  const [description, access] = operation.description.split('\n\nWho may call it: ');
  return (
    <Operation id={operation.operationId} aria-labelledby={`${operation.operationId}-title`}>
      <h3 id={`${operation.operationId}-title`}>
        <Tag $tone={methodTone(method)}>{method}</Tag>
        <Code>{path}</Code>
        <span>{operation.summary}</span>
      </h3>
      <p>
        <Prose text={description ?? ''} />
      </p>
      {access ? (
        <p>
          <strong>Who may call it:</strong> {access}
        </p>
      ) : null}
      {parameters.length ? <ParametersTable parameters={parameters} /> : null}
      {body ? <FieldsTable caption="Request body (JSON)" schema={body} /> : null}
      {success ? <FieldsTable caption="Answer 200 (JSON)" schema={success} /> : null}
      <ExampleBlock
        label="Example request"
        text={[
          exampleRequestLine(method, path, parameters),
          ...(requestExample.found ? ['Content-Type: application/json', '', JSON.stringify(requestExample.value, null, 2)] : []),
        ].join('\n')}
      />
      {answerExample.found ? <ExampleBlock label="Example answer (200)" text={JSON.stringify(answerExample.value, null, 2)} /> : null}
      <h4>Failures</h4>
      <DataTable
        caption="Failures: { success: false, error: { code, message } }"
        columns={[
          { label: 'Status', cell: ([status]) => status },
          { label: 'When', cell: ([, response]) => <Prose text={String(response['description'])} /> },
        ]}
        rows={failures}
        rowKey={([status]) => status}
      />
    </Operation>
  );
}

/** The OpenAPI document as a page: contents, then each operation grouped by tag. Server-rendered, no script of its own. */
export function ApiReferenceView({ document }: { document: OpenApiDocument }) {
  const entries: Entry[] = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
  const tags = [...new Set(entries.flatMap((entry) => entry.operation.tags))];
  const info = document['info'] as { title: string; version: string; description?: string };
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            {info.title}, version {info.version}. <Prose text={info.description ?? ''} /> The machine-readable OpenAPI 3.1 document:{' '}
            <a href={OPENAPI_DOCUMENT_PATH}>{OPENAPI_DOCUMENT_PATH}</a>.
          </>
        }
      />
      <Layout>
        <Contents aria-label="Operations" id="api-contents">
          <h2>Contents</h2>
          {tags.map((tag) => (
            <Fragment key={tag}>
              <h3>
                <a href={`#${tagAnchor(tag)}`}>{tag}</a>
              </h3>
              <ul>
                {entries
                  .filter((entry) => entry.operation.tags.includes(tag))
                  .map(({ method, path, operation }) => (
                    <li key={operation.operationId}>
                      <a href={`#${operation.operationId}`}>
                        {operation.summary}
                        <VisuallyHidden>{` (${method} ${path})`}</VisuallyHidden>
                      </a>
                    </li>
                  ))}
              </ul>
            </Fragment>
          ))}
        </Contents>
        <Operations>
          {tags.map((tag) => (
            <TagGroup key={tag} id={tagAnchor(tag)}>
              <Card title={tag}>
                {entries
                  .filter((entry) => entry.operation.tags.includes(tag))
                  .map((entry) => (
                    <OperationSection key={entry.operation.operationId} {...entry} />
                  ))}
                <TopLink href="#api-contents">Back to the contents</TopLink>
              </Card>
            </TagGroup>
          ))}
        </Operations>
      </Layout>
    </>
  );
}
