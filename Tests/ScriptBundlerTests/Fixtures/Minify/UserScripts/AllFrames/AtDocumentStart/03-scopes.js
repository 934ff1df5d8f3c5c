// Shadowing, closures, hoisting, destructuring, classes, generators and async functions.
var log = window.log;
var shadowed = "outer";
function scopes(parameterOne, parameterTwo = parameterOne + 1, ...restParameters) {
  var shadowed = "inner";
  const counters = [];
  for (let loopIndex = 0; loopIndex < 3; loopIndex++) counters.push(() => loopIndex);
  try {
    throw new Error("caught");
  } catch (shadowed) {
    log.push("catch-shadow:" + shadowed.message);
  }
  {
    let shadowed = "block";
    log.push("block-shadow:" + shadowed);
  }
  log.push("function-shadow:" + shadowed + "," + parameterTwo + "," + restParameters.length + "," + arguments.length);
  return counters.map((counter) => counter()).join("");
}
log.push("closures:" + scopes(1, undefined, "r1", "r2") + "," + shadowed);
log.push("hoisting:" + typeof hoistedFunction + "," + typeof hoistedVariable);
function hoistedFunction() {}
var hoistedVariable = 1;
{
  function blockFunction() { return "annex-b"; }
}
log.push("block-function:" + blockFunction());
const source = { alpha: 1, beta: { gamma: 2 }, delta: [3, 4] };
const { alpha, beta: { gamma }, delta: [first, second = 9], missing = "default" } = source;
const shorthand = { alpha, gamma, first };
function destructure({ alpha, beta }, [one, two] = [5, 6]) { return alpha + beta.gamma + one + two; }
log.push("destructuring:" + alpha + gamma + first + second + missing + JSON.stringify(shorthand) + destructure(source));
class Counter {
  #count = 0;
  static instances = 0;
  constructor(start) { this.#count = start; Counter.instances++; }
  get value() { return this.#count; }
  set value(next) { this.#count = next; }
  increment(by = 1) { this.#count += by; return this; }
  static create() { return new Counter(10); }
  ["computed" + "Name"]() { return "computed"; }
}
class SubCounter extends Counter {
  increment(by) { return super.increment(by * 2); }
}
const counter = SubCounter.create().increment(3);
counter.value = counter.value + 1;
log.push("classes:" + counter.value + "," + Counter.instances + "," + counter.computedName() + "," + (counter instanceof Counter));
const getterObject = { stored: 2, get doubled() { return this.stored * 2; }, set doubled(value) { this.stored = value / 2; } };
getterObject.doubled = 10;
log.push("getters:" + getterObject.doubled + "," + getterObject.stored);
function* fibonacci() { let previous = 0, current = 1; for (;;) { yield current; [previous, current] = [current, previous + current]; } }
const sequence = [];
for (const value of fibonacci()) { if (value > 20) break; sequence.push(value); }
log.push("generators:" + sequence.join(","));
const namedExpression = function factorial(n) { return n <= 1 ? 1 : n * factorial(n - 1); };
log.push("named-expression:" + namedExpression(5) + "," + typeof factorial);
async function asyncWork(input) { const awaited = await Promise.resolve(input); return awaited * 2; }
asyncWork(21).then((result) => log.push("async:" + result));
const thisArrow = { name: "arrow-this", method() { return (() => this.name)(); } };
log.push("this:" + thisArrow.method());
