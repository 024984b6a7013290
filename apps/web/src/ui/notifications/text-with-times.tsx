'use client';

import { Fragment } from 'react';
import { LocalTime } from '../components/local-time';

// The times a notification's text writes (`utcTimestamp`: ISO 8601 in UTC, to the second), for e-mail.
const UTC_TIME = /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{3})?Z)/;

/**
 * A notification's text as the app shows it: each UTC time the text carries (written so for e-mail,
 * whose reader's zone is unknown) becomes a friendly time in the reader's zone and language, the exact
 * instant kept in its `<time dateTime>`.
 */
export function TextWithTimes({ text }: { text: string }) {
  return (
    <>
      {text.split(UTC_TIME).map((part, index) =>
        // `split` with a capturing group puts every matched time at an odd index.
        index % 2 === 1 && !Number.isNaN(Date.parse(part)) ? <LocalTime key={index} iso={part} /> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
