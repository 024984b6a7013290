import { headers } from 'next/headers';
import { cache } from 'react';
import { readDocumentContext } from './document-context';

/** The request's document context, read once per request however many components ask. */
export const getDocumentContext = cache(async () => readDocumentContext(await headers()));
