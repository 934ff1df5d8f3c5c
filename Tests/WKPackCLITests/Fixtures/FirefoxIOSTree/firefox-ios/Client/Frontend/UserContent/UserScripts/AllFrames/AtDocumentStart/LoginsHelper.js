import { LoginHelper } from "resource://gre/modules/LoginHelper.sys.mjs";
import { LoginRecipesContent } from "resource://gre/modules/LoginRecipes.sys.mjs";

window.__firefox__.includeOnce("LoginsHelper", () => {
  __log.push("logins " + typeof LoginHelper + " " + typeof LoginRecipesContent);
});
