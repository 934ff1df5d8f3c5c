import { AppConstants } from "resource://gre/modules/AppConstants.sys.mjs";

__log.push("find on " + AppConstants.platform);
