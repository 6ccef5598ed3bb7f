import Link from "next/link";
import { devOutboxOn } from "@/lib/dashboard/dev-outbox";

/** The auth pages' "Check the dev outbox" link, shown only where the dev outbox is on. */
export function DevOutboxLink() {
  if (!devOutboxOn()) return null;
  return (
    <Link
      href="/dev-outbox"
      className="font-medium text-indigo-700 hover:text-indigo-900"
      data-testid="dev-outbox-footer-link"
    >
      Check the dev outbox
    </Link>
  );
}
