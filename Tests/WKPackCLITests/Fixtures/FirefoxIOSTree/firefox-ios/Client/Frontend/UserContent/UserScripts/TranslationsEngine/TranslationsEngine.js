import { setTimeout } from "resource://gre/modules/Timer.sys.mjs";
import { ContentDOMReference } from "resource://gre/modules/ContentDOMReference.sys.mjs";

__log.push("translations " + typeof setTimeout + " " + ContentDOMReference.get("p").id);
