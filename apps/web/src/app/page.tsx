export default function HomePage() {
  return (
    <main>
      <h1>Viewas</h1>
    </main>
  );
}
