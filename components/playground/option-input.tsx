"use client";

import type { OptionField } from "@/lib/dashboard/playground-body";
import { Input, Label, Select, inputClass } from "@/components/ui/field";
import { cx } from "@/components/ui/cx";
import { FieldError, errorId } from "./field-error";

/** One schema field as an input. Element ids are `opt-<group>-<name>` (e.g. opt-page_options-delay). */
export function optionInputId(field: OptionField): string {
  return `opt-${field.id.replace(".", "-")}`;
}

function hint(field: OptionField): string | undefined {
  if (field.min !== undefined && field.max !== undefined) return `${field.min}–${field.max}`;
  if (field.kind === "list") return `one per line${field.maxItems ? `, ≤ ${field.maxItems}` : ""}`;
  if (field.kind === "labels") return "key=value per line";
  return undefined;
}

export function OptionInput({
  field,
  value,
  onChange,
  error,
}: {
  field: OptionField;
  value: string;
  onChange: (v: string) => void;
  /** The check before sending found this wrong (shown below the field, and announced). */
  error?: string;
}) {
  const id = optionInputId(field);
  const a11y = error ? { "aria-invalid": true as const, "aria-describedby": errorId(field.id) } : {};
  const wide = field.kind === "list" || field.kind === "labels" || field.kind === "longtext";
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <Label htmlFor={id} hint={hint(field)}>
        <span className="font-mono text-xs">{field.name}</span>
      </Label>
      {field.kind === "boolean" ? (
        <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...a11y}>
          <option value="">default</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </Select>
      ) : field.kind === "enum" ? (
        <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...a11y}>
          <option value="">default</option>
          {field.choices?.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
      ) : wide ? (
        <textarea
          id={id}
          rows={field.kind === "longtext" ? 3 : 2}
          className={cx(inputClass, "font-mono text-xs")}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...a11y}
        />
      ) : (
        <Input
          id={id}
          inputMode={field.kind === "integer" ? "numeric" : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={field.kind === "boolean-or-text" ? "true, or audit ids" : undefined}
          {...a11y}
        />
      )}
      <FieldError id={field.id} errors={error ? { [field.id]: error } : {}} />
      {field.description && <p className="mt-1 text-xs text-slate-500">{field.description}</p>}
    </div>
  );
}
