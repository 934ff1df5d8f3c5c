// Loaded by an HTML page, not injected.
import { FormAutofill } from "resource://autofill/FormAutofill.sys.mjs";
import { OSKeyStore } from "resource://gre/modules/OSKeyStore.sys.mjs";

__log.push("address form " + FormAutofill.source + " " + OSKeyStore.canReauth());
