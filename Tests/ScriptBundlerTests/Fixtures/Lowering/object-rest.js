const { a, ...rest } = o;
let { [k()]: b, "c-d": c, 1: e, f: { g, ...h }, i: { j, ...l } = {}, ...m } = f();
var { ...all } = o;
({ a, ...rest } = o);
x = ({ p: o.q, ...o.r } = g());
for (const { a, ...r } of list) {
  let a2 = a;
}
for ({ a, ...r } of list) g(r);
function f1({ a, ...r }, b) {
  return r;
}
const f2 = ({ a, ...r } = {}) => r;
function f3({ a = 1, ...r }) {}
