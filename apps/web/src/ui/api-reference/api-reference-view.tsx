'use client';

import type { OpenApiDocument, OpenApiOperation } from '@viewas/admin-api';
import styled from 'styled-components';
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
}

interface Entry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[5]};
`;

const Contents = styled.nav`
  ol {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[5]};
    display: grid;
    gap: ${({ theme }) => theme.space[1]};
  }
`;

const Operation = styled.section`
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

/** Field and parameter names: never broken inside a word (the table scrolls instead). */
const Name = styled(Code)`
  white-space: nowrap;
  overflow-wrap: normal;
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

function OperationSection({ method, path, operation }: Entry) {
  const parameters = (operation.parameters ?? []) as unknown as Parameter[];
  const body = jsonBodySchema(operation.requestBody);
  const success = jsonBodySchema(operation.responses['200']);
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
        <Card title="Contents">
          <Contents aria-label="Operations">
            <ol>
              {entries.map(({ method, path, operation }) => (
                <li key={operation.operationId}>
                  <a href={`#${operation.operationId}`}>{`${operation.summary} (${method} ${path})`}</a>
                </li>
              ))}
            </ol>
          </Contents>
        </Card>
        {tags.map((tag) => (
          <Card key={tag} title={tag}>
            {entries
              .filter((entry) => entry.operation.tags.includes(tag))
              .map((entry) => (
                <OperationSection key={entry.operation.operationId} {...entry} />
              ))}
          </Card>
        ))}
      </Layout>
    </>
  );
}
