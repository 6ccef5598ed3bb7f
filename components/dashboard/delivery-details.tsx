import type { DeliveryEntry } from "@/lib/dashboard/webhook-log";
import { ScrollBox } from "@/components/ui/scroll-box";

/** The payload as JSON when it parses (it is cut at 64 KB, so a big one may not), else as it is. */
function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

/**
 * What the receiver was sent (issue 26 §9): the latest attempt's body, and every attempt's Standard
 * Webhooks headers, so a signature can be checked by hand against the receiver's own computation.
 */
export function DeliveryDetails({ delivery }: { delivery: DeliveryEntry }) {
  const signed = delivery.attempts.filter((a) => a.headers);
  if (!delivery.payload && !signed.length) return null;
  const name = delivery.token ?? delivery.operation;
  return (
    <details className="mt-3 text-xs" data-testid="delivery-details">
      <summary className="cursor-pointer text-indigo-700 hover:underline">
        Payload and signature headers
      </summary>
      <div className="mt-2 space-y-3">
        {signed.length > 0 && (
          <ScrollBox
            as="pre"
            label={`Signature headers of delivery ${name}`}
            className="rounded bg-slate-50 p-2 font-mono text-slate-700"
            data-testid="delivery-headers"
          >
            {signed
              .map((a) =>
                [`# attempt ${a.attempt}`, ...Object.entries(a.headers!).map(([k, v]) => `${k}: ${v}`)].join(
                  "\n",
                ),
              )
              .join("\n\n")}
          </ScrollBox>
        )}
        {delivery.payload && (
          <ScrollBox
            as="pre"
            label={`Payload of delivery ${name}`}
            className="max-h-96 rounded bg-slate-50 p-2 font-mono text-slate-700"
            data-testid="delivery-payload"
          >
            {pretty(delivery.payload)}
          </ScrollBox>
        )}
      </div>
    </details>
  );
}
