"use client";

import { useState, type ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { ScrollBox } from "@/components/ui/scroll-box";
import { ViewToggle } from "@/components/ui/view-toggle";

/** A row above a result: its controls on the left, Copy on the right. */
export function Toolbar({ children, copy }: { children?: ReactNode; copy?: string }) {
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2">{children}</div>
      {copy !== undefined && <CopyButton value={copy} />}
    </div>
  );
}

export function JsonView({ value }: { value: unknown }) {
  const text = JSON.stringify(value, null, 2) ?? String(value);
  return (
    <div>
      <Toolbar copy={text} />
      <ScrollBox
        as="pre"
        label="Result as JSON"
        data-testid="json-result"
        className="max-h-[32rem] rounded-md bg-code-bg p-3 font-mono text-xs text-code-fg"
      >
        {text}
      </ScrollBox>
    </div>
  );
}

/**
 * A structured result's view with its raw JSON one click away: the view is what a person reads,
 * the JSON is what their code will get, so both stay reachable.
 */
export function ViewOrJson({ value, children }: { value: unknown; children: ReactNode }) {
  const [mode, setMode] = useState<"view" | "json">("view");
  return (
    <div className="space-y-3">
      <ViewToggle
        value={mode}
        options={[
          { value: "view", label: "View" },
          { value: "json", label: "JSON" },
        ]}
        onChange={setMode}
      />
      {mode === "json" ? <JsonView value={value} /> : children}
    </div>
  );
}
