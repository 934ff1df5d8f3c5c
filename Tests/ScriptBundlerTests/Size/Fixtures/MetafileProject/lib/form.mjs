import describe from "./describe.js";

export const FIELD_NAMES = ["username", "email", "password", "one-time-code"];

// Sets each named field of the form that the values hold.
export function fillForm(form, values, names) {
  let filled = 0;
  for (const name of names) {
    const field = form.elements ? form.elements.namedItem(name) : null;
    if (field && values[name] !== undefined) {
      field.value = values[name];
      filled += 1;
    }
  }
  return describe(form) + ": " + filled + " field(s) filled";
}
