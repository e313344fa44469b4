/**
 * Local dates and times in the shop's time zone (Asia/Dhaka, UTC+6 without daylight saving) as the
 * owner's `<input type="datetime-local">` sends and shows them, through @date-fns/tz (the dashboard
 * reads days in the same zone with it). Apart from the code rules so that shop pages, which price
 * codes, never download the time zone library.
 */
import { TZDate } from "@date-fns/tz";
import { SHOP_TIME_ZONE } from "~/i18n/format";

/**
 * The instant of a local date and time in Asia/Dhaka as the owner's form sends it
 * ("2026-04-10T00:00", an `<input type="datetime-local">`); null when it is not one.
 */
export function dhakaLocalToInstant(local: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const date = new TZDate(year, month - 1, day, hour, minute, SHOP_TIME_ZONE);
  // A day past the month's end (31 April) rolls over: not a date the form can mean.
  if (date.getDate() !== day) return null;
  return new Date(date.getTime());
}

/** `instant` as the owner's `datetime-local` input shows it, in Asia/Dhaka ("2026-04-10T00:00"); "" for null. */
export function instantToDhakaLocal(instant: Date | null): string {
  if (!instant) return "";
  const local = new TZDate(instant.getTime(), SHOP_TIME_ZONE);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}
