import { useT } from "~/hooks/use-t";
import { orderStatusLabel } from "~/rules/order-status";

const COLOURS: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
  shipped: "bg-indigo-100 text-indigo-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-stone-200 text-stone-800",
};

/** An order status as a coloured label. */
export function OrderStatusBadge({ status }: { status: string }) {
  const t = useT();
  const label = orderStatusLabel(status, t);
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOURS[status] ?? "bg-stone-100"}`}
      data-testid="order-status"
    >
      {label}
    </span>
  );
}
