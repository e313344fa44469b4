import { Form } from "@remix-run/react";
import { useAdminLang, useAdminT } from "~/hooks/use-admin-t";
import { formatShopDateTime } from "~/i18n/format-date";

/** One of the account's sessions as the page lists it. */
type Session = { id: string; current: boolean; createdAt: Date; lastSeenAt: Date };

/** The account's sessions, this browser's marked: when each signed in and was last active, and a way to end the others. */
export function OwnSessions({ sessions }: { sessions: Session[] }) {
  const t = useAdminT();
  const lang = useAdminLang();
  const others = sessions.filter((session) => !session.current);
  const time = (date: Date) => <time dateTime={date.toISOString()}>{formatShopDateTime(date, lang)}</time>;
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <h2 className="text-lg font-semibold">{t("admin.account.sessionsTitle")}</h2>
      <ul className="divide-y divide-stone-100" data-testid="own-sessions">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm"
            data-testid="own-session"
          >
            <p>
              {session.current ? <strong>{t("admin.account.thisSession")} · </strong> : null}
              {t("admin.account.signedIn")} {time(session.createdAt)}
              {" · "}
              {t("admin.account.lastActive")} {time(session.lastSeenAt)}
            </p>
            {session.current ? null : (
              <RevokeButton session={session.id} className="border-stone-300 hover:bg-stone-50">
                {t("admin.account.signOutSession")}
              </RevokeButton>
            )}
          </li>
        ))}
      </ul>
      {others.length > 1 ? (
        <RevokeButton session="others" className="border-red-300 text-red-700 hover:bg-red-50">
          {t("admin.account.signOutOthers")}
        </RevokeButton>
      ) : null}
      {others.length === 0 ? <p className="text-sm text-stone-600">{t("admin.account.noOtherSessions")}</p> : null}
    </div>
  );
}

/** The form that signs out `session` (a session's handle, or "others"). */
function RevokeButton({ session, className, children }: { session: string; className: string; children: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="session" value={session} />
      <button type="submit" className={`rounded-md border px-3 py-1.5 font-medium ${className}`}>
        {children}
      </button>
    </Form>
  );
}
