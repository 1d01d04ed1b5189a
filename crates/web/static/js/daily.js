// The daily puzzle's day and the streak: the day is the player's own calendar
// day (the engine picks its puzzle from the date alone, so everyone gets the
// same one that day, offline too), and the streak counts the days in a row
// whose puzzle was solved on its day, up to today (or yesterday, while
// today's is still to play).

/** `YYYY-MM-DD` of `date` in the player's time zone. */
export function dayOf(date = new Date()) {
  const pad = n => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day before `day` (both `YYYY-MM-DD`). */
function before(day) {
  const [year, month, date] = day.split('-').map(Number);
  return dayOf(new Date(year, month - 1, date - 1));
}

/**
 * Days in a row solved, from `today` back (`solved`: the progress record's
 * `daily`, day → level). Today unsolved does not break the streak yet.
 */
export function streak(solved, today = dayOf()) {
  let day = solved[today] ? today : before(today);
  let days = 0;
  while (solved[day]) {
    days++;
    day = before(day);
  }
  return days;
}

/** `Saturday 14 March` in the page's language. */
export function said(day) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date).toLocaleDateString(undefined,
    { weekday: 'long', day: 'numeric', month: 'long' });
}
