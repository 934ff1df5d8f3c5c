// Names reachable by eval or with keep their spelling; everything else may be renamed.
var log = window.log;
function usesEval() {
  var secretValue = 41;
  var otherValue = 1;
  function nestedHelper(argumentValue) { return argumentValue + 1; }
  return eval("secretValue + otherValue + nestedHelper(0)");
}
log.push("eval:" + usesEval());
function indirectEval() {
  var localOnly = "local";
  var globalEval = eval;
  return globalEval("typeof localOnly") + "," + localOnly;
}
log.push("indirect-eval:" + indirectEval());
function usesWith() {
  var scopeObject = { fromObject: "object" };
  var fromLocal = "local";
  with (scopeObject) {
    return fromObject + "," + fromLocal;
  }
}
log.push("with:" + usesWith());
function insideEvalScope() {
  var outerName = "outer";
  return [function innerFunction(innerParameter) { return innerParameter + outerName; }("x"), eval("outerName")].join(",");
}
log.push("eval-nested:" + insideEvalScope());
function keepsFunctionText(longParameterName) { return longParameterName; }
log.push("arguments-length:" + keepsFunctionText.length);
/**
 * @license MIT: a second legal comment.
 */
log.push("done");
