import type { ReactNode } from "react";
import { cx } from "./cx";

const TONES = {
  info: "border-sky-200 bg-sky-50 text-sky-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-red-50 text-red-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
} as const;

export function Alert({
  tone = "info",
  title,
  children,
  actions,
  className,
  testId,
}: {
  tone?: keyof typeof TONES;
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
      className={cx(
        "flex flex-wrap items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm",
        TONES[tone],
        className,
      )}
    >
      <div className="min-w-64 flex-1">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className={cx(title ? "mt-1" : "", "opacity-90")}>{children}</div>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}
