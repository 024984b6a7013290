'use client';
// What a viewed user's home shows; the Auth.js host (../../authjs-app) puts a write on it.
export function UserHome({ user }) {
  return <h1>Signed in as {user.email}</h1>;
}
