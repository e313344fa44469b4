import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/submit-button";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { usePending } from "~/hooks/use-pending";
import { useRefreshWhile } from "~/hooks/use-refresh-while";
import { formatInteger } from "~/i18n/format";
import type { ImportOutcome } from "~/models/catalogue/import/stored-imports.server";

type Images = {
  waiting: number;
  done: number;
  failed: number;
  failures: { id: number; productId: number; productName: string; url: string; error: string }[];
};

const REASONS = [
  "notHttp",
  "privateAddress",
  "unreachable",
  "timeout",
  "httpStatus",
  "tooBig",
  "tooManyRedirects",
  "notAnImage",
  "tooManyPixels",
  "productGone",
  "timeBudget",
  "unexpected",
] as const;

/** A stored failure reason as one of the messages' keys ("unexpected" for anything else). */
function reasonOf(error: string): (typeof REASONS)[number] {
  return (REASONS as readonly string[]).includes(error) ? (error as (typeof REASONS)[number]) : "unexpected";
}

/**
 * An import's progress and result: products written so far, then what it did (and that its new
 * products are hidden, when chosen); its pictures (added, waiting, failed with the address and the
 * reason, each with "Try again", and one button for all). While anything is under way the page
 * looks again by itself: with JavaScript by revalidating, without it by a refresh.
 */
export function ImportResultSection({
  id,
  status,
  outcome,
  images,
  interrupted,
}: {
  id: number;
  status: string;
  outcome: ImportOutcome | null;
  images: Images;
  interrupted: boolean;
}) {
  const t = useAdminT();
  const lang = useAdminLang();
  const count = (value: number) => formatInteger(value, lang);
  const running = (status === "importing" && !interrupted) || images.waiting > 0;
  const refresh = useRefreshWhile(running);
  const retrying = usePending({ intent: "retry-pictures" });
  const page = `/admin/products/import/${id}`;
  return (
    <div className="space-y-4" aria-live="polite" data-testid="import-result">
      {refresh}
      {status === "discarded" ? <p data-testid="import-discarded">{t("admin.productCsv.discarded")}</p> : null}
      {interrupted ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {t("admin.productCsv.interrupted")}
        </p>
      ) : status === "importing" && outcome ? (
        <p className="font-medium" data-testid="import-running">
          {t("admin.productCsv.running", { done: count(outcome.done), total: count(outcome.total) })}
        </p>
      ) : outcome ? (
        <p className="font-medium" data-testid="import-done">
          {t("admin.productCsv.done", {
            created: count(outcome.created),
            updated: count(outcome.updated),
            unchanged: count(outcome.unchanged),
          })}
        </p>
      ) : null}
      {outcome?.newHidden && outcome.created > 0 ? (
        <p data-testid="import-new-hidden">{t("admin.productCsv.newHidden")}</p>
      ) : null}
      {outcome && outcome.categoriesCreated.length > 0 ? (
        <p>
          {t("admin.productCsv.categoriesCreated", { names: "" })}
          <span translate="no">{outcome.categoriesCreated.join(", ")}</span>
        </p>
      ) : null}
      {outcome && outcome.failed.length > 0 ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          <p>{t("admin.productCsv.failed")}</p>
          <ul className="mt-1 list-disc pl-5">
            {outcome.failed.map((entry) => (
              <li key={`${entry.row}-${entry.handle}`}>
                {t("admin.productCsv.rowNumber", { row: count(entry.row) })}: <span translate="no">{entry.name}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {images.done + images.waiting + images.failed > 0 ? (
        <p data-testid="import-pictures">
          {t("admin.productCsv.picturesProgress", {
            done: count(images.done),
            waiting: count(images.waiting),
            failed: count(images.failed),
          })}
        </p>
      ) : null}
      {images.failures.length > 0 ? (
        <section aria-labelledby="import-picture-failures" className="space-y-2">
          <h2 id="import-picture-failures" className="font-semibold">
            {t("admin.productCsv.picturesFailed")}
          </h2>
          <Form method="post" action={page}>
            <SubmitButton pending={retrying} name="intent" value="retry-pictures" className="min-h-11">
              {t("admin.productCsv.retryAll")}
            </SubmitButton>
          </Form>
          <ul
            className="divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white"
            data-testid="import-picture-failures"
          >
            {images.failures.map((failure) => (
              <li key={failure.id} className="px-4 py-2">
                <Link
                  to={`/admin/products/edit/${failure.productId}`}
                  className="inline-flex min-h-11 items-center font-medium text-amber-800 underline"
                >
                  <span translate="no">{failure.productName}</span>
                </Link>
                <span className="block break-all text-sm text-stone-600" translate="no">
                  {failure.url}
                </span>
                <span className="block text-sm">{t(`admin.productCsv.reason.${reasonOf(failure.error)}`)}</span>
                {failure.error === "productGone" ? null : (
                  <Form method="post" action={page} className="mt-1">
                    <input type="hidden" name="picture" value={failure.id} />
                    <SubmitButton
                      pending={retrying}
                      look="secondary"
                      name="intent"
                      value="retry-pictures"
                      className="min-h-11"
                    >
                      {t("admin.productCsv.retryOne")}
                      <span className="sr-only" translate="no">
                        {" "}
                        ({failure.productName})
                      </span>
                    </SubmitButton>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {running ? <p className="text-sm text-stone-600">{t("admin.productCsv.refreshing")}</p> : null}
    </div>
  );
}
