import type { ReactNode } from "react";

/**
 * Labelled facts (an order's number, plan, amounts) as a two-column table; each value isolated in `<bdi>` so an amount
 * keeps "6,400 DA" inside Arabic and an Arabic plan name keeps its own order.
 */
export function EmailFacts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <table role="presentation" data-text-format="dataTable" style={{ borderCollapse: "collapse", margin: "8px 0" }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: "4px 0", paddingInlineEnd: "16px", color: "#4b5563", textAlign: "start" }}>
              {label}
            </td>
            <td style={{ padding: "4px 0", textAlign: "start" }}>
              <bdi>{value}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
