import { FormAutofill as Original } from "resource://gre/modules/FormAutofill.sys.mjs";
export const FormAutofill = { name: "ios+" + Original.name };
