"use client";

import { linkFor } from "@/lib/dashboard/playground-link";
import type { OptionField, PlaygroundForm } from "@/lib/dashboard/playground-body";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { inputClass } from "@/components/ui/field";

/** "Copy link": an address that opens the Playground with this request filled in (not yet run). */
export function PlaygroundLink({
  form,
  fields,
  projectId,
  origin,
}: {
  form: PlaygroundForm;
  fields: OptionField[];
  projectId: string;
  origin: string;
}) {
  const link = `${origin}${linkFor(form, fields, projectId)}`;
  return (
    <Card
      title="Link to this request"
      description="Opens the Playground with this request filled in; it runs only when Run is pressed."
      actions={<CopyButton value={link} label="Copy link" />}
    >
      <label htmlFor="playground-link" className="sr-only">
        Link to this request
      </label>
      <input
        id="playground-link"
        readOnly
        value={link}
        className={`${inputClass} font-mono text-xs`}
        data-testid="playground-link"
        onFocus={(e) => e.currentTarget.select()}
      />
    </Card>
  );
}
