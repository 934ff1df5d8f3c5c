// Imports of FormAutofill.sys.mjs resolve to this file, except from this file itself: here it is the original.
import { FormAutofill } from "resource://autofill/FormAutofill.sys.mjs";
import { Region } from "resource://gre/modules/Region.sys.mjs";

FormAutofill.isAutofillEnabled = true;
FormAutofill.source = "ios over " + FormAutofill.source + " in " + Region.home;

export { FormAutofill };
