import { translate } from "./translate.mjs";
__log.push("worker " + translate("hello"));
