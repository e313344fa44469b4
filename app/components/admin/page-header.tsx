import { Link } from "@remix-run/react";

/**
 * The heading block of a back-office page (each admin page has a heading and a subtitle):
 * an `<h1>` whose `id` labels the page's section (`aria-labelledby`), the subtitle under it, and
 * optionally the page's primary link at the right ('Add Product', 'Add Category').
 */
export function AdminPageHeader({
  id,
  title,
  subtitle,
  action,
  className,
}: {
  id: string;
  title: string;
  subtitle: string;
  action?: { to: string; label: string };
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-end justify-between gap-4 ${className ?? ""}`}>
      <div>
        <h1 id={id} className="text-2xl font-semibold">
          {title}
        </h1>
        <p className="text-stone-600">{subtitle}</p>
      </div>
      {action ? (
        <Link
          to={action.to}
          className="inline-flex min-h-11 items-center rounded-md bg-amber-700 px-4 font-semibold text-white hover:bg-amber-800"
        >
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
