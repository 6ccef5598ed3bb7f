"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui/cx";
import { Icon, type IconName } from "./icons";

const ITEMS: { href: string; label: string; icon: IconName; exact?: boolean }[] = [
  { href: "/dashboard", label: "Overview", icon: "overview", exact: true },
  { href: "/dashboard/projects", label: "Projects", icon: "projects" },
  { href: "/playground", label: "Playground", icon: "playground" },
  { href: "/docs", label: "Docs", icon: "docs" },
  { href: "/dashboard/settings", label: "Settings", icon: "settings" },
];

export function Nav({ orientation = "vertical" }: { orientation?: "vertical" | "horizontal" }) {
  const pathname = usePathname();
  return (
    <nav
      aria-label="Main"
      className={orientation === "vertical" ? "flex flex-col gap-1" : "flex gap-1 overflow-x-auto"}
    >
      {ITEMS.map((item) => {
        const active = item.exact
          ? pathname === item.href
          : pathname === item.href || pathname.startsWith(item.href + "/");
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={active ? "page" : undefined}
            className={cx(
              "flex items-center gap-3 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition-colors",
              active
                ? "bg-indigo-50 text-indigo-700"
                : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
            )}
          >
            <Icon
              name={item.icon}
              className={cx("size-5 shrink-0", active ? "text-indigo-600" : "text-slate-400")}
            />
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
