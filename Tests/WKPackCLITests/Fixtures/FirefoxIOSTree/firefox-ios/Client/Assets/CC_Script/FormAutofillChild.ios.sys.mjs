import { FormAutofill } from "resource://autofill/FormAutofill.sys.mjs";
import { XPCOMUtils } from "resource://gre/modules/XPCOMUtils.sys.mjs";
import { LoginHelper } from "resource://gre/modules/LoginHelper.sys.mjs";
import { MLAutofill } from "resource://autofill/MLAutofill.sys.mjs";
import { OSKeyStore } from "resource://gre/modules/OSKeyStore.sys.mjs";
import { ContentDOMReference } from "resource://gre/modules/ContentDOMReference.sys.mjs";

const lazy = {};
XPCOMUtils.defineLazyGetter(lazy, "enabled", () => FormAutofill.isAutofillEnabled);

export class FormAutofillChild {
  describe(field) {
    return [FormAutofill.source, lazy.enabled, typeof LoginHelper, typeof MLAutofill, OSKeyStore.canReauth(),
      ContentDOMReference.get(field).id].join(",");
  }
}
