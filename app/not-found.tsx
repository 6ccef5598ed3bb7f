import NotFound from "./(dashboard)/not-found";

/** An address no route matches: the same page as a dashboard 404, outside the dashboard frame. */
export default function RootNotFound() {
  return (
    <main className="px-4">
      <NotFound />
    </main>
  );
}
