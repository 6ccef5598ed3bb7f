import type { DayUsage } from "@/lib/dashboard/usage";
import { formatNumber, formatShortDay } from "@/lib/dashboard/format";

/**
 * Credits per day as an inline SVG bar chart (no chart library: one small server-rendered SVG).
 * Each bar has a <title> so hovering shows the exact day and amount.
 */
export function UsageChart({ days }: { days: DayUsage[] }) {
  const width = 960;
  const height = 200;
  const pad = { top: 12, right: 8, bottom: 24, left: 36 };
  const max = Math.max(...days.map((d) => d.credits), 0);
  const top = niceCeiling(max);
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / Math.max(days.length, 1);
  const barW = Math.max(2, slot * 0.7);
  const total = days.reduce((s, d) => s + d.credits, 0);
  const ticks = [0, top / 2, top];
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Credits per day over the last ${days.length} days: ${total} in total`}
      >
        {ticks.map((t) => {
          const y = pad.top + plotH - (t / top) * plotH;
          return (
            <g key={t}>
              <line
                x1={pad.left}
                x2={width - pad.right}
                y1={y}
                y2={y}
                className="stroke-slate-200"
                strokeDasharray={t === 0 ? undefined : "3 3"}
              />
              <text x={pad.left - 6} y={y + 3} textAnchor="end" className="fill-slate-400 text-[10px]">
                {formatNumber(t)}
              </text>
            </g>
          );
        })}
        {days.map((d, i) => {
          const h = top ? (d.credits / top) * plotH : 0;
          const x = pad.left + i * slot + (slot - barW) / 2;
          return (
            <g key={d.day}>
              <rect
                x={pad.left + i * slot}
                y={pad.top}
                width={slot}
                height={plotH}
                className="fill-transparent hover:fill-slate-100"
              />
              <rect
                x={x}
                y={pad.top + plotH - h}
                width={barW}
                height={Math.max(h, d.credits ? 1 : 0)}
                rx={1.5}
                className="fill-indigo-500"
              >
                <title>{`${formatShortDay(d.day)}: ${formatNumber(d.credits)} credit${d.credits === 1 ? "" : "s"}`}</title>
              </rect>
              {(i % 5 === 0 || i === days.length - 1) && (
                <text
                  x={pad.left + i * slot + slot / 2}
                  y={height - 6}
                  textAnchor="middle"
                  className="fill-slate-400 text-[10px]"
                >
                  {formatShortDay(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{days.map((d) => `${d.day}: ${d.credits}`).join(", ")}</figcaption>
    </figure>
  );
}

/** A round axis maximum (1, 2, 5 × 10ⁿ) at or above `n`; at least 5 so an idle chart still has a scale. */
function niceCeiling(n: number): number {
  if (n <= 5) return 5;
  const magnitude = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= n) return step * magnitude;
  return 10 * magnitude;
}
