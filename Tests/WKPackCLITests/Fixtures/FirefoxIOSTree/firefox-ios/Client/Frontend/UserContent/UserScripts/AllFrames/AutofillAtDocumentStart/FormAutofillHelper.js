import { FormAutofillChild } from "resource://gre/modules/EntryFile.sys.mjs";

__log.push("autofill " + new FormAutofillChild().describe("email"));
