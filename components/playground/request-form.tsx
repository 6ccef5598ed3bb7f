"use client";

import { ENDPOINTS, OPERATIONS, type OperationName } from "@/lib/schemas/operations";
import { creditsLabel } from "@/lib/billing/prices";
import {
  fieldApplies,
  isCommon,
  type OptionField,
  type PlaygroundEndpoint,
  type PlaygroundForm,
} from "@/lib/dashboard/playground-body";
import { Button } from "@/components/ui/button";
import { Checkbox, Input, Label, Select } from "@/components/ui/field";
import { quote } from "@/lib/dashboard/playground-price";
import type { FieldErrors } from "@/lib/dashboard/playground-check";
import { OptionInput } from "./option-input";
import { FieldError, errorId } from "./field-error";

export interface ProjectOption {
  id: string;
  name: string;
  organization: string;
}

/** Fields grouped the way the API nests them; an operation's own top-level fields get its name. */
function groupsOf(fields: OptionField[]): { title: string; key: string; fields: OptionField[] }[] {
  const groups = new Map<string, OptionField[]>();
  for (const f of fields) {
    const key = f.group ?? (isCommon(f) ? "request" : `${f.endpoints.find((e) => e !== "scrape")}`);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups].map(([key, list]) => ({
    key,
    title: key === "request" ? "Request options" : `${capitalize(key.replace(/_options$/, ""))} options`,
    fields: list,
  }));
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function RequestForm({
  projects,
  projectId,
  onProject,
  fields,
  form,
  onChange,
  onSubmit,
  busy,
  errors = {},
}: {
  projects: ProjectOption[];
  projectId: string;
  onProject: (id: string) => void;
  fields: OptionField[];
  form: PlaygroundForm;
  onChange: (f: PlaygroundForm) => void;
  onSubmit: () => void;
  busy: boolean;
  /** Problems found before sending, by field id (lib/dashboard/playground-check.ts). */
  errors?: FieldErrors;
}) {
  const set = <K extends keyof PlaygroundForm>(key: K, value: PlaygroundForm[K]) =>
    onChange({ ...form, [key]: value });
  const toggleOp = (op: OperationName) =>
    set(
      "scrapeOperations",
      form.scrapeOperations.includes(op)
        ? form.scrapeOperations.filter((o) => o !== op)
        : OPERATIONS.filter((o) => o === op || form.scrapeOperations.includes(o)),
    );
  const groups = groupsOf(fields.filter((f) => fieldApplies(f, form)));
  const price = quote(form);
  const invalid = (id: string) =>
    errors[id] ? { "aria-invalid": true as const, "aria-describedby": errorId(id) } : {};

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {/* Side by side only where both fit whole: in the narrow form column at 1280 px they stack,
          so a project's name is never cut off. */}
      <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,18rem),1fr))] gap-4">
        <div>
          <Label htmlFor="project">Project</Label>
          <Select
            id="project"
            value={projectId}
            onChange={(e) => onProject(e.target.value)}
            title={projects.find((p) => p.id === projectId)?.name}
          >
            {projects.map((p) => (
              // The current organization's projects only (its name is in the shell's switcher), so
              // the option is the project's name alone: nothing to cut off in a narrow column.
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="endpoint" hint={creditsLabel(price.total)}>
            Operation
          </Label>
          <Select
            id="endpoint"
            value={form.endpoint}
            onChange={(e) => set("endpoint", e.target.value as PlaygroundEndpoint)}
          >
            {ENDPOINTS.map((ep) => (
              <option key={ep} value={ep}>
                {ep}
              </option>
            ))}
          </Select>
        </div>
      </div>

      {form.endpoint === "scrape" && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">
            Operations to run from one visit
          </legend>
          {/* As many columns as whole labels fit: four at full width, two in the narrow column. */}
          <div
            className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-x-4 gap-y-2"
            data-testid="scrape-operations"
            {...invalid("operations")}
          >
            {OPERATIONS.map((op) => (
              <Checkbox
                key={op}
                id={`op-${op}`}
                label={op}
                checked={form.scrapeOperations.includes(op)}
                onChange={() => toggleOp(op)}
              />
            ))}
          </div>
          <FieldError id="operations" errors={errors} />
        </fieldset>
      )}

      <div>
        <Label htmlFor="url">URL</Label>
        <Input
          id="url"
          type="text"
          inputMode="url"
          required
          value={form.url}
          onChange={(e) => set("url", e.target.value)}
          placeholder="https://example.com/"
          {...invalid("url")}
        />
        <FieldError id="url" errors={errors} />
      </div>

      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <Checkbox
          id="sync"
          label="Sync (wait for the result)"
          checked={form.sync}
          onChange={(e) => set("sync", e.target.checked)}
        />
        <div className="min-w-48 flex-1">
          <Label htmlFor="idempotency-key" hint="header, optional">
            Idempotency-Key
          </Label>
          <Input
            id="idempotency-key"
            value={form.idempotencyKey}
            onChange={(e) => set("idempotencyKey", e.target.value)}
            placeholder="order-1234"
            {...invalid("idempotency-key")}
          />
          <FieldError id="idempotency-key" errors={errors} />
        </div>
      </div>

      {groups.map((g) => (
        <details
          key={g.key}
          // A group holding a problem opens, so its message is seen by its field.
          open={
            g.key === "screenshot_options" || g.key === "lighthouse" || g.fields.some((f) => errors[f.id])
          }
          className="rounded-lg border border-slate-200 p-4"
          data-testid={`options-${g.key}`}
        >
          <summary className="cursor-pointer text-sm font-medium text-slate-700">{g.title}</summary>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {g.fields.map((f) => (
              <OptionInput
                key={f.id}
                field={f}
                value={form.values[f.id] ?? ""}
                onChange={(v) => set("values", { ...form.values, [f.id]: v })}
                error={errors[f.id]}
              />
            ))}
          </div>
        </details>
      ))}

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" disabled={busy || !projectId} className="w-full sm:w-auto">
          {busy ? "Running…" : `Run ${form.endpoint}`}
        </Button>
        <p className="text-sm text-slate-600" data-testid="request-cost">
          Costs at most <strong className="font-semibold text-slate-900">{creditsLabel(price.total)}</strong>
          {price.breakdown.includes("+") && <span className="text-slate-500"> ({price.breakdown})</span>}; a
          cached answer costs nothing.
        </p>
      </div>
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="text-sm text-red-700" data-testid="form-errors">
          Not sent: fix the {Object.keys(errors).length === 1 ? "field" : "fields"} marked above.
        </p>
      )}
    </form>
  );
}
