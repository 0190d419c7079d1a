// Dates and opening times are formatted by hand: the SSR runtime (QuickJS) has no Intl, and both sides must
// agree. The words come from the page's language (client/i18n).
import { fill, type Strings } from "../i18n";

/** "2024-06-15" -> "15 June 2024" (or "15 जून 2024"). */
export function formatDate(iso: string, t: Strings): string {
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} ${t.months[month - 1]} ${year}`;
}

/** The part of the day an hour (0-23) falls in, as Hindi speakers name the time: 9 in the morning, 4 in the evening. */
function dayPart(hour: number): keyof Strings["hours"]["dayParts"] {
  if (hour >= 4 && hour < 12) return "morning";
  if (hour >= 12 && hour < 16) return "afternoon";
  if (hour >= 16 && hour < 20) return "evening";
  return "night";
}

/** "04:00 PM" in the page's language; anything not of that form is shown as written. */
function formatTime(time: string, t: Strings): string {
  const match = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(time.trim());
  if (!match) return time;
  const [, hh, mm, meridiem] = match;
  const hour12 = Number(hh);
  const hour24 = (hour12 % 12) + (meridiem === "PM" ? 12 : 0);
  return fill(t.hours.time, { h: hour12, hh, mm, meridiem, part: t.hours.dayParts[dayPart(hour24)] });
}

/** An opening period as the content writes it ("09:00 AM-01:00 PM", checked at start-up) in the page's language. */
export function formatHours(range: string, t: Strings): string {
  const [from, to] = range.split("-");
  if (to === undefined) return range;
  return fill(t.hours.range, { from: formatTime(from, t), to: formatTime(to, t) });
}
