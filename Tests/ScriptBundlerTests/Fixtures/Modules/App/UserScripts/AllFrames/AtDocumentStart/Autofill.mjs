import { FormAutofill } from "resource://gre/modules/FormAutofill.sys.mjs";
import { AppConstants } from "resource://gre/modules/AppConstants.sys.mjs";
import "script-loader!Assets/legacy-global.js";
import { helper } from "Assets/CC_Script/Helpers.ios.mjs";

const resolver = require.context("./resolvers", false, /\.mjs$/);
__log.push("autofill " + FormAutofill.name + " " + AppConstants.platform + " " + helper());
__log.push("keys " + resolver.keys().join(","));
__log.push("load " + resolver("./Alpha.mjs").name + " " + resolver.resolve("./Beta.mjs"));
try { resolver("./Missing.mjs"); } catch (error) { __log.push("missing: " + error.message); }
__log.push("legacy " + typeof legacyGlobal + " " + legacyVar + " " + window.__firefox__.ready);
const fs = require("fs");
__log.push("fs " + JSON.stringify(fs));
