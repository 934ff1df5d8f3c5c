// A worker fetched by the translations page at run time: bundled on its own, under a fixed name.
import { setTimeout } from "resource://gre/modules/Timer.sys.mjs";
import { AppConstants } from "resource://gre/modules/AppConstants.sys.mjs";

function translate(text) {
  return text.split(" ").reverse().join(" ");
}

globalThis.__log.push("worker " + AppConstants.platform + " " + typeof setTimeout + " " + translate("world hello"));
