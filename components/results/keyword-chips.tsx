/** A keywords result: one chip per keyword, in the order given (most relevant first). */
export function KeywordChips({ keywords }: { keywords: string[] }) {
  if (!keywords.length) return <p className="text-sm text-slate-500">No keywords found.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Keywords" data-testid="keyword-chips">
      {keywords.map((k, i) => (
        <li
          key={`${i}-${k}`}
          data-testid="keyword-chip"
          className="max-w-full break-words rounded-full bg-indigo-50 px-3 py-1 text-sm text-indigo-800 ring-1 ring-inset ring-indigo-600/20"
        >
          {k}
        </li>
      ))}
    </ul>
  );
}
