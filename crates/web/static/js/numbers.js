// Numbers as the page writes them, with the reader's thousands separators: one
// formatter made once (`toLocaleString` makes a new one at every call, which a
// phone feels).

const format = new Intl.NumberFormat();

export function number(value) {
  return format.format(Number(value));
}
