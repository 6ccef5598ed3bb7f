import type { FieldErrors } from "@/lib/dashboard/playground-check";

/** The element id of a field's message, for aria-describedby. */
export function errorId(fieldId: string): string {
  return `error-${fieldId.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

/** A field's problem found before sending, right below it. */
export function FieldError({ id, errors }: { id: string; errors: FieldErrors }) {
  if (!errors[id]) return null;
  return (
    <p id={errorId(id)} className="mt-1 text-xs text-red-700" data-testid="field-error" data-field={id}>
      {errors[id]}
    </p>
  );
}
