/** A bare getServerSideProps page: the per-request floor of Next.js on this machine. */
export async function getServerSideProps() {
  return { props: { renderedAt: new Date().toISOString() } };
}

export default function Bare({ renderedAt }) {
  return (
    <main>
      <h1>Bare Next.js page</h1>
      <p>Rendered at {renderedAt}</p>
    </main>
  );
}
