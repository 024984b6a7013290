'use client';
// A viewed user's home, with a write: during a read-only view the app's proxy refuses it.
import { useState } from 'react';

export function UserHome({ user }) {
  const [status, setStatus] = useState(null);
  async function save() {
    const response = await fetch('/api/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const body = await response.json();
    setStatus(response.ok ? 'Saved' : `Refused: ${body.error.code}`);
  }
  return (
    <main>
      <h1>Signed in as {user.email}</h1>
      <button type="button" onClick={save}>
        Save a note
      </button>
      {status && <p role="status">{status}</p>}
    </main>
  );
}
