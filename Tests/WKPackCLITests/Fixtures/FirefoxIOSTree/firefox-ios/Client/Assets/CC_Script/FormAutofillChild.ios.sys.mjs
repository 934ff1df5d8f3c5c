import { FormAutofill } from "resource://autofill/FormAutofill.sys.mjs";
import { XPCOMUtils } from "resource://gre/modules/XPCOMUtils.sys.mjs";
import { LoginHelper } from "resource://gre/modules/LoginHelper.sys.mjs";
import { MLAutofill } from "resource://autofill/MLAutofill.sys.mjs";
import { OSKeyStore } from "resource://gre/modules/OSKeyStore.sys.mjs";
import { ContentDOMReference } from "resource://gre/modules/ContentDOMReference.sys.mjs";

const lazy = {};
XPCOMUtils.defineLazyGetter(lazy, "enabled", () => FormAutofill.isAutofillEnabled);

// Desktop's modules use syntax of recent engines (private methods need Safari 15), so the tree's target is safari15.
export class FormAutofillChild {
  #described = 0;

  describe(field) {
    this.#described++;
    return [FormAutofill.source, lazy.enabled, typeof LoginHelper, typeof MLAutofill, OSKeyStore.canReauth(),
      this.#identify(field)].join(",");
  }

  #identify(field) {
    return ContentDOMReference.get(field)?.id ?? "unknown";
  }
}
