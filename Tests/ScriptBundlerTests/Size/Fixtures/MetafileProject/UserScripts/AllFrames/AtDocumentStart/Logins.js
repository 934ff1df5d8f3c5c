import { fillForm, FIELD_NAMES } from "../../../lib/form.mjs";
import * as kit from "clean-kit";

/**
 * Finds the login forms of the page and fills them.
 */
const loginForms = () => Array.from(document.forms).filter((form) => form.querySelector("input[type=password]"));

window.__firefox__.register("logins", {
  fill(values) {
    return loginForms().map((form) => fillForm(form, kit.clean(values), FIELD_NAMES));
  },
});
