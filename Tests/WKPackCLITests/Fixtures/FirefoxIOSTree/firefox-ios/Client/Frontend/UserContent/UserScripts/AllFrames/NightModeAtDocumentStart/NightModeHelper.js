import { XPCOMUtils } from "resource://gre/modules/XPCOMUtils.sys.mjs";
import { Region } from "Assets/CC_Script/Helpers.ios.mjs";

const state = {};
XPCOMUtils.defineLazyGetter(state, "region", () => Region.home);
window.__firefox__.includeOnce("NightMode", () => {
  __log.push("night mode " + state.region);
});
