import Link from "next/link";

export function Logo({ href = "/" }: { href?: string }) {
  return (
    <Link href={href} className="flex items-center gap-2 text-slate-900">
      <span className="grid size-7 place-items-center rounded-md bg-indigo-600 text-xs font-bold text-white">
        P
      </span>
      <span className="text-sm font-semibold tracking-tight">page-to-data</span>
    </Link>
  );
}
