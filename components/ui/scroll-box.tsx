import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";

/**
 * A box that scrolls its own content (a wide table, a long line of code) so the page around it
 * never scrolls sideways. It is reachable with Tab (tabIndex 0) and named (a region with an
 * aria-label), so a keyboard user can scroll it with the arrow keys and a screen reader says what
 * it holds: axe's scrollable-region-focusable rule asks for exactly that.
 */
export function ScrollBox({
  label,
  as: Tag = "div",
  className,
  children,
  ...props
}: HTMLAttributes<HTMLElement> & {
  /** What the box holds, for assistive technology ("Request fields of /markdown"). */
  label: string;
  /** `pre` for code, so whitespace is kept without a nested element. */
  as?: "div" | "pre";
  children: ReactNode;
}) {
  return (
    <Tag
      role="region"
      aria-label={label}
      // Focusable so it can be scrolled with the keyboard; the ring shows where the focus is.
      tabIndex={0}
      className={cx(
        // relative: an absolutely placed descendant (an sr-only table header) is clipped and
        // scrolled with the box instead of widening the page from outside it.
        "relative max-w-full overflow-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600",
        className,
      )}
      {...props}
    >
      {children}
    </Tag>
  );
}
