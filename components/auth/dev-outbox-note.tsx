import Link from "next/link";

/** After a form mailed something in development mode: where that mail is, since none leaves the machine. */
export function DevOutboxNote({ what }: { what: string }) {
  return (
    <p className="text-sm text-slate-700">
      Development mode: no mail leaves this machine.{" "}
      <Link
        href="/dev-outbox"
        className="font-medium text-indigo-700 hover:text-indigo-900"
        data-testid="dev-outbox-link"
      >
        Check the dev outbox
      </Link>{" "}
      for {what}.
    </p>
  );
}
