// Rewrites that join statements into expressions, drop negations, shorten numbers and join strings.
"use strict";
const seen = new Set();
function includeOnce(name, run) {
  if (seen.has(name)) return false;
  seen.add(name);
  if (typeof run === "function") run();
  return true;
}
function guarded(flag, other) {
  if (!flag) return;
  log.push("guarded:" + flag);
  if (!other) log.push("guarded-without-other");
  else if (other > 1) log.push("guarded-large-other");
}
log.push("include:" + includeOnce("a", () => log.push("ran-a")) + includeOnce("a") + includeOnce("b"));
guarded(0, 1);
guarded("x", 0);
guarded("y", 2);
const observed = log.length > 1000 ? "many" : "few";
!observed.length && log.push("never");
log.push("numbers:" + 1000 + "," + 0.50 + "," + 12e-5 + "," + 1.0.toFixed(1));
log.push("joined:" + observed + " and " + 'it\'s' + " fine");
